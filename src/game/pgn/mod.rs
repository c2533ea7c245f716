//! PGN: reading files of many games (forgiving of real-world files, bounded on hostile ones), a lazy index of
//! a big file's games, a tree of each game for review, and writing in the standard's export format.

pub mod comment;
pub mod file;
pub mod headers;
pub mod index;
pub mod lexer;
pub mod long_move;
pub mod reader;
pub mod shapes;
pub mod tree;
pub mod writer;

pub use file::{MAX_FILE, PgnFile, read_file};
pub use headers::Headers;
pub use index::{GameSpan, PgnIndex};
pub use reader::{PgnError, PgnGame, PgnWarning, read_game, read_games};
pub use tree::{GameTree, Line, MoveNode};
pub use writer::{WriteOptions, write_game};

//! Reviewing saved games: the list of a PGN file's games, then one game stepped through its whole tree —
//! main line, variations and nested variations — with its comments, NAGs and clocks, live engine analysis and
//! whole-game analysis on request, and "continue from here". All text from the file passes through [`crate::text::clean`] before
//! it can reach the screen.

pub mod header;
mod list;
pub mod marks;
pub mod notes;
pub mod path;
mod state;

pub use list::{GameList, ListEntry};
pub use path::{Branch, TreePath};
pub use state::{BackTo, Continuation, OpenAt, ReviewContext, ReviewOutcome, ReviewState};

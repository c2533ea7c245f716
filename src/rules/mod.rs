//! The rules of chess on a 0x88 mailbox board: positions, legal moves, make/unmake, Zobrist keys, every FIDE
//! rule including Chess960 castling and the draw rules, FEN/SAN/UCI notation and perft.
//!
//! This module knows nothing of screens, threads or files; the engine, the game controller and the TUI all
//! stand on it.

pub mod chess960;
pub mod fen;
mod gives_check;
mod makemove;
pub mod move_text;
mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub(crate) mod position;
pub mod san;
pub mod setup;
pub(crate) mod tables;
pub mod types;
pub mod uci;
mod zobrist;
mod zobrist_keys;

pub use fen::{FenError, FenField, START_FEN};
pub use makemove::Undo;
pub use move_text::{MoveTextError, read_move};
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{DrawClaim, History, Status};
pub use position::Position;
pub use san::{SanError, parse_san, to_san};
pub use setup::{PositionError, Setup};
pub use types::{CastleSide, Color, Piece, Role, Square};
pub use uci::{UciError, parse_uci, to_uci};

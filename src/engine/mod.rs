//! The computer opponent: an alpha-beta search on a long-lived background thread, levels for people, and the
//! UCI protocol for other programs.
//!
//! Callers talk to the engine only through [`EngineHandle`]: typed [`EngineCommand`]s go in, typed
//! [`EngineReport`]s come out, and nothing blocks. Underneath, `search` (principal variation search with a
//! transposition table) stands on `eval` (tapered hand-tuned terms) and the rules core's 0x88 position.

mod attacks;
pub mod bench;
pub mod book;
mod error;
pub mod eval;
mod handle;
mod info;
pub mod levels;
mod limits;
pub mod search;
mod see;
mod smp;
pub mod time;
mod tt;
mod tt_memory;
pub mod uci;
mod worker;

pub use error::EngineError;
pub use handle::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest};
pub use info::{Score, SearchInfo};
pub use levels::MAX_LEVEL;
pub use limits::SearchLimits;
pub use smp::MAX_THREADS;
pub use tt::MAX_HASH_MB;

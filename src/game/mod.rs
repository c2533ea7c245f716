//! One game's controller: players, clocks, results, draw offers and claims, takebacks, PGN, saved games.
//!
//! Nothing here knows about terminals. A front end builds a `GameSetup`, makes a `GameController`, sends it
//! `GameCommand`s, calls `poll` when woken (engine answers) or on a tick (flag falls), and redraws from its
//! accessors. See `controller` for the flow, `pgn` for reading and writing games, `saves` for the save folder.

mod actions;
pub mod analysis;
pub mod brain;
mod builtin;
mod claims_memo;
pub mod clock;
pub mod continuation;
pub mod controller;
pub mod engine_spec;
pub mod error;
pub mod events;
pub mod external;
pub mod judgement;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod premove;
mod record;
pub mod result;
pub mod resume;
pub mod save_lock;
pub mod save_writer;
pub mod saves;
pub mod setup;
mod thinking;
pub mod time_control;
pub mod time_source;
pub mod unfinished;

pub use brain::{Brain, BrainReport, EngineScore, EvalScore, ThinkRequest};
pub use clock::{Clock, ClockFace, ClockStart, ClockState};
pub use controller::{ControllerOptions, GameController, MoveRecord};
pub use engine_spec::{EngineCatalog, EngineSpec};
pub use error::GameError;
pub use events::{GameCommand, GameEvent};
pub use external::{EngineTimeouts, Notifier};
pub use player::PlayerKind;
pub use premove::Premove;
pub use result::{EndReason, EngineFault, GameResult, Outcome};
pub use resume::{SaveListing, SaveProblem, SavedGame};
pub use save_writer::SaveStatus;
pub use saves::{SaveSink, SaveStore};
pub use setup::{GameSetup, StartPosition};
pub use thinking::EngineFailure;
pub use time_control::{Bonus, Stage, TimeControl};
pub use time_source::{FakeTime, MonotonicTime, SharedTime, TimeSource};
pub use unfinished::{UnfinishedGame, UnfinishedList};

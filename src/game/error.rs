//! The game layer's errors: what a command could not do and why, in one line.

use crate::rules::{Color, FenError};
use crate::text::clean;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum GameError {
    #[error("the game is over ({0})")]
    GameOver(String),
    #[error("it is not {}'s turn", .0.name())]
    NotYourTurn(Color),
    #[error("{} is played by the computer", .0.name())]
    NotAPerson(Color),
    #[error("illegal move: {0}")]
    IllegalMove(String),
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("there is no takeback request to answer")]
    NoTakebackRequest,
    #[error("{} cannot answer their own request", .0.name())]
    OwnRequest(Color),
    #[error("there is no move to take back")]
    NothingToTakeBack,
    #[error("takebacks need a person: both sides are computers")]
    NoPersonToTakeBack,
    #[error("draw claim refused: {0}")]
    ClaimRefused(String),
    #[error("start position: {0}")]
    BadFen(#[from] FenError),
    #[error("Chess960 start position {0} does not exist (0–959)")]
    BadChess960(u16),
    /// An engine could not start or run; `source` is the system's reason where there is one (a failed spawn).
    #[error("engine {}: {message}{}", clean(name), source.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
    Engine {
        name: String,
        message: String,
        #[source]
        source: Option<std::io::Error>,
    },
    /// A saved game names an engine by a reference the user's configuration does not have; nothing was run.
    #[error("the file names an engine that is not in your configuration: {}", clean(reference))]
    UnknownEngine { color: Color, reference: String },
    /// A computer player broke down and the user has not yet chosen what happens next.
    #[error("{0}; choose another opponent or score the game first")]
    EngineFailurePending(String),
    #[error("{} has no broken engine to replace or score", .0.name())]
    NoEngineFailure(Color),
    #[error("saved game {path}: {message}")]
    Save { path: String, message: String },
}

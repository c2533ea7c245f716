//! The game layer's errors: what a command could not do and why, in one line. Errors from the system keep
//! their source (`#[source]`), so a caller can still tell a full disk from a missing folder.

use crate::rules::{Color, FenError};
use crate::text::clean;
use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum GameError {
    #[error("the game is over ({0})")]
    GameOver(String),
    #[error("{} is played by the computer", .0.name())]
    NotAPerson(Color),
    #[error("illegal move: {0}")]
    IllegalMove(String),
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("there is no takeback request to answer")]
    NoTakebackRequest,
    #[error("{} has already offered a draw", .0.name())]
    AlreadyOffered(Color),
    #[error("{} cannot answer their own request", .0.name())]
    OwnRequest(Color),
    #[error("there is no move to take back")]
    NothingToTakeBack,
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
    /// A save file could not be written or read.
    #[error("saved game {}: {source}", .path.display())]
    Save {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The folder for saved games cannot be made or written.
    #[error("the save folder {}: {source}", .path.display())]
    SaveFolder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("no home directory to save games in; set {}", super::saves::DATA_DIR_ENV)]
    NoDataDir,
    /// A file in the save folder is not a tabiya game that can be resumed; why.
    #[error("saved game {}: {reason}", .path.display())]
    NotResumable { path: PathBuf, reason: String },
    /// Another tabiya has this game open.
    #[error("this game is open in another tabiya ({})", .path.display())]
    OpenElsewhere { path: PathBuf },
    #[error("cannot start the {what} thread: {source}")]
    Thread {
        what: &'static str,
        #[source]
        source: std::io::Error,
    },
}

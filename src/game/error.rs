//! The game layer's errors: what a command could not do and why, in one line. Errors from the system keep
//! their source (`#[source]`), so a caller can still tell a full disk from a missing folder.

use crate::rules::{Color, FenError};
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
    #[error("engine: {0}")]
    Engine(String),
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

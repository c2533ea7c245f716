//! The game layer's errors: what a command could not do and why, in one line.

use crate::rules::{Color, FenError};
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
    #[error("engine: {0}")]
    Engine(String),
    #[error("saved game {path}: {message}")]
    Save { path: String, message: String },
}

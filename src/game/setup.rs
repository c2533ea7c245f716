//! How a game is set up before it starts: the players, the time control and the start position.

use super::error::GameError;
use super::player::PlayerKind;
use super::time_control::TimeControl;
use crate::rules::{Position, chess960};

/// Where the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    Standard,
    /// A Chess960 start by its number 0–959 (518 is the standard position).
    Chess960(u16),
    /// A Chess960 start drawn at random when the game is made.
    Chess960Random,
    /// Any legal position (FEN, X-FEN or Shredder-FEN).
    Fen(String),
}

impl StartPosition {
    /// The position, and the Chess960 number when it is a Chess960 start.
    ///
    /// # Errors
    /// `BadFen` or `BadChess960` when the position does not exist.
    pub fn resolve(&self) -> Result<(Position, Option<u16>), GameError> {
        match self {
            StartPosition::Standard => Ok((Position::startpos(), None)),
            StartPosition::Chess960(n) => {
                let mut pos = chess960::start_position(*n).ok_or(GameError::BadChess960(*n))?;
                pos.set_chess960(true);
                Ok((pos, Some(*n)))
            }
            StartPosition::Chess960Random => {
                StartPosition::Chess960(chess960::random_number(&mut rand::rng())).resolve()
            }
            StartPosition::Fen(fen) => Ok((Position::from_fen(fen)?, None)),
        }
    }
}

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub white: PlayerKind,
    pub black: PlayerKind,
    pub time_control: TimeControl,
    pub start: StartPosition,
    /// The PGN `Event` tag; "Casual game" when None.
    pub event: Option<String>,
}

impl GameSetup {
    /// Two people, untimed, from the standard position.
    pub fn new(white: PlayerKind, black: PlayerKind) -> GameSetup {
        GameSetup { white, black, time_control: TimeControl::untimed(), start: StartPosition::Standard, event: None }
    }

    pub fn with_time_control(mut self, tc: TimeControl) -> GameSetup {
        self.time_control = tc;
        self
    }

    pub fn with_start(mut self, start: StartPosition) -> GameSetup {
        self.start = start;
        self
    }
}

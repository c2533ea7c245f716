//! How a game ended: the result, the reason by the FIDE rules, and who acted, with the words shown to people
//! and the PGN `Result` and `Termination` tags.

use crate::rules::{Color, DrawClaim};
use std::fmt;

/// The score of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Color),
    Draw,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    pub fn from_pgn(s: &str) -> Option<Outcome> {
        match s {
            "1-0" => Some(Outcome::Win(Color::White)),
            "0-1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    /// The side that resigned.
    Resignation(Color),
    /// The side whose flag fell, and the opponent could mate.
    Timeout(Color),
    /// The side whose flag fell, but the opponent has no way to mate: a draw.
    TimeoutWithoutMatingMaterial(Color),
    Stalemate,
    Agreement,
    FivefoldRepetition,
    SeventyFiveMoves,
    InsufficientMaterial,
    /// A successful claim by the given side.
    Claim(DrawClaim, Color),
    /// The side whose engine broke down, scored as its loss (as match runners do) when the user chose so.
    EngineFault(Color, EngineFault),
}

/// What an external engine did wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineFault {
    /// Its move was illegal or unreadable.
    IllegalMove,
    /// It said it had no move while it had legal moves.
    NoMove,
    /// It exited, or could not be started.
    Stopped,
    /// It stayed silent past its time (the handshake, or its move).
    Silent,
}

impl EngineFault {
    /// `sent an illegal move`, for "White's engine sent an illegal move".
    pub fn words(self) -> &'static str {
        match self {
            EngineFault::IllegalMove => "sent an illegal move",
            EngineFault::NoMove => "sent no move",
            EngineFault::Stopped => "stopped",
            EngineFault::Silent => "did not answer in time",
        }
    }
}

/// A finished game's result with its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl GameResult {
    pub fn new(outcome: Outcome, reason: EndReason) -> GameResult {
        GameResult { outcome, reason }
    }

    /// The PGN `Termination` tag: `normal`, `time forfeit` or `rules infraction` (the standard's values).
    pub fn termination(&self) -> &'static str {
        match self.reason {
            EndReason::Timeout(_) | EndReason::TimeoutWithoutMatingMaterial(_) => "time forfeit",
            EndReason::EngineFault(..) => "rules infraction",
            _ => "normal",
        }
    }
}

fn claim_words(c: DrawClaim) -> &'static str {
    match c {
        DrawClaim::ThreefoldRepetition => "threefold repetition",
        DrawClaim::FiftyMoves => "the fifty-move rule",
    }
}

impl fmt::Display for GameResult {
    /// In words, e.g. "White wins by checkmate", "Draw by threefold repetition, claimed by Black",
    /// "Black wins on time", "Draw: White's flag fell but Black cannot mate".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = match self.outcome {
            Outcome::Win(c) => Some(c.name()),
            Outcome::Draw => None,
        };
        match (self.reason, winner) {
            (EndReason::Checkmate, Some(w)) => write!(f, "{w} wins by checkmate"),
            (EndReason::Resignation(c), _) => write!(f, "{} resigned; {} wins", c.name(), (!c).name()),
            (EndReason::Timeout(c), _) => write!(f, "{} wins on time", (!c).name()),
            (EndReason::TimeoutWithoutMatingMaterial(c), _) => {
                write!(f, "Draw: {}'s flag fell but {} cannot mate", c.name(), (!c).name())
            }
            (EndReason::Stalemate, _) => f.write_str("Draw by stalemate"),
            (EndReason::Agreement, _) => f.write_str("Draw by agreement"),
            (EndReason::FivefoldRepetition, _) => f.write_str("Draw by fivefold repetition"),
            (EndReason::SeventyFiveMoves, _) => f.write_str("Draw by the 75-move rule"),
            (EndReason::InsufficientMaterial, _) => f.write_str("Draw: neither side can mate"),
            (EndReason::Claim(c, by), _) => write!(f, "Draw by {}, claimed by {}", claim_words(c), by.name()),
            (EndReason::EngineFault(c, fault), _) => {
                write!(f, "{} wins: {}'s engine {}", (!c).name(), c.name(), fault.words())
            }
            (EndReason::Checkmate, None) => f.write_str("Draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_words_and_tags() {
        let r = GameResult::new(Outcome::Draw, EndReason::Claim(DrawClaim::ThreefoldRepetition, Color::Black));
        assert_eq!(r.to_string(), "Draw by threefold repetition, claimed by Black");
        assert_eq!(r.outcome.pgn(), "1/2-1/2");
        let t = GameResult::new(Outcome::Win(Color::Black), EndReason::Timeout(Color::White));
        assert_eq!(t.to_string(), "Black wins on time");
        assert_eq!(t.termination(), "time forfeit");
        assert_eq!(Outcome::from_pgn("0-1"), Some(Outcome::Win(Color::Black)));
        assert_eq!(Outcome::from_pgn("*"), None);
        let f =
            GameResult::new(Outcome::Win(Color::White), EndReason::EngineFault(Color::Black, EngineFault::IllegalMove));
        assert_eq!(f.to_string(), "White wins: Black's engine sent an illegal move");
        assert_eq!(f.termination(), "rules infraction");
    }
}

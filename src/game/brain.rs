//! What the controller needs from a computer player, whichever engine it is: think about a position with the
//! clocks, report its lines and its move, all without ever blocking the caller. The built-in engine
//! (`engine::EngineHandle`) and external UCI engines (`external`) are adapted to this.

use super::result::EngineFault;
use crate::rules::{Move, Position};
use std::time::Duration;

/// Ask for a move (or an analysis) of the position after `moves` from `start`.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    pub id: u64,
    pub start: Position,
    pub moves: Vec<Move>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub movetime: Option<Duration>,
    /// How many best moves to report, each with its own score and line (MultiPV); 1 for a move to play. An
    /// external engine that does not offer MultiPV reports one whatever is asked.
    pub lines: usize,
    /// Search no deeper than this many plies (with the other limits, whichever comes first).
    pub depth: Option<u32>,
    /// Search no more than this many nodes (with the other limits, whichever comes first): the same result
    /// on a busy machine as on an idle one.
    pub nodes: Option<u64>,
}

/// A score from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalScore {
    /// Centipawns, positive when White is better.
    Cp(i32),
    /// Mate in n moves: positive when White mates, negative when Black does.
    Mate(i32),
}

impl std::fmt::Display for EvalScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EvalScore::Cp(cp) => write!(f, "{:+.2}", cp as f64 / 100.0),
            EvalScore::Mate(n) if n >= 0 => write!(f, "#{n}"),
            EvalScore::Mate(n) => write!(f, "#-{}", -n),
        }
    }
}

/// What a brain says back, tagged with the request id so stale answers can be dropped.
#[derive(Clone, Debug)]
pub enum BrainReport {
    /// Search progress: the score (from the side to move's view, as engines report it) and the line.
    /// `multipv` says which of the lines asked for this is, 1 the best (1 from engines that do not say).
    Info { id: u64, depth: u32, multipv: u32, score: Option<EngineScore>, pv: Vec<Move> },
    /// The move chosen; None when the position has no legal move.
    BestMove { id: u64, best: Option<Move> },
    /// The answer to a request was no good (an illegal or unreadable move, or none while moves exist); the
    /// message names the engine and what it sent.
    Rejected { id: u64, fault: EngineFault, message: String },
    /// The engine broke (exited, or stayed silent past its time); it sends nothing more.
    Failed { fault: EngineFault, message: String },
    /// Something the player should know, the engine still working (it got a smaller hash than asked for).
    Notice { message: String },
}

/// A score from the side to move's point of view, as engines report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    Cp(i32),
    Mate(i32),
}

impl EngineScore {
    /// The same score from White's point of view, given who was to move.
    pub fn for_white(self, white_to_move: bool) -> EvalScore {
        let sign = if white_to_move { 1 } else { -1 };
        match self {
            EngineScore::Cp(cp) => EvalScore::Cp(cp * sign),
            EngineScore::Mate(n) => EvalScore::Mate(n * sign),
        }
    }
}

/// A computer player. Every method returns at once.
pub trait Brain: Send {
    /// Starts thinking; a search already running is stopped (its answer still comes, with its old id).
    fn think(&mut self, request: ThinkRequest);
    /// Asks a running search to answer now.
    fn stop(&mut self);
    /// Forgets what it learned about the previous game.
    fn new_game(&mut self);
    /// The next report, if one is waiting.
    fn try_recv(&mut self) -> Option<BrainReport>;
}

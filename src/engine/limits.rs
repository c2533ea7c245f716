//! The limits a `go` carries: clocks, depth, nodes, a fixed time per move, or infinite; the root moves to
//! consider, and how many lines (MultiPV) to report.

use crate::rules::Move;
use std::time::Duration;

/// The UCI `go` parameters. With nothing set the search runs until stopped (like `infinite`, but it still
/// answers as soon as it reaches its maximum depth).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub infinite: bool,
    /// UCI `go ponder`: think on the opponent's time without limit until `ponderhit` (the clock limits then
    /// apply, counted from the hit) or `stop`; the answer waits for one of them.
    pub ponder: bool,
    /// Only these moves are considered at the root (UCI `searchmoves`); empty, or none of them legal, means all.
    pub searchmoves: Vec<Move>,
    /// How many best root moves get their own exact score and line (UCI `MultiPV`); 0 and 1 both mean one.
    pub multipv: usize,
}

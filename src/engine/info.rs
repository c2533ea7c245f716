//! What a search reports: scores (centipawns or mate distance) and the per-iteration `SearchInfo`.

use crate::rules::Move;
use std::fmt;
use std::time::Duration;

/// Internal score of "mated now"; a mate found `ply` half-moves from the root scores `MATE - ply`.
pub(crate) const MATE: i32 = 32_000;
/// Larger than any score; the initial alpha-beta window.
pub(crate) const INFINITE: i32 = 32_001;
/// The deepest ply the search ever reaches (extensions included).
pub(crate) const MAX_PLY: usize = 128;
/// Scores beyond this (in absolute value) are mate scores.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Reported centipawns are the search's own units × `REPORTED_CP_PER_4_UNITS` / 4. The evaluation's units
/// are its tuner's (Texel's, against game results); users, GUIs and the winning-chance curve lichess uses to
/// judge moves (`game::judgement`) read centipawns on Stockfish's normalised scale, as lichess's evaluations
/// are. Least squares in winning-chance space between tabiya's and Stockfish 15.1's (depth 18) evaluations of
/// 2,117 positions of 40 level games gave ×1.27, flat between ×1.24 and ×1.30 (`tools/blunder_agreement.py
/// --fit-scale`; README, "Score scale").
/// Only what is reported is scaled: the search itself never sees it.
pub(crate) const REPORTED_CP_PER_4_UNITS: i32 = 5;

/// From the side to move's point of view. `Mate(n)`: mate in n moves (n > 0 we mate, n < 0 we are mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

impl Score {
    /// Converts an internal search score (mates as `MATE - ply`) into moves-to-mate or centipawns.
    pub(crate) fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(reported_cp(v))
        }
    }
}

/// Internal units to reported centipawns, rounded half away from zero so that a score and its negation
/// report as each other's negation.
fn reported_cp(v: i32) -> i32 {
    let scaled = v * REPORTED_CP_PER_4_UNITS;
    (scaled + 2 * scaled.signum()) / 4
}

/// The UCI form: `cp 35` or `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// One line of a completed iteration of the search (or its final state).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    /// Which line this is, 1-based: 1 is the best move; with MultiPV n, lines 1..=n come in order of score.
    pub multipv: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The root move being searched, reported once a search has run long enough for a user to want to see it
/// (UCI's `info currmove … currmovenumber …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrentMove {
    pub depth: u32,
    pub mv: Move,
    /// 1-based, in the order the root moves are searched.
    pub number: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_not_plies() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(0), Score::Cp(0));
        assert_eq!(Score::from_internal(80), Score::Cp(100));
        assert_eq!(Score::from_internal(57), Score::Cp(71));
        assert_eq!(Score::from_internal(-57), Score::Cp(-71));
        // The largest score that is not a mate stays centipawns.
        assert_eq!(Score::from_internal(MATE_BOUND), Score::Cp(39_840));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
    }
}

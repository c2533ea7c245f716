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

/// Reported centipawns: the search's own units mapped onto Stockfish's normalised scale, on which users, GUIs
/// and the winning-chance curve lichess uses to judge moves (`game::judgement`) read them. The evaluation's
/// units are its trainer's, not Stockfish's, and the two do not differ by one factor: against Stockfish 15.1
/// at depth 18, tabiya (at the analysis setting) scores a middling edge too low and a large one too high.
/// The map is piecewise linear through these knots (search units, reported centipawns), odd, and straight on
/// past the last knot. Fitted by least squares in winning-chance space over 2,312 positions of 40 level games
/// that the blunder-agreement measure does not use (`tools/blunder_agreement.py --skip 40 --fit-curve`;
/// README, "Score scale"), then every reported value stretched ×1.07. The stretch is for what the judgement
/// reads, the drop from one position to the next: tabiya's searches are shallower than Stockfish's depth 18
/// and see fewer refutations, so on the fitted curve its drops near the blunder line ran about 5% short and it
/// marked 226 blunders where Stockfish marked 238 on the fit games (41–80 of the ladder). ×1.07 marks 239, and
/// puts the players' accuracy closer to Stockfish's (mean square error 3.18 points² against 3.58), for a
/// position error of 0.00535 against 0.00489 (README, "Score scale", session 50).
/// Only what is reported is mapped: the search itself never sees it.
const REPORTED_CP_KNOTS: [(i32, i32); 9] =
    [(0, 0), (80, 107), (160, 246), (240, 342), (320, 439), (400, 514), (560, 631), (800, 706), (1200, 899)];

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

/// Internal units to reported centipawns through `REPORTED_CP_KNOTS`, rounded half away from zero so that a
/// score and its negation report as each other's negation.
fn reported_cp(v: i32) -> i32 {
    let a = v.abs();
    let segment =
        REPORTED_CP_KNOTS.windows(2).find(|w| a <= w[1].0).unwrap_or(&REPORTED_CP_KNOTS[REPORTED_CP_KNOTS.len() - 2..]);
    let ((x0, y0), (x1, y1)) = (segment[0], segment[1]);
    let (rise, run) = ((y1 - y0) * (a - x0), x1 - x0);
    v.signum() * (y0 + (2 * rise + run) / (2 * run))
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
        assert_eq!(Score::from_internal(80), Score::Cp(107));
        assert_eq!(Score::from_internal(57), Score::Cp(76));
        assert_eq!(Score::from_internal(-57), Score::Cp(-76));
        assert_eq!(Score::from_internal(200), Score::Cp(294));
        assert_eq!(Score::from_internal(-800), Score::Cp(-706));
        // The largest score that is not a mate stays centipawns (past the last knot, the last segment goes on).
        assert_eq!(Score::from_internal(MATE_BOUND), Score::Cp(899 + (31_872 - 1200) * 193 / 400));
        assert_eq!(Score::Mate(-3).to_string(), "mate -3");
    }

    /// The map keeps order (MultiPV lines and graphs stay in the search's order) and odd symmetry, and moves
    /// by no more than one search unit's worth between neighbours.
    #[test]
    fn reported_centipawns_rise_with_the_score_and_mirror_it() {
        let mut last = reported_cp(0);
        for v in 1..=MATE_BOUND {
            let cp = reported_cp(v);
            assert!(cp >= last && cp - last <= 2, "{v}: {last} then {cp}");
            assert_eq!(reported_cp(-v), -cp);
            last = cp;
        }
    }
}

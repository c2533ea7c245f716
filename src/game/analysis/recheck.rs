//! Which positions of a finished whole-game analysis are searched a second time, deeper.
//!
//! A move is judged by the difference of two short searches, and each carries an error of several hundredths
//! of winning chances. Far from the blunder line the verdict stands whatever the error; near it, the error
//! decides. So the positions on either side of a move whose drop lies near the line are searched again with
//! `RECHECK_FACTOR` times the first search's budget, which is where a deeper look changes verdicts. Measured
//! against Stockfish at depth 18 (README, "Blunder agreement"), this moved more verdicts the right way than
//! searching every position longer for the same time.

use super::annotate::PositionAnalysis;
use crate::game::brain::EvalScore;
use crate::game::judgement::winning_chances;
use crate::rules::{Color, Move};

/// Drops of the mover's winning chances (−1…+1 scale) from this…
const NEAR_LOW: f64 = 0.2;
/// …to this are near the blunder line (0.3) and are checked again.
const NEAR_HIGH: f64 = 0.45;
/// How many times the first search's budget a second search gets.
pub const RECHECK_FACTOR: u32 = 4;

/// The positions (indices into `analysis`, 0 the start) to search again: both sides of every move whose drop
/// is near the blunder line, in order. A move the engine itself chose is never judged, so it needs no second
/// look, nor does a pass. `first_mover` made ply 1.
pub fn positions_to_recheck(first_mover: Color, moves: &[Move], analysis: &[PositionAnalysis]) -> Vec<usize> {
    let mut picked = Vec::new();
    let mut mover = first_mover;
    for (i, &mv) in moves.iter().enumerate().take(analysis.len().saturating_sub(1)) {
        let (before, after) = (&analysis[i], &analysis[i + 1]);
        let judged = mv != Move::NONE && before.pv.first() != Some(&mv);
        if judged && near_the_line(mover, before.score, after.score) {
            picked.extend([i, i + 1]);
        }
        mover = mover.opposite();
    }
    picked.dedup();
    picked
}

/// Whether a move by `mover` from `before` to `after` (White's view) drops the mover's chances by an amount
/// near the blunder line. Mates are judged by rule, not by a margin, and are left as they are.
fn near_the_line(mover: Color, before: EvalScore, after: EvalScore) -> bool {
    if matches!(before, EvalScore::Mate(_)) || matches!(after, EvalScore::Mate(_)) {
        return false;
    }
    let sign = if mover == Color::White { 1.0 } else { -1.0 };
    let drop = (winning_chances(before) - winning_chances(after)) * sign;
    (NEAR_LOW..=NEAR_HIGH).contains(&drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, parse_uci};

    fn at(cp: i32, best: Option<Move>) -> PositionAnalysis {
        PositionAnalysis { score: EvalScore::Cp(cp), depth: 12, pv: best.into_iter().collect() }
    }

    #[test]
    fn only_moves_near_the_blunder_line_are_rechecked() {
        let pos = Position::startpos();
        let (e4, d4) = (parse_uci(&pos, "e2e4").unwrap(), parse_uci(&pos, "d2d4").unwrap());
        let mut after_e4 = pos.clone();
        after_e4.make_move(e4);
        let e5 = parse_uci(&after_e4, "e7e5").unwrap();
        // 1. e4 from +30 to −150: a drop of about 0.34, near the line. 1... e5 from −150 to −148: no drop.
        let analysis = [at(30, Some(d4)), at(-150, Some(e5)), at(-148, Some(d4))];
        assert_eq!(positions_to_recheck(Color::White, &[e4, e5], &analysis), vec![0, 1]);
        // The engine's own choice is not judged, so it is not rechecked.
        let analysis = [at(30, Some(e4)), at(-150, Some(e5)), at(-148, Some(d4))];
        assert!(positions_to_recheck(Color::White, &[e4, e5], &analysis).is_empty());
        // A drop far past the line (+30 to −900) is a blunder however the searches err.
        let analysis = [at(30, Some(d4)), at(-900, Some(e5)), at(-900, Some(d4))];
        assert!(positions_to_recheck(Color::White, &[e4, e5], &analysis).is_empty());
    }

    #[test]
    fn a_position_shared_by_two_near_moves_is_searched_once_and_mates_are_left_alone() {
        let pos = Position::startpos();
        let e4 = parse_uci(&pos, "e2e4").unwrap();
        let mut after = pos.clone();
        after.make_move(e4);
        let e5 = parse_uci(&after, "e7e5").unwrap();
        let other = parse_uci(&after, "d7d5").unwrap();
        // White drops 0.34 with 1. e4, Black gives it back with 1... e5: positions 0, 1, 2 once each.
        let analysis = [at(30, None), at(-150, Some(other)), at(30, None)];
        assert_eq!(positions_to_recheck(Color::White, &[e4, e5], &analysis), vec![0, 1, 2]);
        let mate = PositionAnalysis { score: EvalScore::Mate(-3), depth: 9, pv: vec![other] };
        let analysis = [at(30, None), mate, at(30, None)];
        assert!(positions_to_recheck(Color::White, &[e4, e5], &analysis).is_empty());
    }
}

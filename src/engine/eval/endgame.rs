//! Endgame knowledge the general terms lack: driving a bare king to the edge when mate can be forced, and
//! scaling down advantages that cannot win (no pawns and at most a minor piece more).

use super::Counts;
use super::params::*;
use crate::engine::attacks::distance;
use crate::rules::Position;

/// Adjusts the White-relative score `score` for special endgames.
pub(crate) fn adjust(pos: &Position, p: &Params, counts: &Counts, score: i32) -> i32 {
    for strong in 0..2 {
        let weak = 1 - strong;
        if pos.count[weak] == 1 && can_force_mate(&counts[strong]) {
            let v = mating_score(pos, p, counts, strong);
            return if strong == 0 { v } else { -v };
        }
    }
    let strong = if score > 0 { 0 } else { 1 };
    let weak = 1 - strong;
    if counts[strong][1] > 0 {
        return score;
    }
    let npm = |c: usize| (2..6).map(|r| counts[c][r] * p.value_mg[r]).sum::<i32>();
    if npm(strong) < p.value_mg[4] {
        // A lone minor piece (or nothing) cannot mate: at best a draw for the stronger side.
        return if counts[weak][1] == 0 { 0 } else { score / 16 };
    }
    let knights_only = counts[strong][2] == 2 && npm(strong) == 2 * p.value_mg[2];
    if knights_only && pos.count[weak] == 1 {
        return 0;
    }
    if npm(strong) - npm(weak) <= p.value_mg[3] { score / 4 } else { score }
}

/// Queen, rook, two bishops or bishop and knight mate a bare king.
fn can_force_mate(c: &[i32; 7]) -> bool {
    c[5] > 0 || c[4] > 0 || c[3] >= 2 || (c[3] >= 1 && c[2] >= 1)
}

/// Material plus a bonus for the loser's king near the edge and the winner's king near it.
fn mating_score(pos: &Position, p: &Params, counts: &Counts, strong: usize) -> i32 {
    let material: i32 = (1..6).map(|r| counts[strong][r] * p.value_eg[r]).sum();
    let loser = pos.list[1 - strong][0];
    let winner = pos.list[strong][0];
    let (f, r) = ((loser & 7) as i32, (loser >> 4) as i32);
    let centre_distance = (3 - f).max(f - 4) + (3 - r).max(r - 4);
    material + MATING_BONUS + MATING_EDGE * centre_distance + MATING_KINGS_CLOSE * (7 - distance(winner, loser))
}

//! King safety: the attacks on the squares around each king (tallied by the mobility walk) plus the safe
//! checks the attacker has in hand, turned into a penalty that grows with the square of the attack; and, in
//! the middlegame, the pawn shield in front of a castled king.

use super::Acc;
use super::maps::{KNIGHT_REACH, Maps, bishop_reach, count, rook_reach};
use super::mobility::KingAttack;
use super::params::*;
use crate::rules::Position;

pub(crate) fn evaluate(pos: &Position, maps: &Maps, attacks: &[KingAttack; 2], p: &Params, acc: &mut Acc) {
    for (k, attack) in attacks.iter().enumerate() {
        // One piece alone rarely mates; without the queen an attack is worth much less.
        if attack.attackers >= 2 {
            let units = attack.units + safe_check_units(pos, maps, k, p);
            let mut danger = (units * units * p.king_danger_per_unit2).min(KING_DANGER_MAX);
            if maps.pieces[1 - k][5] == 0 {
                danger /= 2;
            }
            acc.add(k, -danger, 0);
        }
        shield(pos, p, k, acc);
    }
}

/// Attack units for the checks the enemy of `k` can give on squares `k` does not guard.
fn safe_check_units(pos: &Position, maps: &Maps, k: usize, p: &Params) -> i32 {
    let a = 1 - k;
    let king = pos.list[k][0];
    let safe = !maps.all[k] & !maps.occ[a];
    let occupied = maps.occ[0] | maps.occ[1];
    let diagonal = bishop_reach(king, occupied) & safe;
    let straight = rook_reach(king, occupied) & safe;
    let knight = KNIGHT_REACH[king as usize] & safe;
    let by = &maps.attacks[a];
    count(knight & by[2]) * p.safe_check_units[2]
        + count(diagonal & by[3]) * p.safe_check_units[3]
        + count(straight & by[4]) * p.safe_check_units[4]
        + count((diagonal | straight) & by[5]) * p.safe_check_units[5]
}

/// The pawns in front of a king on its first two ranks (middlegame only).
fn shield(pos: &Position, p: &Params, c: usize, acc: &mut Acc) {
    let king = pos.list[c][0];
    let rank = king >> 4;
    let rel = if c == 0 { rank } else { 7 - rank };
    if rel > 1 {
        return;
    }
    let pawn = 1 | (c as u8) << 3;
    let fwd: i16 = if c == 0 { 16 } else { -16 };
    let file = (king & 7) as i16;
    let mut penalty = 0;
    for f in (file - 1).max(0)..=(file + 1).min(7) {
        let one = (king as i16 - file + f + fwd) as usize;
        let two = (one as i16 + fwd) as usize;
        if pos.board[one] == pawn {
            continue;
        }
        penalty += if two < 128 && pos.board[two] == pawn { p.shield_advanced } else { p.shield_missing };
    }
    acc.add(c, -penalty, 0);
}

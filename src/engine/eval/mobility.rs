//! Mobility, king safety and rook files: one walk over every knight, bishop, rook and queen counts the squares
//! it reaches (not counting squares enemy pawns guard) and the squares next to the enemy king it attacks.

use super::Acc;
use super::params::*;
use super::pawns::PawnInfo;
use crate::engine::attacks::{BISHOP_STEPS, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS, distance};
use crate::rules::Position;

pub(crate) fn evaluate(pos: &Position, pawns: &PawnInfo, p: &Params, acc: &mut Acc) {
    for c in 0..2 {
        let them = 1 - c;
        let enemy_king = pos.list[them][0];
        let mut units = 0;
        let mut attackers = 0;
        for &sq in &pos.list[c][1..pos.count[c] as usize] {
            let role = (pos.board[sq as usize] & 7) as usize;
            let (steps, slides): (&[i8], bool) = match role {
                2 => (&KNIGHT_STEPS, false),
                3 => (&BISHOP_STEPS, true),
                4 => (&ROOK_STEPS, true),
                5 => (&KING_STEPS, true),
                _ => continue,
            };
            let (moves, zone_hits) = walk(pos, sq, steps, slides, pawns.attacks[them], enemy_king);
            let n = moves - MOBILITY_BASE[role];
            acc.add(c, n * p.mobility_mg[role], n * p.mobility_eg[role]);
            if zone_hits > 0 {
                attackers += 1;
                units += p.king_attack_units[role] * zone_hits.min(3);
            }
            if role == 4 {
                rook_file(pawns, p, c, (sq & 7) as usize, acc);
            }
        }
        if attackers >= 2 {
            let danger = (units * units * p.king_danger_per_unit2).min(KING_DANGER_MAX);
            acc.add(them, -danger, 0);
        }
        shield(pos, p, c, acc);
    }
}

/// Counts the squares a piece reaches that enemy pawns do not guard, and how many of its targets are next to
/// the enemy king.
#[inline]
fn walk(pos: &Position, from: u8, steps: &[i8], slides: bool, guarded: u128, king: u8) -> (i32, i32) {
    let own = pos.board[from as usize] & 8;
    let (mut moves, mut hits) = (0, 0);
    for &step in steps {
        let mut to = from;
        loop {
            to = to.wrapping_add(step as u8);
            if to & 0x88 != 0 {
                break;
            }
            let target = pos.board[to as usize];
            if distance(to, king) <= 1 {
                hits += 1;
            }
            if target != 0 && target & 8 == own {
                break;
            }
            if guarded & (1u128 << to) == 0 {
                moves += 1;
            }
            if target != 0 || !slides {
                break;
            }
        }
    }
    (moves, hits)
}

fn rook_file(pawns: &PawnInfo, p: &Params, c: usize, file: usize, acc: &mut Acc) {
    if pawns.count[c][file] == 0 {
        if pawns.count[1 - c][file] == 0 {
            acc.add(c, p.rook_open_mg, p.rook_open_eg);
        } else {
            acc.add(c, p.rook_half_open_mg, p.rook_half_open_eg);
        }
    }
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

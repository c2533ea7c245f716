//! Mobility, outposts and rook files: one walk over every knight, bishop, rook and queen finds the squares it
//! attacks. It scores the squares reached that enemy pawns do not guard, fills the attack maps the later terms
//! read, and tallies the attacks on the squares around the enemy king.

use super::Acc;
use super::maps::{KING_ZONE, KNIGHT_REACH, Maps, bishop_reach, bit, count, rook_reach};
use super::params::*;
use super::pawns::PawnInfo;
use crate::rules::Position;

/// Attacks on one king's zone.
#[derive(Default, Clone, Copy)]
pub(crate) struct KingAttack {
    /// Pieces hitting the zone.
    pub attackers: i32,
    /// Their weighted hits.
    pub units: i32,
}

/// Walks the pieces of both sides; returns the attacks on each side's king (indexed by the king's colour).
pub(crate) fn evaluate(
    pos: &Position,
    pawns: &PawnInfo,
    maps: &mut Maps,
    p: &Params,
    acc: &mut Acc,
) -> [KingAttack; 2] {
    let mut king_attacks = [KingAttack::default(); 2];
    for c in 0..2 {
        maps.add_attacks(c, 1, pawns.attacks[c]);
        let king = pos.list[c][0];
        maps.add_attacks(c, 6, KING_ZONE[king as usize] & !bit(king));
    }
    let occupied = maps.occ[0] | maps.occ[1];
    for c in 0..2 {
        let them = 1 - c;
        let zone = KING_ZONE[pos.list[them][0] as usize];
        let free = !maps.occ[c] & !pawns.attacks[them];
        let ka = &mut king_attacks[them];
        for &sq in &pos.list[c][1..pos.count[c] as usize] {
            let role = (pos.board[sq as usize] & 7) as usize;
            let reach = match role {
                2 => KNIGHT_REACH[sq as usize],
                3 => bishop_reach(sq, occupied),
                4 => rook_reach(sq, occupied),
                5 => bishop_reach(sq, occupied) | rook_reach(sq, occupied),
                _ => continue,
            };
            maps.add_attacks(c, role, reach);
            let n = count(reach & free) - MOBILITY_BASE[role];
            acc.add(c, n * p.mobility_mg[role], n * p.mobility_eg[role]);
            let hits = count(reach & zone);
            if hits > 0 {
                ka.attackers += 1;
                ka.units += p.king_attack_units[role] * hits.min(3);
            }
            match role {
                2 | 3 => outpost(pawns, p, c, sq, role, acc),
                4 => rook_file(pawns, p, c, (sq & 7) as usize, acc),
                _ => {}
            }
        }
    }
    king_attacks
}

/// A knight or bishop in the enemy half, guarded by a pawn and beyond the reach of enemy pawns.
fn outpost(pawns: &PawnInfo, p: &Params, c: usize, sq: u8, role: usize, acc: &mut Acc) {
    let rank = (sq >> 4) as i8;
    let rel = if c == 0 { rank } else { 7 - rank };
    if !(3..=5).contains(&rel) || pawns.attacks[c] & bit(sq) == 0 || !pawns.safe_from_pawns(c, (sq & 7) as usize, rank)
    {
        return;
    }
    if role == 2 {
        acc.add(c, p.outpost_knight_mg, p.outpost_knight_eg);
    } else {
        acc.add(c, p.outpost_bishop_mg, p.outpost_bishop_eg);
    }
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

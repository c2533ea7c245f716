//! Mobility, outposts and rook files: one walk over every knight, bishop, rook and queen finds the squares it
//! attacks. It scores the squares reached that enemy pawns do not guard, fills the attack maps the later terms
//! read, and tallies the attacks on the squares around the enemy king.

use super::Acc;
use super::maps::{KING_ZONE, KNIGHT_REACH, Maps, Squares, bishop_reach, bit, count, rook_reach};
use super::params::*;
use super::pawns::PawnInfo;
use crate::rules::{Color, Position};

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
        let mut side = Side {
            c,
            zone: KING_ZONE[pos.list[them][0] as usize],
            free: !maps.occ[c] & !pawns.attacks[them],
            occupied,
            king_attack: KingAttack::default(),
        };
        // Role by role (the position keeps a set of list slots per role), so each loop's branches follow one
        // kind of piece instead of guessing the next piece's role.
        side.walk::<2>(pos, pawns, maps, p, acc);
        side.walk::<3>(pos, pawns, maps, p, acc);
        side.walk::<4>(pos, pawns, maps, p, acc);
        side.walk::<5>(pos, pawns, maps, p, acc);
        king_attacks[them] = side.king_attack;
    }
    king_attacks
}

/// One side's walk: what its pieces need to know, and the attacks on the enemy king it tallies.
struct Side {
    c: usize,
    /// The enemy king's zone.
    zone: Squares,
    /// Squares that count for mobility: not our own pieces, not guarded by enemy pawns.
    free: Squares,
    occupied: Squares,
    king_attack: KingAttack,
}

impl Side {
    /// Scores every piece of role `ROLE` (knight 2 … queen 5).
    #[inline(always)]
    fn walk<const ROLE: usize>(
        &mut self,
        pos: &Position,
        pawns: &PawnInfo,
        maps: &mut Maps,
        p: &Params,
        acc: &mut Acc,
    ) {
        let c = self.c;
        for sq in pos.squares_in(Color::BOTH[c], pos.roles[c][ROLE]) {
            let reach = match ROLE {
                2 => KNIGHT_REACH[sq as usize],
                3 => bishop_reach(sq, self.occupied),
                4 => rook_reach(sq, self.occupied),
                _ => bishop_reach(sq, self.occupied) | rook_reach(sq, self.occupied),
            };
            maps.add_attacks(c, ROLE, reach);
            let n = count(reach & self.free) - MOBILITY_BASE[ROLE];
            acc.add(c, n * p.mobility_mg[ROLE], n * p.mobility_eg[ROLE]);
            let hits = count(reach & self.zone);
            if hits > 0 {
                self.king_attack.attackers += 1;
                self.king_attack.units += p.king_attack_units[ROLE] * hits.min(3);
            }
            match ROLE {
                2 | 3 => outpost(pawns, p, c, sq, ROLE, acc),
                4 => rook_file(pawns, p, c, (sq & 7) as usize, acc),
                _ => {}
            }
        }
    }
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

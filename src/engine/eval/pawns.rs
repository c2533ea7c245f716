//! Pawn structure: doubled, isolated, connected and passed pawns, plus the per-file pawn facts other terms
//! use (open files for rooks, squares attacked by pawns for mobility, squares enemy pawns can never attack).

use super::Acc;
use super::maps::{Maps, Squares, bit, square_of};
use super::params::*;
use crate::engine::attacks::distance;
use crate::rules::{Color, Position};

/// A passed pawn the enemy king cannot catch in a pawn ending is nearly a queen.
const UNSTOPPABLE_PASSER: i32 = 500;

/// Pawn facts per colour.
#[derive(Clone)]
pub(crate) struct PawnInfo {
    /// Pawns per file.
    pub count: [[u8; 8]; 2],
    /// Lowest and highest (absolute) rank of a pawn per file; 8 / -1 when none.
    min_rank: [[i8; 8]; 2],
    max_rank: [[i8; 8]; 2],
    /// Squares attacked by each side's pawns, one bit per square (`maps::bit`).
    pub attacks: [Squares; 2],
}

impl PawnInfo {
    pub fn new(pos: &Position) -> PawnInfo {
        let mut info = PawnInfo { count: [[0; 8]; 2], min_rank: [[8; 8]; 2], max_rank: [[-1; 8]; 2], attacks: [0; 2] };
        for c in 0..2 {
            for sq in pawn_squares(pos, c) {
                let (f, r) = ((sq & 7) as usize, (sq >> 4) as i8);
                info.count[c][f] += 1;
                info.min_rank[c][f] = info.min_rank[c][f].min(r);
                info.max_rank[c][f] = info.max_rank[c][f].max(r);
                let fwd: u8 = if c == 0 { 16 } else { 16u8.wrapping_neg() };
                for side in [fwd.wrapping_sub(1), fwd.wrapping_add(1)] {
                    let t = sq.wrapping_add(side);
                    if t & 0x88 == 0 {
                        info.attacks[c] |= bit(t);
                    }
                }
            }
        }
        info
    }

    /// Is a pawn of colour `c` on file `f`, rank `r` passed (no enemy pawn ahead on its file or beside it)?
    fn is_passed(&self, c: usize, f: usize, r: i8) -> bool {
        let lo = f.saturating_sub(1);
        let hi = (f + 1).min(7);
        (lo..=hi).all(|ff| if c == 0 { self.max_rank[1][ff] <= r } else { self.min_rank[0][ff] >= r })
    }

    /// Can no enemy pawn ever attack the square of colour `c`'s piece on file `f`, rank `r` (no enemy pawn on
    /// a neighbouring file still in front of it)?
    pub fn safe_from_pawns(&self, c: usize, f: usize, r: i8) -> bool {
        let beside = [f.wrapping_sub(1), f + 1];
        beside
            .iter()
            .filter(|&&ff| ff < 8)
            .all(|&ff| if c == 0 { self.max_rank[1][ff] <= r } else { self.min_rank[0][ff] >= r })
    }

    fn has_pawn_on(&self, c: usize, f: isize) -> bool {
        (0..8).contains(&f) && self.count[c][f as usize] > 0
    }
}

/// The squares of colour `c`'s pawns, from the position's set of list slots holding pawns (no test of every
/// piece for being one).
#[inline]
fn pawn_squares(pos: &Position, c: usize) -> impl Iterator<Item = u8> + '_ {
    pos.squares_in(Color::BOTH[c], pos.roles[c][1])
}

/// Doubled, isolated and connected pawns.
pub(crate) fn evaluate(pos: &Position, info: &PawnInfo, p: &Params, acc: &mut Acc) {
    for c in 0..2 {
        for f in 0..8 {
            let n = info.count[c][f] as i32;
            if n > 1 {
                acc.add(c, p.doubled_mg * (n - 1), p.doubled_eg * (n - 1));
            }
            if n > 0 && !info.has_pawn_on(c, f as isize - 1) && !info.has_pawn_on(c, f as isize + 1) {
                acc.add(c, p.isolated_mg * n, p.isolated_eg * n);
            }
        }
        let pawn = 1 | (c as u8) << 3;
        for sq in pawn_squares(pos, c) {
            // Guarded by a pawn, or side by side with one.
            let phalanx = (sq & 7 > 0 && pos.board[sq as usize - 1] == pawn) || pos.board[sq as usize + 1] == pawn;
            if phalanx || info.attacks[c] & bit(sq) != 0 {
                let rel = if c == 0 { sq >> 4 } else { 7 - (sq >> 4) } as usize;
                acc.add(c, p.connected_mg[rel], p.connected_eg[rel]);
            }
        }
    }
}

/// The passed pawns of both sides.
pub(crate) fn passed_set(pos: &Position, info: &PawnInfo) -> Squares {
    let mut passed = 0;
    for c in 0..2 {
        for sq in pawn_squares(pos, c) {
            if info.is_passed(c, (sq & 7) as usize, (sq >> 4) as i8) {
                passed |= bit(sq);
            }
        }
    }
    passed
}

/// Passed pawns (`passed`, from `passed_set`), once the attack maps are known: by rank, by the kings'
/// distances to the square ahead, and by whether that square is free (empty and not attacked by the enemy).
pub(crate) fn evaluate_passed(pos: &Position, passed: Squares, maps: &Maps, p: &Params, acc: &mut Acc) {
    let mut rest = passed;
    while rest != 0 {
        let sq = square_of(rest.trailing_zeros());
        rest &= rest - 1;
        let c = (pos.board[sq as usize] >> 3) as usize & 1;
        passed_pawn(pos, maps, p, c, sq, acc);
    }
}

fn passed_pawn(pos: &Position, maps: &Maps, p: &Params, c: usize, sq: u8, acc: &mut Acc) {
    let rel = if c == 0 { sq >> 4 } else { 7 - (sq >> 4) } as usize;
    let ahead = if c == 0 { sq + 16 } else { sq - 16 };
    let own_king = pos.list[c][0];
    let their_king = pos.list[1 - c][0];
    let weight = rel as i32 * rel as i32;
    let kings = (distance(their_king, ahead) * 2 - distance(own_king, ahead)) * p.passed_king_distance * weight / 4;
    let free = pos.board[ahead as usize] == 0 && maps.all[1 - c] & bit(ahead) == 0;
    let free = if free { p.passed_free_eg * rel as i32 / 2 } else { 0 };
    let runs = if unstoppable(pos, maps, c, sq, rel) { UNSTOPPABLE_PASSER + 20 * rel as i32 } else { 0 };
    acc.add(c, p.passed_mg[rel], p.passed_eg[rel] + kings + free + runs);
}

/// The rule of the square: against only king and pawns, a passed pawn whose path is clear of its own pieces
/// and that the enemy king cannot catch will queen.
fn unstoppable(pos: &Position, maps: &Maps, c: usize, sq: u8, rel: usize) -> bool {
    let them = 1 - c;
    if maps.occ[them] != maps.pieces[them][1] | maps.pieces[them][6] {
        return false;
    }
    let promotion = if c == 0 { 0x70 | (sq & 7) } else { sq & 7 };
    let step: i8 = if c == 0 { 16 } else { -16 };
    let mut path = sq;
    while path != promotion {
        path = path.wrapping_add(step as u8);
        if pos.board[path as usize] != 0 {
            return false;
        }
    }
    let pawn_moves = 7 - rel.max(2) as i32; // a pawn on its first rank moves two squares at once
    let king_moves = distance(pos.list[them][0], promotion) - (pos.side.index() == them) as i32;
    king_moves > pawn_moves
}

//! Square sets over the 0x88 board (one bit per on-board square in a `u64`), and the maps the evaluation builds
//! on its one walk over the pieces: where each side's pieces stand and which squares each side attacks, with
//! what. Later terms (threats, king safety, passed pawns) read these maps instead of walking the board again.

use crate::engine::attacks::{KING_STEPS, KNIGHT_STEPS};

/// A set of 0x88 squares, one bit per on-board square: 0x88 square `sq` is bit `sq`'s rank times 8 plus its
/// file. The sets are packed into 64 bits rather than indexed by the 0x88 number in 128 because a 64-bit shift
/// and population count are single cheap operations and the 128-bit ones are not (the evaluation's maps cost a
/// quarter of the search time with 128 bits). The board itself stays 0x88; only these sets are packed.
pub(crate) type Squares = u64;

/// The bit of on-board 0x88 square `sq`. A table look-up: the evaluation asks for bits tens of times per
/// position, and one load is cheaper than the shift arithmetic.
#[inline]
pub(crate) const fn bit(sq: u8) -> Squares {
    debug_assert!(sq & 0x88 == 0, "an off-board square would share an on-board square's bit");
    BITS[sq as usize & 127]
}

/// `BITS[sq]`: the bit of each on-board 0x88 square (off-board entries are unused).
static BITS: [Squares; 128] = {
    let mut t = [0u64; 128];
    let mut sq = 0;
    while sq < 128 {
        t[sq] = 1u64 << (bit_number(sq as u8) & 63);
        sq += 1;
    }
    t
};

/// The bit number (0..64) of on-board 0x88 square `sq`.
#[inline]
const fn bit_number(sq: u8) -> usize {
    ((sq + (sq & 7)) >> 1) as usize
}

/// The 0x88 square of a set's bit number `i` (0..64), the inverse of `bit`.
#[inline]
pub(crate) const fn square_of(i: u32) -> u8 {
    (i + (i & 0x38)) as u8
}

#[inline]
pub(crate) fn count(s: Squares) -> i32 {
    s.count_ones() as i32
}

/// The squares one leaper step (`steps`) from each square.
const fn leaper_table(steps: &[i8; 8], with_self: bool) -> [Squares; 128] {
    let mut t = [0u64; 128];
    let mut sq = 0;
    while sq < 128 {
        if sq & 0x88 == 0 {
            if with_self {
                t[sq] |= bit(sq as u8);
            }
            let mut i = 0;
            while i < 8 {
                let to = (sq as i32 + steps[i] as i32) as usize;
                if to < 128 && to & 0x88 == 0 {
                    t[sq] |= bit(to as u8);
                }
                i += 1;
            }
        }
        sq += 1;
    }
    t
}

/// The king's square and its neighbours: the zone whose attackers count towards king danger.
pub(crate) static KING_ZONE: [Squares; 128] = leaper_table(&KING_STEPS, true);
/// The squares a knight on a square attacks.
pub(crate) static KNIGHT_REACH: [Squares; 128] = leaper_table(&KNIGHT_STEPS, false);

/// Where the pieces are and what each side attacks, indexed by colour then role (index 0 unused).
#[derive(Default)]
pub(crate) struct Maps {
    /// All pieces of a colour.
    pub occ: [Squares; 2],
    /// Pieces of a colour and role.
    pub pieces: [[Squares; 7]; 2],
    /// Squares attacked by a colour's pieces of a role.
    pub attacks: [[Squares; 7]; 2],
    /// Squares attacked by a colour at all.
    pub all: [Squares; 2],
}

impl Maps {
    /// Records a piece of colour `c` and `role` on `sq` (the walk adds the attacks later).
    #[inline]
    pub fn place(&mut self, c: usize, role: usize, sq: u8) {
        self.occ[c] |= bit(sq);
        self.pieces[c][role] |= bit(sq);
    }

    #[inline]
    pub fn add_attacks(&mut self, c: usize, role: usize, squares: Squares) {
        self.attacks[c][role] |= squares;
        self.all[c] |= squares;
    }
}

/// The eight directions as 0x88 steps: the first four raise a square's bit number, the last four lower it.
const DIRECTIONS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];

/// For each direction and bit number, the squares a slider there reaches on an empty board.
static RAYS: [[Squares; 64]; 8] = ray_table();

const fn ray_table() -> [[Squares; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 64 {
            let mut to = square_of(i as u32) as i32;
            loop {
                to += DIRECTIONS[d] as i32;
                if to < 0 || to >= 128 || to & 0x88 != 0 {
                    break;
                }
                t[d][i] |= bit(to as u8);
            }
            i += 1;
        }
        d += 1;
    }
    t
}

/// The squares reached from bit `i` along direction `d` of `DIRECTIONS`, up to and including the first
/// occupied one: the ray beyond that square is taken off the whole ray. (The same walk as `slider_reach`, done
/// with one table look-up per direction instead of a step per square.)
#[inline(always)]
fn ray_reach(d: usize, i: usize, occupied: Squares) -> Squares {
    let ray = RAYS[d][i];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    ray ^ RAYS[d][first as usize]
}

/// The squares a bishop on `sq` reaches, given the `occupied` squares (up to and including the first piece on
/// each diagonal).
#[inline]
pub(crate) fn bishop_reach(sq: u8, occupied: Squares) -> Squares {
    let i = bit_number(sq);
    ray_reach(1, i, occupied) | ray_reach(3, i, occupied) | ray_reach(5, i, occupied) | ray_reach(7, i, occupied)
}

/// The squares a rook on `sq` reaches, given the `occupied` squares.
#[inline]
pub(crate) fn rook_reach(sq: u8, occupied: Squares) -> Squares {
    let i = bit_number(sq);
    ray_reach(0, i, occupied) | ray_reach(2, i, occupied) | ray_reach(4, i, occupied) | ray_reach(6, i, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares a slider on `from` reaches along `steps` on `board`, up to and including the first piece.
    fn slider_reach(board: &[u8; 128], from: u8, steps: &[i8]) -> Squares {
        let mut reach = 0;
        for &step in steps {
            let mut to = from;
            loop {
                to = to.wrapping_add(step as u8);
                if to & 0x88 != 0 {
                    break;
                }
                reach |= bit(to);
                if board[to as usize] != 0 {
                    break;
                }
            }
        }
        reach
    }

    #[test]
    fn zones_stay_on_the_board() {
        assert_eq!(count(KING_ZONE[0x00]), 4); // a1, a2, b1, b2
        assert_eq!(count(KING_ZONE[0x44]), 9);
        assert_eq!(count(KNIGHT_REACH[0x00]), 2);
        assert_eq!(count(KNIGHT_REACH[0x33]), 8);
        let mut board = [0u8; 128];
        board[0x04] = 4; // a rook on e1 blocks a1's ray
        assert_eq!(slider_reach(&board, 0x00, &[1]), bit(0x01) | bit(0x02) | bit(0x03) | bit(0x04));
    }

    /// The table look-ups reach exactly the squares that walking the board does, on boards from sparse to
    /// crowded, from every square.
    #[test]
    fn ray_look_ups_match_the_walk() {
        use crate::rules::tables::{BISHOP_STEPS, ROOK_STEPS};
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for fill in [0u64, 4, 16, 40, 64] {
            for _ in 0..40 {
                let mut board = [0u8; 128];
                let mut occupied = 0;
                for sq in (0..128u8).filter(|sq| sq & 0x88 == 0) {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 64 < fill {
                        board[sq as usize] = 1;
                        occupied |= bit(sq);
                    }
                }
                for from in (0..128u8).filter(|sq| sq & 0x88 == 0) {
                    assert_eq!(bishop_reach(from, occupied), slider_reach(&board, from, &BISHOP_STEPS));
                    assert_eq!(rook_reach(from, occupied), slider_reach(&board, from, &ROOK_STEPS));
                }
            }
        }
    }

    #[test]
    fn every_board_square_has_its_own_bit() {
        let squares: Vec<u8> = (0..128u8).filter(|sq| sq & 0x88 == 0).collect();
        let all = squares.iter().fold(0, |set, &sq| {
            assert_eq!(set & bit(sq), 0, "square {sq:#x} shares a bit");
            assert_eq!(square_of(bit(sq).trailing_zeros()), sq);
            set | bit(sq)
        });
        assert_eq!(all, u64::MAX);
    }
}

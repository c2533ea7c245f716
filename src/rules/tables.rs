//! Constant tables of the 0x88 board: piece step vectors and the difference tables.
//!
//! Any two on-board squares differ by a value in -119..=119, and on a 0x88 board that difference alone says
//! whether (and along which line) a piece could attack from one to the other. `ATTACK_MASK[to - from + 119]` is
//! the set of piece kinds that attack `to` from `from` on an empty board; `STEP[...]` is the unit step along the
//! line joining them. Attack, check and pin tests are then a table look-up plus, for sliders, a walk.

pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
pub const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
pub const BISHOP_STEPS: [i8; 4] = [15, 17, -15, -17];
pub const ROOK_STEPS: [i8; 4] = [1, 16, -1, -16];

/// Attack-kind bits used in `ATTACK_MASK`.
pub const WHITE_PAWN_BIT: u8 = 1;
pub const BLACK_PAWN_BIT: u8 = 2;
pub const KNIGHT_BIT: u8 = 4;
pub const BISHOP_BIT: u8 = 8;
pub const ROOK_BIT: u8 = 16;
pub const QUEEN_BIT: u8 = 32;
pub const KING_BIT: u8 = 64;
pub const SLIDER_BITS: u8 = BISHOP_BIT | ROOK_BIT | QUEEN_BIT;

/// The attack-kind bit of each board code (index = piece code, 0 = empty).
pub const CODE_ATTACK_BIT: [u8; 16] = [
    0,
    WHITE_PAWN_BIT,
    KNIGHT_BIT,
    BISHOP_BIT,
    ROOK_BIT,
    QUEEN_BIT,
    KING_BIT,
    0,
    0,
    BLACK_PAWN_BIT,
    KNIGHT_BIT,
    BISHOP_BIT,
    ROOK_BIT,
    QUEEN_BIT,
    KING_BIT,
    0,
];

#[inline]
pub const fn diff_index(from: u8, to: u8) -> usize {
    (to as i32 - from as i32 + 119) as usize
}

pub static ATTACK_MASK: [u8; 239] = build_attack_mask();

/// `NEAR_MASK[king - piece + 119]`: the piece kinds that, from `piece`, could attack some square next to the
/// king, two files away on its rank, or the king's own square, on an empty board. King moves and the usual castling paths are tested
/// only against enemy pieces that pass this filter.
pub static NEAR_MASK: [u8; 239] = build_near_mask();
pub static STEP: [i8; 239] = build_step();

const fn build_attack_mask() -> [u8; 239] {
    let mut t = [0u8; 239];
    let mut i = 0;
    while i < 8 {
        t[(KNIGHT_STEPS[i] as i32 + 119) as usize] |= KNIGHT_BIT;
        t[(KING_STEPS[i] as i32 + 119) as usize] |= KING_BIT;
        i += 1;
    }
    t[15 + 119] |= WHITE_PAWN_BIT;
    t[17 + 119] |= WHITE_PAWN_BIT;
    t[119 - 15] |= BLACK_PAWN_BIT;
    t[119 - 17] |= BLACK_PAWN_BIT;
    let mut d = 0;
    while d < 4 {
        let mut n = 1;
        while n < 8 {
            t[(BISHOP_STEPS[d] as i32 * n + 119) as usize] |= BISHOP_BIT | QUEEN_BIT;
            t[(ROOK_STEPS[d] as i32 * n + 119) as usize] |= ROOK_BIT | QUEEN_BIT;
            n += 1;
        }
        d += 1;
    }
    t
}

const fn build_near_mask() -> [u8; 239] {
    let attack = build_attack_mask();
    let mut t = [0u8; 239];
    let mut d = 0;
    while d < 239 {
        let mut i = 0;
        while i < 11 {
            let offset = match i {
                0..8 => KING_STEPS[i] as i32,
                8 => 2,
                9 => -2,
                _ => 0,
            };
            let n = d as i32 + offset;
            if n >= 0 && n < 239 {
                t[d] |= attack[n as usize];
            }
            i += 1;
        }
        d += 1;
    }
    t
}

const fn build_step() -> [i8; 239] {
    let mut t = [0i8; 239];
    let mut d = 0;
    while d < 8 {
        let step = KING_STEPS[d];
        let mut n = 1;
        while n < 8 {
            t[(step as i32 * n + 119) as usize] = step;
            n += 1;
        }
        d += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_and_slider_differences() {
        // b1 (0x01) to c3 (0x22) is a knight jump.
        assert_ne!(ATTACK_MASK[diff_index(0x01, 0x22)] & KNIGHT_BIT, 0);
        // a1 to h8 is a diagonal: bishops and queens, step +17.
        assert_eq!(ATTACK_MASK[diff_index(0x00, 0x77)], BISHOP_BIT | QUEEN_BIT);
        assert_eq!(STEP[diff_index(0x00, 0x77)], 17);
        // a1 to b3 is nothing at all.
        assert_eq!(ATTACK_MASK[diff_index(0x00, 0x21)] & SLIDER_BITS, 0);
        // A white pawn on e4 attacks d5 and f5 but a black one does not.
        assert_ne!(ATTACK_MASK[diff_index(0x34, 0x43)] & WHITE_PAWN_BIT, 0);
        assert_eq!(ATTACK_MASK[diff_index(0x34, 0x43)] & BLACK_PAWN_BIT, 0);
    }
}

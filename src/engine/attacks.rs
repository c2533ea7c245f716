//! Attack helpers for evaluation and static exchange evaluation, on the rules core's 0x88 difference tables
//! (one set of tables for the whole program).

use crate::rules::position::ray_is_clear;
use crate::rules::tables::{ATTACK_MASK, CODE_ATTACK_BIT, SLIDER_BITS, STEP, diff_index};
pub(crate) use crate::rules::tables::{KING_STEPS, KNIGHT_STEPS};

/// Does the piece coded `code` on `from` attack `to` on `board` (blockers considered)?
#[inline]
pub(crate) fn piece_attacks(board: &[u8; 128], code: u8, from: u8, to: u8) -> bool {
    could_attack(code, from, to)
        && (CODE_ATTACK_BIT[code as usize & 15] & SLIDER_BITS == 0
            || ray_is_clear(board, from, to, STEP[diff_index(from, to)]))
}

/// Could the piece coded `code` on `from` attack `to` if nothing stood between them?
#[inline]
pub(crate) fn could_attack(code: u8, from: u8, to: u8) -> bool {
    ATTACK_MASK[diff_index(from, to)] & CODE_ATTACK_BIT[code as usize & 15] != 0
}

/// Chebyshev distance between two 0x88 squares.
#[inline]
pub(crate) fn distance(a: u8, b: u8) -> i32 {
    let df = ((a & 7) as i32 - (b & 7) as i32).abs();
    let dr = ((a >> 4) as i32 - (b >> 4) as i32).abs();
    df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_are_blocked_and_knights_jump() {
        let mut board = [0u8; 128];
        board[0x00] = 4; // white rook a1
        board[0x01] = 2; // white knight b1
        assert!(piece_attacks(&board, 4, 0x00, 0x70)); // a1-a8 open
        assert!(!piece_attacks(&board, 4, 0x00, 0x07)); // a1-h1 blocked by b1
        assert!(piece_attacks(&board, 2, 0x01, 0x22)); // Nb1-c3
        assert!(piece_attacks(&board, 1, 0x14, 0x25)); // white pawn e2 takes f3
        assert!(!piece_attacks(&board, 9, 0x14, 0x25)); // a black pawn does not
        assert_eq!(distance(0x00, 0x77), 7);
    }
}

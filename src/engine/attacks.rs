//! The engine's copy of the 0x88 difference tables: which piece kinds can attack along a square difference,
//! and the unit step of that line. Evaluation and static exchange evaluation walk the board with them.

pub(crate) const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
pub(crate) const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
pub(crate) const BISHOP_STEPS: [i8; 4] = [15, 17, -15, -17];
pub(crate) const ROOK_STEPS: [i8; 4] = [1, 16, -1, -16];

const WHITE_PAWN: u8 = 1;
const BLACK_PAWN: u8 = 2;
const KNIGHT: u8 = 4;
const BISHOP: u8 = 8;
const ROOK: u8 = 16;
const QUEEN: u8 = 32;
const KING: u8 = 64;
const SLIDERS: u8 = BISHOP | ROOK | QUEEN;

/// The attack-kind bit of each board code (role | 8 for black; 0 = empty).
const CODE_BIT: [u8; 16] =
    [0, WHITE_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, 0, 0, BLACK_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, 0];

static ATTACK_MASK: [u8; 239] = build_attack_mask();
static STEP: [i8; 239] = build_step();

#[inline]
const fn diff_index(from: u8, to: u8) -> usize {
    (to as i32 - from as i32 + 119) as usize
}

/// Does the piece coded `code` on `from` attack `to` on `board` (blockers considered)?
#[inline]
pub(crate) fn piece_attacks(board: &[u8; 128], code: u8, from: u8, to: u8) -> bool {
    let bit = CODE_BIT[code as usize & 15];
    let d = diff_index(from, to);
    if ATTACK_MASK[d] & bit == 0 {
        return false;
    }
    if bit & SLIDERS == 0 {
        return true;
    }
    let step = STEP[d] as u8;
    let mut s = from.wrapping_add(step);
    while s != to {
        if board[s as usize] != 0 {
            return false;
        }
        s = s.wrapping_add(step);
    }
    true
}

/// Chebyshev distance between two 0x88 squares.
#[inline]
pub(crate) fn distance(a: u8, b: u8) -> i32 {
    let df = ((a & 7) as i32 - (b & 7) as i32).abs();
    let dr = ((a >> 4) as i32 - (b >> 4) as i32).abs();
    df.max(dr)
}

const fn build_attack_mask() -> [u8; 239] {
    let mut t = [0u8; 239];
    let mut i = 0;
    while i < 8 {
        t[(KNIGHT_STEPS[i] as i32 + 119) as usize] |= KNIGHT;
        t[(KING_STEPS[i] as i32 + 119) as usize] |= KING;
        i += 1;
    }
    t[15 + 119] |= WHITE_PAWN;
    t[17 + 119] |= WHITE_PAWN;
    t[119 - 15] |= BLACK_PAWN;
    t[119 - 17] |= BLACK_PAWN;
    let mut d = 0;
    while d < 4 {
        let mut n = 1;
        while n < 8 {
            t[(BISHOP_STEPS[d] as i32 * n + 119) as usize] |= BISHOP | QUEEN;
            t[(ROOK_STEPS[d] as i32 * n + 119) as usize] |= ROOK | QUEEN;
            n += 1;
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

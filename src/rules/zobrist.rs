//! Zobrist keys laid out for the 0x88 board, built at compile time from Polyglot's table.
//!
//! With Polyglot's numbers the key of the start position is `463b96181691fc9c`, the same as every Polyglot
//! book and most engines, which makes keys easy to check against other software. One deliberate difference:
//! Polyglot hashes the en passant file whenever a pawn stands next to the double-pushed pawn, tabiya only when
//! the capture is *legal* — so that equal keys mean "the same position" in the FIDE sense used for repetition.

use super::zobrist_keys::POLYGLOT_KEYS;

pub(crate) struct Zobrist {
    /// `[piece code][0x88 square]`; code 0 (empty) and off-board squares hold 0.
    pub piece: [[u64; 128]; 16],
    /// Indexed by the 4-bit castling-rights mask (bit 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O).
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    /// Xored in when white is to move (Polyglot's convention).
    pub white_to_move: u64,
}

pub(crate) static ZOBRIST: Zobrist = Zobrist::build();

impl Zobrist {
    const fn build() -> Zobrist {
        let mut piece = [[0u64; 128]; 16];
        let mut code = 1;
        while code < 16 {
            let role = code & 7;
            if role >= 1 && role <= 6 {
                let white = code & 8 == 0;
                let kind = 2 * (role - 1) + if white { 1 } else { 0 };
                let mut sq = 0;
                while sq < 128 {
                    if sq & 0x88 == 0 {
                        let rank = sq >> 4;
                        let file = sq & 7;
                        piece[code][sq] = POLYGLOT_KEYS[64 * kind + 8 * rank + file];
                    }
                    sq += 1;
                }
            }
            code += 1;
        }
        let mut castling = [0u64; 16];
        let mut mask = 0;
        while mask < 16 {
            let mut bit = 0;
            while bit < 4 {
                if mask & (1 << bit) != 0 {
                    castling[mask] ^= POLYGLOT_KEYS[768 + bit];
                }
                bit += 1;
            }
            mask += 1;
        }
        let mut ep_file = [0u64; 8];
        let mut f = 0;
        while f < 8 {
            ep_file[f] = POLYGLOT_KEYS[772 + f];
            f += 1;
        }
        Zobrist { piece, castling, ep_file, white_to_move: POLYGLOT_KEYS[780] }
    }
}

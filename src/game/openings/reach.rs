//! When to stop replaying a game: a cheap test that no later position of it can be named.
//!
//! Two things never come back in chess: pieces (a capture is for ever, a promotion only swaps one piece for
//! another) and a pawn on its starting square (pawns only move forward, so a white pawn on the second rank has
//! never moved). So a named position can still come up only if it has no more pieces than the game has now
//! and its set of unmoved pawns is a subset of the game's. Checking this costs a few nanoseconds a ply, while
//! checking that a move is legal (which the replay must do) costs a move generation; past the opening most
//! games fail the test within a few moves and the replay stops there.

use crate::rules::{Color, Piece, Position, Role, Square};

/// Bit `m` set: some named position's unmoved pawns are a subset of the pawns in mask `m`.
const WORDS: usize = (1 << 16) / 64;

pub(super) struct Reach {
    min_pieces: usize,
    subsets: Vec<u64>,
}

impl Reach {
    pub fn new() -> Reach {
        Reach { min_pieces: usize::MAX, subsets: vec![0; WORDS] }
    }

    /// Records a named position.
    pub fn add(&mut self, pos: &Position) {
        self.min_pieces = self.min_pieces.min(pieces(pos));
        let m = home_pawns(pos) as usize;
        self.subsets[m / 64] |= 1 << (m % 64);
    }

    /// After the last `add`: extends every recorded pawn mask to all its supersets, one bit at a time, so that
    /// `may_lead_to_a_name` is one lookup. Bits 0–5 index within a word, bits 6–15 pick the word.
    pub fn close(&mut self) {
        const WITHOUT: [u64; 6] = [
            0x5555_5555_5555_5555,
            0x3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff,
        ];
        for word in self.subsets.iter_mut() {
            for (bit, without) in WITHOUT.iter().enumerate() {
                *word |= (*word & without) << (1 << bit);
            }
        }
        for stride in (0..10).map(|b| 1usize << b) {
            for w in (0..WORDS).filter(|w| w & stride != 0) {
                self.subsets[w] |= self.subsets[w ^ stride];
            }
        }
    }

    /// False when neither this position nor any that can follow it is named.
    pub fn may_lead_to_a_name(&self, pos: &Position) -> bool {
        let m = home_pawns(pos) as usize;
        pieces(pos) >= self.min_pieces && self.subsets[m / 64] & (1 << (m % 64)) != 0
    }
}

/// Both sides' pieces, kings included.
fn pieces(pos: &Position) -> usize {
    pos.piece_count(Color::White) + pos.piece_count(Color::Black)
}

/// Bits 0–7: a white pawn on a2…h2; bits 8–15: a black pawn on a7…h7.
pub(super) fn home_pawns(pos: &Position) -> u16 {
    let mut mask = 0;
    for (shift, color, rank) in [(0, Color::White, 1), (8, Color::Black, 6)] {
        let pawn = Some(Piece::new(color, Role::Pawn));
        for file in 0..8 {
            if Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) == pawn {
                mask |= 1 << (shift + file);
            }
        }
    }
    mask
}

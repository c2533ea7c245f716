//! Correction history: how far the static evaluation has been from what the search found, remembered per
//! pawn structure and side to move. Pruning decisions (reverse futility, futility, razoring, null move) and
//! quiescence's stand-pat read the evaluation plus this correction, so a structure the evaluation keeps
//! misjudging (a blocked centre it overrates, a pawn storm it underrates) is judged by experience instead.
//! A second table, per side and the move that led to the position (its piece and destination), learns the
//! same errors; the correction read is two thirds the pawn table's and one third this one's (session 59).
//!
//! The structure is known by a pawn key: a Zobrist hash over the pawns alone, kept by the searcher as moves
//! are made, with its own random numbers (the rules core's key covers everything, so it cannot serve).

use crate::rules::moves::MoveKind;
use crate::rules::{Color, Move, Position, Role, Square};

/// Entries per side (a power of two).
const ENTRIES: usize = 16_384;
/// Corrections are kept in 1/GRAIN centipawn.
const GRAIN: i32 = 256;
/// The correction never exceeds this many centipawns either way.
const MAX_CORRECTION: i32 = 96;
/// How much one search result moves an entry at most, out of 256 (deeper results count more).
const MAX_WEIGHT: i32 = 16;
/// Entries per side of the previous-move table: one per `PieceTo`.
const MOVE_ENTRIES: usize = 1024;

/// One search thread's corrections.
pub(crate) struct Correction {
    table: Vec<i32>,
    /// The same per side and the move that led to the position (its `PieceTo`): what the evaluation misses
    /// right after such a move (a piece just left hanging, a threat just made).
    by_move: Vec<i32>,
}

impl Correction {
    pub fn new() -> Correction {
        Correction { table: vec![0; 2 * ENTRIES], by_move: vec![0; 2 * MOVE_ENTRIES] }
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
        self.by_move.fill(0);
    }

    #[inline]
    fn slot(side: Color, pawn_key: u64) -> usize {
        side.index() * ENTRIES + (pawn_key as usize & (ENTRIES - 1))
    }

    /// The correction, in centipawns, to add to the static evaluation of a position with these pawns.
    #[inline]
    pub fn get(&self, side: Color, pawn_key: u64, previous: usize) -> i32 {
        (2 * self.table[Self::slot(side, pawn_key)] + self.by_move[Self::move_slot(side, previous)]) / (3 * GRAIN)
    }

    #[inline]
    fn move_slot(side: Color, previous: usize) -> usize {
        side.index() * MOVE_ENTRIES + (previous & (MOVE_ENTRIES - 1))
    }

    /// Moves the entry towards `error` (the search's score minus the raw static evaluation) by a weight that
    /// grows with the search's `depth`: a running average that forgets old structures' lessons.
    pub fn update(&mut self, side: Color, pawn_key: u64, previous: usize, depth: i32, error: i32) {
        let weight = (depth + 1).min(MAX_WEIGHT);
        let limit = MAX_CORRECTION * GRAIN;
        let target = (error * GRAIN).clamp(-limit, limit);
        let entries = [&mut self.table[Self::slot(side, pawn_key)], &mut self.by_move[Self::move_slot(side, previous)]];
        for entry in entries {
            *entry = ((*entry * (256 - weight) + target * weight) / 256).clamp(-limit, limit);
        }
    }
}

/// `PAWN_KEYS[colour][square 0..64]`: random numbers from a fixed seed (splitmix64).
static PAWN_KEYS: [[u64; 64]; 2] = {
    let mut keys = [[0u64; 64]; 2];
    let mut state: u64 = 0x7461_6269_7961_7077; // "tabiyapw"
    let mut i = 0;
    while i < 128 {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i / 64][i % 64] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// The pawn key of `pos`, from scratch.
pub(crate) fn pawn_key(pos: &Position) -> u64 {
    let mut key = 0;
    for color in [Color::White, Color::Black] {
        let pawns = pos.roles[color.index()][Role::Pawn as usize];
        for sq in pos.squares_in(color, pawns).filter_map(Square::from_index) {
            key ^= PAWN_KEYS[color.index()][sq.to_64()];
        }
    }
    key
}

/// How `m`, played by `side`, changes the pawn key: a pawn leaving its square and arriving (unless it
/// promotes), an enemy pawn captured (beside the destination when en passant).
#[inline]
pub(crate) fn pawn_key_change(side: Color, m: Move) -> u64 {
    let (us, them) = (&PAWN_KEYS[side.index()], &PAWN_KEYS[1 - side.index()]);
    let mut change = 0;
    if m.role() == Role::Pawn {
        change ^= us[m.from().to_64()];
        if m.promotion().is_none() {
            change ^= us[m.to().to_64()];
        }
    }
    if m.captured() == Some(Role::Pawn) {
        let to = m.to().to_64();
        let victim = match (m.kind(), side) {
            (MoveKind::EnPassant, Color::White) => to - 8,
            (MoveKind::EnPassant, Color::Black) => to + 8,
            _ => to,
        };
        change ^= them[victim];
    }
    change
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveList;

    /// Plays every legal move from each position and checks the incremental key against the key from
    /// scratch (captures, en passant, promotions with capture, castling).
    #[test]
    fn the_incremental_pawn_key_matches_the_key_from_scratch() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r1bqkbnr/pPpppppp/8/8/8/8/P1PPPPpP/RNBQKBNR w KQkq - 0 5",
            "r1bqkbnr/pPpppppp/8/8/8/8/P1PPPPpP/RNBQKBNR b KQkq - 0 5",
            "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1",
        ];
        for fen in fens {
            let mut pos = Position::from_fen(fen).unwrap();
            let before = pawn_key(&pos);
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &m in list.iter() {
                let side = pos.side_to_move();
                let undo = pos.make_move(m);
                assert_eq!(before ^ pawn_key_change(side, m), pawn_key(&pos), "{fen} {m:?}");
                pos.unmake_move(m, undo);
            }
        }
    }

    #[test]
    fn the_previous_move_table_is_a_third_of_the_correction() {
        let mut c = Correction::new();
        for _ in 0..300 {
            c.update(Color::White, 7, 100, 12, 90);
        }
        // Both tables near 90: the whole correction.
        assert!((85..=90).contains(&c.get(Color::White, 7, 100)), "{}", c.get(Color::White, 7, 100));
        // The same pawns after another move: the pawn table's two thirds alone.
        assert!((57..=60).contains(&c.get(Color::White, 7, 101)), "{}", c.get(Color::White, 7, 101));
        // The same move with other pawns: the move table's third alone; the other side learnt nothing.
        assert!((28..=30).contains(&c.get(Color::White, 8, 100)), "{}", c.get(Color::White, 8, 100));
        assert_eq!(c.get(Color::Black, 7, 100), 0);
    }

    #[test]
    fn corrections_follow_the_errors_and_stay_bounded() {
        let mut c = Correction::new();
        for _ in 0..200 {
            c.update(Color::White, 42, 0, 10, 50);
        }
        assert!((45..=50).contains(&c.get(Color::White, 42, 0)), "{}", c.get(Color::White, 42, 0));
        assert_eq!(c.get(Color::Black, 42, 0), 0);
        for _ in 0..500 {
            c.update(Color::White, 42, 0, 20, -5000);
        }
        // Never past the limit (the division may stop it a centipawn short).
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&c.get(Color::White, 42, 0)));
    }
}

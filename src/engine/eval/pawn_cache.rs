//! The pawn-structure cache. Pawns move seldom, so most positions the search evaluates share their pawn
//! structure with many others: the pawn facts (`PawnInfo`), the doubled/isolated/connected score and the set
//! of passed pawns are kept per structure and reused. An entry is matched on the exact pawn placement (both
//! sides' pawn sets), so a lookup can never return another structure's facts.
//!
//! One cache per thread: the evaluation stays a function of the position alone, and the engine thread, the
//! tests and the tools each have their own.

use super::maps::Squares;
use super::params::Params;
use super::pawns::{self, PawnInfo};
use super::{Acc, WEIGHTS};
use crate::rules::Position;
use std::cell::RefCell;

/// Entries in each thread's cache (a power of two); about 1.2 MB.
const ENTRIES: usize = 8192;

/// What the evaluation needs to know about one pawn structure.
#[derive(Clone)]
pub(crate) struct PawnEntry {
    /// The structure: each side's pawns.
    pawns: [Squares; 2],
    pub info: PawnInfo,
    /// Doubled, isolated and connected pawns, per side.
    pub score: Acc,
    /// The passed pawns of both sides.
    pub passed: Squares,
}

impl PawnEntry {
    /// Works out the entry for `pos`, whose pawn sets are `pawns`, with weights `p`.
    pub fn compute(pos: &Position, pawns: [Squares; 2], p: &Params) -> PawnEntry {
        let info = PawnInfo::new(pos);
        let mut score = Acc::default();
        pawns::evaluate(pos, &info, p, &mut score);
        let passed = pawns::passed_set(pos, &info);
        PawnEntry { pawns, info, score, passed }
    }
}

thread_local! {
    static CACHE: RefCell<Vec<Option<PawnEntry>>> = RefCell::new(vec![None; ENTRIES]);
}

/// The entry for `pos` under the shipped weights, from the cache when this structure was seen before.
pub(crate) fn lookup(pos: &Position, pawns: [Squares; 2]) -> PawnEntry {
    let slot = slot_of(pawns);
    CACHE.with_borrow_mut(|cache| match &cache[slot] {
        Some(e) if e.pawns == pawns => e.clone(),
        _ => {
            let e = PawnEntry::compute(pos, pawns, &WEIGHTS);
            cache[slot] = Some(e.clone());
            e
        }
    })
}

/// Mixes the pawn sets into a slot number. Every bit of both sets must reach the slot's bits: a multiply
/// carries a bit only upwards, so each set is multiplied on its own and the sum is folded with shifts (a
/// splitmix64 finish). An earlier mix took the slot from bits that Black's pawns on ranks 4–8 never reached,
/// and the cache missed 38% of its look-ups on the bench instead of 10%.
fn slot_of(pawns: [Squares; 2]) -> usize {
    let mut h = pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pawns[1].wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 31)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^= h >> 29;
    (h >> 40) as usize & (ENTRIES - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveList, Position};

    fn pawn_sets(pos: &Position) -> [Squares; 2] {
        let mut sets = [0; 2];
        for (c, set) in sets.iter_mut().enumerate() {
            for &sq in &pos.list[c][..pos.count[c] as usize] {
                if pos.board[sq as usize] & 7 == 1 {
                    *set |= crate::engine::eval::maps::bit(sq);
                }
            }
        }
        sets
    }

    /// Structures that differ only in Black's pawns spread over the slots as random ones would (2,000 into
    /// 8,192 slots fill about 1,780 of them).
    #[test]
    fn black_pawns_alone_spread_the_slots() {
        let white: Squares = 0xFF00; // the second rank
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut slots = std::collections::HashSet::new();
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let black = seed & 0x00FF_FFFF_0000_0000; // ranks 5 to 7
            slots.insert(slot_of([white, black]));
        }
        assert!(slots.len() > 1700, "{} slots", slots.len());
    }

    /// Positions reached by playing the first legal move again and again share most structures; every
    /// cached entry must equal a fresh computation.
    #[test]
    fn cached_entries_match_fresh_ones() {
        let mut pos =
            Position::from_fen("r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R w KQkq - 0 6").unwrap();
        for i in 0..60 {
            let pawns = pawn_sets(&pos);
            let cached = lookup(&pos, pawns);
            let fresh = PawnEntry::compute(&pos, pawns, &WEIGHTS);
            assert_eq!(cached.passed, fresh.passed);
            assert_eq!(cached.info.attacks, fresh.info.attacks);
            assert_eq!((cached.score.mg, cached.score.eg), (fresh.score.mg, fresh.score.eg));
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos.make_move(list[i % list.len()]);
        }
    }
}

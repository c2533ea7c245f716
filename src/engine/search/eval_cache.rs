//! The evaluation cache: static evaluations of recently seen positions, by Zobrist key. The search meets
//! the same position again and again (each iteration of iterative deepening revisits the last one's leaves,
//! and quiescence's stand-pat nodes store nothing in the transposition table), and the evaluation costs
//! thousands of instructions where a look-up costs a few. The evaluation is a function of the position alone,
//! so a cached score is the score that evaluating again would give: the search is unchanged, only faster.
//!
//! One cache per search thread (it lives in `Heuristics`), so no locking.

use crate::rules::Position;

/// The bits of an entry that hold the score; the rest hold the key's upper bits.
const SCORE_BITS: u32 = 16;
/// Entries: 512 KB, small enough to stay in the second-level cache of most processors. As many as the score
/// bits can number, so the slot (the key's low bits) and the stored upper bits cover the whole key.
const ENTRIES: usize = 1 << SCORE_BITS;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

/// Evaluations keyed by position.
pub(crate) struct EvalCache {
    /// Each entry packs the key's upper 48 bits over the score as an `i16`. The slot is chosen by the key's
    /// low 16 bits, so all 64 bits of the key are compared. An empty entry is 0, so keys whose upper 48 bits
    /// are all zero are never cached (one key in 2^48).
    entries: Vec<u64>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache { entries: vec![0; ENTRIES] }
    }

    /// The static evaluation of `pos` (whose key is `key`) from the side to move's view: the cached one, or
    /// `evaluate(pos)`, remembered.
    #[inline]
    pub fn get_or(&mut self, key: u64, pos: &Position, evaluate: impl FnOnce(&Position) -> i32) -> i32 {
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        if key & !SCORE_MASK == 0 {
            return evaluate(pos);
        }
        if (*slot ^ key) & !SCORE_MASK == 0 {
            return (*slot & SCORE_MASK) as u16 as i16 as i32;
        }
        let score = evaluate(pos);
        if let Ok(small) = i16::try_from(score) {
            *slot = (key & !SCORE_MASK) | small as u16 as u64;
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::evaluate;
    use crate::rules::MoveList;

    /// Along random games, a cached score always equals a fresh evaluation, and the second look-up of a
    /// position does not evaluate it again.
    #[test]
    fn cached_scores_equal_fresh_ones() {
        let mut cache = EvalCache::new();
        let mut pos = Position::startpos();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..400 {
            let key = pos.key();
            assert_eq!(cache.get_or(key, &pos, evaluate), evaluate(&pos));
            let again = cache.get_or(key, &pos, |_| panic!("evaluated twice"));
            assert_eq!(again, evaluate(&pos));
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() || pos.halfmove_clock() >= 100 {
                pos = Position::startpos();
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make_move(list[seed as usize % list.len()]);
        }
    }

    /// Two keys in the same slot that differ only in their upper bits do not answer for each other.
    #[test]
    fn a_key_in_the_same_slot_misses() {
        let mut cache = EvalCache::new();
        let pos = Position::startpos();
        assert_eq!(cache.get_or(0x1234_0000_0000_0007, &pos, |_| 55), 55);
        assert_eq!(cache.get_or(0x1235_0000_0000_0007, &pos, |_| -20), -20);
        assert_eq!(cache.get_or(0x1235_0000_0000_0007, &pos, |_| panic!("should hit")), -20);
    }
}

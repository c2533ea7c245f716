//! The transposition table: a fixed-size hash table of search results keyed by Zobrist key, sized in MB.
//!
//! One entry per slot, 16 bytes: the key's lower 32 bits to verify (the slot index comes from the upper bits, so
//! the two are independent), the best move, score, static eval, depth,
//! and bound plus a generation (so entries from earlier searches are replaced first). Mate scores are stored
//! relative to the node, not the root, so they stay right when found again at another ply.

use super::info::MATE_BOUND;
use crate::rules::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact (a PV node).
    Exact = 3,
    /// The score is at least this (a beta cutoff).
    Lower = 1,
    /// The score is at most this (every move failed low).
    Upper = 2,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    check: u32,
    mv: u32,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in bits 0–1, generation in bits 2–7.
    meta: u8,
}

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TtEntry {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub(crate) struct Tt {
    slots: Vec<Slot>,
    generation: u8,
}

impl Tt {
    pub fn new(mb: usize) -> Tt {
        let n = (mb.clamp(1, 65_536) << 20) / std::mem::size_of::<Slot>();
        Tt { slots: vec![Slot::default(); n], generation: 0 }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Called at the start of every search so that older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let s = self.slots[self.index(key)];
        if s.check != key as u32 || s.meta & 3 == 0 {
            return None;
        }
        let bound = match s.meta & 3 {
            3 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TtEntry {
            mv: Move::from_bits(s.mv),
            score: from_tt(s.score as i32, ply),
            eval: s.eval as i32,
            depth: s.depth as i32,
            bound,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, key: u64, ply: usize, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let old = self.slots[i];
        let check = key as u32;
        let same = old.check == check;
        let stale = old.meta >> 2 != self.generation;
        // A deeper entry of this search is worth more than a shallow bound (of this position or another).
        if old.meta & 3 != 0 && !stale && (old.depth as i32) > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv == Move::NONE && same { Move::from_bits(old.mv) } else { mv };
        self.slots[i] = Slot {
            check,
            mv: mv.bits(),
            score: to_tt(score, ply) as i16,
            eval: eval.clamp(-30_000, 30_000) as i16,
            depth: depth.clamp(0, 255) as u8,
            meta: bound as u8 | (self.generation << 2),
        };
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::info::MATE;

    #[test]
    fn stores_and_finds_with_mate_adjustment() {
        let mut tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, 3, Move::NONE, MATE - 5, 12, 7, Bound::Exact);
        let e = tt.probe(key, 1).unwrap();
        assert_eq!(e.score, MATE - 3); // the mate is 2 plies from the node, so 3 from ply 1
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Exact);
        assert!(tt.probe(key ^ 1, 1).is_none());
        tt.clear();
        assert!(tt.probe(key, 1).is_none());
    }
}

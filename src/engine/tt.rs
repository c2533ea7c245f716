//! The transposition table: a fixed-size hash table of search results keyed by Zobrist key, sized in MB.
//!
//! Slots of 16 bytes: the key's lower 32 bits to verify (the bucket index comes from the upper bits, so the
//! two are independent), the best move, score, static eval, depth, and bound plus a generation (so entries
//! from earlier searches are replaced first). Slots come in buckets of four (one 64-byte cache line): a
//! position may live in any slot of its bucket, and a new entry replaces the same position's slot, else the
//! bucket's least valuable one (shallow, or from an earlier search), so deep results survive a flood of
//! shallow ones. Mate scores are stored relative to the node, not the root, so they stay right when found
//! again at another ply.

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

const BUCKET: usize = 4;

/// Four slots, aligned to a cache line so a probe touches one line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    pub fn new(mb: usize) -> Tt {
        let n = (mb.clamp(1, 65_536) << 20) / std::mem::size_of::<Bucket>();
        Tt { buckets: vec![Bucket::default(); n], generation: 0 }
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Called at the start of every search so that older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let bucket = &self.buckets[self.index(key)].0;
        let s = *bucket.iter().find(|s| s.check == key as u32 && s.meta & 3 != 0)?;
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
        let generation = self.generation;
        let check = key as u32;
        let i = self.index(key);
        let bucket = &mut self.buckets[i].0;
        let (slot, same) = match bucket.iter().position(|s| s.check == check && s.meta & 3 != 0) {
            Some(j) => (j, true),
            None => (victim(bucket, generation), false),
        };
        let old = bucket[slot];
        // A deeper entry of this position from this search is worth more than a shallow bound.
        if same && old.meta >> 2 == generation && (old.depth as i32) > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv == Move::NONE && same { Move::from_bits(old.mv) } else { mv };
        bucket[slot] = Slot {
            check,
            mv: mv.bits(),
            score: to_tt(score, ply) as i16,
            eval: eval.clamp(-30_000, 30_000) as i16,
            depth: depth.clamp(0, 255) as u8,
            meta: bound as u8 | (generation << 2),
        };
    }
}

/// The slot of a bucket to give up for a new position: an empty one, else the one whose depth, less a
/// penalty for each search it has outlived, is least.
fn victim(bucket: &[Slot; BUCKET], generation: u8) -> usize {
    let worth = |s: &Slot| {
        if s.meta & 3 == 0 {
            return i32::MIN;
        }
        let age = (generation.wrapping_sub(s.meta >> 2) & 63) as i32;
        s.depth as i32 - 8 * age
    };
    (0..BUCKET).min_by_key(|&j| worth(&bucket[j])).unwrap_or(0)
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

    #[test]
    fn deep_entries_survive_shallow_ones_in_their_bucket() {
        let mut tt = Tt::new(1);
        // Same upper bits (same bucket), different lower bits (different positions).
        let deep = 0x4242_4242_0000_0001;
        tt.store(deep, 0, Move::NONE, 50, 0, 20, Bound::Lower);
        for i in 2..12u64 {
            tt.store(0x4242_4242_0000_0000 | i, 0, Move::NONE, i as i32, 0, 1, Bound::Upper);
        }
        assert_eq!(tt.probe(deep, 0).unwrap().depth, 20);
        assert_eq!(tt.probe(0x4242_4242_0000_000b, 0).unwrap().score, 11);
        // In a later search the old deep entry gives way in the end.
        for _ in 0..4 {
            tt.new_search();
        }
        for i in 12..20u64 {
            tt.store(0x4242_4242_0000_0000 | i, 0, Move::NONE, 0, 0, 1, Bound::Upper);
        }
        assert!(tt.probe(deep, 0).is_none());
    }
}

//! The transposition table: a fixed-size hash table of search results keyed by Zobrist key, sized in MB.
//!
//! The table is allocated fallibly and lazily (see `Words::zeroed`): a size the machine cannot give is an
//! error the caller reports, never an abort, and pages are touched only as the search fills them.
//!
//! One table is shared by all the threads of a Lazy SMP search (`&Tt`), without locks: its words are atomics
//! read and written with relaxed ordering, and each slot's first word is stored XORed with a mix of its second
//! (see `Slot::load`), so a slot read while another thread was rewriting it fails verification and reads as
//! empty, rather than as a mixture of two entries.
//!
//! Slots of 16 bytes: the key's lower 32 bits to verify (the bucket index comes from the upper bits, so the
//! two are independent), the best move, score, static eval, depth, and bound plus a generation (so entries
//! from earlier searches are replaced first). Slots come in buckets of four (one 64-byte cache line): a
//! position may live in any slot of its bucket, and a new entry replaces the same position's slot, else the
//! bucket's least valuable one (shallow, or from an earlier search), so deep results survive a flood of
//! shallow ones. Mate scores are stored relative to the node, not the root, so they stay right when found
//! again at another ply.

use super::error::EngineError;
use super::info::MATE_BOUND;
use super::tt_memory::Words;
use crate::rules::Move;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

impl Slot {
    /// A slot is two words: check and move in the first (the head); score, eval, depth and meta in the
    /// second (the data). The head is stored as `head ^ mix(data)`: two threads writing the same slot at once
    /// may leave one's head beside the other's data, and that pair decodes to a check garbled by
    /// `mix(data_a) ^ mix(data_b)`, which fails verification unless the two datas are equal (when the pair is
    /// what the first thread stored anyway), or with odds of 2^-32. All zeros is an empty slot (bound 0,
    /// and `mix(0) == 0`), which is what a fresh table holds.
    fn load(w: &[AtomicU64]) -> Slot {
        let data = w[1].load(Relaxed);
        let head = w[0].load(Relaxed) ^ mix(data);
        Slot {
            check: head as u32,
            mv: (head >> 32) as u32,
            score: data as u16 as i16,
            eval: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            meta: (data >> 40) as u8,
        }
    }

    fn save(self, w: &[AtomicU64]) {
        let head = self.check as u64 | (self.mv as u64) << 32;
        let data = self.score as u16 as u64
            | (self.eval as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.meta as u64) << 40;
        w[0].store(head ^ mix(data), Relaxed);
        w[1].store(data, Relaxed);
    }
}

/// SplitMix64's finaliser: a bijection whose every output bit depends on every input bit, so two different
/// datas differ in the low (check) half of their mixes but for a 2^-32 chance. `mix(0) == 0`.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
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
const SLOT_WORDS: usize = 2;
/// Four slots of two words: 64 bytes, one cache line.
const BUCKET_WORDS: usize = BUCKET * SLOT_WORDS;
const BUCKET_BYTES: usize = BUCKET_WORDS * 8;

/// The largest table the UCI option offers, in MB. At about a million nodes a second, with at most one store
/// per node, 32 GiB (2^31 slots) takes over half an hour of search to fill once: longer than any one move
/// thinks, so more memory would not be used. It also keeps the size in MB times 2^20 far from overflow.
pub const MAX_HASH_MB: usize = 32_768;

pub(crate) struct Tt {
    /// The buckets, flat: bucket i is `words[base + 8i..base + 8i + 8]`.
    words: Words,
    /// Where the first bucket starts, so that buckets lie on cache lines (a mapping starts on a page; the
    /// emergency table's allocator only promises 8-byte alignment, so a few words are kept beyond it for this).
    base: usize,
    buckets: usize,
    mb: usize,
    /// Changed only between searches (`new_search` takes `&mut`), so the threads of one search agree on it.
    generation: u8,
}

impl Tt {
    /// A table of `mb` MB (at least one bucket), or the error if the memory cannot be had. Nothing of it is
    /// written here (see `Words::zeroed`).
    pub fn try_new(mb: usize) -> Result<Tt, EngineError> {
        let bytes = mb.checked_mul(1 << 20).ok_or(EngineError::HashAlloc { mb })?;
        Tt::with_buckets((bytes / BUCKET_BYTES).max(1), mb).ok_or(EngineError::HashAlloc { mb })
    }

    /// A table of `mb` MB or, if that cannot be had, the largest of 64 MB, 1 MB and one bucket that can, with
    /// a sentence saying what happened (also when `mb` was outside 1..=MAX_HASH_MB).
    pub fn with_fallback(mb: usize) -> (Tt, Option<String>) {
        let wanted = mb.clamp(1, MAX_HASH_MB);
        let clamped = (wanted != mb).then(|| format!("hash size {mb} MB is outside 1–{MAX_HASH_MB} MB"));
        if let Ok(tt) = Tt::try_new(wanted) {
            return (tt, clamped.map(|c| format!("{c}; using {wanted} MB")));
        }
        for smaller in [64, 1].into_iter().filter(|&s| s < wanted) {
            if let Ok(tt) = Tt::try_new(smaller) {
                return (tt, Some(format!("not enough memory for a {wanted} MB hash table; using {smaller} MB")));
            }
        }
        // One bucket is a few words: if even that cannot be allocated, the process cannot go on anyway.
        let words = Words::boxed(2 * BUCKET_WORDS);
        let tiny = Tt { base: cache_line_start(&words), words, buckets: 1, mb: 0, generation: 0 };
        (tiny, Some(format!("not enough memory for a {wanted} MB hash table; searching almost without one")))
    }

    /// Best effort, for benchmarks and tests: `with_fallback` without the sentence.
    pub fn new(mb: usize) -> Tt {
        Tt::with_fallback(mb).0
    }

    fn with_buckets(buckets: usize, mb: usize) -> Option<Tt> {
        let len = buckets.checked_mul(BUCKET_WORDS).and_then(|n| n.checked_add(BUCKET_WORDS - 1));
        let words = Words::zeroed(len.unwrap_or(usize::MAX))?;
        Some(Tt { base: cache_line_start(&words), words, buckets, mb, generation: 0 })
    }

    /// Replaces the table with an empty one of `mb` MB; if that cannot be allocated, this one is kept as it is.
    pub fn resize(&mut self, mb: usize) -> Result<(), EngineError> {
        *self = Tt::try_new(mb)?;
        Ok(())
    }

    /// The size asked for, in MB (0 for the emergency one-bucket table).
    pub fn mb(&self) -> usize {
        self.mb
    }

    /// Empties the table. A fresh zeroed allocation rather than writing zeros, so that a large table's pages
    /// are not all touched (and committed) by `ucinewgame`; writing is the fallback if memory is short.
    pub fn clear(&mut self) {
        match Words::zeroed(self.words.len()) {
            Some(words) => {
                self.words = words;
                self.base = cache_line_start(&self.words);
            }
            None => self.words.iter().for_each(|w| w.store(0, Relaxed)),
        }
        self.generation = 0;
    }

    /// How full the table is, in permille, as UCI's `hashfull` reports it: the share of the first thousand
    /// slots (or all of them, in a smaller table) holding an entry of the current search.
    pub fn hashfull(&self) -> u32 {
        let buckets = self.buckets.min(250);
        let (mut used, mut slots) = (0, 0);
        for b in 0..buckets {
            for s in self.bucket(self.base + b * BUCKET_WORDS) {
                slots += 1;
                used += u32::from(s.meta & 3 != 0 && s.meta >> 2 == self.generation);
            }
        }
        (used * 1000).checked_div(slots).unwrap_or(0)
    }

    /// Called at the start of every search so that older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    /// Where bucket `key` maps to starts in `words`.
    #[inline]
    fn index(&self, key: u64) -> usize {
        self.base + ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET_WORDS
    }

    #[inline]
    fn bucket(&self, at: usize) -> [Slot; BUCKET] {
        let w = &self.words[at..at + BUCKET_WORDS];
        std::array::from_fn(|j| Slot::load(&w[j * SLOT_WORDS..]))
    }

    /// Asks the processor to start loading `key`'s bucket into its cache, so that the probe a little later
    /// does not wait for main memory. Called for each move before it is weighed and made (with the key
    /// `Position::key_after_guess` gives): the probe was a cache miss nearly every time, about a sixth of the
    /// search's time. A hint only: nothing is read and no result changes.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), target_feature = "sse"))]
        safe_arch::prefetch_t0(&self.words[self.index(key)]);
        #[cfg(not(all(any(target_arch = "x86", target_arch = "x86_64"), target_feature = "sse")))]
        let _ = key;
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let bucket = self.bucket(self.index(key));
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
    pub fn store(&self, key: u64, ply: usize, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let check = key as u32;
        let at = self.index(key);
        let bucket = self.bucket(at);
        let (slot, same) = match bucket.iter().position(|s| s.check == check && s.meta & 3 != 0) {
            Some(j) => (j, true),
            None => (victim(&bucket, generation), false),
        };
        let old = bucket[slot];
        // A deeper entry of this position from this search is worth more than a shallow bound.
        if same && old.meta >> 2 == generation && (old.depth as i32) > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mv = if mv == Move::NONE && same { Move::from_bits(old.mv) } else { mv };
        let new = Slot {
            check,
            mv: mv.bits(),
            score: to_tt(score, ply) as i16,
            eval: eval.clamp(-30_000, 30_000) as i16,
            depth: depth.clamp(0, 255) as u8,
            meta: bound as u8 | (generation << 2),
        };
        let at = at + slot * SLOT_WORDS;
        // Another thread may have written this bucket since it was read: then one of the two entries is lost,
        // as if replaced, which costs a little search and never a wrong answer.
        new.save(&self.words[at..at + SLOT_WORDS]);
    }
}

/// The first word of `words` on a 64-byte boundary (words are 8-aligned, so it is one of the first eight).
fn cache_line_start(words: &[AtomicU64]) -> usize {
    (64 - words.as_ptr().addr() % 64) % 64 / 8
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

    #[test]
    fn a_table_too_large_is_an_error_and_the_old_one_stays() {
        // usize::MAX / 2 bytes: more than any allocation may be.
        assert!(Tt::with_buckets(usize::MAX / 2 / BUCKET_BYTES, 0).is_none());
        // 2^56 bytes: a valid size that no machine can map.
        assert!(matches!(Tt::try_new(1 << 36), Err(EngineError::HashAlloc { mb: 68_719_476_736 })));
        assert!(Tt::try_new(usize::MAX).is_err());
        let mut tt = Tt::new(1);
        let key = 0x0123_4567_89ab_cdef;
        tt.store(key, 0, Move::NONE, 42, 0, 9, Bound::Exact);
        assert!(tt.resize(1 << 36).is_err());
        assert_eq!((tt.mb(), tt.probe(key, 0).map(|e| e.score)), (1, Some(42)), "the old table, contents and all");
        tt.resize(2).unwrap();
        assert_eq!((tt.mb(), tt.probe(key, 0).map(|e| e.score)), (2, None));
    }

    #[test]
    fn fallback_says_what_it_did() {
        let (tt, notice) = Tt::with_fallback(64);
        assert_eq!((tt.mb(), notice), (64, None));
        let (tt, notice) = Tt::with_fallback(0);
        assert_eq!(tt.mb(), 1);
        assert!(notice.unwrap().contains("outside 1–32768 MB; using 1 MB"));
    }

    #[test]
    fn buckets_lie_on_cache_lines() {
        for mb in [1, 3, 8] {
            let tt = Tt::new(mb);
            assert_eq!((tt.words.as_ptr().addr() + tt.base * 8) % 64, 0);
            assert!(tt.base + tt.buckets * BUCKET_WORDS <= tt.words.len());
        }
    }

    /// A large table is not written when it is made, so it costs no resident memory until used.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_is_not_touched_when_made() {
        let resident = || {
            let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
            statm.split_whitespace().nth(1).unwrap().parse::<usize>().unwrap() * 4096
        };
        let before = resident();
        let mut tt = Tt::try_new(2048).unwrap();
        tt.clear();
        tt.store(7, 0, Move::NONE, 1, 0, 1, Bound::Exact);
        assert!(
            resident() < before + (256 << 20),
            "a 2 GiB table made {} MB resident",
            resident().saturating_sub(before) >> 20
        );
        assert_eq!(tt.probe(7, 0).map(|e| e.score), Some(1));
    }

    /// Four threads hammer the four positions of one bucket, each entry's fields tied to its score, while
    /// probing: every entry found must be one that was stored for its key, never one thread's head beside
    /// another's data.
    #[test]
    fn concurrent_writers_never_leave_a_mixed_entry() {
        // Same upper bits (one bucket), different lower bits (four positions).
        let keys: [u64; 4] = std::array::from_fn(|i| 0x7777_0000_0000_0000 | (i as u64 * 0x0101_0101 + 1));
        let mv = |key: u64, n: i32| Move::from_bits((key as u32).wrapping_mul(31) ^ (n as u32) << 8 | 1);
        let tt = Tt::new(1);
        let (found, mixed) = (AtomicU64::new(0), AtomicU64::new(0));
        std::thread::scope(|s| {
            for t in 0..4 {
                let (tt, found, mixed) = (&tt, &found, &mixed);
                s.spawn(move || {
                    for i in 0..1_000_000usize {
                        let key = keys[(i + t) % 4];
                        let n = ((i * 7919 + t * 104_729) % 4000) as i32 - 2000;
                        let bound = if n % 2 == 0 { Bound::Exact } else { Bound::Lower };
                        tt.store(key, 0, mv(key, n), n, -n / 2, n.rem_euclid(200), bound);
                        let probe = keys[(i * 3 + t + 1) % 4];
                        if let Some(e) = tt.probe(probe, 0) {
                            let n = e.score;
                            let right = e.mv == mv(probe, n)
                                && e.eval == -n / 2
                                && e.depth == n.rem_euclid(200)
                                && e.bound == if n % 2 == 0 { Bound::Exact } else { Bound::Lower };
                            found.fetch_add(1, Relaxed);
                            mixed.fetch_add(u64::from(!right), Relaxed);
                        }
                    }
                });
            }
        });
        assert!(found.load(Relaxed) > 100_000, "only {} probes found an entry", found.load(Relaxed));
        assert_eq!(mixed.load(Relaxed), 0, "entries mixed from two stores");
    }

    /// What a reader sees when it reads a slot between a writer's two stores: one entry's head beside
    /// another's data. It must read as no entry, not as a mixture.
    #[test]
    fn a_torn_slot_reads_as_empty() {
        let tt = Tt::new(1);
        let key = 0x5555_0000_0000_0001;
        let at = tt.index(key); // the bucket is empty, so the entry goes to its first slot
        tt.store(key, 0, Move::from_bits(0x1234), 10, 1, 5, Bound::Exact);
        let head_a = tt.words[at].load(Relaxed);
        tt.store(key, 0, Move::from_bits(0x4321), 20, 2, 9, Bound::Lower);
        assert_eq!(tt.probe(key, 0).map(|e| (e.mv.bits(), e.score, e.depth)), Some((0x4321, 20, 9)));
        tt.words[at].store(head_a, Relaxed);
        assert!(tt.probe(key, 0).is_none(), "a head of one store beside the data of another");
    }

    #[test]
    fn the_table_can_be_shared_between_threads() {
        fn shared<T: Sync + Send>() {}
        shared::<Tt>();
    }
}

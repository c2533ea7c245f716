//! The transposition table's memory: zeroed atomic words in an anonymous mapping of their own.
//!
//! Why a mapping of its own: the table is read at random, so nearly every probe misses the processor's
//! translation buffer as well as its caches, and with 4 KiB pages each miss walks the page tables (in a virtual
//! machine, two sets of them). Backed by 2 MiB pages, a 64 MB table needs 32 translations instead of 16,384.
//! Linux gives huge pages to memory that asks for them (`madvise`, the default setting of many distributions),
//! and only a mapping can ask; allocator memory cannot, without `unsafe`. On this machine, 64 MB table, 3 s
//! searches: about 1.13× the nodes per second of small pages (README, Performance, session 65).
//!
//! Like calloc'd memory, the mapping's pages are zero and are mapped only when first written, so a large table
//! costs nothing until the search fills it.

use memmap2::MmapMut;
use std::ops::Deref;
use std::sync::atomic::AtomicU64;
use zerocopy::FromBytes;

/// Zeroed words for the table.
pub(crate) enum Words {
    Mapped(Mapped),
    /// The one-bucket emergency table (see `Tt::with_fallback`) and anything too small to map.
    Boxed(Box<[AtomicU64]>),
}

/// The mapping and the words it holds, which borrow it for as long as both live.
#[ouroboros::self_referencing]
pub(crate) struct Mapped {
    map: MmapMut,
    #[borrows(mut map)]
    words: &'this [AtomicU64],
}

impl Words {
    /// `n` zero words in a fresh mapping, or None if the system will not map that much.
    pub fn zeroed(n: usize) -> Option<Words> {
        let bytes = n.checked_mul(8).filter(|&b| b > 0)?;
        let map = MmapMut::map_anon(bytes).ok()?;
        // A hint: where the kernel has no huge pages to give, the table works as well on small ones.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        let mapped =
            Mapped::try_new(map, |map| <[AtomicU64]>::mut_from_bytes(&mut map[..]).map(|w| &*w).map_err(|_| ()))
                .ok()?;
        Some(Words::Mapped(mapped))
    }

    /// `n` zero words from the allocator, for tables of a few words.
    pub fn boxed(n: usize) -> Words {
        Words::Boxed((0..n).map(|_| AtomicU64::new(0)).collect())
    }
}

impl Deref for Words {
    type Target = [AtomicU64];

    #[inline]
    fn deref(&self) -> &[AtomicU64] {
        match self {
            Words::Mapped(m) => m.borrow_words(),
            Words::Boxed(b) => b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn mapped_words_start_at_zero_and_keep_what_is_stored() {
        let words = Words::zeroed(1 << 20).unwrap();
        assert_eq!(words.len(), 1 << 20);
        assert!(words.iter().step_by(4099).all(|w| w.load(Relaxed) == 0));
        words[12345].store(u64::MAX, Relaxed);
        assert_eq!(words[12345].load(Relaxed), u64::MAX);
        assert_eq!(words.as_ptr().addr() % 4096, 0, "a mapping starts on a page");
        assert!(Words::zeroed(0).is_none());
        assert!(Words::zeroed(usize::MAX / 4).is_none());
        assert_eq!(Words::boxed(16).len(), 16);
    }
}

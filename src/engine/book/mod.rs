//! Polyglot opening books (`.bin`): the moves a book gives for a position, and a weighted random choice among
//! them, so the built-in engine opens with variety.
//!
//! A book is a file of 16-byte entries sorted by position key (`key u64, move u16, weight u16, learn u32`,
//! big-endian). The file is untrusted: it is searched in place (a binary search over its entries, reading one
//! entry at a time, so its size costs nothing), a trailing partial entry is ignored, and every move is checked
//! against the position's legal moves — an entry that is not legal there is skipped. Books are for standard
//! chess: a Chess960 position gets no book move.

mod key;
mod randoms;

pub use key::polyglot_key;

use crate::rules::{Move, Position, Role, Square, parse_uci};
use rand::Rng;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

const ENTRY: u64 = 16;
/// A position with more entries than this is a broken book; the rest are not read.
const MAX_ENTRIES_PER_POSITION: usize = 256;

/// An open book.
#[derive(Debug)]
pub struct Book {
    path: PathBuf,
    file: File,
    entries: u64,
}

/// One move a book gives, with its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u16,
}

impl Book {
    /// Opens a book file.
    ///
    /// # Errors
    /// The file cannot be opened or read, or holds no whole entry.
    pub fn open(path: &Path) -> io::Result<Book> {
        let file = crate::files::open_regular(path)?;
        let entries = file.metadata()?.len() / ENTRY;
        if entries == 0 {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "not a Polyglot book (no 16-byte entries)"));
        }
        Ok(Book { path: path.to_path_buf(), file, entries })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The book's legal moves for `pos`, in the file's order; empty when it has none (or cannot be read).
    pub fn moves(&mut self, pos: &Position) -> Vec<BookMove> {
        if pos.is_chess960() {
            return Vec::new();
        }
        let key = polyglot_key(pos);
        let Ok(mut i) = self.first_at_or_after(key) else { return Vec::new() };
        let mut out = Vec::new();
        while i < self.entries && out.len() < MAX_ENTRIES_PER_POSITION {
            let Ok((k, raw, weight)) = self.entry(i) else { break };
            if k != key {
                break;
            }
            if let Some(mv) = decode(pos, raw)
                && !out.iter().any(|b: &BookMove| b.mv == mv)
            {
                out.push(BookMove { mv, weight });
            }
            i += 1;
        }
        out
    }

    /// A move for `pos` chosen at random in proportion to the weights (entries of weight 0 only when all are).
    pub fn choose(&mut self, pos: &Position, rng: &mut impl Rng) -> Option<Move> {
        pick(&self.moves(pos), rng)
    }

    fn first_at_or_after(&mut self, key: u64) -> io::Result<u64> {
        let (mut lo, mut hi) = (0, self.entries);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid)?.0 < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }

    fn entry(&mut self, i: u64) -> io::Result<(u64, u16, u16)> {
        let mut b = [0u8; ENTRY as usize];
        self.file.seek(SeekFrom::Start(i * ENTRY))?;
        self.file.read_exact(&mut b)?;
        let key = u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        Ok((key, u16::from_be_bytes([b[8], b[9]]), u16::from_be_bytes([b[10], b[11]])))
    }
}

/// Weighted random choice.
pub fn pick(moves: &[BookMove], rng: &mut impl Rng) -> Option<Move> {
    let total: u64 = moves.iter().map(|b| u64::from(b.weight)).sum();
    if total == 0 {
        return (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())].mv);
    }
    let mut r = rng.random_range(0..total);
    for b in moves {
        if r < u64::from(b.weight) {
            return Some(b.mv);
        }
        r -= u64::from(b.weight);
    }
    None
}

/// A Polyglot move (to file 0–2, to rank 3–5, from file 6–8, from rank 9–11, promotion 12–14) as a legal move
/// of `pos`; castling is written king-takes-rook (`e1h1`), as the king's own two-square move here.
fn decode(pos: &Position, raw: u16) -> Option<Move> {
    let square = |file: u16, rank: u16| Square::new((file & 7) as u8, (rank & 7) as u8);
    let from = square(raw >> 6, raw >> 9)?;
    let mut to = square(raw, raw >> 3)?;
    let king = pos.piece_at(from).is_some_and(|p| p.role == Role::King);
    if king && from.file() == 4 && to.rank() == from.rank() && (to.file() == 7 || to.file() == 0) {
        to = Square::new(if to.file() == 7 { 6 } else { 2 }, to.rank())?;
    }
    let mut text = format!("{}{}{}{}", from.file_char(), from.rank_char(), to.file_char(), to.rank_char());
    if let Some(role) = key::promotion_role((raw >> 12) & 7) {
        text.push(match role {
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            _ => 'q',
        });
    }
    parse_uci(pos, &text).ok()
}

#[cfg(test)]
mod tests;

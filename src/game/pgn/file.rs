//! A PGN file opened for review: its bytes and the index of its games; headers and games are read on demand,
//! so a file of 100,000 games opens at once.

use super::headers::Headers;
use super::index::PgnIndex;
use super::reader::{PgnGame, read_game};
use std::path::Path;

pub struct PgnFile {
    bytes: Vec<u8>,
    index: PgnIndex,
}

impl PgnFile {
    /// Reads and indexes a file.
    ///
    /// # Errors
    /// The I/O error when the file cannot be read.
    pub fn open(path: &Path) -> std::io::Result<PgnFile> {
        Ok(PgnFile::from_bytes(std::fs::read(path)?))
    }

    pub fn from_bytes(bytes: Vec<u8>) -> PgnFile {
        let index = PgnIndex::build(&bytes);
        PgnFile { bytes, index }
    }

    /// How many games the file holds.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Game `i`'s tags (0-based), for the game list.
    pub fn headers(&self, i: usize) -> Option<Headers> {
        self.index.headers(&self.bytes, i)
    }

    /// Game `i` (0-based), read and checked now.
    pub fn game(&self, i: usize) -> Option<PgnGame> {
        let s = self.index.spans.get(i)?;
        Some(read_game(&self.bytes[s.start..s.end], s.line, i + 1))
    }

    pub fn index(&self) -> &PgnIndex {
        &self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_read_on_demand() {
        let f = PgnFile::from_bytes(b"[White \"a\"]\n\n1. e4 *\n\n[White \"b\"]\n\n1. d4 d5 *\n".to_vec());
        assert_eq!(f.len(), 2);
        assert_eq!(f.headers(1).unwrap().get("White"), Some("b"));
        let g = f.game(1).unwrap();
        assert_eq!((g.number, g.line, g.tree.mainline.moves.len()), (2, 5, 2));
        assert!(f.game(2).is_none());
    }
}

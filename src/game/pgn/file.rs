//! A PGN file opened for review: its bytes and the index of its games; headers and games are read on demand,
//! so a file of 100,000 games opens at once. Reading is bounded: only regular files are read (a FIFO would block
//! and `/dev/zero` would never end), and at most `MAX_FILE` bytes of them.

use super::headers::Headers;
use super::index::PgnIndex;
use super::reader::{PgnGame, read_game};
use crate::files::read_bounded;
use std::io;
use std::path::Path;

/// Files larger than this are refused rather than read into memory.
pub const MAX_FILE: u64 = 512 * 1024 * 1024;

/// Reads a PGN file whole, refusing what is not a regular file (opened without blocking, so a FIFO is refused
/// at once) and anything over `MAX_FILE` bytes, however the file reports its size.
///
/// # Errors
/// The I/O error, or `InvalidInput` naming what the path is (a directory, a FIFO, a device) or its size.
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    Ok(utf16_as_utf8(read_bounded(path, MAX_FILE)?))
}

/// A file that starts with a UTF-16 byte order mark (Windows tools save PGN so), as UTF-8; other files as they
/// are (the PGN reader takes UTF-8 with or without a BOM, and Windows-1252).
fn utf16_as_utf8(bytes: Vec<u8>) -> Vec<u8> {
    match encoding_rs::Encoding::for_bom(&bytes) {
        Some((encoding, bom)) if encoding != encoding_rs::UTF_8 => {
            encoding.decode_without_bom_handling(&bytes[bom..]).0.into_owned().into_bytes()
        }
        _ => bytes,
    }
}

pub struct PgnFile {
    bytes: Vec<u8>,
    index: PgnIndex,
}

impl PgnFile {
    /// Reads (see `read_file`) and indexes a file.
    ///
    /// # Errors
    /// The I/O error when the file cannot be read, or is not a regular file, or is too large.
    pub fn open(path: &Path) -> std::io::Result<PgnFile> {
        Ok(PgnFile::from_bytes(read_file(path)?))
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

    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir();
        let e = read_file(&dir).unwrap_err();
        assert!(e.to_string().contains("a directory, not a regular file"), "{e}");
        #[cfg(unix)]
        {
            let e = read_file(Path::new("/dev/zero")).unwrap_err();
            assert!(e.to_string().contains("a device, not a regular file"), "{e}");
        }
    }

    #[test]
    fn utf16_files_are_read_as_utf8() {
        let text = "[White \"Müller\"]\n\n1. e4 *\n";
        let le: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be: Vec<u8> = [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect();
        assert_eq!(utf16_as_utf8(le), text.as_bytes());
        assert_eq!(utf16_as_utf8(be), text.as_bytes());
        let utf8_bom = [&[0xEF, 0xBB, 0xBF], text.as_bytes()].concat();
        assert_eq!(utf16_as_utf8(utf8_bom.clone()), utf8_bom);
        assert_eq!(utf16_as_utf8(b"M\xfcller".to_vec()), b"M\xfcller");
    }
}

//! The list of a PGN file's games: one row of clean header text per game; a game is read (its moves
//! parsed) only when opened.

use crate::game::pgn::{Headers, PgnGame, PgnIndex, read_game};
use crate::text::clean;

/// One row of the game list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListEntry {
    pub number: usize,
    pub white: String,
    pub black: String,
    pub result: String,
    pub date: String,
    pub event: String,
    pub variant: String,
}

/// The games of one PGN file; a game is read (moves parsed) only when opened.
pub struct GameList {
    pub title: String,
    source: Vec<u8>,
    index: PgnIndex,
    pub entries: Vec<ListEntry>,
    pub selected: usize,
}

impl GameList {
    pub fn new(title: &str, source: Vec<u8>) -> GameList {
        let index = PgnIndex::build(&source);
        let entries = (0..index.len()).map(|i| entry(i + 1, &index.headers(&source, i).unwrap_or_default())).collect();
        GameList { title: clean(title), source, index, entries, selected: 0 }
    }

    /// Reads game `i` (0-based) in full.
    pub fn open(&self, i: usize) -> Option<PgnGame> {
        let span = self.index.spans.get(i)?;
        Some(read_game(&self.source[span.start..span.end], span.line, i + 1))
    }

    pub fn move_selection(&mut self, delta: isize) {
        if self.entries.is_empty() {
            return;
        }
        let last = self.entries.len() as isize - 1;
        self.selected = (self.selected as isize + delta).clamp(0, last) as usize;
    }
}

fn entry(number: usize, h: &Headers) -> ListEntry {
    let get = |k: &str| clean(h.get(k).unwrap_or("?"));
    let variant = match h.get("Variant") {
        Some(v) => clean(v),
        None if h.get("FEN").is_some() => "From position".into(),
        None => "Standard".into(),
    };
    ListEntry {
        number,
        white: get("White"),
        black: get("Black"),
        result: get("Result"),
        date: get("Date"),
        event: get("Event"),
        variant,
    }
}

//! The list of a PGN file's games: one row of clean header text per game; a game is read (its moves
//! parsed) only when opened. The list of tabiya's saved games also knows each game's file, so an unfinished
//! one can be resumed from it.

use crate::game::pgn::{Headers, PgnGame, PgnIndex, read_game};
use crate::game::saves::{STATE_IN_PROGRESS, TAG_MARKER, TAG_STATE};
use crate::text::clean;
use std::path::PathBuf;

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
    /// A tabiya save of a game in progress (resumable when its file is known).
    pub unfinished: bool,
}

/// The games of one PGN file; a game is read (moves parsed) only when opened.
pub struct GameList {
    pub title: String,
    source: Vec<u8>,
    index: PgnIndex,
    pub entries: Vec<ListEntry>,
    pub selected: usize,
    /// The file each game came from, by game, for the saved games' list (empty for one PGN file).
    origins: Vec<Option<PathBuf>>,
    /// Why the last request could not be done, already cleaned; shown until the next one.
    pub notice: Option<String>,
}

impl GameList {
    pub fn new(title: &str, source: Vec<u8>) -> GameList {
        let index = PgnIndex::build(&source);
        let entries = (0..index.len())
            .map(|i| {
                let headers = index.headers(&source, i).unwrap_or_default();
                entry(i + 1, &headers, index.result(&source, i, &headers))
            })
            .collect();
        GameList { title: clean(title), source, index, entries, selected: 0, origins: Vec::new(), notice: None }
    }

    /// The saved games' list: the files' games one after another, each remembering its file.
    pub fn saved(title: &str, files: Vec<(PathBuf, Vec<u8>)>) -> GameList {
        let mut source = Vec::new();
        let mut origins = Vec::new();
        for (path, bytes) in files {
            // A file of tabiya's holds one game; one that holds another number is listed but not resumable.
            let games = PgnIndex::build(&bytes).len();
            origins.extend(std::iter::repeat_n((games == 1).then(|| path.clone()), games));
            source.extend_from_slice(&bytes);
            source.extend_from_slice(b"\n\n");
        }
        let mut list = GameList::new(title, source);
        // The files read alone and together must agree; if they do not, nothing is resumable from here.
        if origins.len() == list.entries.len() {
            list.origins = origins;
        }
        list
    }

    /// The file and a description of game `i` when it is an unfinished saved game that can be resumed.
    pub fn resumable(&self, i: usize) -> Option<(PathBuf, String)> {
        let e = self.entries.get(i).filter(|e| e.unfinished)?;
        let path = self.origins.get(i)?.clone()?;
        Some((path, format!("{} – {} ({})", e.white, e.black, e.date)))
    }

    /// Reads game `i` (0-based) in full.
    pub fn open(&self, i: usize) -> Option<PgnGame> {
        let span = self.index.spans.get(i)?;
        Some(read_game(&self.source[span.start..span.end], span.line, i + 1))
    }

    pub fn move_selection(&mut self, delta: isize) {
        self.notice = None;
        if self.entries.is_empty() {
            return;
        }
        let last = self.entries.len() as isize - 1;
        self.selected = (self.selected as isize + delta).clamp(0, last) as usize;
    }
}

fn entry(number: usize, h: &Headers, result: &str) -> ListEntry {
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
        result: result.to_string(),
        date: get("Date"),
        event: get("Event"),
        variant,
        unfinished: h.get(TAG_MARKER).is_some() && h.get(TAG_STATE) == Some(STATE_IN_PROGRESS),
    }
}

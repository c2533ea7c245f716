//! The embedded lichess opening table, built once on first use: every entry's moves are played from the start
//! position and the Zobrist key of the position reached indexes the entry.
//!
//! The data is compiled in (`include_str!`), so it is trusted in the sense that it cannot change under a
//! running program, but it is still parsed defensively: a line that is not `eco<TAB>name<TAB>pgn` or whose
//! moves do not parse is skipped and recorded in `failures` with its file and line, never a panic.

use super::reach::Reach;
use crate::rules::{Position, parse_san};
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The data set's five volumes, A to E, with the file names used in messages.
pub(super) const VOLUMES: [(&str, &str); 5] = [
    ("a.tsv", include_str!("../../../assets/openings/a.tsv")),
    ("b.tsv", include_str!("../../../assets/openings/b.tsv")),
    ("c.tsv", include_str!("../../../assets/openings/c.tsv")),
    ("d.tsv", include_str!("../../../assets/openings/d.tsv")),
    ("e.tsv", include_str!("../../../assets/openings/e.tsv")),
];

/// The header line each volume starts with.
const HEADER: &str = "eco\tname\tpgn";

/// One line of the data set whose moves parsed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub eco: &'static str,
    pub name: &'static str,
}

pub(super) struct Table {
    /// Every entry that parsed, in file order.
    pub entries: Vec<Entry>,
    /// Position key → index in `entries` of the entry that names that position. Where two lines name one
    /// position the first in file order (volumes A to E, top to bottom) is kept: a fixed, predictable rule,
    /// and the embedded data set has no such pair (a unit test checks), so it only matters after an update.
    pub by_key: HashMap<u64, u32>,
    /// The key of every position along a line of the data set, named or not (the positions after
    /// `1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4` are all here, though only lines going on from it are named): the
    /// book, for telling theory from a move of one's own.
    pub on_lines: HashSet<u64>,
    /// One line per skipped data-set line: `file line N: why`.
    pub failures: Vec<String>,
    /// Whether a game can still reach a named position (lets `classify` stop early).
    pub reach: Reach,
    /// The key of the standard start position: games from any other start get no name.
    pub start_key: u64,
}

/// The table, built on first use (about 40 ms in a release build) and shared by every caller after that.
pub(super) fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| Table::build(&VOLUMES))
}

impl Table {
    /// Builds the table from `(file name, text)` volumes, skipping (and recording) lines that do not parse.
    pub fn build(volumes: &[(&str, &'static str)]) -> Table {
        let start = Position::startpos();
        let mut table = Table {
            entries: Vec::with_capacity(4096),
            by_key: HashMap::with_capacity(4096),
            on_lines: HashSet::with_capacity(16384),
            failures: Vec::new(),
            reach: Reach::new(),
            start_key: start.key(),
        };
        for &(file, text) in volumes {
            for (i, line) in text.lines().enumerate() {
                if line.is_empty() || (i == 0 && line == HEADER) {
                    continue;
                }
                let mut keys = Vec::new();
                match parse_entry(&start, line, &mut keys) {
                    Ok((entry, pos)) => {
                        table.insert(entry, &pos);
                        table.on_lines.extend(keys);
                    }
                    Err(why) => table.failures.push(format!("{file} line {}: {why}", i + 1)),
                }
            }
        }
        table.reach.close();
        table
    }

    fn insert(&mut self, entry: Entry, pos: &Position) {
        let index = self.entries.len() as u32;
        self.entries.push(entry);
        self.reach.add(pos);
        // The first line to name a position keeps it.
        self.by_key.entry(pos.key()).or_insert(index);
    }

    /// The entry naming the position with this key, if any.
    pub fn get(&self, key: u64) -> Option<&Entry> {
        self.by_key.get(&key).map(|&i| &self.entries[i as usize])
    }
}

/// Reads one line, `eco<TAB>name<TAB>pgn`: the entry and the position its moves reach from `start`; the key
/// of each position along the way goes into `keys`.
fn parse_entry(start: &Position, line: &'static str, keys: &mut Vec<u64>) -> Result<(Entry, Position), String> {
    let mut fields = line.split('\t');
    let (Some(eco), Some(name), Some(pgn), None) = (fields.next(), fields.next(), fields.next(), fields.next()) else {
        return Err("expected three tab-separated fields: eco, name, pgn".to_string());
    };
    // The ECO code's shape: a volume letter A–E and two digits.
    let b = eco.as_bytes();
    if b.len() != 3 || !(b'A'..=b'E').contains(&b[0]) || !b[1..].iter().all(u8::is_ascii_digit) {
        return Err(format!("'{}' is not an ECO code", crate::text::clean(eco)));
    }
    if name.trim().is_empty() {
        return Err("the name is empty".to_string());
    }
    Ok((Entry { eco, name }, walk_pgn(start, pgn, |key| keys.push(key))?))
}

/// Plays a line such as `1. e4 e5 2. Nf3` from `start` and returns the position reached.
#[cfg(test)]
pub(super) fn play_pgn(start: &Position, pgn: &str) -> Result<Position, String> {
    walk_pgn(start, pgn, |_| {})
}

/// `play_pgn`, telling `seen` the key of each position after a move.
fn walk_pgn(start: &Position, pgn: &str, mut seen: impl FnMut(u64)) -> Result<Position, String> {
    let mut pos = start.clone();
    let mut plies = 0;
    for token in pgn.split_whitespace() {
        // Move numbers come as their own token ("12." or "12...") or glued to the move ("12.e4").
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if san.is_empty() {
            continue;
        }
        let m = parse_san(&pos, san).map_err(|e| format!("move {}: {e}", plies + 1))?;
        pos.make_move(m);
        seen(pos.key());
        plies += 1;
    }
    if plies == 0 {
        return Err("the line has no moves".to_string());
    }
    Ok(pos)
}

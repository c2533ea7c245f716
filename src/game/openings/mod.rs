//! Opening names: which named opening a game is in, from the lichess chess-openings data set (CC0, embedded
//! from `assets/openings/`, see the README there).
//!
//! The data set's rule: play the game's moves back from its last position until a position in the table is
//! reached. Positions are matched, not move orders, so a transposition gets the name of the position it
//! reaches. "The same position" is FIDE's: the same pieces on the same squares, side to move, castling rights
//! and en passant capture — exactly what the rules core's Zobrist key covers (the move counters are not in it,
//! and en passant counts only when the capture is legal). Two different positions with one 64-bit key are
//! possible in principle (odds about 4,000 in 2^64 per lookup) and are not checked for.
//!
//! The table (3,807 positions) is built once, on first use: every line's moves are parsed, about 40 ms in a
//! release build. After that `lookup` is one hash probe and `classify` costs 10–30 µs for an 80-ply game
//! (`examples/openings_bench.rs`): it checks each move is legal before playing it, and stops as soon as no
//! later position can be named (see `reach`).

mod reach;
mod table;

use crate::rules::{Move, MoveList, Position};
use table::{Entry, table};

/// A named opening: its ECO code (`"C70"`) and its name (`"Ruy Lopez: Morphy Defense"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    pub eco: &'static str,
    pub name: &'static str,
}

impl From<&Entry> for Opening {
    fn from(e: &Entry) -> Opening {
        Opening { eco: e.eco, name: e.name }
    }
}

/// The opening of the position reached by `moves` from `start`: the deepest named position along the game,
/// counted from its end (the data set's rule). None for a non-standard start or when no position is named.
///
/// The start counts as standard when it is the standard position, also in a game flagged Chess960 (start
/// 518); any other start, Chess960 or from a FEN, gets None. `moves` should be legal in turn, as a game
/// record's are; a move that is not legal where it stands ends the replay there, and the positions before it
/// are still named. The replay also stops once no later position can be named (pieces and unmoved pawns
/// never come back), which changes nothing in the answer.
pub fn classify(start: &Position, moves: &[Move]) -> Option<Opening> {
    let table = table();
    if start.key() != table.start_key {
        return None;
    }
    let mut pos = start.clone();
    let mut named = table.get(pos.key());
    let mut legal = MoveList::new();
    for &m in moves {
        pos.legal_moves(&mut legal);
        if !legal.contains(&m) {
            break;
        }
        pos.make_move(m);
        if !table.reach.may_lead_to_a_name(&pos) {
            break;
        }
        named = table.get(pos.key()).or(named);
    }
    named.map(Opening::from)
}

/// The named opening of exactly this position, if any (matched by position: see the module notes).
pub fn lookup(pos: &Position) -> Option<Opening> {
    table().get(pos.key()).map(Opening::from)
}

/// Whether this position lies on a line of the opening data set (a book position: named, or on the way to
/// one). Standard chess only, as the data set is.
pub fn is_book(pos: &Position) -> bool {
    table().on_lines.contains(&pos.key())
}

/// How many entries the table holds: the data-set lines that parsed (3,807 when all do). In the embedded data
/// each names a different position; where two lines name one, the first keeps it (see `table`).
pub fn table_len() -> usize {
    table().entries.len()
}

#[cfg(test)]
mod tests;

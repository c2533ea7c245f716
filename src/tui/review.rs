//! Reviewing saved games: the list of a PGN file's games, then one game stepped through move by move with
//! its comments, NAGs and variations, an engine evaluation on request, and "continue from here".
//! All text from the file passes through [`crate::text::clean`] before it can reach the screen.

use crate::engine::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest, Score, SearchLimits};
use crate::game::pgn::{Headers, PgnGame, PgnIndex, read_game};
use crate::rules::{Color, Move, Position, Square};
use crate::text::clean;
use std::sync::Arc;
use std::time::Duration;

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

/// One game being stepped through.
pub struct ReviewState {
    pub game: PgnGame,
    /// How many mainline moves are played on the board shown (0 = the start).
    pub ply: usize,
    pub flipped: bool,
    /// The position after each ply, `positions[0]` the start: stepping is then free.
    positions: Vec<Position>,
    pub evaluation: Option<String>,
    engine: Option<EngineHandle>,
    search_id: u64,
    /// The game came from a list (Esc goes back to it).
    pub from_list: bool,
}

impl ReviewState {
    pub fn new(game: PgnGame, from_list: bool) -> ReviewState {
        let mut positions = vec![game.tree.start.clone()];
        for node in &game.tree.mainline.moves {
            let mut next = positions.last().cloned().unwrap_or_else(|| game.tree.start.clone());
            next.make_move(node.mv);
            positions.push(next);
        }
        let ply = 0;
        ReviewState { game, ply, flipped: false, positions, evaluation: None, engine: None, search_id: 0, from_list }
    }

    pub fn len(&self) -> usize {
        self.positions.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn position(&self) -> &Position {
        &self.positions[self.ply.min(self.positions.len() - 1)]
    }

    pub fn go_to(&mut self, ply: usize) {
        let ply = ply.min(self.len());
        if ply != self.ply {
            self.ply = ply;
            self.evaluation = None;
            if let Some(engine) = &self.engine {
                engine.send(EngineCommand::Stop);
            }
        }
    }

    pub fn step(&mut self, delta: isize) {
        let target = (self.ply as isize + delta).clamp(0, self.len() as isize) as usize;
        self.go_to(target);
    }

    /// The move that led to the shown position.
    pub fn current_move(&self) -> Option<Move> {
        self.ply.checked_sub(1).and_then(|i| self.game.tree.mainline.moves.get(i)).map(|n| n.mv)
    }

    pub fn last_move_squares(&self) -> Option<(Square, Square)> {
        self.current_move().map(|m| {
            let to = if m.is_castle() { super::input::king_destination(m) } else { m.to() };
            (m.from(), to)
        })
    }

    /// The comment, NAGs and variations at the shown move, as lines of clean text.
    pub fn annotations(&self) -> Vec<String> {
        let mut out = Vec::new();
        let tree = &self.game.tree;
        let Some(node) = self.ply.checked_sub(1).and_then(|i| tree.mainline.moves.get(i)) else {
            if let Some(c) = &tree.mainline.comment {
                out.push(clean(c));
            }
            return out;
        };
        let nags: Vec<&str> = node.nags.iter().map(|&n| nag_text(n)).collect();
        if !nags.is_empty() {
            out.push(format!("{} {}", clean(&node.san), nags.join(" ")));
        }
        if let Some(c) = &node.comment {
            out.push(clean(c));
        }
        if let Some(e) = &node.eval {
            out.push(format!("Evaluation in the file: {e}"));
        }
        for v in &node.variations {
            let sans: Vec<String> = v.moves.iter().take(12).map(|n| clean(&n.san)).collect();
            let more = if v.moves.len() > 12 { " …" } else { "" };
            out.push(format!("Variation: {}{more}", sans.join(" ")));
        }
        out
    }

    /// Asks the built-in engine about the shown position (a one-second search); the answer arrives through
    /// [`ReviewState::poll`], woken by `notify`.
    pub fn evaluate(&mut self, hash_mb: usize, notify: Arc<dyn Fn() + Send + Sync>) {
        self.search_id += 1;
        let limits = SearchLimits { movetime: Some(Duration::from_secs(1)), ..SearchLimits::default() };
        let request = GoRequest { id: self.search_id, start: self.position().clone(), moves: Vec::new(), limits };
        if self.engine.is_none() {
            match EngineHandle::spawn_with_notify(EngineOptions { hash_mb, level: 8 }, notify) {
                Ok(engine) => self.engine = Some(engine),
                Err(e) => {
                    self.evaluation = Some(format!("Engine: {e}"));
                    return;
                }
            }
        }
        let Some(engine) = &self.engine else { return };
        engine.send(EngineCommand::Go(request));
        self.evaluation = Some("Evaluating…".into());
    }

    /// Takes the engine's reports; true if something changed on screen.
    pub fn poll(&mut self) -> bool {
        let Some(engine) = &self.engine else { return false };
        let mut changed = false;
        while let Some(report) = engine.try_recv() {
            let (id, info) = match report {
                EngineReport::Info { id, info } => (id, Some(info)),
                EngineReport::BestMove { id, .. } => (id, None),
                EngineReport::Notice { .. } => continue,
            };
            if id != self.search_id {
                continue;
            }
            if let Some(info) = info {
                let white = self.position().side_to_move() == Color::White;
                self.evaluation = Some(format!("Engine: {} (depth {})", score_text(info.score, white), info.depth));
                changed = true;
            }
        }
        changed
    }
}

/// A score from the side to move's view, told from White's.
fn score_text(score: Score, white_to_move: bool) -> String {
    let sign = if white_to_move { 1 } else { -1 };
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp * sign) / 100.0),
        Score::Mate(n) => {
            let n = n * sign;
            if n > 0 { format!("White mates in {n}") } else { format!("Black mates in {}", -n) }
        }
    }
}

fn nag_text(n: u8) -> &'static str {
    match n {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        10 => "=",
        13 => "∞",
        14 => "⩲",
        15 => "⩱",
        16 => "±",
        17 => "∓",
        18 => "+−",
        19 => "−+",
        _ => "(NAG)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = "[Event \"Test\x1b[31m\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
        1. e4 $1 {Best by test\x1b]52;c;AAAA\x07} (1. d4 d5) 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
        [Event \"Second\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. d4 *\n";

    #[test]
    fn list_shows_clean_headers() {
        let list = GameList::new("games.pgn", PGN.as_bytes().to_vec());
        assert_eq!(list.entries.len(), 2);
        assert!(list.entries[0].event.starts_with("Test") && !list.entries[0].event.contains('\x1b'));
        assert_eq!(list.entries[1].white, "C");
    }

    #[test]
    fn stepping_and_annotations() {
        let list = GameList::new("games.pgn", PGN.as_bytes().to_vec());
        let mut r = ReviewState::new(list.open(0).unwrap(), true);
        assert_eq!(r.len(), 7);
        r.step(1);
        let notes = r.annotations();
        assert!(notes.iter().any(|l| l.contains('!')), "{notes:?}");
        assert!(notes.iter().any(|l| l.starts_with("Best by test")), "{notes:?}");
        assert!(notes.iter().any(|l| l.starts_with("Variation: d4 d5")), "{notes:?}");
        assert!(notes.iter().all(|l| !l.chars().any(char::is_control)));
        r.go_to(100);
        assert_eq!(r.ply, 7);
        assert!(r.position().in_check());
        r.step(-10);
        assert_eq!(r.ply, 0);
    }
}

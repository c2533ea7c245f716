//! The built-in engine as a computer player: adapts `engine::EngineHandle` (its own search thread) to
//! `Brain`.

use super::brain::{Brain, BrainReport, EngineScore, ThinkRequest};
use super::error::GameError;
use super::external::Notifier;
use crate::engine::book::Book;
use crate::engine::{
    EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest, MAX_LEVEL, Score, SearchLimits,
};
use std::collections::VecDeque;
use std::path::Path;

pub struct BuiltinEngine {
    handle: EngineHandle,
    /// The opening book, while it has moves for the game (levels 2–12).
    book: Option<Book>,
    /// Book moves, answered without a search.
    booked: VecDeque<BrainReport>,
    notify: Option<Notifier>,
}

impl BuiltinEngine {
    /// Starts the engine's search thread with `options`: its level (clamped to 1..=`MAX_LEVEL`), a `hash_mb` MiB
    /// transposition table (or a smaller one, if that much memory cannot be had: the first report is then a
    /// `Notice` saying so) and its search threads.
    ///
    /// # Errors
    /// `Engine` when the search thread cannot be started.
    pub fn new(options: EngineOptions, notify: Option<Notifier>) -> Result<BuiltinEngine, GameError> {
        let options = EngineOptions { level: options.level.clamp(1, MAX_LEVEL), ..options };
        let handle = match notify.clone() {
            Some(n) => EngineHandle::spawn_with_notify(options, n),
            None => EngineHandle::spawn(options),
        };
        Ok(BuiltinEngine {
            book: None,
            booked: VecDeque::new(),
            notify,
            handle: handle.map_err(|e| GameError::Engine {
                name: "tabiya".into(),
                message: e.to_string(),
                source: None,
            })?,
        })
    }
}

/// Starts the built-in engine with `options` (its level, hash size and threads).
///
/// # Errors
/// `Engine` for a level outside 1..=`MAX_LEVEL`, or when the search thread cannot be started.
pub(super) fn spawn(
    options: EngineOptions,
    book: Option<&Path>,
    notify: Option<Notifier>,
) -> Result<Option<Box<dyn Brain>>, GameError> {
    let level = options.level;
    if !(1..=MAX_LEVEL).contains(&level) {
        let message = format!("level {level} does not exist (1–{MAX_LEVEL})");
        return Err(GameError::Engine { name: "tabiya".into(), message, source: None });
    }
    let mut engine = BuiltinEngine::new(options, notify)?;
    // Level 1 plays for someone who has just learnt the moves: book lines would make it look stronger.
    if level >= 2 {
        engine.book = book.and_then(|p| Book::open(p).ok());
    }
    Ok(Some(Box::new(engine)))
}

impl BuiltinEngine {
    /// A book move for a request to play (one line), if the book has one; the book is dropped once it has none.
    fn book_move(&mut self, r: &ThinkRequest) -> Option<BrainReport> {
        let book = self.book.as_mut().filter(|_| r.lines <= 1)?;
        let mut pos = r.start.clone();
        for &m in &r.moves {
            pos.make_move(m);
        }
        match book.choose(&pos, &mut rand::rng()) {
            Some(mv) => Some(BrainReport::BestMove { id: r.id, best: Some(mv) }),
            None => {
                self.book = None;
                None
            }
        }
    }
}

impl Brain for BuiltinEngine {
    fn think(&mut self, r: ThinkRequest) {
        if let Some(report) = self.book_move(&r) {
            self.booked.push_back(report);
            if let Some(n) = &self.notify {
                n();
            }
            return;
        }
        let limits = SearchLimits {
            wtime: r.wtime,
            btime: r.btime,
            winc: r.winc,
            binc: r.binc,
            movestogo: r.movestogo,
            movetime: r.movetime,
            depth: r.depth,
            nodes: r.nodes,
            multipv: r.lines,
            ..SearchLimits::default()
        };
        self.handle.send(EngineCommand::Go(GoRequest { id: r.id, start: r.start, moves: r.moves, limits }));
    }

    fn stop(&mut self) {
        self.handle.send(EngineCommand::Stop);
    }

    fn new_game(&mut self) {
        self.handle.send(EngineCommand::NewGame);
    }

    fn try_recv(&mut self) -> Option<BrainReport> {
        if let Some(report) = self.booked.pop_front() {
            return Some(report);
        }
        while let Some(report) = self.handle.try_recv() {
            if let Some(r) = brain_report(report) {
                return Some(r);
            }
        }
        None
    }
}

/// The engine's report as the game sees it; None for what only UCI GUIs use (the root move being searched).
fn brain_report(report: EngineReport) -> Option<BrainReport> {
    Some(match report {
        EngineReport::Info { id, info } => BrainReport::Info {
            id,
            depth: info.depth,
            multipv: info.multipv,
            score: Some(match info.score {
                Score::Cp(cp) => EngineScore::Cp(cp),
                Score::Mate(n) => EngineScore::Mate(n),
            }),
            pv: info.pv,
        },
        EngineReport::BestMove { id, best, .. } => BrainReport::BestMove { id, best },
        EngineReport::Notice { message } => BrainReport::Notice { message },
        EngineReport::CurrentMove { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use std::time::{Duration, Instant};

    fn request(lines: usize, depth: u32) -> ThinkRequest {
        ThinkRequest {
            id: 5,
            start: Position::startpos(),
            moves: Vec::new(),
            wtime: None,
            btime: None,
            winc: None,
            binc: None,
            movestogo: None,
            movetime: None,
            lines,
            depth: Some(depth),
            nodes: None,
        }
    }

    /// Every report up to and including the best move (generous deadline: this tests behaviour, not speed).
    fn reports(brain: &mut BuiltinEngine) -> Vec<BrainReport> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            match brain.try_recv() {
                Some(r @ BrainReport::BestMove { .. }) => {
                    seen.push(r);
                    return seen;
                }
                Some(r) => seen.push(r),
                None => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        panic!("no best move; got {seen:?}");
    }

    #[test]
    fn three_lines_asked_give_three_lines_per_depth_best_first() {
        let mut brain = BuiltinEngine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() }, None).unwrap();
        brain.think(request(3, 5));
        let seen = reports(&mut brain);
        let infos: Vec<_> = seen
            .iter()
            .filter_map(|r| match r {
                BrainReport::Info { depth, multipv, score: Some(EngineScore::Cp(cp)), pv, .. } => {
                    Some((*depth, *multipv, *cp, pv[0]))
                }
                _ => None,
            })
            .collect();
        let last: Vec<_> = infos.iter().filter(|i| i.0 == 5).collect();
        assert_eq!(last.iter().map(|i| i.1).collect::<Vec<_>>(), [1, 2, 3], "{infos:?}");
        assert!(last.windows(2).all(|w| w[0].2 >= w[1].2 && w[0].3 != w[1].3), "{last:?}");
        assert_ne!(last[0].3, last[2].3);
        assert!(matches!(seen.last(), Some(BrainReport::BestMove { id: 5, best: Some(m) }) if *m == last[0].3));
        // Depth 1 to 5, three lines each.
        assert_eq!(infos.len(), 15, "{infos:?}");
    }

    #[test]
    fn one_line_asked_gives_line_one_only() {
        let mut brain = BuiltinEngine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() }, None).unwrap();
        brain.think(request(1, 4));
        let seen = reports(&mut brain);
        let lines: Vec<u32> = seen
            .iter()
            .filter_map(|r| if let BrainReport::Info { multipv, .. } = r { Some(*multipv) } else { None })
            .collect();
        assert_eq!(lines, [1, 1, 1, 1]);
    }
}

//! The built-in engine as a computer player: adapts `engine::EngineHandle` (its own search thread) to
//! `Brain`.

use super::brain::{Brain, BrainReport, EngineScore, ThinkRequest};
use super::error::GameError;
use super::external::Notifier;
use crate::engine::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest, Score, SearchLimits};

pub struct BuiltinEngine {
    handle: EngineHandle,
}

impl BuiltinEngine {
    /// Starts the engine's search thread at `level` (1..=8) with a `hash_mb` MiB transposition table (or a
    /// smaller one, if that much memory cannot be had: the first report is then a `Notice` saying so).
    ///
    /// # Errors
    /// `Engine` when the search thread cannot be started.
    pub fn new(level: u8, hash_mb: usize, notify: Option<Notifier>) -> Result<BuiltinEngine, GameError> {
        let options = EngineOptions { level: level.clamp(1, 8), hash_mb };
        let handle = match notify {
            Some(n) => EngineHandle::spawn_with_notify(options, n),
            None => EngineHandle::spawn(options),
        };
        Ok(BuiltinEngine {
            handle: handle.map_err(|e| GameError::Engine {
                name: "tabiya".into(),
                message: e.to_string(),
                source: None,
            })?,
        })
    }
}

/// Starts the built-in engine at `level`.
///
/// # Errors
/// `Engine` for a level outside 1..=8, or when the search thread cannot be started.
pub(super) fn spawn(level: u8, hash_mb: usize, notify: Option<Notifier>) -> Result<Option<Box<dyn Brain>>, GameError> {
    if !(1..=8).contains(&level) {
        let message = format!("level {level} does not exist (1–8)");
        return Err(GameError::Engine { name: "tabiya".into(), message, source: None });
    }
    Ok(Some(Box::new(BuiltinEngine::new(level, hash_mb, notify)?)))
}

impl Brain for BuiltinEngine {
    fn think(&mut self, r: ThinkRequest) {
        let limits = SearchLimits {
            wtime: r.wtime,
            btime: r.btime,
            winc: r.winc,
            binc: r.binc,
            movestogo: r.movestogo,
            movetime: r.movetime,
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
        Some(match self.handle.try_recv()? {
            EngineReport::Info { id, info } => BrainReport::Info {
                id,
                depth: info.depth,
                score: Some(match info.score {
                    Score::Cp(cp) => EngineScore::Cp(cp),
                    Score::Mate(n) => EngineScore::Mate(n),
                }),
                pv: info.pv,
            },
            EngineReport::BestMove { id, best, .. } => BrainReport::BestMove { id, best },
            EngineReport::Notice { message } => BrainReport::Notice { message },
        })
    }
}

//! The built-in engine's evaluation of the shown position (Ctrl+E): one engine thread made on first use, a
//! one-second search per request, answers to older requests dropped. To be replaced by the game layer's
//! analysis service; the review screen gives whatever this says its own panel.

use crate::engine::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest, Score, SearchLimits};
use crate::rules::{Color, Position};
use std::sync::Arc;
use std::time::Duration;

#[derive(Default)]
pub struct ReviewEngine {
    engine: Option<EngineHandle>,
    search_id: u64,
    /// What the engine says about the shown position (None: nothing asked since the last move change).
    pub text: Option<String>,
}

impl ReviewEngine {
    /// Asks about `position` (a one-second search); the answer arrives through [`ReviewEngine::poll`], woken by
    /// `notify`.
    pub fn evaluate(&mut self, position: &Position, hash_mb: usize, notify: Arc<dyn Fn() + Send + Sync>) {
        self.search_id += 1;
        let limits = SearchLimits { movetime: Some(Duration::from_secs(1)), ..SearchLimits::default() };
        let request = GoRequest { id: self.search_id, start: position.clone(), moves: Vec::new(), limits };
        if self.engine.is_none() {
            match EngineHandle::spawn_with_notify(EngineOptions { hash_mb, level: 8 }, notify) {
                Ok(engine) => self.engine = Some(engine),
                Err(e) => {
                    self.text = Some(format!("Engine: {e}"));
                    return;
                }
            }
        }
        let Some(engine) = &self.engine else { return };
        engine.send(EngineCommand::Go(request));
        self.text = Some("Evaluating…".into());
    }

    /// The shown position changed: what was said no longer applies.
    pub fn forget(&mut self) {
        self.text = None;
        if let Some(engine) = &self.engine {
            engine.send(EngineCommand::Stop);
        }
    }

    /// Takes the engine's reports about `position`; true if something changed on screen.
    pub fn poll(&mut self, position: &Position) -> bool {
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
                let white = position.side_to_move() == Color::White;
                self.text = Some(format!("Engine: {} (depth {})", score_text(info.score, white), info.depth));
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

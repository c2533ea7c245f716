//! The controller's computer players: starting them, asking for moves with the clocks, playing their answers,
//! dropping stale ones, and hints and evaluations from the built-in engine.

use super::brain::{Brain, BrainReport, ThinkRequest};
use super::controller::{AnalysisKind, GameController};
use super::error::GameError;
use super::events::{Evaluation, GameEvent, Hint};
use super::external::ExternalEngine;
use super::player::PlayerKind;
use super::time_control::Bonus;
use crate::rules::{Color, Position, to_san};
use std::time::Duration;

impl GameController {
    /// Starts the engines for the computer players.
    pub(super) fn start_players(&mut self) -> Result<(), GameError> {
        for color in [Color::White, Color::Black] {
            let kind = self.player(color).clone();
            self.brains[color.index()] = make_brain(&kind, self.options.engine_hash_mb, self.options.notify.clone())?;
        }
        Ok(())
    }

    /// Replaces a side's engine (for custom engines, and tests that script the computer's answers).
    pub fn set_brain(&mut self, color: Color, brain: Box<dyn Brain>) {
        self.cancel_thinking();
        self.brains[color.index()] = Some(brain);
        self.start_thinking(&mut Vec::new());
    }

    /// Replaces the engine used for hints and evaluations.
    pub fn set_analyst(&mut self, brain: Box<dyn Brain>) {
        self.analysis = None;
        self.analyst = Some(brain);
    }

    fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn request(&mut self, movetime: Option<Duration>) -> ThinkRequest {
        let id = self.fresh_id();
        let mut r = ThinkRequest {
            id,
            start: self.history.start().clone(),
            moves: self.history.moves().to_vec(),
            wtime: self.clock(Color::White),
            btime: self.clock(Color::Black),
            winc: None,
            binc: None,
            movestogo: None,
            movetime,
        };
        if movetime.is_none() {
            self.add_clock_limits(&mut r);
        }
        r
    }

    /// Engines only know increments and "moves to go"; a delay is passed as an increment, which is what it is
    /// worth on average.
    fn add_clock_limits(&self, r: &mut ThinkRequest) {
        let control = self.clock.control();
        if control.is_untimed() {
            r.movetime = Some(self.options.untimed_movetime);
            return;
        }
        for color in [Color::White, Color::Black] {
            let n = self.clock.state().moves_made[color.index()] + 1;
            let Some((stage, _)) = control.stage_of_move(n) else { continue };
            let inc = match control.stages[stage].bonus {
                Bonus::None => None,
                Bonus::Increment(d) | Bonus::SimpleDelay(d) | Bonus::Bronstein(d) => Some(d),
            };
            match color {
                Color::White => r.winc = inc,
                Color::Black => r.binc = inc,
            }
            if color == self.side_to_move()
                && let Some(moves) = control.stages[stage].moves
            {
                // Moves left in this stage, counting the one to be made.
                let mut left = 1;
                while control.stage_of_move(n + left - 1).is_some_and(|(s, ends)| s == stage && !ends) {
                    left += 1;
                }
                r.movestogo = Some(left.min(moves));
            }
        }
    }

    /// Asks the computer for a move if it is to play and not already thinking.
    pub(super) fn start_thinking(&mut self, events: &mut Vec<GameEvent>) {
        let side = self.side_to_move();
        if self.result.is_some() || self.thinking.is_some_and(|(c, _)| c == side) {
            return;
        }
        if self.brains[side.index()].is_none() {
            return;
        }
        let request = self.request(None);
        let id = request.id;
        if let Some(brain) = self.brains[side.index()].as_mut() {
            brain.think(request);
            self.thinking = Some((side, id));
            events.push(GameEvent::Thinking(side));
        }
    }

    /// Makes any search in flight stale and asks it to stop.
    pub(super) fn cancel_thinking(&mut self) {
        if let Some((color, _)) = self.thinking.take()
            && let Some(brain) = self.brains[color.index()].as_mut()
        {
            brain.stop();
        }
    }

    pub(super) fn request_analysis(&mut self, kind: AnalysisKind, events: &mut Vec<GameEvent>) {
        if self.analyst.is_none() {
            match make_brain(&PlayerKind::Engine { level: 8 }, self.options.engine_hash_mb, self.options.notify.clone())
            {
                Ok(brain) => self.analyst = brain,
                Err(e) => {
                    events.push(GameEvent::EngineFailed { color: None, message: e.to_string() });
                    return;
                }
            }
        }
        let request = self.request(Some(self.options.analysis_time));
        self.analysis = Some((request.id, kind));
        if let Some(a) = self.analyst.as_mut() {
            a.think(request);
        }
    }

    /// Takes the engines' reports: plays current best moves, keeps scores, drops stale answers.
    pub(super) fn drain_engines(&mut self, events: &mut Vec<GameEvent>) {
        for color in [Color::White, Color::Black] {
            while let Some(report) = self.brains[color.index()].as_mut().and_then(|b| b.try_recv()) {
                self.on_player_report(color, report, events);
            }
        }
        while let Some(report) = self.analyst.as_mut().and_then(|b| b.try_recv()) {
            self.on_analysis_report(report, events);
        }
    }

    fn on_player_report(&mut self, color: Color, report: BrainReport, events: &mut Vec<GameEvent>) {
        let current = self.thinking == Some((color, report_id(&report).unwrap_or(0)));
        match report {
            BrainReport::Info { score: Some(score), .. } if current => {
                let white_to_move = self.side_to_move() == Color::White;
                self.engine_scores[color.index()] = Some(score.for_white(white_to_move));
            }
            BrainReport::Info { .. } => {}
            BrainReport::BestMove { .. } if !current || self.result.is_some() => {}
            BrainReport::BestMove { best, .. } => {
                self.thinking = None;
                match best.filter(|&m| self.position().is_legal(m)) {
                    Some(m) => self.play(m, events),
                    None => events.push(GameEvent::EngineFailed {
                        color: Some(color),
                        message: format!("{} gave no legal move", self.player(color).name()),
                    }),
                }
            }
            BrainReport::Notice { message } => events.push(GameEvent::Notice(message)),
            BrainReport::Failed { message } => {
                self.thinking = self.thinking.filter(|(c, _)| *c != color);
                self.brains[color.index()] = None;
                events.push(GameEvent::EngineFailed { color: Some(color), message });
            }
        }
    }

    fn on_analysis_report(&mut self, report: BrainReport, events: &mut Vec<GameEvent>) {
        let Some((id, kind)) = self.analysis else { return };
        if report_id(&report) != Some(id) {
            if let BrainReport::Failed { message } = report {
                self.analyst = None;
                self.analysis = None;
                events.push(GameEvent::EngineFailed { color: None, message });
            }
            return;
        }
        let pos = self.position().clone();
        match report {
            BrainReport::Info { depth, score: Some(score), pv, .. } => {
                let white_to_move = pos.side_to_move() == Color::White;
                let line = san_line(&pos, &pv);
                let evaluation = Evaluation { score: score.for_white(white_to_move), depth, line };
                self.evaluation = Some(evaluation.clone());
                if kind == AnalysisKind::Evaluation {
                    events.push(GameEvent::Evaluation(evaluation));
                }
            }
            BrainReport::BestMove { best: Some(m), .. } if pos.is_legal(m) => {
                self.analysis = None;
                if kind == AnalysisKind::Hint {
                    let hint = Hint { mv: m, san: to_san(&pos, m) };
                    self.hint = Some(hint.clone());
                    events.push(GameEvent::Hint(hint));
                }
            }
            _ => self.analysis = None,
        }
    }
}

fn report_id(r: &BrainReport) -> Option<u64> {
    match r {
        BrainReport::Info { id, .. } | BrainReport::BestMove { id, .. } => Some(*id),
        BrainReport::Failed { .. } | BrainReport::Notice { .. } => None,
    }
}

fn san_line(start: &Position, pv: &[crate::rules::Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &m in pv.iter().take(12) {
        if !pos.is_legal(m) {
            break;
        }
        out.push(to_san(&pos, m));
        pos.make_move(m);
    }
    out
}

/// Starts the engine for a player (None for a person).
///
/// # Errors
/// `Engine` when the engine cannot start.
pub(super) fn make_brain(
    kind: &PlayerKind,
    hash_mb: usize,
    notify: Option<super::external::Notifier>,
) -> Result<Option<Box<dyn Brain>>, GameError> {
    match kind {
        PlayerKind::Human { .. } => Ok(None),
        PlayerKind::External { command } => {
            Ok(Some(Box::new(ExternalEngine::spawn(command, notify).map_err(GameError::Engine)?)))
        }
        PlayerKind::Engine { level } => super::builtin::spawn(*level, hash_mb, notify),
    }
}

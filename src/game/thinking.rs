//! The controller's computer players: starting them, asking for moves with the clocks, playing their answers,
//! dropping stale ones. (Hints and evaluations come from the analysis service, `game::analysis`.)
//!
//! An engine that breaks down (an illegal, unreadable or missing move, an exit, silence past its time) ends its
//! turn at once: the clocks stop, the game is saved as it stands, and nothing moves until the user chooses,
//! through `GameCommand::ReplacePlayer` (another computer level, engine or a person) or
//! `GameCommand::ScoreEngineLoss` (the engine's loss, as match runners score it). Quitting instead leaves the
//! game saved to resume.

use super::brain::{Brain, BrainReport, ThinkRequest};
use super::controller::{ControllerOptions, GameController};
use super::error::GameError;
use super::events::{GameCommand, GameEvent};
use super::external::ExternalEngine;
use super::player::PlayerKind;
use super::result::{EndReason, EngineFault, Outcome};
use super::time_control::Bonus;
use crate::rules::Color;
use crate::text::clean;
use std::time::Duration;

/// A computer player that broke down, waiting for the user's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineFailure {
    pub color: Color,
    pub fault: EngineFault,
    /// Names the engine and what it did, e.g. "Stockfish sent an illegal move: e2e5".
    pub message: String,
}

impl GameController {
    /// Starts the engines for the computer players.
    pub(super) fn start_players(&mut self) -> Result<(), GameError> {
        for color in [Color::White, Color::Black] {
            let kind = self.player(color).clone();
            self.brains[color.index()] = make_brain(&kind, &self.options)?;
        }
        Ok(())
    }

    /// Replaces a side's engine (for custom engines, and tests that script the computer's answers).
    pub fn set_brain(&mut self, color: Color, brain: Box<dyn Brain>) {
        self.cancel_thinking();
        self.brains[color.index()] = Some(brain);
        self.start_thinking(&mut Vec::new());
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
            lines: 1,
            depth: None,
            nodes: None,
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

    /// Takes the engines' reports: plays current best moves, keeps scores, drops stale answers.
    pub(super) fn drain_engines(&mut self, events: &mut Vec<GameEvent>) {
        for color in [Color::White, Color::Black] {
            while let Some(report) = self.brains[color.index()].as_mut().and_then(|b| b.try_recv()) {
                self.on_player_report(color, report, events);
            }
        }
    }

    fn on_player_report(&mut self, color: Color, report: BrainReport, events: &mut Vec<GameEvent>) {
        let current = self.thinking == Some((color, report_id(&report).unwrap_or(0)));
        if let (true, BrainReport::Info { id, depth, .. }) = (current, &report) {
            self.thinking_depth = Some((*id, *depth));
        }
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
                    None => {
                        let message = format!("{} sent no legal move", clean(&self.player(color).name()));
                        self.engine_broke(color, EngineFault::NoMove, message, events);
                    }
                }
            }
            BrainReport::Rejected { .. } if !current || self.result.is_some() => {}
            BrainReport::Rejected { fault, message, .. } => self.engine_broke(color, fault, message, events),
            BrainReport::Failed { fault, message } => self.engine_broke(color, fault, message, events),
            BrainReport::Notice { message } => events.push(GameEvent::Notice(message)),
        }
    }

    /// Ends a broken engine's part: its process goes, the clocks stop, the game is saved, and the user is told.
    fn engine_broke(&mut self, color: Color, fault: EngineFault, message: String, events: &mut Vec<GameEvent>) {
        self.thinking = self.thinking.filter(|(c, _)| *c != color);
        self.brains[color.index()] = None;
        if self.result.is_some() || self.engine_failure.is_some() {
            // A second failure waits: replacing the first restarts whatever engine is missing.
            return;
        }
        let now = self.now();
        self.clock.stop(now);
        self.engine_failure = Some(EngineFailure { color, fault, message: message.clone() });
        events.push(GameEvent::EngineFailed { color: Some(color), message });
        self.persist(events);
    }

    /// The engine failure waiting for the user's choice, if any.
    pub fn engine_failure(&self) -> Option<&EngineFailure> {
        self.engine_failure.as_ref()
    }

    /// While an engine failure waits, only settling it is possible.
    ///
    /// # Errors
    /// `EngineFailurePending` with the failure's message.
    pub(super) fn refuse_while_broken(&self, command: &GameCommand) -> Result<(), GameError> {
        match (&self.engine_failure, command) {
            (None, _) => Ok(()),
            (Some(_), GameCommand::ReplacePlayer { .. } | GameCommand::ScoreEngineLoss(_)) => Ok(()),
            (Some(f), _) => Err(GameError::EngineFailurePending(f.message.clone())),
        }
    }

    /// Lets `player` take over the side whose engine broke, keeping the moves and the clocks as they stood.
    ///
    /// # Errors
    /// `NoEngineFailure` when that side's engine has not failed; `Engine` when the new engine cannot start
    /// (the failure then still waits).
    pub(super) fn replace_player(
        &mut self,
        color: Color,
        player: PlayerKind,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        if self.engine_failure.as_ref().map(|f| f.color) != Some(color) {
            return Err(GameError::NoEngineFailure(color));
        }
        let brain = make_brain(&player, &self.options)?;
        match color {
            Color::White => self.setup.white = player,
            Color::Black => self.setup.black = player,
        }
        self.brains[color.index()] = brain;
        self.engine_failure = None;
        let other = !color;
        if self.player(other).is_computer() && self.brains[other.index()].is_none() {
            let kind = self.player(other).clone();
            if let Err(e) = make_brain(&kind, &self.options).map(|b| self.brains[other.index()] = b) {
                let message = e.to_string();
                self.engine_broke(other, EngineFault::Stopped, message, events);
                return Ok(());
            }
        }
        let now = self.now();
        self.clock.start_turn(self.side_to_move(), now);
        self.after_change(events);
        Ok(())
    }

    /// Scores the game as a loss for the side whose engine broke.
    ///
    /// # Errors
    /// `NoEngineFailure` when that side's engine has not failed.
    pub(super) fn score_engine_loss(&mut self, color: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        match self.engine_failure.take() {
            Some(f) if f.color == color => {
                self.finish(Outcome::Win(!color), EndReason::EngineFault(color, f.fault), events);
                Ok(())
            }
            other => {
                self.engine_failure = other;
                Err(GameError::NoEngineFailure(color))
            }
        }
    }
}

fn report_id(r: &BrainReport) -> Option<u64> {
    match r {
        BrainReport::Info { id, .. } | BrainReport::BestMove { id, .. } | BrainReport::Rejected { id, .. } => Some(*id),
        BrainReport::Failed { .. } | BrainReport::Notice { .. } => None,
    }
}

/// Starts the engine for a player (None for a person).
///
/// # Errors
/// `Engine` when the engine cannot start.
pub(super) fn make_brain(kind: &PlayerKind, options: &ControllerOptions) -> Result<Option<Box<dyn Brain>>, GameError> {
    let notify = options.notify.clone();
    match kind {
        PlayerKind::Human { .. } => Ok(None),
        PlayerKind::External(engine) => {
            Ok(Some(Box::new(ExternalEngine::spawn(engine, options.engine_timeouts, notify)?)))
        }
        PlayerKind::Engine { level } => {
            let engine = crate::engine::EngineOptions {
                level: *level,
                hash_mb: options.engine_hash_mb,
                threads: options.engine_threads,
            };
            super::builtin::spawn(engine, options.engine_book.as_deref(), notify)
        }
    }
}

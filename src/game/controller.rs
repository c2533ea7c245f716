//! The game controller: one game's state machine, UI-free and synchronous.
//!
//! A front end drives it with `apply(GameCommand)` and `poll()` (engine answers, flag falls) and reads the
//! state through accessors; each call returns the `GameEvent`s to announce. Time comes from a `TimeSource`, so
//! tests fake it. Computer players think on their own threads and wake the front end through the notifier;
//! every request carries an id and answers to an older request (after a takeback, say) are dropped. With a
//! `SaveStore` the game is written after every change, atomically, so nothing is lost.

use super::brain::{Brain, EvalScore};
use super::clock::{Clock, ClockFace, ClockStart, ClockState, Press};
use super::engine_spec::EngineCatalog;
use super::error::GameError;
use super::events::{GameCommand, GameEvent};
use super::external::{EngineTimeouts, Notifier};
use super::player::PlayerKind;
use super::result::{EndReason, GameResult, Outcome};
use super::save_writer::{SaveStatus, SaveWriter};
use super::saves::{SaveSlot, SaveStore};
use super::setup::GameSetup;
use super::time_source::{MonotonicTime, SharedTime};
use crate::rules::{Color, DrawClaim, History, Move, Position, Status, read_move, to_san, to_uci};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// The Scharnagl number of a Chess960 game's start position, when it is exactly one of the 960 starts.
fn chess960_number_of(start: &Position) -> Option<u16> {
    if !start.is_chess960() {
        return None;
    }
    let mut rank = [crate::rules::Role::Pawn; 8];
    for (file, slot) in rank.iter_mut().enumerate() {
        let piece = start.piece_at(crate::rules::Square::new(file as u8, 0)?)?;
        *slot = piece.role;
    }
    let n = crate::rules::chess960::number_of(&rank)?;
    (crate::rules::chess960::start_position(n)?.to_fen() == start.to_fen()).then_some(n)
}

/// One move of the game as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub mv: Move,
    pub san: String,
    pub uci: String,
    pub color: Color,
    /// The time the move took.
    pub spent: Duration,
    /// The mover's clock after the move (bonus included); None when untimed.
    pub clock_after: Option<Duration>,
}

/// How the controller is wired to the outside: time, wake-ups and saving.
#[derive(Clone)]
pub struct ControllerOptions {
    pub time: SharedTime,
    /// Called from engine threads when a report arrives, to wake an event loop.
    pub notify: Option<Notifier>,
    /// Where to save the game after every move; None: not saved.
    pub saves: Option<SaveStore>,
    /// How long the computer thinks per move in untimed games.
    pub untimed_movetime: Duration,
    /// Transposition-table size of each built-in engine, in MiB.
    pub engine_hash_mb: usize,
    /// Search threads of each built-in engine (Lazy SMP at full strength).
    pub engine_threads: usize,
    /// A Polyglot book for the built-in engine's levels 2–12.
    pub engine_book: Option<std::path::PathBuf>,
    /// The external engines the user named: the only ones a saved game may resume with.
    pub engines: EngineCatalog,
    /// How long an external engine may stay silent before it counts as broken.
    pub engine_timeouts: EngineTimeouts,
    /// Whether the clocks wait for each side's first move or run at once. A bare controller runs them at once
    /// (what its tests assume); the TUI passes the user's `[game] clock_starts`, whose default is to wait.
    pub clock_start: ClockStart,
}

impl Default for ControllerOptions {
    fn default() -> ControllerOptions {
        ControllerOptions {
            time: Arc::new(MonotonicTime),
            notify: None,
            saves: None,
            untimed_movetime: Duration::from_secs(2),
            engine_hash_mb: crate::engine::EngineOptions::default().hash_mb,
            engine_threads: crate::engine::EngineOptions::default().threads,
            engine_book: None,
            engines: EngineCatalog::default(),
            engine_timeouts: EngineTimeouts::default(),
            clock_start: ClockStart::AtOnce,
        }
    }
}

impl ControllerOptions {
    pub fn with_time(mut self, time: SharedTime) -> ControllerOptions {
        self.time = time;
        self
    }

    pub fn with_notify(mut self, notify: Notifier) -> ControllerOptions {
        self.notify = Some(notify);
        self
    }

    pub fn with_saves(mut self, saves: SaveStore) -> ControllerOptions {
        self.saves = Some(saves);
        self
    }

    pub fn with_clock_start(mut self, start: ClockStart) -> ControllerOptions {
        self.clock_start = start;
        self
    }

    pub fn with_engine_hash_mb(mut self, mb: usize) -> ControllerOptions {
        self.engine_hash_mb = mb;
        self
    }

    pub fn with_engine_threads(mut self, threads: usize) -> ControllerOptions {
        self.engine_threads = threads;
        self
    }
}

pub struct GameController {
    pub(super) setup: GameSetup,
    pub(super) chess960: Option<u16>,
    pub(super) history: History,
    pub(super) records: Vec<MoveRecord>,
    pub(super) clock: Clock,
    /// The clock at the start of each ply: `clock_states[i]` before ply `i`.
    pub(super) clock_states: Vec<ClockState>,
    pub(super) result: Option<GameResult>,
    /// The draw offer standing before the opponent (who answers it, or declines it by moving).
    pub(super) draw_offer: Option<Color>,
    /// The side to move asked that its next move carry a draw offer.
    pub(super) pending_draw_offer: Option<Color>,
    pub(super) takeback_request: Option<Color>,
    pub(super) options: ControllerOptions,
    pub(super) brains: [Option<Box<dyn Brain>>; 2],
    pub(super) next_id: u64,
    /// The computer's search in flight: whose, and its id.
    pub(super) thinking: Option<(Color, u64)>,
    /// The depth the computer's search in flight last reported, with that search's id.
    pub(super) thinking_depth: Option<(u64, u32)>,
    /// The last score each computer player reported, from White's view (for answering draw offers).
    pub(super) engine_scores: [Option<EvalScore>; 2],
    pub(super) started: SystemTime,
    /// The game's file and its lock, once there is something to keep (the first move).
    pub(super) save: Option<SaveSlot>,
    /// Writes the file off the caller's thread.
    pub(super) writer: Option<SaveWriter>,
    /// Why the file could not even be made (its writer's own failures are in its status).
    pub(super) save_error: Option<String>,
    /// A computer player that broke down, until the user replaces it or scores the game.
    pub(super) engine_failure: Option<super::thinking::EngineFailure>,
    /// The person's move queued while the computer thinks.
    pub(super) premove: Option<super::premove::Premove>,
    /// The claimable draws, worked out once per position (the play screen asks on every frame).
    pub(super) claims: super::claims_memo::ClaimsMemo,
}

impl GameController {
    /// Starts a new game: resolves the start position, starts the computer players and the clock, saves the
    /// game if saving is on, and asks the computer for a move if it is to play first.
    ///
    /// # Errors
    /// A bad start position, an engine that cannot start, or a save folder that cannot be written.
    pub fn new(setup: GameSetup, options: ControllerOptions) -> Result<GameController, GameError> {
        let (start, chess960) = setup.start.resolve()?;
        let mut game = GameController::blank(setup, start, chess960, options);
        // The file is made with the first move: a game whose engine does not start, or that is left before
        // anything happened, leaves nothing behind.
        game.start_players()?;
        game.clock.start_turn(game.side_to_move(), game.now());
        game.after_change(&mut Vec::new());
        Ok(game)
    }

    pub(super) fn blank(
        setup: GameSetup,
        start: Position,
        chess960: Option<u16>,
        options: ControllerOptions,
    ) -> GameController {
        let clock = Clock::with_start(setup.time_control.clone(), options.clock_start);
        let first_state = clock.state();
        GameController {
            setup,
            chess960,
            history: History::new(start),
            records: Vec::new(),
            clock,
            clock_states: vec![first_state],
            result: None,
            draw_offer: None,
            pending_draw_offer: None,
            takeback_request: None,
            options,
            brains: [None, None],
            next_id: 1,
            thinking: None,
            thinking_depth: None,
            engine_scores: [None, None],
            started: SystemTime::now(),
            save: None,
            writer: None,
            save_error: None,
            engine_failure: None,
            premove: None,
            claims: Default::default(),
        }
    }

    pub(super) fn now(&self) -> std::time::Instant {
        self.options.time.now()
    }

    /// Carries out a command.
    ///
    /// # Errors
    /// Why the command cannot be carried out (game over, not that side's turn, illegal move, a claim that does
    /// not hold…); the game is then unchanged.
    pub fn apply(&mut self, command: GameCommand) -> Result<Vec<GameEvent>, GameError> {
        let mut events = self.check_flag();
        // Once the game is over (perhaps by the flag just now), nothing more can be done to it.
        if let Some(r) = &self.result {
            return if events.is_empty() { Err(GameError::GameOver(r.to_string())) } else { Ok(events) };
        }
        self.refuse_while_broken(&command)?;
        match command {
            GameCommand::ReplacePlayer { color, player } => self.replace_player(color, player, &mut events)?,
            GameCommand::ScoreEngineLoss(color) => self.score_engine_loss(color, &mut events)?,
            GameCommand::Move(m) => self.person_moves(m, &mut events)?,
            GameCommand::MoveText(text) => {
                let side = self.side_to_move();
                if !self.player(side).is_human() {
                    return Err(GameError::NotAPerson(side));
                }
                let m = self.parse_move(&text)?;
                self.person_moves(m, &mut events)?
            }
            GameCommand::Premove(m) => self.set_premove(m)?,
            GameCommand::CancelPremove => {
                self.cancel_premove();
            }
            GameCommand::Resign(c) => self.finish(Outcome::Win(!c), EndReason::Resignation(c), &mut events),
            GameCommand::OfferDraw(c) => self.offer_draw(c, &mut events)?,
            GameCommand::AcceptDraw(c) => self.answer_draw(c, true, &mut events)?,
            GameCommand::DeclineDraw(c) => self.answer_draw(c, false, &mut events)?,
            GameCommand::WithdrawDraw(c) => self.withdraw_draw(c, &mut events)?,
            GameCommand::ClaimDraw { claim, with_move } => self.claim(claim, with_move, &mut events)?,
            GameCommand::Takeback(c) => self.takeback(c, &mut events)?,
            GameCommand::AcceptTakeback(c) => self.answer_takeback(c, true, &mut events)?,
            GameCommand::DeclineTakeback(c) => self.answer_takeback(c, false, &mut events)?,
        }
        Ok(events)
    }

    /// Handles what happened meanwhile: engine answers and a falling flag. Call it when woken by the notifier
    /// and on every display tick.
    pub fn poll(&mut self) -> Vec<GameEvent> {
        let mut events = self.check_flag();
        self.drain_engines(&mut events);
        events
    }

    /// Reads a move typed by a person (SAN, forgiving of case and marks, or UCI) in the current position, with
    /// the same reader as the play screen's move line.
    ///
    /// # Errors
    /// `IllegalMove` with the reader's explanation.
    pub fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        read_move(self.position(), text).map_err(|e| GameError::IllegalMove(e.to_string()))
    }

    fn person_moves(&mut self, m: Move, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        let side = self.side_to_move();
        if !self.player(side).is_human() {
            return Err(GameError::NotAPerson(side));
        }
        if !self.position().is_legal(m) {
            return Err(GameError::IllegalMove(format!("{}{} is not legal here", m.from(), m.to())));
        }
        self.play(m, events);
        Ok(())
    }

    /// Plays a legal move: presses the clock (a move after the flag fell loses on time instead), records it,
    /// lets a draw offer made to the mover lapse (a move declines it), ends the game if the rules say so, and
    /// otherwise puts the offer that goes with this move before the opponent.
    pub(super) fn play(&mut self, m: Move, events: &mut Vec<GameEvent>) {
        let color = self.side_to_move();
        let (spent, clock_after) = match self.clock.press(self.now()) {
            Press::InTime { spent, remaining } => (spent, remaining),
            Press::Flagged { .. } => {
                self.flag_fell(color, events);
                return;
            }
        };
        let pos = self.history.position();
        let record = MoveRecord { mv: m, san: to_san(pos, m), uci: to_uci(pos, m), color, spent, clock_after };
        self.history.play(m);
        self.clock_states.push(self.clock.state());
        events.push(GameEvent::MovePlayed { ply: self.records.len() + 1, color, san: record.san.clone() });
        self.records.push(record);
        if self.draw_offer == Some(!color) {
            self.draw_offer = None;
            events.push(GameEvent::DrawOfferLapsed);
        }
        let offered = self.pending_draw_offer.take() == Some(color);
        self.takeback_request = None;
        self.check_rules(events);
        if offered && self.result.is_none() {
            // Cannot fail: the offer was just set and, if a computer answers it, it is the other side.
            let _ = self.open_draw_offer(color, events);
        }
        self.after_change(events);
    }

    /// Ends the game if the position ends it by rule (checkmate, stalemate, dead position, fivefold, 75 moves).
    fn check_rules(&mut self, events: &mut Vec<GameEvent>) {
        let (outcome, reason) = match self.history.status() {
            Status::Ongoing => return,
            Status::Checkmate { winner } => (Outcome::Win(winner), EndReason::Checkmate),
            Status::Stalemate => (Outcome::Draw, EndReason::Stalemate),
            Status::InsufficientMaterial => (Outcome::Draw, EndReason::InsufficientMaterial),
            Status::FivefoldRepetition => (Outcome::Draw, EndReason::FivefoldRepetition),
            Status::SeventyFiveMoves => (Outcome::Draw, EndReason::SeventyFiveMoves),
        };
        self.finish(outcome, reason, events);
    }

    /// Ends the game on time if the running side's flag is down.
    fn check_flag(&mut self) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.result.is_none()
            && let Some(color) = self.clock.flag_fallen(self.now())
        {
            self.flag_fell(color, &mut events);
        }
        events
    }

    /// A loss on time, or a draw when the opponent has no possible way to mate.
    fn flag_fell(&mut self, color: Color, events: &mut Vec<GameEvent>) {
        if self.position().has_insufficient_material(!color) {
            self.finish(Outcome::Draw, EndReason::TimeoutWithoutMatingMaterial(color), events);
        } else {
            self.finish(Outcome::Win(!color), EndReason::Timeout(color), events);
        }
    }

    pub(super) fn finish(&mut self, outcome: Outcome, reason: EndReason, events: &mut Vec<GameEvent>) {
        if self.result.is_some() {
            return;
        }
        let now = self.now();
        self.clock.stop(now);
        let result = GameResult::new(outcome, reason);
        self.result = Some(result);
        self.draw_offer = None;
        self.pending_draw_offer = None;
        self.takeback_request = None;
        self.premove = None;
        self.cancel_thinking();
        events.push(GameEvent::GameOver(result));
        self.persist(events);
    }

    /// After the position changed: save, then play the person's premove if the turn came back to them (its
    /// own `play` comes back here), else let the computer think if it is to move.
    pub(super) fn after_change(&mut self, events: &mut Vec<GameEvent>) {
        if self.result.is_none() {
            self.persist(events);
            if !self.play_premove(events) {
                self.start_thinking(events);
            }
        }
    }

    // ---- state for the front end ----

    pub fn position(&self) -> &Position {
        self.history.position()
    }

    pub fn start_position(&self) -> &Position {
        self.history.start()
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[MoveRecord] {
        &self.records
    }

    /// The moves in SAN.
    pub fn san_list(&self) -> Vec<String> {
        self.records.iter().map(|r| r.san.clone()).collect()
    }

    pub fn last_move(&self) -> Option<&MoveRecord> {
        self.records.last()
    }

    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    pub fn player(&self, color: Color) -> &PlayerKind {
        match color {
            Color::White => &self.setup.white,
            Color::Black => &self.setup.black,
        }
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The Chess960 start number, for a Chess960 game: the one it was made with, or for a game started from
    /// a FEN (or resumed without it), the number of its start position when that is a Chess960 start.
    pub fn chess960_number(&self) -> Option<u16> {
        self.chess960.or_else(|| chess960_number_of(self.history.start()))
    }

    /// What `color`'s clock shows now (None when untimed).
    pub fn clock(&self, color: Color) -> Option<Duration> {
        self.clock.remaining_at(color, self.now())
    }

    /// What `color`'s clock shows now, with any delay left and the moves to the next control (None when
    /// untimed). Nothing runs once the game is over or while an engine failure waits.
    pub fn clock_face(&self, color: Color) -> Option<ClockFace> {
        self.clock.face(color, self.now())
    }

    /// When the running flag falls if nobody moves (for a timer in the event loop).
    pub fn flag_deadline(&self) -> Option<std::time::Instant> {
        if self.result.is_some() { None } else { self.clock.flag_deadline() }
    }

    /// How long the side to move has been thinking.
    pub fn thinking_time(&self) -> Duration {
        self.clock.elapsed(self.now())
    }

    pub fn time_control(&self) -> &super::time_control::TimeControl {
        self.clock.control()
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The result and reason in words, e.g. "Draw by threefold repetition, claimed by Black".
    pub fn result_text(&self) -> Option<String> {
        self.result.map(|r| r.to_string())
    }

    /// Who has offered a draw that is still open.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The side to move, when it has offered a draw that goes with its next move.
    pub fn pending_draw_offer(&self) -> Option<Color> {
        self.pending_draw_offer
    }

    /// Who has asked for a takeback that is still open.
    pub fn takeback_request(&self) -> Option<Color> {
        self.takeback_request
    }

    /// Draws the player to move could claim now, or by announcing some move.
    pub fn claimable(&self) -> Vec<DrawClaim> {
        if self.result.is_some() { Vec::new() } else { self.claims.claimable_any(&self.history) }
    }

    /// Draws the player to move could claim right now, without a move.
    pub fn claimable_now(&self) -> Vec<DrawClaim> {
        if self.result.is_some() { Vec::new() } else { self.history.claimable() }
    }

    /// Whether a computer is thinking about its move.
    pub fn is_thinking(&self) -> Option<Color> {
        self.thinking.map(|(c, _)| c)
    }

    /// How deep the computer's search in flight has got, once it has said (from the engine's info reports).
    pub fn thinking_depth(&self) -> Option<u32> {
        let ((_, id), (of, depth)) = (self.thinking?, self.thinking_depth?);
        (id == of).then_some(depth)
    }

    /// Where the game is saved, once its file exists.
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.save.as_ref().map(|s| s.path())
    }

    /// Where saving stands: None when saving is off.
    pub fn save_status(&self) -> Option<SaveStatus> {
        if let Some(e) = &self.save_error {
            return Some(SaveStatus::Failed(e.clone()));
        }
        match &self.writer {
            Some(w) => Some(w.status()),
            // Nothing to keep yet (no move), or saving is off.
            None => self.options.saves.as_ref().map(|_| SaveStatus::Saved),
        }
    }

    /// Why the game is not saved, while the last save failed.
    pub fn save_problem(&self) -> Option<String> {
        match self.save_status() {
            Some(SaveStatus::Failed(e)) => Some(e),
            _ => None,
        }
    }

    /// Waits (at most `timeout`) until every save asked for is on disk, and says where saving stands.
    pub fn flush_saves(&self, timeout: Duration) -> Option<SaveStatus> {
        if let Some(w) = &self.writer
            && self.save_error.is_none()
        {
            return Some(w.flush(timeout));
        }
        self.save_status()
    }

    /// The game in PGN export format (with `%clk` comments when timed).
    pub fn to_pgn(&self) -> String {
        super::record::game_pgn(self, false)
    }
}

//! The headless application: all state, `update(Action)` and `handle_event(Event)`. No terminal, no tokio:
//! the event loop feeds it and draws it, and tests drive it directly.

use super::action::{Action, Command, Dir, MouseKind, Nav};
use super::analysis::AnalysisSettings;
use super::clipboard::osc52;
use super::config::{Config, ConfigError};
use super::dialog::{Choice, Dialog, PROMOTION_ROLES, Picker};
use super::keymap::{KeyMap, fixed_action};
use super::new_game::{FormOutcome, NewGameForm, NewGameSpec};
use super::play::{PlayOutcome, PlayState, capitalize};
use super::review::{Continuation, GameList, OpenAt, ReviewContext, ReviewOutcome, ReviewState};
use super::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use super::theme::Theme;
use super::unfinished::{UnfinishedOutcome, UnfinishedScreen};
use super::views::layout;
use super::views::status::StatusKind;
use crate::game::analysis::AnalysisEngine;
use crate::game::{
    ControllerOptions, EngineCatalog, EngineSpec, GameCommand, GameController, GameEvent, GameSetup, Notifier,
    PlayerKind, SaveStore, SharedTime, StartPosition, TimeControl,
};
use crate::rules::{Color, Role};
use crossterm::event::{Event, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

pub enum Screen {
    NewGame(NewGameForm),
    Play,
    List,
    Review(Box<ReviewState>),
    /// The unfinished games of the save folder, to resume, review or abandon.
    Unfinished(Box<UnfinishedScreen>),
}

/// How the app reaches the outside world; tests pass fakes (a fake clock, no saves).
#[derive(Clone, Default)]
pub struct AppOptions {
    pub saves: Option<SaveStore>,
    /// Wakes the event loop when an engine thread has news.
    pub notify: Option<Notifier>,
    /// The controller's time source (tests use a fake one).
    pub time: Option<SharedTime>,
}

pub struct App {
    pub config: Config,
    pub keymap: KeyMap,
    pub theme: Theme,
    pub size: (u16, u16),
    pub screen: Screen,
    /// The game in play; kept while the new-game screen is open over it.
    pub play: Option<PlayState>,
    /// The list the reviewed game came from.
    pub list: Option<GameList>,
    pub dialog: Option<Dialog>,
    /// A message about start-up (a configuration problem), shown until the first game starts.
    pub startup_notice: Option<String>,
    /// Why games cannot be saved at all (the save folder is unusable); shown for as long as a game is on.
    pub save_problem: Option<String>,
    /// Where the game was saved as PGN when its own file could not be written.
    pub saved_elsewhere: Option<std::path::PathBuf>,
    /// Bytes for the terminal itself: the bell, OSC 52 clipboard sequences.
    output: Vec<String>,
    /// The file under review, when it is one (an analysed copy is saved beside it).
    review_file: Option<std::path::PathBuf>,
    pub quit: bool,
    options: AppOptions,
    /// How many unfinished games the list last showed (the new-game screen's `u` hint is shown when some).
    unfinished_count: usize,
    /// The opponent's last move, marked for a moment.
    pub move_flash: super::move_flash::MoveFlash,
}

impl App {
    /// `config_errors`: every problem found in the configuration file (a `Vec`, or `None` for none).
    pub fn new(
        config: Config,
        keymap: KeyMap,
        config_errors: impl IntoIterator<Item = ConfigError>,
        options: AppOptions,
    ) -> App {
        let theme = Theme::for_terminal(&config.display.theme, config.display.colors);
        let form = NewGameForm::from_config(&config);
        App {
            theme,
            keymap,
            size: (80, 24),
            screen: Screen::NewGame(form),
            play: None,
            list: None,
            dialog: None,
            startup_notice: super::config::notice(config_errors),
            save_problem: None,
            saved_elsewhere: None,
            output: Vec::new(),
            review_file: None,
            quit: false,
            options,
            unfinished_count: 0,
            config,
            move_flash: Default::default(),
        }
    }

    /// Takes what must be written to the terminal besides the frame.
    pub fn take_output(&mut self) -> Vec<String> {
        std::mem::take(&mut self.output)
    }

    fn bell(&mut self) {
        self.output.push("\x07".into());
    }

    /// Now, from the same source as the game's clocks (a fake one in tests).
    pub fn now(&self) -> std::time::Instant {
        self.options.time.as_ref().map_or_else(std::time::Instant::now, |t| t.now())
    }

    fn notify(&self) -> Arc<dyn Fn() + Send + Sync> {
        self.options.notify.clone().unwrap_or_else(|| Arc::new(|| {}))
    }

    // ----- starting things -----

    /// Starts a game; on failure stays on (or returns to) the new-game screen with the reason.
    pub fn start_game(&mut self, spec: &NewGameSpec) -> Result<(), String> {
        let setup = self.game_setup(spec)?;
        let game = GameController::new(setup, self.controller_options()).map_err(|e| capitalize(&e.to_string()))?;
        let human_black_only = game.player(Color::Black).is_human() && !game.player(Color::White).is_human();
        let flipped = human_black_only && self.config.display.flip_for_black;
        let mut play = PlayState::new(game, flipped);
        // A configuration problem must be seen even when the game starts at once.
        if let Some(notice) = self.startup_notice.take() {
            play.set_notice(notice, StatusKind::Error);
        }
        self.play = Some(play);
        self.screen = Screen::Play;
        Ok(())
    }

    fn game_setup(&self, spec: &NewGameSpec) -> Result<GameSetup, String> {
        let level = self.config.game.level;
        let people = [&spec.white, &spec.black].iter().filter(|p| ***p == PlayerSpec::Human).count();
        let person = if people == 1 { "You" } else { "Human" };
        let catalog = self.engine_catalog();
        // `uci:TEXT` names a configured engine, or is a command line the user typed.
        let player = |p: &PlayerSpec| match p {
            PlayerSpec::Human => Ok(PlayerKind::human(person)),
            PlayerSpec::Computer(l) => Ok(PlayerKind::Engine { level: l.unwrap_or(level) }),
            PlayerSpec::Uci(text) => match catalog.resolve(text) {
                Some(engine) => Ok(PlayerKind::External(engine.clone())),
                None => EngineSpec::from_command_line(text).map(PlayerKind::External).map_err(|e| capitalize(&e)),
            },
        };
        let time = time_control(&spec.time);
        let start = match &spec.start {
            StartSpec::Standard => StartPosition::Standard,
            StartSpec::Chess960(n) => StartPosition::Chess960(*n),
            StartSpec::Fen(fen) => StartPosition::Fen(fen.clone()),
        };
        Ok(GameSetup::new(player(&spec.white)?, player(&spec.black)?).with_time_control(time).with_start(start))
    }

    /// The engines the user controls: the configuration's `[[engines]]` (first, so their names win), its
    /// `[game]` players, and the engines of the game in play (given on this command line). Saved games may name
    /// only these.
    pub fn engine_catalog(&self) -> EngineCatalog {
        let configured = self.config.engines.iter().map(|e| EngineSpec::configured(&e.name, &e.command, &e.args));
        let mut catalog = EngineCatalog::new(configured.collect());
        for p in [&self.config.game.white, &self.config.game.black] {
            if let PlayerSpec::Uci(text) = p
                && let Ok(engine) = EngineSpec::from_command_line(text)
            {
                catalog.add(engine);
            }
        }
        for color in [Color::White, Color::Black] {
            if let Some(PlayerKind::External(engine)) = self.play.as_ref().map(|p| p.game.player(color)) {
                catalog.add(engine.clone());
            }
        }
        catalog
    }

    /// Opens a PGN text for review: the list when it has several games, the game itself when one.
    pub fn open_review(&mut self, title: &str, source: Vec<u8>, game_number: Option<usize>) -> Result<(), String> {
        self.open_list(title, GameList::new(title, source), game_number)
    }

    /// Opens tabiya's saved games (each file with its bytes) for review; `r` on an unfinished one resumes it.
    pub fn open_saved_games(
        &mut self,
        title: &str,
        files: Vec<(std::path::PathBuf, Vec<u8>)>,
        game_number: Option<usize>,
    ) -> Result<(), String> {
        self.open_list(title, GameList::saved(title, files), game_number)
    }

    fn open_list(&mut self, title: &str, list: GameList, game_number: Option<usize>) -> Result<(), String> {
        if list.entries.is_empty() {
            return Err(format!("{title}: no games found"));
        }
        let pick = match game_number {
            Some(n) if n == 0 || n > list.entries.len() => {
                return Err(format!("{title}: there is no game {n} (the file has {})", list.entries.len()));
            }
            Some(n) => Some(n - 1),
            None if list.entries.len() == 1 => Some(0),
            None => None,
        };
        let single = list.entries.len() == 1;
        self.list = Some(list);
        self.review_file = Some(std::path::PathBuf::from(title)).filter(|p| p.is_file());
        match pick {
            Some(i) => self.open_listed(i, !single),
            None => self.screen = Screen::List,
        }
        Ok(())
    }

    fn open_listed(&mut self, i: usize, from_list: bool) {
        if let Some(game) = self.list.as_ref().and_then(|l| l.open(i)) {
            let mut review = ReviewState::new(game, from_list, OpenAt::default());
            review.show_kept_analysis(&self.analysis_settings());
            self.screen = Screen::Review(Box::new(review));
        }
    }

    /// Offers to resume an unfinished game found at start-up. When its file names an engine the user has not
    /// configured, says so and asks who plays that side instead (nothing from the file is ever run).
    pub fn offer_resume(&mut self, path: &Path, summary: String) {
        if crate::game::save_lock::GameLock::is_held_elsewhere(path) {
            self.dialog = Some(Dialog::OpenElsewhere { path: path.to_path_buf(), summary });
            return;
        }
        let catalog = self.engine_catalog();
        let unknown = crate::game::resume::unknown_engines(path, &catalog);
        self.dialog = Some(match unknown.first() {
            None => Dialog::Resume { path: path.to_path_buf(), summary },
            Some((color, reference)) => {
                let error = crate::game::GameError::UnknownEngine { color: *color, reference: reference.clone() };
                let picker = Picker::opponents(self.config.game.level, &catalog.engines, vec![Choice::Review]);
                Dialog::UnknownEngine {
                    path: path.to_path_buf(),
                    summary,
                    message: capitalize(&error.to_string()),
                    picker,
                }
            }
        });
    }

    // ----- events -----

    /// Turns a terminal event into actions for the current screen and applies them. False when the event
    /// means nothing here (mouse motion, a key release, an unbound key), so the screen need not be drawn again.
    pub fn handle_event(&mut self, event: &Event) -> bool {
        let action = match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key_action(key),
            Event::Mouse(m) => mouse_kind(m.kind).map(|kind| Action::Mouse { kind, column: m.column, row: m.row }),
            Event::Resize(width, height) => Some(Action::Resize { width: *width, height: *height }),
            _ => None,
        };
        let Some(action) = action else { return false };
        self.update(action);
        true
    }

    fn typing(&self) -> bool {
        if let Some(d) = &self.dialog {
            return d.takes_text();
        }
        match &self.screen {
            Screen::Play => self.play.as_ref().is_some_and(|p| !p.line.is_empty()),
            Screen::NewGame(form) => {
                use super::new_game::Field;
                matches!(form.focus, Field::CustomTime | Field::Number | Field::Fen)
            }
            _ => false,
        }
    }

    fn key_action(&self, key: &KeyEvent) -> Option<Action> {
        let typing = self.typing();
        if matches!(self.dialog, Some(Dialog::Help)) {
            return Some(Action::Cancel);
        }
        if let Some(command) = self.keymap.command(key, typing) {
            return Some(Action::Command(command));
        }
        fixed_action(key, typing)
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Resize { width, height } => {
                self.size = (width, height);
                return;
            }
            Action::Tick => {
                self.tick();
                return;
            }
            Action::Command(Command::Quit) => {
                self.request_quit();
                return;
            }
            _ => {}
        }
        if self.dialog.is_some() {
            self.dialog_action(action);
            return;
        }
        if action == Action::Command(Command::Help) {
            self.dialog = Some(Dialog::Help);
            return;
        }
        match self.screen {
            Screen::NewGame(_) => self.new_game_action(action),
            Screen::Play => self.play_action(action),
            Screen::List => self.list_action(action),
            Screen::Review(_) => self.review_action(action),
            Screen::Unfinished(_) => self.unfinished_action(action),
        }
    }

    /// Time passed or a background thread woke us: let the controller and the analysis engine catch up.
    fn tick(&mut self) {
        if let Screen::Review(review) = &mut self.screen {
            review.poll();
        }
        let Some(play) = &mut self.play else { return };
        play.live.poll();
        // A game in progress without `in_play` gets no live analysis (a takeback can un-finish one).
        if !play.game.is_over() && !self.config.analysis.in_play && play.live.is_on() {
            play.live.stop();
        }
        let events = play.game.poll();
        let pos = play.game.position().clone();
        play.live.follow(&pos);
        // A hint is for the position it was asked about; a move since makes it moot.
        if play.hint.position().is_some_and(|p| *p != pos) {
            play.hint.cancel();
        }
        match play.hint.poll() {
            Some(Ok(hint)) => play.set_notice(hint, StatusKind::Normal),
            Some(Err(e)) => play.set_notice(e, StatusKind::Error),
            None => {}
        }
        self.absorb(events);
        self.low_time_bell();
    }

    fn low_time_bell(&mut self) {
        let Some(play) = &mut self.play else { return };
        let low = Duration::from_secs(u64::from(self.config.sound.low_time_seconds));
        let me = play.me();
        if play.game.is_over() || !play.game.player(me).is_human() {
            return;
        }
        if let Some(left) = play.game.clock(me)
            && left < low
            && !play.low_time_rung[me.index()]
        {
            play.low_time_rung[me.index()] = true;
            if self.config.sound.bell_on_low_time {
                self.bell();
            }
        }
    }

    /// Reacts to what the controller reports: bells, questions to the person, notices.
    fn absorb(&mut self, events: Vec<GameEvent>) {
        let now = self.now();
        for event in events {
            let Some(play) = &mut self.play else { return };
            match event {
                GameEvent::MovePlayed { color, .. } => {
                    let theirs = !play.game.player(color).is_human();
                    if theirs && self.config.sound.bell_on_move {
                        self.output.push("\x07".into());
                    }
                    // The opponent's move (the other person's, between two at one keyboard) is marked.
                    match play.last_move_squares() {
                        Some((from, to)) if color != play.me() => self.move_flash.start(from, to, now),
                        _ => self.move_flash.clear(),
                    }
                    play.notice = None;
                    play.evaluation = None;
                    if play.selected.is_some() && play.game.player(color).is_human() {
                        play.clear_selection();
                    } else {
                        play.reselect();
                    }
                }
                GameEvent::GameOver(_) => {
                    // The result is the news now; a finished game's screen stays still.
                    self.move_flash.clear();
                    play.clear_selection();
                    play.notice = None;
                }
                GameEvent::DrawOfferWithdrawn(by) => {
                    play.set_notice(format!("{} withdraws the draw offer", by.name()), StatusKind::Normal)
                }
                GameEvent::TakebackRequested(by) if play.game.player(!by).is_human() => {
                    self.dialog = Some(Dialog::TakebackRequested { by });
                }
                GameEvent::DrawDeclined(by) => {
                    play.set_notice(format!("{} declines the draw", by.name()), StatusKind::Normal)
                }
                GameEvent::TakebackDeclined(by) => {
                    play.set_notice(format!("{} refuses the takeback", by.name()), StatusKind::Normal)
                }
                GameEvent::TakenBack { .. } => {
                    self.move_flash.clear();
                    play.clear_selection();
                    play.set_notice("Move taken back", StatusKind::Normal);
                }
                GameEvent::EngineFailed { color: Some(color), message } => {
                    let extra = vec![Choice::Person, Choice::ScoreLoss, Choice::Quit];
                    let picker = Picker::opponents(self.config.game.level, &self.engine_catalog().engines, extra);
                    let message = capitalize(&crate::text::clean(&message));
                    self.dialog = Some(Dialog::EngineFailed { color, message, picker });
                }
                GameEvent::EngineFailed { message, .. } => play.set_notice(capitalize(&message), StatusKind::Error),
                GameEvent::SaveFailed(message) => play.set_notice(format!("Not saved: {message}"), StatusKind::Error),
                GameEvent::Notice(message) => play.set_notice(capitalize(&message), StatusKind::Normal),
                GameEvent::PremoveDropped(note) => play.set_notice(note, StatusKind::Normal),
                _ => {}
            }
        }
    }

    // ----- screens -----

    fn new_game_action(&mut self, action: Action) {
        if action == Action::Type('u') && !self.typing() && self.options.saves.is_some() {
            self.open_unfinished();
            return;
        }
        let Screen::NewGame(form) = &mut self.screen else { return };
        let outcome = form.handle(&action);
        let bell = form.bell_on_move;
        match outcome {
            FormOutcome::Stay => {}
            FormOutcome::Cancel => {
                if self.play.is_some() {
                    self.screen = Screen::Play;
                }
            }
            FormOutcome::Start(spec) => {
                // The bell chosen on the form holds for the session's games (the file is never written).
                self.config.sound.bell_on_move = bell;
                if let Err(e) = self.start_game(&spec)
                    && let Screen::NewGame(form) = &mut self.screen
                {
                    form.error = Some(e);
                }
            }
        }
    }

    fn play_action(&mut self, action: Action) {
        let auto_queen = self.config.game.auto_queen;
        let Some(play) = &mut self.play else { return };
        let mut events = Vec::new();
        let mut outcome = PlayOutcome::None;
        let h_pending = play.h_pending.take();
        match action {
            // The `h` that moved the cursor began a move after all: undo the move, type both characters.
            Action::Type(c) if h_pending.is_some() && (c.is_ascii_digit() || c == 'x') => {
                play.cursor = h_pending.unwrap_or(play.cursor);
                play.cursor_shown = false;
                play.clear_selection();
                play.line.push('h');
                play.line.push(c);
            }
            Action::Type(c) if play.line.is_empty() && matches!(c, 'j' | 'k' | 'l') => {
                let (dx, dy) = match c {
                    'j' => (0, -1),
                    'k' => (0, 1),
                    _ => (1, 0),
                };
                play.move_cursor(dx, dy);
            }
            Action::Type('h') if play.line.is_empty() && play.cursor_shown => {
                play.h_pending = Some(play.cursor);
                play.move_cursor(-1, 0);
            }
            Action::Type(c) => {
                play.cursor_shown = false;
                play.clear_selection();
                play.notice = None;
                play.line.push(c);
            }
            Action::Backspace => play.line.backspace(),
            Action::ClearLine => play.line.clear(),
            Action::DeleteWord => play.line.delete_word(),
            Action::Submit => events = play.submit_line(),
            Action::Cancel => {
                if !play.line.is_empty() {
                    play.line.clear();
                } else if play.selected.is_some() {
                    play.clear_selection();
                } else if play.cancel_premove() {
                    play.notice = None;
                } else {
                    play.cursor_shown = false;
                    play.notice = None;
                }
            }
            Action::Cursor(dir) => {
                let (dx, dy) = match dir {
                    Dir::Up => (0, 1),
                    Dir::Down => (0, -1),
                    Dir::Left => (-1, 0),
                    Dir::Right => (1, 0),
                };
                if play.cursor_shown { play.move_cursor(dx, dy) } else { play.cursor_shown = true }
            }
            Action::Select => {
                if play.cursor_shown {
                    let cursor = play.cursor;
                    (outcome, events) = play.activate(cursor, auto_queen);
                } else {
                    play.cursor_shown = true;
                }
            }
            Action::Mouse { kind, column, row } => (outcome, events) = self.play_mouse(kind, column, row),
            Action::Command(c) => {
                self.play_command(c);
                return;
            }
            _ => {}
        }
        if let PlayOutcome::AskPromotion(moves) = outcome {
            self.dialog = Some(Dialog::promotion(moves));
        }
        self.absorb(events);
    }

    fn board_geometry(&self) -> Option<super::views::board::BoardGeometry> {
        let flipped = match &self.screen {
            Screen::Review(r) => r.flipped,
            _ => self.play.as_ref().is_some_and(|p| p.flipped),
        };
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        layout::screen(area, self.config.display.coordinates, flipped).map(|l| l.board)
    }

    fn play_mouse(&mut self, kind: MouseKind, column: u16, row: u16) -> (PlayOutcome, Vec<GameEvent>) {
        let auto_queen = self.config.game.auto_queen;
        let geometry = self.board_geometry();
        let Some(play) = &mut self.play else { return (PlayOutcome::None, Vec::new()) };
        // A right-click anywhere, or a click off the board, lets go of the piece held and cancels the premove.
        let square = geometry.and_then(|g| g.square_at(column, row));
        if kind == MouseKind::RightDown || (kind == MouseKind::Down && square.is_none()) {
            play.clear_selection();
            play.cancel_premove();
        }
        let Some(sq) = square.filter(|_| kind != MouseKind::RightDown) else {
            return (PlayOutcome::None, Vec::new());
        };
        play.cursor_shown = false;
        match kind {
            MouseKind::Down => {
                let was_selected = play.selected;
                let result = play.activate(sq, auto_queen);
                // Pressing on a piece that is now held may become a drag.
                if play.selected == Some(sq) && was_selected != Some(sq) {
                    play.drag_from = Some(sq);
                }
                result
            }
            MouseKind::Up => match play.drag_from.take() {
                Some(from) if from != sq && play.selected == Some(from) => play.drop_piece(from, sq, auto_queen),
                _ => (PlayOutcome::None, Vec::new()),
            },
            _ => (PlayOutcome::None, Vec::new()),
        }
    }

    fn play_command(&mut self, command: Command) {
        let settings = self.analysis_settings();
        let Some(play) = &mut self.play else { return };
        let me = play.me();
        let mut events = Vec::new();
        match command {
            Command::NewGame => {
                let mut form = NewGameForm::from_config(&self.config);
                if !play.game.is_over() {
                    form.error = Some("The game in progress stays saved; Esc goes back to it.".into());
                }
                self.screen = Screen::NewGame(form);
            }
            Command::Resign if !play.game.is_over() => self.dialog = Some(Dialog::ConfirmResign),
            Command::Draw => events = self.draw_command(),
            Command::Takeback => events = play.command(GameCommand::Takeback(me)),
            Command::Flip => play.flipped = !play.flipped,
            Command::SavePgn => {
                let name = default_pgn_name(play);
                self.dialog = Some(Dialog::SavePath { text: name, error: None, then_quit: false });
            }
            Command::CopyFen => {
                let fen = play.game.position().to_fen();
                self.output.push(osc52(&fen));
                play.set_notice(format!("Copied the FEN to the clipboard: {fen}"), StatusKind::Normal);
            }
            Command::CopyPgn => {
                let pgn = play.game.to_pgn();
                self.output.push(osc52(&pgn));
                play.set_notice("Copied the PGN to the clipboard", StatusKind::Normal);
            }
            // Live analysis where it is allowed: a finished game, or any game with `[analysis] in_play`.
            Command::Evaluate if play.game.is_over() || self.config.analysis.in_play || play.live.is_on() => {
                let pos = play.game.position().clone();
                play.live.toggle(&pos, &settings);
            }
            Command::Evaluate => play.set_notice(
                "No live analysis while the game is on ([analysis] in_play = true allows it)",
                StatusKind::Error,
            ),
            Command::Hint if play.game.is_over() => play.set_notice("The game is over: no hint", StatusKind::Normal),
            Command::Hint => {
                let pos = play.game.position().clone();
                match play.hint.start(&pos, &settings) {
                    Ok(()) => play.set_notice("Hint: thinking…", StatusKind::Normal),
                    Err(e) => play.set_notice(e, StatusKind::Error),
                }
            }
            _ => {}
        }
        self.absorb(events);
    }

    /// Ctrl+D, the one draw key. No dialog opens: an offer is shown in the status line, and the side it is
    /// made to accepts with this key or declines by moving. In order: accept an offer made to me; withdraw my
    /// own; with a move typed, claim a draw about it (FIDE: write the move, then claim) or, where no move
    /// could claim one, play it with an offer (FIDE 9.1.2: move, offer, press the clock); claim a draw that
    /// holds now; else offer one — it goes with my next move, or stands at once when I have just moved
    /// against the computer. At one keyboard the key is the side to move's, so nobody answers for the other.
    fn draw_command(&mut self) -> Vec<GameEvent> {
        let Some(play) = &mut self.play else { return Vec::new() };
        let me = play.me();
        if let Some(by) = play.game.draw_offer()
            && by != me
            && play.game.player(!by).is_human()
        {
            return play.command(GameCommand::AcceptDraw(!by));
        }
        if play.game.pending_draw_offer() == Some(me) || play.game.draw_offer() == Some(me) {
            return play.command(GameCommand::WithdrawDraw(me));
        }
        if play.my_turn() && !play.line.is_empty() {
            return if play.game.claimable().is_empty() {
                offer_with_typed_move(play, me)
            } else {
                play.claim_with_typed_move()
            };
        }
        if play.my_turn()
            && let Some(claim) = play.game.claimable_now().first().copied()
        {
            return play.command(GameCommand::ClaimDraw { claim, with_move: None });
        }
        play.command(GameCommand::OfferDraw(me))
    }

    fn list_action(&mut self, action: Action) {
        let Some(list) = &mut self.list else { return };
        match action {
            Action::Cursor(Dir::Up) | Action::Type('k') => list.move_selection(-1),
            Action::Cursor(Dir::Down) | Action::Type('j') => list.move_selection(1),
            Action::Nav(Nav::PageUp) => list.move_selection(-10),
            Action::Nav(Nav::PageDown) => list.move_selection(10),
            Action::Nav(Nav::First) => list.selected = 0,
            Action::Nav(Nav::Last) => list.move_selection(isize::MAX / 2),
            Action::Mouse { kind: MouseKind::ScrollUp, .. } => list.move_selection(-3),
            Action::Mouse { kind: MouseKind::ScrollDown, .. } => list.move_selection(3),
            Action::Select | Action::Submit => {
                let i = list.selected;
                self.open_listed(i, true);
            }
            Action::Type('r' | 'R') => {
                let Some((path, summary)) = list.resumable(list.selected) else {
                    list.notice = Some("Only an unfinished saved game can be resumed".into());
                    return;
                };
                if let Err(e) = self.resume_listed(&path, summary)
                    && let Some(list) = &mut self.list
                {
                    list.notice = Some(e);
                }
            }
            _ => {}
        }
    }

    /// The list of unfinished games: resume, review or abandon one; Esc goes to the new-game screen.
    fn unfinished_action(&mut self, action: Action) {
        let Screen::Unfinished(screen) = &mut self.screen else { return };
        let outcome = screen.handle(&action);
        self.unfinished_count = screen.list.games.len();
        let summary = screen.chosen().map(|g| format!("{} – {}, {} plies", g.white, g.black, g.plies));
        let result = match outcome {
            UnfinishedOutcome::Stay => Ok(()),
            UnfinishedOutcome::NewGame => {
                self.screen = Screen::NewGame(NewGameForm::from_config(&self.config));
                Ok(())
            }
            UnfinishedOutcome::Resume(path) => self.resume_listed(&path, summary.unwrap_or_default()),
            UnfinishedOutcome::Review(path) => crate::game::pgn::read_file(&path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| self.open_review(&path.display().to_string(), bytes, Some(1))),
        };
        if let Err(e) = result
            && let Screen::Unfinished(screen) = &mut self.screen
        {
            screen.notice = Some(crate::text::clean(&e));
        }
    }

    /// The review screen handles its own actions; this carries out what it asks of the app.
    fn review_action(&mut self, action: Action) {
        let cx = ReviewContext {
            area: Rect::new(0, 0, self.size.0, self.size.1),
            coordinates: self.config.display.coordinates,
            analysis: self.analysis_settings(),
        };
        let Screen::Review(review) = &mut self.screen else { return };
        match review.handle(action, &cx) {
            ReviewOutcome::Stay => {}
            ReviewOutcome::BackToList => self.screen = Screen::List,
            ReviewOutcome::NewGame => self.screen = Screen::NewGame(NewGameForm::from_config(&self.config)),
            ReviewOutcome::Output(bytes) => self.output.push(bytes),
            ReviewOutcome::SaveAnalysed(pgn) => {
                let said = match self.save_analysed(&pgn) {
                    Ok(path) => {
                        format!("Saved the analysed game to {}", crate::text::clean(&path.display().to_string()))
                    }
                    Err(e) => format!("Cannot save the analysed game: {e}"),
                };
                if let Screen::Review(review) = &mut self.screen {
                    review.notice = Some(said);
                }
            }
            ReviewOutcome::Continue(line) => {
                if let Err(e) = self.continue_from(*line)
                    && let Screen::Review(review) = &mut self.screen
                {
                    review.notice = Some(format!("Cannot play on from here: {e}"));
                }
            }
        }
    }

    /// The engine and limits the configuration asks analysis to use: `[analysis] engine` names an
    /// `[[engines]]` entry (one that is not is a configuration error), or is empty for the built-in engine.
    pub fn analysis_settings(&self) -> AnalysisSettings {
        let a = &self.config.analysis;
        let engine = match self.engine_catalog().resolve(&a.engine) {
            Some(spec) if !a.engine.trim().is_empty() => AnalysisEngine::External(spec.clone()),
            _ => AnalysisEngine::Builtin { hash_mb: self.config.engine.hash_mb },
        };
        AnalysisSettings {
            engine,
            lines: a.lines.clamp(1, 5),
            game_limit: a.game_limit(),
            // Kept beside the saved games, in the data directory (`analysis/` next to `games/`).
            cache: self.options.saves.as_ref().map(|s| crate::game::analysis::AnalysisCache::beside_saves(s.dir())),
            notify: self.notify(),
        }
    }

    /// Writes `<file>-analysed.pgn` beside the reviewed file (or in the saves folder, for text that came from
    /// no file), `-analysed-2.pgn` and on when taken: a file is never replaced.
    fn save_analysed(&self, pgn: &str) -> Result<std::path::PathBuf, String> {
        use std::io::Write;
        let (dir, stem) = match &self.review_file {
            Some(f) => (
                f.parent().map(Path::to_path_buf).unwrap_or_default(),
                f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into()),
            ),
            None => match &self.options.saves {
                Some(saves) => (saves.dir().to_path_buf(), "review".to_string()),
                None => return Err("the game came from no file and there is no save folder".into()),
            },
        };
        for n in 1..1000 {
            let name = if n == 1 { format!("{stem}-analysed.pgn") } else { format!("{stem}-analysed-{n}.pgn") };
            let path = dir.join(name);
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    return match file.write_all(pgn.as_bytes()).and_then(|()| file.sync_all()) {
                        Ok(()) => Ok(path),
                        Err(e) => {
                            let _ = std::fs::remove_file(&path);
                            Err(format!("{}: {e}", crate::text::clean(&path.display().to_string())))
                        }
                    };
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", crate::text::clean(&path.display().to_string()))),
            }
        }
        Err("too many analysed copies already".into())
    }

    /// "Continue from here": a new game with the reviewed line's start and moves, its players (people, under
    /// the file's names, at this keyboard) and the configured time control.
    fn continue_from(&mut self, line: Continuation) -> Result<(), String> {
        let start = match line.chess960 {
            Some(n) => StartPosition::Chess960(n),
            None => StartPosition::Fen(line.start.to_fen()),
        };
        let mut setup = GameSetup::new(PlayerKind::human(line.white), PlayerKind::human(line.black))
            .with_time_control(time_control(&self.config.game.time_control))
            .with_start(start);
        setup.event = line.event;
        let options = self.controller_options();
        let game = GameController::continue_from(setup, line.start, &line.moves, options)
            .map_err(|e| capitalize(&e.to_string()))?;
        self.play = Some(PlayState::new(game, false));
        self.screen = Screen::Play;
        Ok(())
    }

    fn dialog_action(&mut self, action: Action) {
        let Some(dialog) = self.dialog.take() else { return };
        let keep = match dialog {
            Dialog::Help => None,
            Dialog::ConfirmResign => self.answer_resign(&action),
            Dialog::TakebackRequested { by } => {
                self.answer(&action, GameCommand::AcceptTakeback(!by), GameCommand::DeclineTakeback(!by), dialog)
            }
            Dialog::Promotion { moves, index } => self.promotion_action(action, moves, index),
            Dialog::SavePath { text, error, then_quit } => self.save_path_action(action, text, error, then_quit),
            Dialog::QuitUnsaved { reason } => self.quit_unsaved_action(&action, reason),
            Dialog::Resume { path, summary } => self.resume_action(&action, path, summary),
            Dialog::OpenElsewhere { path, summary } => self.open_elsewhere_action(&action, path, summary),
            Dialog::UnknownEngine { path, summary, message, picker } => {
                self.unknown_engine_action(&action, path, summary, message, picker)
            }
            Dialog::EngineFailed { color, message, picker } => {
                self.engine_failed_action(&action, color, message, picker)
            }
        };
        if self.dialog.is_none() {
            self.dialog = keep;
        }
    }

    fn answer_resign(&mut self, action: &Action) -> Option<Dialog> {
        match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => {
                if let Some(play) = &mut self.play {
                    let me = play.me();
                    let events = play.command(GameCommand::Resign(me));
                    self.absorb(events);
                }
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::ConfirmResign),
        }
    }

    fn answer(&mut self, action: &Action, yes: GameCommand, no: GameCommand, dialog: Dialog) -> Option<Dialog> {
        let command = match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => yes,
            Action::Cancel | Action::Type('n' | 'N') => no,
            _ => return Some(dialog),
        };
        if let Some(play) = &mut self.play {
            let events = play.command(command);
            self.absorb(events);
        }
        None
    }

    fn promotion_action(&mut self, action: Action, moves: Vec<crate::rules::Move>, index: usize) -> Option<Dialog> {
        let chosen = match action {
            Action::Cursor(Dir::Left | Dir::Up) => return Some(Dialog::Promotion { moves, index: (index + 3) % 4 }),
            Action::Cursor(Dir::Right | Dir::Down) | Action::Tab => {
                return Some(Dialog::Promotion { moves, index: (index + 1) % 4 });
            }
            Action::Select | Action::Submit => Dialog::chosen_promotion(&moves, index),
            Action::Type(c) => match Role::from_char(c) {
                Some(role) => {
                    PROMOTION_ROLES.iter().position(|r| *r == role).and_then(|i| Dialog::chosen_promotion(&moves, i))
                }
                None => return Some(Dialog::Promotion { moves, index }),
            },
            Action::Mouse { kind: MouseKind::Down, column, row } => {
                let area = Rect::new(0, 0, self.size.0, self.size.1);
                match super::views::dialogs::promotion_choice_at(area, self, column, row) {
                    Some(i) => Dialog::chosen_promotion(&moves, i),
                    None => return Some(Dialog::Promotion { moves, index }),
                }
            }
            Action::Cancel => None,
            _ => return Some(Dialog::Promotion { moves, index }),
        };
        if let (Some(m), Some(play)) = (chosen, &mut self.play) {
            let events = play.play(m);
            self.absorb(events);
        } else if let Some(play) = &mut self.play {
            play.clear_selection();
        }
        None
    }

    fn save_path_action(
        &mut self,
        action: Action,
        mut text: String,
        error: Option<String>,
        then_quit: bool,
    ) -> Option<Dialog> {
        match action {
            Action::Type(c) if text.chars().count() < 400 => text.push(c),
            Action::Backspace => {
                text.pop();
            }
            Action::ClearLine => text.clear(),
            Action::Submit | Action::Select => match self.save_pgn(&text) {
                Ok(path) => {
                    let message = format!("Saved the game to {}", crate::text::clean(&path.display().to_string()));
                    if let Some(play) = &mut self.play {
                        play.set_notice(message, StatusKind::Normal);
                    }
                    self.saved_elsewhere = Some(path);
                    self.quit |= then_quit;
                    return None;
                }
                Err(e) => return Some(Dialog::SavePath { text, error: Some(e), then_quit }),
            },
            Action::Cancel => return None,
            _ => return Some(Dialog::SavePath { text, error, then_quit }),
        }
        Some(Dialog::SavePath { text, error: None, then_quit })
    }

    fn quit_unsaved_action(&mut self, action: &Action, reason: String) -> Option<Dialog> {
        match action {
            Action::Type('s' | 'S') | Action::Select | Action::Submit => {
                let text = self.play.as_ref().map(default_pgn_name).unwrap_or_default();
                Some(Dialog::SavePath { text, error: None, then_quit: true })
            }
            Action::Type('q' | 'Q') => {
                self.quit = true;
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::QuitUnsaved { reason }),
        }
    }

    /// Writes the PGN to a new file; an existing file is never replaced.
    fn save_pgn(&self, path_text: &str) -> Result<std::path::PathBuf, String> {
        let Some(play) = &self.play else { return Err("no game to save".into()) };
        let path = Path::new(path_text.trim());
        if path_text.trim().is_empty() {
            return Err("type a file name".into());
        }
        if path.exists() {
            return Err(format!("{} exists; choose another name (tabiya never overwrites a file)", path.display()));
        }
        let pgn = play.game.to_pgn();
        crate::game::saves::write_atomic(path, pgn.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.to_path_buf())
    }

    fn resume_action(&mut self, action: &Action, path: std::path::PathBuf, summary: String) -> Option<Dialog> {
        match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => {
                if let Err(e) = self.resume(&path)
                    && let Screen::NewGame(form) = &mut self.screen
                {
                    form.error = Some(e);
                }
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::Resume { path, summary }),
        }
    }

    /// The game is open in another tabiya: it can only be reviewed here.
    fn open_elsewhere_action(&mut self, action: &Action, path: std::path::PathBuf, summary: String) -> Option<Dialog> {
        match action {
            Action::Type('r' | 'R') => {
                self.review_saved(&path);
                None
            }
            Action::Select | Action::Submit | Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::OpenElsewhere { path, summary }),
        }
    }

    /// Opens a saved game's file for review; a failure is shown on the new-game screen.
    fn review_saved(&mut self, path: &Path) {
        let opened = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| self.open_review(&path.display().to_string(), bytes, Some(1)));
        if let Err(e) = opened
            && let Screen::NewGame(form) = &mut self.screen
        {
            form.error = Some(crate::text::clean(&e));
        }
    }

    /// The resume offer for a file naming an unknown engine: the choice plays that side, or the game is
    /// reviewed; Esc leaves it for a new game.
    fn unknown_engine_action(
        &mut self,
        action: &Action,
        path: std::path::PathBuf,
        summary: String,
        message: String,
        mut picker: Picker,
    ) -> Option<Dialog> {
        if picker.navigate(action) {
            return Some(Dialog::UnknownEngine { path, summary, message, picker });
        }
        let stand_in = match (action, picker.chosen()) {
            (Action::Cancel, _) => return None,
            (Action::Select | Action::Submit, Some(Choice::Review)) => {
                self.review_saved(&path);
                return None;
            }
            (Action::Select | Action::Submit, Some(choice)) => choice_player(choice),
            _ => None,
        };
        if let Some(player) = stand_in {
            if let Err(e) = self.resume_with(&path, Some(player))
                && let Screen::NewGame(form) = &mut self.screen
            {
                form.error = Some(e);
            }
            return None;
        }
        Some(Dialog::UnknownEngine { path, summary, message, picker })
    }

    /// After an engine broke down: another player takes over, or the game is scored, or tabiya quits (the game
    /// stays saved). The dialog stays until one is chosen; a replacement that cannot start says why.
    fn engine_failed_action(
        &mut self,
        action: &Action,
        color: Color,
        message: String,
        mut picker: Picker,
    ) -> Option<Dialog> {
        if picker.navigate(action) {
            return Some(Dialog::EngineFailed { color, message, picker });
        }
        let command = match (action, picker.chosen()) {
            (Action::Select | Action::Submit, Some(Choice::Quit)) => {
                self.quit = true;
                return None;
            }
            (Action::Select | Action::Submit, Some(Choice::ScoreLoss)) => Some(GameCommand::ScoreEngineLoss(color)),
            (Action::Select | Action::Submit, Some(choice)) => {
                choice_player(choice).map(|player| GameCommand::ReplacePlayer { color, player })
            }
            _ => None,
        };
        let (Some(command), Some(play)) = (command, &mut self.play) else {
            return Some(Dialog::EngineFailed { color, message, picker });
        };
        match play.game.apply(command) {
            Ok(events) => {
                play.set_notice(format!("{} continues", color.name()), StatusKind::Normal);
                self.absorb(events);
                None
            }
            Err(e) => Some(Dialog::EngineFailed { color, message: capitalize(&e.to_string()), picker }),
        }
    }

    /// Opens the list of unfinished games when the save folder has any (at start); false when it has none.
    pub fn offer_unfinished(&mut self) -> bool {
        let Some(store) = self.options.saves.clone() else { return false };
        let screen = UnfinishedScreen::open(store, None);
        self.unfinished_count = screen.list.games.len();
        if screen.list.games.is_empty() && screen.list.unreadable.is_empty() {
            return false;
        }
        self.screen = Screen::Unfinished(Box::new(screen));
        true
    }

    /// `u unfinished games` for the new-game screen's keys, when there are some.
    pub fn unfinished_hint(&self) -> Option<&'static str> {
        (self.options.saves.is_some() && self.unfinished_count > 0).then_some("u unfinished games")
    }

    /// Opens the list of unfinished games (the `u` key of the new-game screen), leaving out the game in play.
    pub fn open_unfinished(&mut self) {
        let Some(store) = self.options.saves.clone() else { return };
        let playing = self.play.as_ref().and_then(|p| p.game.save_path()).map(Path::to_path_buf);
        self.screen = Screen::Unfinished(Box::new(UnfinishedScreen::open(store, playing)));
    }

    /// Resumes a game picked from a list: refused when another tabiya has it open; when its file names an
    /// engine the configuration lacks, the offer asks who plays that side instead.
    ///
    /// # Errors
    /// Why it cannot be resumed (the file is then left as it is).
    pub fn resume_listed(&mut self, path: &Path, summary: String) -> Result<(), String> {
        if crate::game::save_lock::GameLock::is_held_elsewhere(path) {
            return Err("That game is open in another tabiya; it cannot be resumed here".into());
        }
        if crate::game::resume::unknown_engines(path, &self.engine_catalog()).is_empty() {
            return self.resume(path);
        }
        self.offer_resume(path, crate::text::clean(&summary));
        Ok(())
    }

    /// The newest unfinished game in the save folder, with a description for the resume offer.
    pub fn find_unfinished(&self) -> Option<(std::path::PathBuf, String)> {
        let listing = self.options.saves.as_ref()?.list().ok()?;
        let game = listing.unfinished().next()?;
        Some((game.path.clone(), game.describe()))
    }

    /// Resumes a saved unfinished game.
    ///
    /// # Errors
    /// Why the game cannot be resumed (the file is then left as it is).
    pub fn resume(&mut self, path: &Path) -> Result<(), String> {
        self.resume_with(path, None)
    }

    /// Resumes a saved game, with `stand_in` playing a side whose engine the configuration does not have.
    fn resume_with(&mut self, path: &Path, stand_in: Option<PlayerKind>) -> Result<(), String> {
        let mut options = self.controller_options();
        options.engines.stand_in = stand_in;
        let game = GameController::resume(path, options).map_err(|e| capitalize(&e.to_string()))?;
        let human_black_only = game.player(Color::Black).is_human() && !game.player(Color::White).is_human();
        let flipped = human_black_only && self.config.display.flip_for_black;
        self.play = Some(PlayState::new(game, flipped));
        self.screen = Screen::Play;
        self.startup_notice = None;
        Ok(())
    }

    fn controller_options(&self) -> ControllerOptions {
        let mut options = ControllerOptions::default().with_engine_hash_mb(self.config.engine.hash_mb);
        if let Some(time) = &self.options.time {
            options = options.with_time(time.clone());
        }
        if let Some(notify) = &self.options.notify {
            options = options.with_notify(notify.clone());
        }
        if let Some(saves) = &self.options.saves {
            options = options.with_saves(saves.clone());
        }
        options.engines = self.engine_catalog();
        options.clock_start = match self.config.game.clock_starts {
            super::config::ClockStarts::AfterFirstMoves => crate::game::ClockStart::AfterFirstMoves,
            super::config::ClockStarts::AtOnce => crate::game::ClockStart::AtOnce,
        };
        let engine = &self.config.engine;
        options.engine_timeouts.handshake = Duration::from_secs(engine.handshake_timeout_seconds);
        options.engine_timeouts.untimed_move = Duration::from_secs(engine.move_timeout_seconds);
        options
    }
}

/// The clock a time control choice gives.
/// The typed move played with a draw offer; if the move is refused, so is the offer (the text stays with
/// the reason).
fn offer_with_typed_move(play: &mut PlayState, me: Color) -> Vec<GameEvent> {
    let mut events = play.command(GameCommand::OfferDraw(me));
    let moved = play.submit_line();
    if moved.is_empty() {
        // Cannot fail: the offer was just made and waits for this move.
        let _ = play.game.apply(GameCommand::WithdrawDraw(me));
        return Vec::new();
    }
    events.extend(moved);
    events
}

fn time_control(spec: &TimeControlSpec) -> TimeControl {
    match spec {
        TimeControlSpec::Untimed => TimeControl::untimed(),
        TimeControlSpec::Timed { base_ms, increment_ms } => {
            TimeControl::fischer(Duration::from_millis(*base_ms), Duration::from_millis(*increment_ms))
        }
        TimeControlSpec::Other { control, .. } => control.clone(),
    }
}

/// The player a choice stands for, if it is one.
fn choice_player(choice: &Choice) -> Option<PlayerKind> {
    match choice {
        Choice::Level(level) => Some(PlayerKind::Engine { level: *level }),
        Choice::Engine(engine) => Some(PlayerKind::External(engine.clone())),
        Choice::Person => Some(PlayerKind::human("Human")),
        Choice::Review | Choice::ScoreLoss | Choice::Quit => None,
    }
}

pub(super) fn default_pgn_name(play: &PlayState) -> String {
    let name = |c: Color| {
        play.game.player(c).name().chars().map(|ch| if ch.is_alphanumeric() { ch } else { '_' }).collect::<String>()
    };
    format!("{}-vs-{}.pgn", name(Color::White), name(Color::Black))
}

/// The mouse events the screens use; motion and the other buttons are not.
fn mouse_kind(kind: MouseEventKind) -> Option<MouseKind> {
    Some(match kind {
        MouseEventKind::Down(MouseButton::Left) => MouseKind::Down,
        MouseEventKind::Down(MouseButton::Right) => MouseKind::RightDown,
        MouseEventKind::Drag(MouseButton::Left) => MouseKind::Drag,
        MouseEventKind::Up(MouseButton::Left) => MouseKind::Up,
        MouseEventKind::ScrollUp => MouseKind::ScrollUp,
        MouseEventKind::ScrollDown => MouseKind::ScrollDown,
        _ => return None,
    })
}

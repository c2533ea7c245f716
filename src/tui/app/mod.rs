//! The headless application: all state, `update(Action)` and `handle_event(Event)`. No terminal, no tokio:
//! the event loop feeds it and draws it, and tests drive it directly. This file routes: an event becomes an
//! action, which goes to the open dialog or to the current screen's handler, each in its own file
//! (`play_events`, `review_events`, `dialog_events`); starting things and resuming games have theirs too.

use super::action::{Action, Command, Dir, MouseKind, Nav};
use super::analysis::AnalysisSettings;
use super::clipboard::osc52;
use super::config::{Config, ConfigError};
use super::dialog::{Choice, Dialog, PROMOTION_ROLES, Picker};
use super::keymap::{KeyMap, fixed_action};
use super::new_game::{FormOutcome, NewGameForm, NewGameSpec};
use super::play::{PlayOutcome, PlayState, capitalize};
use super::review::{BackTo, Continuation, GameList, OpenAt, ReviewContext, ReviewOutcome, ReviewState};
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

mod dialog_events;
mod open;
mod play_events;
mod resume;
mod review_events;

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
    /// UCI options for the engines named on the command line (`--engine-option`), over their configured ones.
    pub engine_options: Vec<(String, String)>,
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
            engine_options: Vec::new(),
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

//! Helpers shared by the headless App tests: an App on fake time, a game started between two players, moves
//! typed as a user types them, and the screen drawn to text.

#![allow(dead_code)]

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use tabiya::game::{FakeTime, SaveStore};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::screen;

/// An App from `config` (its key bindings included) on fake time, so no test waits on a clock; `saves` is
/// where its games are kept, None for nowhere.
pub fn app_on_fake_time(config: Config, saves: Option<SaveStore>) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves, notify: None, time: Some(Arc::new(FakeTime::new())) };
    App::new(config, keymap, None, options)
}

/// Starts an untimed game between `white` and `black` from `start`.
pub fn start_untimed(app: &mut App, white: PlayerSpec, black: PlayerSpec, start: StartSpec) {
    app.start_game(&NewGameSpec { white, black, time: TimeControlSpec::Untimed, start }).unwrap();
}

/// An App from `config` with an untimed game between two people from the standard start under way.
pub fn two_people(config: Config) -> App {
    let mut app = app_on_fake_time(config, None);
    start_untimed(&mut app, PlayerSpec::Human, PlayerSpec::Human, StartSpec::Standard);
    app
}

/// Types each move of `moves` (SAN or UCI, split on spaces) and submits it, as a user at the keyboard does.
pub fn type_moves(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        m.chars().for_each(|c| app.update(Action::Type(c)));
        app.update(Action::Submit);
    }
}

/// The screen at `width`×`height`, a string a row.
pub fn screen_rows(app: &mut App, width: u16, height: u16) -> Vec<String> {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect()).collect()
}

/// The screen at `width`×`height` as one text, each row ended by a newline.
pub fn screen_text(app: &mut App, width: u16, height: u16) -> String {
    screen_rows(app, width, height).into_iter().map(|row| row + "\n").collect()
}

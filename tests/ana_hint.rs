//! Hints and Ctrl+E in play go through the analysis service (issue 12): the hint key (F3 by default) shows the
//! best move for the side to move in the status line after a short think; Ctrl+E in a game in progress is
//! refused by default and brings live lines when `[analysis] in_play = true`. Headless with the built-in
//! engine; polls with a deadline and asserts nothing about speed.

mod common_app;

use common_app::{app_on_fake_time, start_untimed};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};
use tabiya::rules::{Position, parse_san};
use tabiya::tui::action::Action;
use tabiya::tui::app::App;
use tabiya::tui::config::Config;
use tabiya::tui::play::PlayState;
use tabiya::tui::setup::{PlayerSpec, StartSpec};

fn game(config: Config, black: PlayerSpec, start: StartSpec) -> App {
    let mut app = app_on_fake_time(config, None);
    start_untimed(&mut app, PlayerSpec::Human, black, start);
    app
}

fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.handle_event(&Event::Key(KeyEvent::new(code, modifiers)));
}

fn play(app: &App) -> &PlayState {
    app.play.as_ref().unwrap()
}

fn notice(app: &App) -> String {
    play(app).notice.as_ref().map(|(n, _)| n.clone()).unwrap_or_default()
}

/// Ticks until `done` holds, at most twenty seconds.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done(app) {
        assert!(Instant::now() < deadline, "waited in vain for {what}; status: {}", notice(app));
        std::thread::sleep(Duration::from_millis(20));
        app.update(Action::Tick);
    }
}

fn hint_after_f3(app: &mut App) -> String {
    press(app, KeyCode::F(3), KeyModifiers::NONE);
    assert_eq!(notice(app), "Hint: thinking…");
    until(app, "the hint", |a| notice(a) != "Hint: thinking…");
    notice(app)
}

#[test]
fn the_hint_key_shows_a_legal_move_for_the_side_to_move() {
    let mut app = game(Config::default(), PlayerSpec::Computer(Some(1)), StartSpec::Standard);
    let text = hint_after_f3(&mut app);
    let san = text.strip_prefix("Hint: ").unwrap_or_else(|| panic!("{text}"));
    assert!(parse_san(&Position::startpos(), san).is_ok(), "{text}");
}

#[test]
fn the_hint_finds_the_mate_in_one() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".to_string();
    let mut app = game(Config::default(), PlayerSpec::Human, StartSpec::Fen(fen));
    assert_eq!(hint_after_f3(&mut app), "Hint: Ra8#");
}

#[test]
fn ctrl_e_in_play_is_refused_against_the_computer_by_default() {
    let mut app = game(Config::default(), PlayerSpec::Computer(Some(1)), StartSpec::Standard);
    press(&mut app, KeyCode::Char('e'), KeyModifiers::CONTROL);
    assert!(!play(&app).live.is_on(), "no live analysis");
    assert!(notice(&app).contains("in_play"), "{}", notice(&app));
    app.update(Action::Tick);
    assert!(play(&app).live.lines.is_empty());
}

#[test]
fn ctrl_e_in_play_brings_live_lines_with_in_play() {
    let mut config = Config::default();
    config.analysis.in_play = true;
    config.analysis.lines = 2;
    config.engine.hash_mb = 1;
    let mut app = game(config, PlayerSpec::Computer(Some(1)), StartSpec::Standard);
    press(&mut app, KeyCode::Char('e'), KeyModifiers::CONTROL);
    assert!(play(&app).live.is_on());
    until(&mut app, "live lines", |a| play(a).live.lines.len() == 2);
    let pos = Position::startpos();
    assert!(play(&app).live.lines.iter().all(|l| l.moves.first().is_some_and(|&m| pos.is_legal(m))));
    press(&mut app, KeyCode::Char('e'), KeyModifiers::CONTROL);
    assert!(!play(&app).live.is_on(), "Ctrl+E again turns it off");
}

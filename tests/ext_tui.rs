//! Saved games and broken engines through the headless app: a save file that names a command never runs it
//! (the offer says so and asks who plays instead), a configured engine name resolves, and an engine that
//! breaks down mid-game opens a dialog whose choices carry the game on or score it.

mod ext_common;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ext_common::{engine_script, quick, spec};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::{
    ControllerOptions, EndReason, EngineCatalog, EngineFault, FakeTime, GameController, GameError, PlayerKind,
    SaveStore,
};
use tabiya::rules::Color;
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::{Config, ExternalEngine};
use tabiya::tui::dialog::{Choice, Dialog};
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};

fn app_with(config: Config, saves: Option<SaveStore>) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: 100, height: 40 });
    app
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

/// A save file as tabiya writes one, with Black's player tag as given.
fn crafted_save(dir: &Path, black_tag: &str) -> std::path::PathBuf {
    let text = format!(
        "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"-\"]\n[White \"You\"]\n\
         [Black \"stockfish\"]\n[Result \"*\"]\n[TimeControl \"300\"]\n[TabiyaSave \"1\"]\n\
         [TabiyaState \"in progress\"]\n[TabiyaWhite \"human:You\"]\n[TabiyaBlack \"{black_tag}\"]\n\
         [TabiyaClocks \"290000 295000\"]\n\n1. e4 {{[%clk 0:04:50]}} *\n"
    );
    let path = dir.join("2026-01-01-000000-You-stockfish.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_save_file_naming_a_command_never_runs_it() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("pwned");
    let path = crafted_save(dir.path(), &format!("uci:/usr/bin/touch {}", marker.display()));
    // The controller refuses it, with the reference, and starts nothing.
    let err = GameController::resume(&path, ControllerOptions::default()).err().expect("refused");
    assert!(matches!(&err, GameError::UnknownEngine { color: Color::Black, .. }), "{err:?}");
    assert!(err.to_string().starts_with("the file names an engine that is not in your configuration: /usr/bin/touch"));
    // The app's offer says so plainly; Enter resumes with a computer level in its place.
    let saves = SaveStore::open(dir.path()).unwrap();
    let mut app = app_with(Config::default(), Some(saves));
    let (found, summary) = app.find_unfinished().expect("offered");
    app.offer_resume(&found, summary);
    let Some(Dialog::UnknownEngine { message, picker, .. }) = &app.dialog else { panic!("{:?}", app.dialog) };
    assert!(message.contains("not in your configuration: /usr/bin/touch"), "{message}");
    assert_eq!(picker.chosen(), Some(&Choice::Level(3)));
    let screen = render(&mut app).join("\n");
    assert!(screen.contains("not in your configuration: /usr/bin/touch"), "{screen}");
    assert!(screen.contains("Computer level 3") && screen.contains("Review the game instead"), "{screen}");
    key(&mut app, KeyCode::Enter);
    std::thread::sleep(Duration::from_millis(200));
    assert!(!marker.exists(), "the command in the file was run");
    assert!(matches!(app.screen, Screen::Play));
    let game = &app.play.as_ref().unwrap().game;
    assert_eq!(game.player(Color::Black), &PlayerKind::Engine { level: 3 });
    assert_eq!(game.san_list(), ["e4"]);
    assert_eq!(game.clock(Color::White), Some(Duration::from_millis(290_000)));
    game.flush_saves(Duration::from_secs(10)); // saves are written on their own thread
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("[TabiyaBlack \"level:3\"]"), "{saved}");
}

#[test]
fn the_offer_can_review_the_game_instead() {
    let dir = tempfile::tempdir().unwrap();
    let path = crafted_save(dir.path(), "uci:sh -c 'touch x'");
    let mut app = app_with(Config::default(), None);
    app.offer_resume(&path, "a game".into());
    key(&mut app, KeyCode::Up);
    let Some(Dialog::UnknownEngine { picker, .. }) = &app.dialog else { panic!("{:?}", app.dialog) };
    assert_eq!(picker.chosen(), Some(&Choice::Review));
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Review(_)));
    assert!(!dir.path().join("x").exists() && !Path::new("x").exists());
}

#[test]
fn at_80_by_24_the_offer_scrolls_its_choices_and_keeps_the_chosen_one_and_the_keys_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let path = crafted_save(dir.path(), "uci:sh -c 'touch x'");
    let mut config = Config::default();
    // Twelve levels, five engines and "review": more choices than 24 rows hold.
    for name in ["Engine One", "Engine Two", "Engine Three", "Engine Four", "Engine Five"] {
        let options = Default::default();
        config.engines.push(ExternalEngine { name: name.into(), command: "/bin/false".into(), args: vec![], options });
    }
    let mut app = app_with(config, None);
    app.offer_resume(&path, "a game".into());
    let screen = render_at(&mut app, 80, 24).join("\n");
    assert!(screen.contains("▸ Computer level 3") && screen.contains("↓ ") && screen.contains(" more"), "{screen}");
    assert!(screen.contains("↑↓ choose · Enter"), "the keys stay in view:\n{screen}");
    // Up from the first choice goes round to the last, which comes into view.
    key(&mut app, KeyCode::Up);
    let screen = render_at(&mut app, 80, 24).join("\n");
    assert!(screen.contains("▸ Review the game instead") && screen.contains("↑ "), "{screen}");
    assert!(!screen.contains("Computer level 3"), "{screen}");
    assert!(screen.contains("↑↓ choose · Enter"), "{screen}");
}

#[test]
fn a_configured_engine_name_resolves() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "fake engine", "echo 'bestmove e7e5'");
    let path = crafted_save(dir.path(), "uci:Fake");
    let options = ControllerOptions {
        engines: EngineCatalog::new(vec![spec("Fake", &e)]),
        engine_timeouts: quick(),
        ..Default::default()
    };
    let g = GameController::resume(&path, options).unwrap();
    assert_eq!(g.player(Color::Black), &PlayerKind::External(spec("Fake", &e)));
    drop(g); // one tabiya at a time holds a game
    // Through the app: the configured engine is offered for resuming at once, and plays.
    let mut config = Config::default();
    config.engines.push(ExternalEngine {
        name: "Fake".into(),
        command: e.display().to_string(),
        args: vec![],
        options: Default::default(),
    });
    let mut app = app_with(config, None);
    app.offer_resume(&path, "a game".into());
    assert!(matches!(app.dialog, Some(Dialog::Resume { .. })), "{:?}", app.dialog);
    key(&mut app, KeyCode::Enter);
    assert!(wait_app(&mut app, |a| a.play.as_ref().is_some_and(|p| p.game.moves().len() == 2)));
}

fn render(app: &mut App) -> Vec<String> {
    render_at(app, 100, 40)
}

fn render_at(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| tabiya::tui::views::screen::draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol().to_string()).collect()).collect()
}

/// Ticks the app until `done` holds or 15 s pass.
fn wait_app(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        app.update(Action::Tick);
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// You (White) against the configured engine "Fake", which answers 1. e4 with an illegal move.
fn against_illegal_engine(dir: &Path) -> App {
    let e = engine_script(dir, "illegal", "echo 'bestmove e7e4'");
    let mut config = Config::default();
    config.engines.push(ExternalEngine {
        name: "Fake".into(),
        command: e.display().to_string(),
        args: vec![],
        options: Default::default(),
    });
    let mut app = app_with(config, None);
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Uci("Fake".into()),
        time: "5+0".parse().unwrap(),
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    for c in "e4".chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Enter);
    assert!(wait_app(&mut app, |a| a.dialog.is_some()), "the failure dialog opens");
    let Some(Dialog::EngineFailed { color, message, .. }) = &app.dialog else { panic!("{:?}", app.dialog) };
    assert_eq!((*color, message.as_str()), (Color::Black, "Fake sent an illegal move: e7e4"));
    let screen = render(&mut app).join("\n");
    assert!(
        screen.contains("Fake sent an illegal move: e7e4") && screen.contains("Score it as Black's loss"),
        "{screen}"
    );
    app
}

#[test]
fn a_broken_engine_opens_a_dialog_and_a_computer_level_takes_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = against_illegal_engine(dir.path());
    // Esc does not leave the game stuck: the dialog stays until a choice is made.
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.dialog, Some(Dialog::EngineFailed { .. })));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    assert!(app.dialog.is_none(), "{:?}", app.dialog);
    let game = &app.play.as_ref().unwrap().game;
    assert_eq!(game.player(Color::Black), &PlayerKind::Engine { level: 1 });
    assert!(wait_app(&mut app, |a| a.play.as_ref().is_some_and(|p| p.game.moves().len() == 2)));
}

#[test]
fn a_broken_engine_can_be_scored_as_its_loss() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = against_illegal_engine(dir.path());
    let Some(Dialog::EngineFailed { picker, .. }) = &app.dialog else { panic!() };
    let at = picker.choices.iter().position(|c| *c == Choice::ScoreLoss).unwrap();
    for _ in 0..at {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    let game = &app.play.as_ref().unwrap().game;
    assert_eq!(game.result().unwrap().reason, EndReason::EngineFault(Color::Black, EngineFault::IllegalMove));
    assert_eq!(game.result_text().unwrap(), "White wins: Black's engine sent an illegal move");
}

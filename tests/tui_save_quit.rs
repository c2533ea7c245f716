//! The play screen when the game cannot be saved: the warning stays on the status line until a save
//! succeeds, quitting asks first (save elsewhere / quit anyway / keep playing), and what is said on the way
//! out is true. A full disk is a fault-injecting sink in the save layer.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tabiya::game::saves::write_atomic;
use tabiya::game::{FakeTime, SaveSink, SaveStore};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::dialog::Dialog;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::quit::GameOnExit;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::play::status_text;

#[derive(Default)]
struct FullDisk {
    full: AtomicBool,
}

impl SaveSink for FullDisk {
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        if self.full.load(Ordering::SeqCst) {
            return Err(io::Error::from_raw_os_error(28));
        }
        write_atomic(path, bytes)
    }
}

fn app(saves: Option<SaveStore>, time: &FakeTime) -> App {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves, notify: None, time: Some(Arc::new(time.clone())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: 80, height: 24 });
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: "5+3".parse().unwrap(),
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    app
}

fn press(app: &mut App, code: KeyCode, mods: KeyModifiers) {
    app.handle_event(&Event::Key(KeyEvent::new(code, mods)));
}

fn type_move(app: &mut App, text: &str) {
    for c in text.chars() {
        let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        press(app, KeyCode::Char(c), mods);
    }
    press(app, KeyCode::Enter, KeyModifiers::NONE);
}

fn status(app: &App) -> String {
    status_text(app, app.play.as_ref().unwrap()).0
}

fn settle(app: &mut App) {
    app.play.as_ref().unwrap().game.flush_saves(std::time::Duration::from_secs(10));
    app.update(Action::Tick);
}

#[test]
fn with_the_disk_full_the_warning_stays_and_quitting_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let disk = Arc::new(FullDisk::default());
    let time = FakeTime::new();
    let mut app = app(Some(SaveStore::open(dir.path()).unwrap().with_sink(disk.clone())), &time);
    type_move(&mut app, "e4");
    settle(&mut app);
    assert!(!status(&app).contains("Not saved"), "{}", status(&app));

    disk.full.store(true, Ordering::SeqCst);
    for mv in ["e5", "Nf3", "Nc6"] {
        type_move(&mut app, mv);
        settle(&mut app);
        assert!(status(&app).starts_with("Not saved"), "after {mv}: {}", status(&app));
    }
    press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(!app.quit, "quitting asks first");
    assert!(matches!(&app.dialog, Some(Dialog::QuitUnsaved { reason }) if reason.contains("space")));
    press(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(app.dialog.is_none() && !app.quit, "Esc keeps playing");

    // The disk has room again: the next move saves everything and the warning goes.
    disk.full.store(false, Ordering::SeqCst);
    type_move(&mut app, "Bb5");
    settle(&mut app);
    assert!(!status(&app).contains("Not saved"), "{}", status(&app));
    press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(app.quit);
    assert!(matches!(app.game_on_exit(), GameOnExit::Saved(_)));
}

#[test]
fn quitting_anyway_is_reported_as_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let disk = Arc::new(FullDisk { full: AtomicBool::new(true) });
    let time = FakeTime::new();
    let mut app = app(Some(SaveStore::open(dir.path()).unwrap().with_sink(disk)), &time);
    type_move(&mut app, "d4");
    settle(&mut app);
    press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(matches!(app.dialog, Some(Dialog::QuitUnsaved { .. })));
    press(&mut app, KeyCode::Char('q'), KeyModifiers::NONE);
    assert!(app.quit);
    assert!(matches!(app.game_on_exit(), GameOnExit::NotSaved(r) if r.contains("space")));
}

#[test]
fn with_no_usable_save_folder_the_warning_lasts_and_the_game_can_be_saved_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let mut app = app(None, &time);
    app.save_problem = Some("the save folder /x/games: Not a directory".into());
    for mv in ["e4", "e5", "Nf3"] {
        type_move(&mut app, mv);
        assert!(status(&app).starts_with("Not saved"), "after {mv}: {}", status(&app));
    }
    press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(matches!(app.dialog, Some(Dialog::QuitUnsaved { .. })));
    press(&mut app, KeyCode::Char('s'), KeyModifiers::NONE);
    let target = dir.path().join("rescued.pgn");
    if let Some(Dialog::SavePath { text, .. }) = &mut app.dialog {
        text.clear();
    }
    type_move(&mut app, target.to_str().unwrap());
    assert!(app.quit, "saving elsewhere from the question quits");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("1. e4") && text.contains("2. Nf3"), "{text}");
    assert_eq!(app.game_on_exit(), GameOnExit::SavedElsewhere(target));
}

#[test]
fn nothing_is_asked_when_nothing_would_be_lost() {
    let time = FakeTime::new();
    let mut app = app(None, &time);
    app.save_problem = Some("no home directory".into());
    press(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(app.quit, "a game with no move has nothing to lose");
    assert_eq!(app.game_on_exit(), GameOnExit::NothingToSay);
}

#[test]
fn a_second_tabiya_on_the_same_folder_sees_the_game_is_open_and_can_review_it() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let mut first = app(Some(SaveStore::open(dir.path()).unwrap()), &time);
    type_move(&mut first, "e4");
    type_move(&mut first, "e5");
    settle(&mut first);

    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: Some(SaveStore::open(dir.path()).unwrap()), notify: None, time: None };
    let mut second = App::new(config, keymap, None, options);
    let (path, summary) = second.find_unfinished().expect("the first copy's game is listed");
    second.offer_resume(&path, summary);
    assert!(matches!(second.dialog, Some(Dialog::OpenElsewhere { .. })), "{:?}", second.dialog);
    assert!(second.resume(&path).unwrap_err().contains("open in another tabiya"));
    press(&mut second, KeyCode::Char('r'), KeyModifiers::NONE);
    assert!(matches!(second.screen, tabiya::tui::app::Screen::Review(_)), "it can be reviewed");

    // The first copy goes on and quits; then the game is free to resume, with every move.
    type_move(&mut first, "Nf3");
    press(&mut first, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert!(first.quit);
    drop(first);
    let mut third = app(Some(SaveStore::open(dir.path()).unwrap()), &time);
    third.resume(&path).unwrap();
    let sans: Vec<String> = third.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
}

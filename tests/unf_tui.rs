//! The unfinished-games screen, headless: offered at start, reached with `u` from the new-game screen, and
//! from it a game is resumed (clocks included), reviewed or abandoned; `tabiya review`'s saved-games list
//! resumes one with `r`; rendered whole at 80×24 and 200×60.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::save_lock::GameLock;
use tabiya::game::{FakeTime, SaveStore};
use tabiya::rules::Color;
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::screen;

fn app(dir: &std::path::Path, time: &FakeTime) -> App {
    let mut config = Config::default();
    // These tests count clock time from the start, as over the board.
    config.game.clock_starts = tabiya::tui::config::ClockStarts::AtOnce;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let saves = Some(SaveStore::open(dir).unwrap());
    let mut app =
        App::new(config, keymap, None, AppOptions { saves, notify: None, time: Some(Arc::new(time.clone())) });
    app.update(Action::Resize { width: 100, height: 30 });
    app
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
    }
}

fn type_move(app: &mut App, text: &str) {
    type_text(app, text);
    key(app, KeyCode::Enter);
}

fn sans(app: &App) -> Vec<String> {
    app.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect()
}

/// Plays a game of two people at 5+3 with `moves`, each taking `think`, and quits: it stays unfinished.
fn leave_a_game(dir: &std::path::Path, time: &FakeTime, moves: &[&str], think: Duration) -> PathBuf {
    let mut app = app(dir, time);
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: "5+3".parse().unwrap(),
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    for m in moves {
        time.advance(think);
        type_move(&mut app, m);
    }
    let path = app.play.as_ref().unwrap().game.save_path().unwrap().to_path_buf();
    app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL)));
    assert!(app.quit);
    path
}

fn list_paths(app: &App) -> Vec<PathBuf> {
    let Screen::Unfinished(s) = &app.screen else { panic!("not on the unfinished list") };
    s.list.games.iter().map(|g| g.path.clone()).collect()
}

/// Two games left unfinished; the second (newer) is saved later.
fn two_games(dir: &std::path::Path, time: &FakeTime) -> (PathBuf, PathBuf) {
    let older = leave_a_game(dir, time, &["e4", "e5", "Nf3"], Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(20)); // its file is saved later, to order games begun in one second
    let newer = leave_a_game(dir, time, &["d4"], Duration::from_secs(4));
    (older, newer)
}

#[test]
fn start_offers_the_list_newest_first_and_resumes_the_chosen_game_with_its_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let (older, newer) = two_games(dir.path(), &time);
    let mut app = app(dir.path(), &time);
    assert!(app.offer_unfinished(), "offered at start");
    assert_eq!(list_paths(&app), [newer, older.clone()]);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    let game = &app.play.as_ref().unwrap().game;
    assert_eq!(game.save_path(), Some(older.as_path()), "it keeps saving to its own file");
    // 5:00 − 10 s + 3 s, twice for White; once for Black.
    assert_eq!(game.clock(Color::White), Some(Duration::from_secs(286)));
    assert_eq!(game.clock(Color::Black), Some(Duration::from_secs(293)));
    type_move(&mut app, "Nc6");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn an_empty_folder_offers_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path(), &FakeTime::new());
    assert!(!app.offer_unfinished());
    assert!(matches!(app.screen, Screen::NewGame(_)));
}

#[test]
fn abandon_from_the_list_keeps_the_file_and_it_is_not_offered_again() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let (older, newer) = two_games(dir.path(), &time);
    let mut app = app(dir.path(), &time);
    app.offer_unfinished();
    type_text(&mut app, "a");
    type_text(&mut app, "n"); // anything but y keeps it
    assert_eq!(list_paths(&app).len(), 2);
    type_text(&mut app, "ay");
    assert_eq!(list_paths(&app), std::slice::from_ref(&older));
    let text = std::fs::read_to_string(&newer).unwrap();
    assert!(text.contains("1. d4") && text.contains("[Result \"*\"]") && text.contains("abandoned"), "{text}");
    type_text(&mut app, "ay");
    assert!(list_paths(&app).is_empty());
    assert!(older.exists() && newer.exists(), "never deleted");
    let mut again = self::app(dir.path(), &time);
    assert!(!again.offer_unfinished(), "abandoned games are not offered again");
}

#[test]
fn esc_leaves_for_a_new_game_u_comes_back_and_v_reviews() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let (_, newer) = two_games(dir.path(), &time);
    let mut app = app(dir.path(), &time);
    app.offer_unfinished();
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::NewGame(_)));
    type_text(&mut app, "u");
    assert_eq!(list_paths(&app).first(), Some(&newer));
    type_text(&mut app, "v");
    let Screen::Review(r) = &app.screen else { panic!("v reviews the game") };
    assert_eq!(r.game.tree.mainline.moves.len(), 1);
}

#[test]
fn a_game_open_elsewhere_is_shown_and_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let (_, newer) = two_games(dir.path(), &time);
    let _other_tabiya = GameLock::acquire(&newer).unwrap();
    let mut app = app(dir.path(), &time);
    app.offer_unfinished();
    key(&mut app, KeyCode::Enter);
    let Screen::Unfinished(s) = &app.screen else { panic!("stays on the list") };
    assert!(s.list.games[0].open_elsewhere);
    assert!(s.notice.as_deref().unwrap_or("").contains("open in another tabiya"), "{:?}", s.notice);
    assert!(render(&mut app, 80, 24).join("\n").contains("(open elsewhere)"));
}

#[test]
fn the_saved_games_review_list_resumes_an_unfinished_game() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let (older, newer) = two_games(dir.path(), &time);
    let store = SaveStore::open(dir.path()).unwrap();
    store.abandon(&newer).unwrap();
    let files: Vec<(PathBuf, Vec<u8>)> =
        [newer, older.clone()].into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect();
    let mut app = app(dir.path(), &time);
    app.open_saved_games("saved games", files, None).unwrap();
    assert!(matches!(app.screen, Screen::List));
    type_text(&mut app, "r"); // the abandoned game is finished: refused, with a reason
    assert!(matches!(app.screen, Screen::List));
    assert!(app.list.as_ref().unwrap().notice.is_some());
    key(&mut app, KeyCode::Down);
    assert!(render(&mut app, 80, 24).join("\n").contains("r resume"));
    type_text(&mut app, "r");
    assert!(matches!(app.screen, Screen::Play));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    assert_eq!(app.play.as_ref().unwrap().game.clock(Color::White), Some(Duration::from_secs(286)));
}

fn render(app: &mut App, width: u16, height: u16) -> Vec<String> {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>().trim_end().to_string())
        .collect()
}

/// A folder of games with long names and a corrupt file, listed.
fn busy_list(dir: &std::path::Path) -> App {
    let time = FakeTime::new();
    two_games(dir, &time);
    let long = "Maximilian Alexander von Hohenzollern-Sigmaringen";
    let text = format!(
        "[Event \"?\"]\n[Date \"2020.01.01\"]\n[White \"{long}\"]\n[Black \"{long}\"]\n[Result \"*\"]\n\
         [UTCTime \"12:00:00\"]\n[TimeControl \"5400+30\"]\n[TabiyaSave \"1\"]\n[TabiyaState \"in progress\"]\n\n\
         1. e4 {{[%clk 1:29:50]}} *\n"
    );
    std::fs::write(dir.join("2020-01-01-long.pgn"), text).unwrap();
    std::fs::write(dir.join("2021-broken.pgn"), "[TabiyaSave \"1\"]\n[TabiyaState \"in progress\"]\n\n1. e5 *\n")
        .unwrap();
    let mut app = app(dir, &time);
    assert!(app.offer_unfinished());
    app
}

/// Everything the screen must say in full, whatever the width.
fn assert_whole(lines: &[String], width: u16) {
    assert!(lines.iter().all(|l| l.chars().count() <= width as usize));
    let text = lines.iter().map(|l| l.trim_matches(|c| c == '│' || c == ' ')).collect::<Vec<_>>().join(" ");
    for needed in [
        "Unfinished games — 3",
        "Began (UTC)",
        "4:59 · 5:00", // the newest: White played d4 in 4 s (+3 s), Black has not moved
        "4:46 · 4:53",
        "1:29:50 · 1:30:00",
        "1 file(s) could not be read: 2021-broken.pgn (corrupt",
        "↑↓ choose · Enter resume · v review · a abandon · Esc new game · Ctrl+Q quit",
    ] {
        assert!(text.contains(needed), "{width} columns: {needed:?} missing in\n{}", lines.join("\n"));
    }
}

#[test]
fn the_list_reads_in_full_at_80x24_and_200x60() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = busy_list(dir.path());
    let small = render(&mut app, 80, 24);
    assert_whole(&small, 80);
    assert!(
        small.iter().any(|l| l.contains("Maximilian Alexander") && l.contains('…')),
        "a long name is cut in its row"
    );
    // The selected game is given in full below the list, wrapped.
    key(&mut app, KeyCode::End);
    let small = render(&mut app, 80, 24).join(" ");
    assert!(small.contains("Hohenzollern-Sigmaringen · Black"), "{small}");
    let large = render(&mut app, 200, 60);
    assert_whole(&large, 200);
    type_text(&mut app, "a");
    let asking = render(&mut app, 80, 24).join(" ");
    assert!(asking.contains("y abandon"), "{asking}");
}

#[test]
fn configuration_errors_are_told_on_the_list_offered_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    two_games(dir.path(), &time);
    let loaded = tabiya::tui::config::parse("[display]\ntheme = \"nope\"\n", "/home/ann/.config/tabiya/config.toml");
    assert_eq!(loaded.errors.len(), 1);
    let saves = Some(SaveStore::open(dir.path()).unwrap());
    let options = AppOptions { saves, notify: None, time: Some(Arc::new(time.clone())) };
    let mut app = App::new(loaded.config, loaded.keymap, loaded.errors.clone(), options);
    assert!(app.offer_unfinished());
    for (w, h) in [(80, 24), (200, 60)] {
        let text = render(&mut app, w, h)
            .iter()
            .map(|l| l.trim_matches(|c| c == '│' || c == ' '))
            .collect::<Vec<_>>()
            .join(" ");
        let squashed = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squashed.contains(&loaded.errors[0].to_string()), "{w}x{h}: {text}");
    }
}

//! The F1 help overlay lists every key — playing, reviewing and analysing (a, A, n, w, variations…) and the
//! configurable commands as bound — and each line shows whole at 80×24 and at 200×60, over the play screen and
//! over the review screen.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::dialog::Dialog;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::{help, screen};

fn app() -> App {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    App::new(config, keymap, None, AppOptions::default())
}

fn rows(a: &mut App, w: u16, h: u16) -> Vec<String> {
    a.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| screen::draw(f, a)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect()).collect()
}

/// Every binding shows on one row: its keys, then its description in full.
fn assert_every_binding_whole(a: &mut App, w: u16, h: u16) {
    press_f1(a);
    assert_eq!(a.dialog, Some(Dialog::Help));
    let shown = rows(a, w, h);
    let entries = help::entries(&a.keymap);
    assert!(entries.len() >= 25, "{entries:?}");
    for (keys, what) in &entries {
        let whole = shown.iter().any(|row| row.find(keys.as_str()).is_some_and(|at| row[at..].contains(what.as_str())));
        assert!(whole, "{w}x{h}: `{keys}  {what}` not shown whole:\n{}", shown.join("\n"));
    }
    for must in ["Reviewing", "next mistake", "analyse the whole game", "into a variation", "hint"] {
        assert!(shown.iter().any(|r| r.contains(must)), "{w}x{h}: {must}");
    }
    press_f1(a);
    assert_eq!(a.dialog, None, "any key closes it");
}

fn press_f1(a: &mut App) {
    a.handle_event(&Event::Key(KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)));
}

#[test]
fn help_over_play_shows_every_key_whole_small_and_large() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut a = app();
        let spec = NewGameSpec {
            white: PlayerSpec::Human,
            black: PlayerSpec::Human,
            time: TimeControlSpec::Untimed,
            start: StartSpec::Standard,
        };
        a.start_game(&spec).unwrap();
        assert_every_binding_whole(&mut a, w, h);
    }
}

#[test]
fn help_over_review_shows_every_key_whole_small_and_large() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut a = app();
        a.open_review("g.pgn", b"1. e4 (1. d4 d5) e5 2. Nf3 *\n".to_vec(), None).unwrap();
        assert_every_binding_whole(&mut a, w, h);
    }
}

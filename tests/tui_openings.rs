//! The play screen names the opening as it goes on, and keeps the name once the game leaves the book.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use tabiya::game::FakeTime;
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::screen;

fn render(app: &mut App, width: u16, height: u16) -> String {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>() + "\n").collect()
}

fn play(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        for c in m.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    }
}

#[test]
fn the_opening_is_named_and_stays_after_the_book() {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut app = App::new(config, keymap, None, options);
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: "untimed".parse().unwrap(),
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    play(&mut app, "e4 e5 Nf3 Nc6 Bb5");
    for (w, h) in [(80, 24), (200, 60)] {
        let screen = render(&mut app, w, h);
        assert!(screen.contains("C60 Ruy Lopez"), "{w}×{h}:\n{screen}");
    }
    play(&mut app, "h6 h3");
    let screen = render(&mut app, 80, 24);
    assert!(screen.contains("C60 Ruy Lopez"), "the name stays once the game leaves the book:\n{screen}");
}

#[test]
fn the_review_header_names_an_untagged_game_by_its_position() {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut app = App::new(config, keymap, None, options);
    // The Morphy Defense by a transposed order, no ECO or Opening tag.
    let pgn = b"[White \"A\"]\n[Black \"B\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n".to_vec();
    app.open_review("t.pgn", pgn, Some(1)).unwrap();
    let screen = render(&mut app, 200, 60);
    assert!(screen.contains("C70 Ruy Lopez: Morphy Defense"), "{screen}");
}

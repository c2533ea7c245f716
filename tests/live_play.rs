//! Live analysis on the play screen: refused for a game in progress unless `[analysis] in_play` allows it,
//! and given for a finished game, its lines drawn under the move list.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::FakeTime;
use tabiya::tui::action::{Action, Command};
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::screen;

fn game(in_play: bool) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    config.analysis.in_play = in_play;
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
    app
}

fn play(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        for c in m.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    }
}

fn wait_for_lines(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.play.as_ref().unwrap().live.lines.is_empty() {
        assert!(Instant::now() < deadline, "no lines: {:?}", app.play.as_ref().unwrap().live.rows());
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_game_in_progress_gets_no_live_analysis_unless_allowed() {
    let mut app = game(false);
    play(&mut app, "e4");
    app.update(Action::Command(Command::Evaluate));
    assert!(!app.play.as_ref().unwrap().live.is_on());
    let mut app = game(true);
    play(&mut app, "e4");
    app.update(Action::Command(Command::Evaluate));
    assert!(app.play.as_ref().unwrap().live.is_on());
    wait_for_lines(&mut app);
    // The game goes on: analysis follows the new position.
    play(&mut app, "e5");
    app.update(Action::Tick);
    wait_for_lines(&mut app);
    let p = app.play.as_ref().unwrap();
    assert!(p.live.lines.iter().all(|l| p.game.position().is_legal(l.moves[0])));
}

#[test]
fn a_finished_game_is_analysed_under_the_move_list() {
    let mut app = game(false);
    play(&mut app, "f3 e5 g4 Qh4#");
    assert!(app.play.as_ref().unwrap().game.is_over());
    app.update(Action::Command(Command::Evaluate));
    assert!(app.play.as_ref().unwrap().live.is_on());
    app.update(Action::Resize { width: 100, height: 30 });
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|f| screen::draw(f, &app)).unwrap();
    let text: String = terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect();
    assert!(text.contains("Game over: nothing to analyse"), "{text}");
}

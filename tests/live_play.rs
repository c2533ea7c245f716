//! Live analysis on the play screen: refused for a game in progress unless `[analysis] in_play` allows it,
//! and given for a finished game, its lines drawn under the move list.

mod common_app;

use common_app::{screen_text, two_people, type_moves};
use std::time::{Duration, Instant};
use tabiya::tui::action::{Action, Command};
use tabiya::tui::app::App;
use tabiya::tui::config::Config;

fn game(in_play: bool) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    config.analysis.in_play = in_play;
    two_people(config)
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
    type_moves(&mut app, "e4");
    app.update(Action::Command(Command::Evaluate));
    assert!(!app.play.as_ref().unwrap().live.is_on());
    let mut app = game(true);
    type_moves(&mut app, "e4");
    app.update(Action::Command(Command::Evaluate));
    assert!(app.play.as_ref().unwrap().live.is_on());
    wait_for_lines(&mut app);
    // The game goes on: analysis follows the new position.
    type_moves(&mut app, "e5");
    app.update(Action::Tick);
    wait_for_lines(&mut app);
    let p = app.play.as_ref().unwrap();
    assert!(p.live.lines.iter().all(|l| p.game.position().is_legal(l.moves[0])));
}

#[test]
fn a_finished_game_is_analysed_under_the_move_list() {
    let mut app = game(false);
    type_moves(&mut app, "f3 e5 g4 Qh4#");
    assert!(app.play.as_ref().unwrap().game.is_over());
    app.update(Action::Command(Command::Evaluate));
    assert!(app.play.as_ref().unwrap().live.is_on());
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Game over: nothing to analyse"), "{text}");
}

//! A finished whole-game analysis is kept in the data directory, so that reviewing the same game again shows it
//! at once — graph, marks, accuracy — with no engine run; `A` analyses again. Headless with the built-in engine
//! at a small movetime; polls with a deadline and asserts nothing about speed.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::{FakeTime, SaveStore};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::review::ReviewState;
use tabiya::tui::views::screen;

const BLUNDER: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. d4 Qh4 4. Nxh4 *\n";

fn opened(data: &Path, pgn: &str, movetime_ms: u64) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    config.analysis.game_movetime_ms = movetime_ms;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let saves = SaveStore::open(data.join("games")).unwrap();
    let options = AppOptions { saves: Some(saves), notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut a = App::new(config, keymap, None, options);
    a.open_review("game.pgn", pgn.as_bytes().to_vec(), None).unwrap();
    a
}

fn review(a: &App) -> &ReviewState {
    let Screen::Review(r) = &a.screen else { panic!("not reviewing") };
    r
}

/// Ticks until `done` holds, at most twenty seconds.
fn until(a: &mut App, what: &str, done: impl Fn(&ReviewState) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        a.update(Action::Tick);
        if done(review(a)) {
            return;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn render(a: &mut App, w: u16, h: u16) -> String {
    a.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| screen::draw(f, a)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>()).collect::<Vec<_>>().join("\n")
}

fn kept_files(data: &Path) -> usize {
    std::fs::read_dir(data.join("analysis")).map_or(0, |d| d.count())
}

#[test]
fn a_finished_analysis_is_shown_at_once_when_the_game_is_reviewed_again() {
    let data = tempfile::tempdir().unwrap();
    let mut first = opened(data.path(), BLUNDER, 20);
    assert!(!review(&first).analysis.started(), "nothing kept yet: nothing shown");
    first.update(Action::Type('A'));
    until(&mut first, "the whole-game analysis", |r| r.analysis.done);
    let analysed = review(&first).analysis.positions.clone();
    assert_eq!(kept_files(data.path()), 1, "the finished analysis is kept");
    drop(first);

    // Reviewed again (another run, the same game): shown before any tick, so no engine ran for it.
    let mut again = opened(data.path(), BLUNDER, 20);
    let r = review(&again);
    assert!(r.analysis.done && r.analysis.from_cache);
    assert_eq!(r.analysis.positions, analysed);
    assert_eq!(r.analysis.judgement(6), Some(tabiya::game::judgement::Judgement::Blunder));
    let screen = render(&mut again, 120, 40);
    assert!(screen.contains("Qh4??"), "the blunder is marked:\n{screen}");
    assert!(screen.contains("Accuracy: White"), "the accuracy is shown:\n{screen}");
    assert!(screen.contains("Game: analysed 8/8 (kept)"), "{screen}");
    assert!(screen.chars().any(|c| ('▁'..='█').contains(&c)), "the eval graph is drawn:\n{screen}");
    again.update(Action::Type('n'));
    let r = review(&again);
    assert!(r.main_ply().and_then(|p| r.analysis.judgement(p)).is_some(), "n jumps to a kept mistake");

    // `A` analyses again, from nothing.
    again.update(Action::Type('A'));
    let r = review(&again);
    assert!(!r.analysis.done && !r.analysis.from_cache && r.analysis.positions.is_empty());
    until(&mut again, "the analysis run again", |r| r.analysis.done);
    assert_eq!(kept_files(data.path()), 1, "the same game keeps one file");
}

#[test]
fn another_game_or_setting_finds_nothing_and_an_unfinished_analysis_is_not_kept() {
    let data = tempfile::tempdir().unwrap();
    let mut a = opened(data.path(), BLUNDER, 20);
    a.update(Action::Type('A'));
    until(&mut a, "the whole-game analysis", |r| r.analysis.done);

    let other_game = BLUNDER.replace("4. Nxh4", "4. Nc3");
    assert!(!review(&opened(data.path(), &other_game, 20)).analysis.started(), "another game");
    assert!(!review(&opened(data.path(), BLUNDER, 40)).analysis.started(), "another time per position");

    // A long analysis that is under way has nothing kept yet; leaving it keeps nothing.
    let mut slow = opened(data.path(), &other_game, 5_000);
    slow.update(Action::Type('A'));
    until(&mut slow, "the first position", |r| !r.analysis.positions.is_empty());
    assert!(!review(&slow).analysis.done);
    drop(slow);
    assert_eq!(kept_files(data.path()), 1, "only the finished analysis is kept");
}

//! Real engines behind the controller: an external UCI engine (Stockfish, when installed) playing a game on its
//! own process. (Hints and evaluations are the analysis service's: `tests/ana_hint.rs`.)

use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::{
    ControllerOptions, EngineSpec, GameCommand, GameController, GameEvent, GameSetup, PlayerKind, StartPosition,
};
use tabiya::rules::Color;

fn wait_for(g: &mut GameController, secs: u64, mut done: impl FnMut(&GameController, &[GameEvent]) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        let events = g.poll();
        if done(g, &events) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn stockfish_plays_as_an_external_uci_engine() {
    let stockfish = "/usr/games/stockfish";
    if !std::path::Path::new(stockfish).exists() {
        eprintln!("skipped: {stockfish} is not installed");
        return;
    }
    let engine = EngineSpec::from_command_line(stockfish).unwrap();
    let setup =
        GameSetup::new(PlayerKind::External(engine), PlayerKind::human("Ann")).with_start(StartPosition::Chess960(0));
    let mut options = ControllerOptions { untimed_movetime: Duration::from_millis(50), ..Default::default() };
    let woken = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let w = Arc::clone(&woken);
    options.notify = Some(Arc::new(move || w.store(true, std::sync::atomic::Ordering::SeqCst)));
    let mut g = GameController::new(setup, options).unwrap();
    assert_eq!(g.is_thinking(), Some(Color::White));
    assert!(wait_for(&mut g, 20, |g, _| g.moves().len() == 1), "Stockfish made its first move");
    assert!(woken.load(std::sync::atomic::Ordering::SeqCst));
    // Answer with any legal move and let Stockfish reply again, castling in Chess960 notation included.
    for _ in 0..3 {
        let m = g.position().legal_move_vec()[0];
        g.apply(GameCommand::Move(m)).unwrap();
        let n = g.moves().len();
        assert!(wait_for(&mut g, 20, |g, _| g.moves().len() == n + 1 || g.is_over()));
    }
    assert_eq!(g.player(Color::White).name(), "stockfish");
}

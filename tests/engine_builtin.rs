//! The built-in engine as a player behind the game controller: a hash size it cannot have (the TUI's
//! `hash_mb` may say 65536) is replaced by one that works, the player is told, and the engine plays on.

use std::time::{Duration, Instant};
use tabiya::game::{ControllerOptions, GameController, GameEvent, GameSetup, PlayerKind};

#[test]
fn a_hash_too_large_is_reported_and_the_engine_still_moves() {
    let setup = GameSetup::new(PlayerKind::Engine { level: tabiya::engine::MAX_LEVEL }, PlayerKind::human("Ann"));
    let options = ControllerOptions { untimed_movetime: Duration::from_millis(50), ..Default::default() }
        .with_engine_hash_mb(65_536);
    let mut g = GameController::new(setup, options).unwrap();
    let mut notices = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while g.moves().is_empty() && Instant::now() < deadline {
        for event in g.poll() {
            if let GameEvent::Notice(message) = event {
                notices.push(message);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(g.moves().len(), 1, "the engine moved");
    assert_eq!(notices.len(), 1, "{notices:?}");
    // Either the maximum was taken (a machine with the memory) or a smaller table (one without).
    assert!(notices[0].contains("32768 MB"), "{notices:?}");
}

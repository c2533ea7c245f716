//! Helpers shared by the game tests: headless controllers on fake time.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{
    ControllerOptions, FakeTime, GameCommand, GameController, GameEvent, GameSetup, PlayerKind, StartPosition,
    TimeControl,
};

pub fn people(tc: TimeControl, start: StartPosition) -> (GameController, FakeTime) {
    let time = FakeTime::new();
    let setup =
        GameSetup::new(PlayerKind::human("Ann"), PlayerKind::human("Bob")).with_time_control(tc).with_start(start);
    let game = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time.clone()))).unwrap();
    (game, time)
}

pub fn untimed() -> (GameController, FakeTime) {
    people(TimeControl::untimed(), StartPosition::Standard)
}

pub fn from_fen(fen: &str) -> (GameController, FakeTime) {
    people(TimeControl::untimed(), StartPosition::Fen(fen.into()))
}

/// Plays moves in SAN, each after `think` of thinking time; returns all events.
pub fn play(game: &mut GameController, time: &FakeTime, moves: &str, think: Duration) -> Vec<GameEvent> {
    let mut events = Vec::new();
    for san in moves.split_whitespace() {
        time.advance(think);
        events.extend(game.apply(GameCommand::MoveText(san.into())).unwrap_or_else(|e| panic!("{san}: {e}")));
    }
    events
}

pub fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

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

use std::collections::VecDeque;
use std::sync::Mutex;
use tabiya::game::{Brain, BrainReport, ThinkRequest};

/// A computer player whose answers the test controls: it records each request and, when `auto` is on,
/// answers at once with the first legal move; otherwise answers wait in `held` until released.
#[derive(Clone, Default)]
pub struct Scripted {
    pub state: Arc<Mutex<ScriptState>>,
}

#[derive(Default)]
pub struct ScriptState {
    pub auto: bool,
    pub requests: Vec<ThinkRequest>,
    pub held: VecDeque<BrainReport>,
    pub ready: VecDeque<BrainReport>,
}

impl Scripted {
    pub fn auto() -> Scripted {
        let s = Scripted::default();
        s.state.lock().unwrap().auto = true;
        s
    }

    /// Lets the held answers through.
    pub fn release(&self) {
        let mut st = self.state.lock().unwrap();
        let held: Vec<_> = st.held.drain(..).collect();
        st.ready.extend(held);
    }

    pub fn requests(&self) -> usize {
        self.state.lock().unwrap().requests.len()
    }
}

impl Brain for Scripted {
    fn think(&mut self, r: ThinkRequest) {
        let mut pos = r.start.clone();
        for &m in &r.moves {
            pos.make_move(m);
        }
        let best = pos.legal_move_vec().first().copied();
        let mut st = self.state.lock().unwrap();
        let report = BrainReport::BestMove { id: r.id, best };
        st.requests.push(r);
        if st.auto {
            st.ready.push_back(report);
        } else {
            st.held.push_back(report);
        }
    }
    fn stop(&mut self) {}
    fn new_game(&mut self) {}
    fn try_recv(&mut self) -> Option<BrainReport> {
        self.state.lock().unwrap().ready.pop_front()
    }
}

//! The analysis service: one engine (the built-in one or a configured external one) on its own thread, told
//! "analyse this position" (without limit, until told otherwise) or "analyse this game" (each position of
//! the main line for a fixed time), and reporting typed updates. The review screen, the play screen and
//! `tabiya analyse` all use it; none of them talks to an engine.
//!
//! The thread blocks on one channel that carries both the requests and the engine's wake-ups (the engine's
//! notifier posts into it), so it costs nothing while idle and answers a new request at once: the running
//! search is stopped and its late answers are dropped by id.

use super::annotate::{PositionAnalysis, terminal_score};
use super::recheck::{RECHECK_FACTOR, positions_to_recheck};
use crate::game::brain::{Brain, BrainReport, EngineScore, EvalScore, ThinkRequest};
use crate::game::engine_spec::EngineSpec;
use crate::game::error::GameError;
use crate::game::external::{EngineTimeouts, Notifier};
use crate::game::pgn::tree::{play_or_pass, split_at_last_pass};
use crate::game::player::PlayerKind;
use crate::rules::{Color, Move, Position};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// Which engine analyses.
#[derive(Clone, Debug)]
pub enum AnalysisEngine {
    /// tabiya's own engine at full strength, with this hash size in MiB and this many search threads.
    Builtin { hash_mb: usize, threads: usize },
    /// A configured external UCI engine.
    External(EngineSpec),
}

/// How long each position of a game analysis is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionLimit {
    Time(Duration),
    Depth(u32),
    /// A node count: the same judgement on a busy machine as on an idle one (lichess's server analysis
    /// works this way too), with `backstop` as the most time one position may take.
    Nodes {
        nodes: u64,
        backstop: Duration,
    },
}

/// Whole-game analysis searches this many nodes a position unless told otherwise (`tabiya analyse`, the
/// review screen's `A`; `config/default.toml` says the same).
pub const DEFAULT_GAME_NODES: u64 = 600_000;

impl PositionLimit {
    /// `nodes` a position, or 1 µs a node when that comes first (at least 600 ms): the default 600000 nodes
    /// take about 0.45 s on one core of the machine tabiya is measured on, and a slow or busy machine still
    /// analyses a 40-move game (81 positions) within a minute.
    pub fn nodes(nodes: u64) -> PositionLimit {
        let backstop = Duration::from_nanos(nodes.saturating_mul(1000)).max(Duration::from_millis(600));
        PositionLimit::Nodes { nodes, backstop }
    }
}

impl PositionLimit {
    /// The budget of a second, deeper search of a position near the blunder line (`recheck`): `RECHECK_FACTOR`
    /// times the nodes or time, or two plies more.
    pub fn recheck(self) -> PositionLimit {
        let k = RECHECK_FACTOR;
        match self {
            PositionLimit::Time(t) => PositionLimit::Time(t * k),
            PositionLimit::Depth(d) => PositionLimit::Depth(d + 2),
            PositionLimit::Nodes { nodes, backstop } => {
                PositionLimit::Nodes { nodes: nodes.saturating_mul(u64::from(k)), backstop: backstop * k }
            }
        }
    }
}

impl std::fmt::Display for PositionLimit {
    /// `600000 nodes`, `300 ms`, `depth 14`: for tags, cache keys and messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionLimit::Time(t) => write!(f, "{} ms", t.as_millis()),
            PositionLimit::Depth(d) => write!(f, "depth {d}"),
            PositionLimit::Nodes { nodes, .. } => write!(f, "{nodes} nodes"),
        }
    }
}

/// What to analyse.
#[derive(Clone, Debug)]
pub enum AnalysisRequest {
    /// The position after `moves` from `start`, without limit, reporting its best `lines` lines (1–5 in the
    /// screens; the engine may give fewer) as the search deepens.
    Position { id: u64, start: Position, moves: Vec<Move>, lines: usize },
    /// Every position of a main line (the start, after each move), each searched to `limit`; then the
    /// positions around moves near the blunder line once more, to `limit.recheck()` (`recheck`).
    Game { id: u64, start: Position, moves: Vec<Move>, limit: PositionLimit },
    /// Stop whatever runs; a game analysis reports what it has.
    Stop,
}

/// One line of the engine's current thinking.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// From White's view.
    pub score: EvalScore,
    pub depth: u32,
    pub moves: Vec<Move>,
}

/// What the service reports, tagged with the request's id.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisUpdate {
    /// The current best lines of a position analysis, best first.
    Lines { id: u64, lines: Vec<AnalysisLine> },
    /// One more position of a game analysis is done (`done` of `total`).
    GameProgress { id: u64, done: usize, total: usize, position: PositionAnalysis },
    /// Every position has its first search; position `index` was searched again, deeper, and this replaces
    /// what it had. `done` of `total` second searches are done.
    GameRechecked { id: u64, index: usize, done: usize, total: usize, position: PositionAnalysis },
    /// A game analysis ended: every position, or the ones done before it was stopped.
    GameDone { id: u64, positions: Vec<PositionAnalysis>, stopped: bool },
    /// The engine broke; the service stops.
    Failed { message: String },
}

enum Message {
    Request(Box<AnalysisRequest>),
    /// The engine has reports waiting.
    EngineWoke,
    Shutdown,
}

pub struct AnalysisService {
    messages: Sender<Message>,
    updates: Receiver<AnalysisUpdate>,
    thread: Option<JoinHandle<()>>,
}

impl AnalysisService {
    /// Starts the engine and the service thread; `notify` is called after each update.
    ///
    /// # Errors
    /// The engine cannot start, or the thread cannot.
    pub fn start(engine: &AnalysisEngine, notify: Option<Notifier>) -> Result<AnalysisService, GameError> {
        AnalysisService::start_with(engine, EngineTimeouts::default(), notify)
    }

    /// As `start`, with an external engine allowed these silences (the configuration's) before it is given up.
    ///
    /// # Errors
    /// As `start`.
    pub fn start_with(
        engine: &AnalysisEngine,
        timeouts: EngineTimeouts,
        notify: Option<Notifier>,
    ) -> Result<AnalysisService, GameError> {
        let (messages, inbox) = channel();
        let wake = messages.clone();
        let engine_notify: Notifier = Arc::new(move || {
            let _ = wake.send(Message::EngineWoke);
        });
        let player = match engine {
            AnalysisEngine::Builtin { .. } => PlayerKind::Engine { level: crate::engine::MAX_LEVEL },
            AnalysisEngine::External(spec) => PlayerKind::External(spec.clone()),
        };
        let mut options = crate::game::ControllerOptions::default().with_notify(engine_notify);
        options.engine_timeouts = timeouts;
        if let AnalysisEngine::Builtin { hash_mb, threads } = engine {
            options = options.with_engine_hash_mb(*hash_mb).with_engine_threads(*threads);
        }
        let brain = crate::game::thinking::make_brain(&player, &options)?.ok_or_else(|| GameError::Engine {
            name: player.name(),
            message: "is not an engine".into(),
            source: None,
        })?;
        let (updates_tx, updates) = channel();
        let thread = std::thread::Builder::new()
            .name("tabiya-analysis".into())
            .spawn(move || Worker::new(brain, updates_tx, notify).run(&inbox))
            .map_err(|source| GameError::Thread { what: "analysis", source })?;
        Ok(AnalysisService { messages, updates, thread: Some(thread) })
    }

    /// Hands the service a request; returns at once.
    pub fn request(&self, request: AnalysisRequest) {
        let _ = self.messages.send(Message::Request(Box::new(request)));
    }

    /// The next update, if one is waiting.
    pub fn try_recv(&self) -> Option<AnalysisUpdate> {
        self.updates.try_recv().ok()
    }

    /// Waits for the next update, at most `timeout` (for the command line, which has nothing else to do).
    pub fn recv_timeout(&self, timeout: Duration) -> Option<AnalysisUpdate> {
        self.updates.recv_timeout(timeout).ok()
    }
}

impl Drop for AnalysisService {
    fn drop(&mut self) {
        let _ = self.messages.send(Message::Shutdown);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A game analysis under way.
struct GameJob {
    id: u64,
    start: Position,
    moves: Vec<Move>,
    limit: PositionLimit,
    done: Vec<PositionAnalysis>,
    /// The positions to search again, planned once every position has its first search.
    recheck: Option<Vec<usize>>,
    rechecked: usize,
}

impl GameJob {
    /// The index of the position being searched (0 the start): the next one of the first pass, then the next
    /// one to recheck; None when all are done.
    fn searching(&self) -> Option<usize> {
        match &self.recheck {
            None => Some(self.done.len()).filter(|&i| i <= self.moves.len()),
            Some(list) => list.get(self.rechecked).copied(),
        }
    }

    fn position_at(&self, index: usize) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves[..index] {
            play_or_pass(&mut pos, m);
        }
        pos
    }
}

/// What the engine is doing for us now.
enum Job {
    Idle,
    Position { id: u64, pos: Position },
    Game(GameJob),
}

struct Worker {
    brain: Box<dyn Brain>,
    updates: Sender<AnalysisUpdate>,
    notify: Option<Notifier>,
    job: Job,
    /// The id of the engine search in flight; reports with another id are stale.
    search: u64,
    /// The latest lines of the search in flight, by MultiPV index.
    latest: Vec<Option<AnalysisLine>>,
}

impl Worker {
    fn new(brain: Box<dyn Brain>, updates: Sender<AnalysisUpdate>, notify: Option<Notifier>) -> Worker {
        Worker { brain, updates, notify, job: Job::Idle, search: 0, latest: Vec::new() }
    }

    fn run(mut self, inbox: &Receiver<Message>) {
        while let Ok(message) = inbox.recv() {
            let going = match message {
                Message::Request(r) => {
                    self.on_request(*r);
                    true
                }
                Message::EngineWoke => self.drain(),
                Message::Shutdown => false,
            };
            if !going {
                self.brain.stop();
                return;
            }
        }
    }

    fn send(&self, update: AnalysisUpdate) {
        let _ = self.updates.send(update);
        if let Some(n) = &self.notify {
            n();
        }
    }

    fn on_request(&mut self, request: AnalysisRequest) {
        self.finish_game(true);
        self.brain.stop();
        self.job = Job::Idle;
        match request {
            AnalysisRequest::Stop => {}
            AnalysisRequest::Position { id, start, moves, lines } => {
                let mut pos = start.clone();
                for &m in &moves {
                    pos.make_move(m);
                }
                if pos.has_legal_moves() {
                    self.think(start, moves, PositionLimit::Time(Duration::from_secs(24 * 3600)), lines.clamp(1, 5));
                    self.job = Job::Position { id, pos };
                }
            }
            AnalysisRequest::Game { id, start, moves, limit } => {
                // Each game from a fresh engine (hash table and histories), so its analysis is the same
                // whichever games came before it in a file or a session, as the kept analyses assume.
                self.brain.new_game();
                let done = Vec::new();
                self.job = Job::Game(GameJob { id, start, moves, limit, done, recheck: None, rechecked: 0 });
                self.next_game_position();
            }
        }
    }

    fn think(&mut self, start: Position, moves: Vec<Move>, limit: PositionLimit, lines: usize) {
        self.search += 1;
        self.latest = vec![None; lines];
        self.brain.think(ThinkRequest {
            id: self.search,
            start,
            moves,
            wtime: None,
            btime: None,
            winc: None,
            binc: None,
            movestogo: None,
            movetime: match limit {
                PositionLimit::Time(t) | PositionLimit::Nodes { backstop: t, .. } => Some(t),
                PositionLimit::Depth(_) => None,
            },
            lines,
            depth: if let PositionLimit::Depth(d) = limit { Some(d) } else { None },
            nodes: if let PositionLimit::Nodes { nodes, .. } = limit { Some(nodes) } else { None },
        });
    }

    /// Takes the engine's reports; false when the engine broke.
    fn drain(&mut self) -> bool {
        while let Some(report) = self.brain.try_recv() {
            let working = match report {
                BrainReport::Info { id, depth, score: Some(score), pv, multipv } if id == self.search => {
                    self.on_info(multipv, depth, score, pv);
                    true
                }
                BrainReport::BestMove { id, best } if id == self.search => self.on_best(best, None),
                // A bad bestmove costs nothing when the engine's lines gave the score and the best move.
                BrainReport::Rejected { id, message, .. } if id == self.search => self.on_best(None, Some(message)),
                BrainReport::Failed { message, .. } => {
                    self.send(AnalysisUpdate::Failed { message });
                    false
                }
                _ => true,
            };
            if !working {
                return false;
            }
        }
        true
    }

    fn current_position(&self) -> Option<Position> {
        match &self.job {
            Job::Idle => None,
            Job::Position { pos, .. } => Some(pos.clone()),
            Job::Game(g) => g.searching().map(|i| g.position_at(i)),
        }
    }

    fn on_info(&mut self, multipv: u32, depth: u32, score: EngineScore, pv: Vec<Move>) {
        let Some(pos) = self.current_position() else { return };
        let index = (multipv.max(1) - 1) as usize;
        if index >= self.latest.len() {
            return;
        }
        let line = AnalysisLine { score: score.for_white(pos.side_to_move() == Color::White), depth, moves: pv };
        self.latest[index] = Some(line);
        if let Job::Position { id, .. } = self.job {
            // A new depth's first line can meet the previous depth's other lines: a move shows once.
            let mut lines: Vec<AnalysisLine> = Vec::new();
            for l in self.latest.iter().flatten() {
                if !lines.iter().any(|shown| shown.moves.first() == l.moves.first()) {
                    lines.push(l.clone());
                }
            }
            self.send(AnalysisUpdate::Lines { id, lines });
        }
    }

    /// Records a game position's analysis when its search ends; false (with `Failed` sent) when the engine
    /// gave it no score, which would otherwise be written as an evaluation the engine never made. `rejected`
    /// says why the engine's bestmove was refused, if it was.
    fn on_best(&mut self, best: Option<Move>, rejected: Option<String>) -> bool {
        let Job::Game(g) = &self.job else { return true };
        let Some(ply) = g.searching() else { return true };
        let pos = g.position_at(ply);
        let Some(line) = self.latest.first_mut().and_then(Option::take) else {
            let message = rejected.unwrap_or_else(|| {
                let which =
                    if ply == 0 { "the start position".to_string() } else { format!("the position after ply {ply}") };
                format!(
                    "the engine answered {which} with no score (no `info … score` line before its bestmove; an \
                     engine answering from its own book cannot analyse)"
                )
            });
            self.send(AnalysisUpdate::Failed { message });
            return false;
        };
        let mut pv = line.moves;
        if let Some(b) = best.filter(|&b| pos.is_legal(b))
            && pv.first() != Some(&b)
        {
            pv = vec![b];
        }
        self.record(PositionAnalysis { score: line.score, depth: line.depth, pv });
        true
    }

    fn record(&mut self, analysis: PositionAnalysis) {
        let Job::Game(g) = &mut self.job else { return };
        let update = match &g.recheck {
            None => {
                g.done.push(analysis.clone());
                AnalysisUpdate::GameProgress {
                    id: g.id,
                    done: g.done.len(),
                    total: g.moves.len() + 1,
                    position: analysis,
                }
            }
            Some(list) => {
                let index = list[g.rechecked];
                g.done[index] = analysis.clone();
                g.rechecked += 1;
                AnalysisUpdate::GameRechecked {
                    id: g.id,
                    index,
                    done: g.rechecked,
                    total: list.len(),
                    position: analysis,
                }
            }
        };
        self.send(update);
        self.next_game_position();
    }

    /// Starts on the next position of the game (of the first pass, then of the rechecks), or reports the game
    /// done. Positions where the game is over need no engine.
    fn next_game_position(&mut self) {
        let Job::Game(g) = &mut self.job else { return };
        if g.recheck.is_none() && g.done.len() > g.moves.len() {
            let planned = positions_to_recheck(g.start.side_to_move(), &g.moves, &g.done);
            g.recheck = Some(planned.into_iter().filter(|&i| terminal_score(&g.position_at(i)).is_none()).collect());
        }
        let Some(index) = g.searching() else {
            self.finish_game(false);
            return;
        };
        if g.recheck.is_none()
            && let Some(score) = terminal_score(&g.position_at(index))
        {
            self.record(PositionAnalysis { score, depth: 0, pv: Vec::new() });
            return;
        }
        let limit = if g.recheck.is_some() { g.limit.recheck() } else { g.limit };
        // An engine is given the game from its last pass on: a null move is no move it could be told.
        let (start, moves) = split_at_last_pass(&g.start, &g.moves[..index]);
        self.think(start, moves, limit, 1);
    }

    /// Reports a game analysis as done (or stopped) and leaves it.
    fn finish_game(&mut self, stopped: bool) {
        if let Job::Game(g) = std::mem::replace(&mut self.job, Job::Idle) {
            self.send(AnalysisUpdate::GameDone { id: g.id, positions: g.done, stopped });
        }
    }
}

//! The engine thread's side: the loop that takes commands, and one `Go` from position to best move.

use super::handle::{EngineCommand, EngineOptions, EngineReport, GoRequest};
use super::info::MAX_PLY;
use super::levels::{self, MAX_LEVEL};
use super::search::ordering::Heuristics;
use super::search::{Control, Interrupt, RootSpec, SearchOutcome, Searcher, Selectivity};
use super::smp::{self, MAX_THREADS};
use super::time;
use super::tt::{MAX_HASH_MB, Tt};
use crate::rules::Position;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, TryRecvError};

/// The command channel as seen from a running search: `Stop` ends it; `Go` and `Quit` end it and are kept
/// for afterwards; anything else is kept for afterwards.
struct Inbox<'a> {
    rx: &'a Receiver<EngineCommand>,
    pending: &'a mut VecDeque<EngineCommand>,
    /// A `PonderHit` arrived and the search has not taken it yet.
    hit: bool,
    /// A `PonderHit` arrived during this search (a ponder search that ends early then answers at once).
    hit_seen: bool,
}

impl Interrupt for Inbox<'_> {
    fn stop_requested(&mut self) -> bool {
        loop {
            match self.rx.try_recv() {
                Ok(EngineCommand::Stop) => return true,
                Ok(c @ (EngineCommand::Go(_) | EngineCommand::Quit)) => {
                    self.pending.push_back(c);
                    return true;
                }
                Ok(EngineCommand::PonderHit) => (self.hit, self.hit_seen) = (true, true),
                Ok(c) => self.pending.push_back(c),
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => {
                    self.pending.push_back(EngineCommand::Quit);
                    return true;
                }
            }
        }
    }

    fn ponder_hit(&mut self) -> bool {
        std::mem::take(&mut self.hit)
    }
}

impl Inbox<'_> {
    /// After an infinite or pondering search reached its end: the answer waits for `Stop` (or anything that
    /// ends it), or for `PonderHit` when `pondering`.
    fn wait_for_stop(&mut self, pondering: bool) {
        loop {
            match self.rx.recv() {
                Ok(EngineCommand::Stop) => return,
                Ok(EngineCommand::PonderHit) if pondering => return,
                Ok(EngineCommand::PonderHit) => {}
                Ok(c @ (EngineCommand::Go(_) | EngineCommand::Quit)) => {
                    self.pending.push_back(c);
                    return;
                }
                Ok(c) => self.pending.push_back(c),
                Err(_) => {
                    self.pending.push_back(EngineCommand::Quit);
                    return;
                }
            }
        }
    }
}

pub(crate) struct Worker {
    tt: Tt,
    heur: Box<Heuristics>,
    /// The Lazy SMP helpers' history tables, kept between searches (made when first needed).
    helper_heur: Vec<Box<Heuristics>>,
    level: u8,
    /// The threads configured (`Threads`, `engine.threads`); a search runs no more than `machine`.
    threads: usize,
    /// How many threads this machine runs at once.
    machine: usize,
    /// What `run` says first: the hash size asked for could not be had.
    startup_notice: Option<String>,
}

impl Worker {
    pub fn new(options: &EngineOptions) -> Worker {
        let (tt, startup_notice) = Tt::with_fallback(options.hash_mb);
        Worker {
            tt,
            heur: Heuristics::new(),
            helper_heur: Vec::new(),
            level: options.level.clamp(1, MAX_LEVEL),
            threads: options.threads.clamp(1, MAX_THREADS),
            machine: smp::machine_threads(),
            startup_notice,
        }
    }

    pub fn run(mut self, rx: Receiver<EngineCommand>, send: &dyn Fn(EngineReport)) {
        if let Some(message) = self.startup_notice.take() {
            send(EngineReport::Notice { message });
        }
        let mut pending = VecDeque::new();
        loop {
            let command = match pending.pop_front() {
                Some(c) => c,
                None => match rx.recv() {
                    Ok(c) => c,
                    Err(_) => return,
                },
            };
            match command {
                EngineCommand::NewGame => {
                    self.tt.clear();
                    self.forget_histories();
                }
                EngineCommand::SetLevel(n) => self.set_level(n),
                EngineCommand::SetThreads(n) => {
                    self.threads = n.clamp(1, MAX_THREADS);
                    self.helper_heur.truncate(smp::search_threads(self.threads, self.machine) - 1);
                }
                EngineCommand::SetHash(mb) => {
                    if let Some(message) = self.set_hash(mb) {
                        send(EngineReport::Notice { message });
                    }
                }
                EngineCommand::Go(req) => {
                    let mut inbox = Inbox { rx: &rx, pending: &mut pending, hit: false, hit_seen: false };
                    self.go(req, &mut inbox, send);
                }
                EngineCommand::Stop | EngineCommand::PonderHit => {}
                EngineCommand::Quit => return,
            }
        }
    }

    /// Moving between full strength and a level forgets the history tables: full strength learns tables
    /// (the pawn-structure history) that a level's search, kept as its Elo was measured, must not read.
    fn set_level(&mut self, n: u8) {
        let n = n.clamp(1, MAX_LEVEL);
        if levels::level_params(n).is_some() != levels::level_params(self.level).is_some() {
            self.forget_histories();
        }
        self.level = n;
    }

    /// Empties the history tables of the main thread and every helper.
    fn forget_histories(&mut self) {
        self.heur.clear();
        self.helper_heur.iter_mut().for_each(|h| h.clear());
    }

    /// History tables for `n` helpers, kept from earlier searches (aged, as the main thread's are) or made.
    fn ready_helpers(&mut self, n: usize) {
        self.helper_heur.iter_mut().take(n).for_each(|h| h.age());
        while self.helper_heur.len() < n {
            self.helper_heur.push(Heuristics::new());
        }
    }

    /// A new empty table of `mb` MB, or the old one kept if that cannot be had; the sentence to tell the user,
    /// if any.
    fn set_hash(&mut self, mb: usize) -> Option<String> {
        let wanted = mb.clamp(1, MAX_HASH_MB);
        match self.tt.resize(wanted) {
            Ok(()) if wanted == mb => None,
            Ok(()) => Some(format!("hash size {mb} MB is outside 1–{MAX_HASH_MB} MB; using {wanted} MB")),
            Err(e) => Some(format!("{e}; keeping the {} MB one", self.tt.mb())),
        }
    }

    fn go(&mut self, req: GoRequest, inbox: &mut Inbox, send: &dyn Fn(EngineReport)) {
        let (pos, history) = replay(&req);
        let level = levels::level_params(self.level);
        let budget = time::budget(&req.limits, pos.side_to_move());
        let depth = min_opt(req.limits.depth, level.and_then(|l| l.depth)).unwrap_or(MAX_PLY as u32);
        // With helpers a node limit counts the main thread's nodes (the helpers stop when it does).
        let nodes = min_opt(req.limits.nodes, level.and_then(|l| l.nodes));
        self.tt.new_search();
        self.heur.age();
        let all_moves = level.is_some_and(|l| l.chooses);
        let spec = RootSpec { only: &req.limits.searchmoves, lines: req.limits.multipv, all_moves };
        // Helpers only at full strength with one line over every move: most lower levels choose among exact
        // scores of all root moves (and no level should be stronger on a machine with more cores), and
        // MultiPV and searchmoves shape the root, which the helpers (searching plainly) would not share. One
        // thread keeps those exact and simple.
        let plain = level.is_none() && spec.lines <= 1 && spec.only.is_empty();
        let helpers = if plain { smp::search_threads(self.threads, self.machine) - 1 } else { 0 };
        self.ready_helpers(helpers);
        let id = req.id;
        let mut current = |current| send(EngineReport::CurrentMove { id, current });
        let Worker { tt, heur, helper_heur, .. } = self;
        smp::with_helpers(tt, &mut helper_heur[..helpers], pos, history, depth, |shared, pos, history| {
            let mut ctl = Control::new(budget.soft, budget.hard, nodes, &mut *inbox).main_of(shared);
            if req.limits.ponder {
                ctl = ctl.pondering();
            }
            let mut searcher = Searcher::new(pos, history, tt, heur, ctl).report_current_moves(&mut current);
            if level.is_some() {
                searcher = searcher.selectivity(Selectivity::Levels);
            }
            let outcome = searcher.iterate(depth, spec, &mut |info| send(EngineReport::Info { id, info }));
            drop(searcher);
            // The answer does not wait for the helpers to be joined (on a loaded machine one may not run again
            // for some milliseconds, which the clock would count): they are told to stop now, the answer is
            // sent, and `with_helpers` joins them before this search returns.
            shared.stop_helpers();
            answer(&req, level, outcome, inbox, send);
        });
    }
}

/// The best move (a level's choice among the root moves, below full strength), sent once an infinite or
/// pondering search may answer.
fn answer(
    req: &GoRequest,
    level: Option<levels::Level>,
    outcome: SearchOutcome,
    inbox: &mut Inbox,
    send: &dyn Fn(EngineReport),
) {
    let (best, ponder) = match level {
        Some(l) if l.chooses && !outcome.root_scores.is_empty() => {
            let pick = levels::choose(&outcome.root_scores, &l, &mut rand::rng());
            (pick, outcome.ponder.filter(|_| pick == outcome.best))
        }
        _ => (outcome.best, outcome.ponder),
    };
    let pondering = req.limits.ponder && !inbox.hit_seen;
    if (req.limits.infinite || pondering) && !outcome.interrupted {
        inbox.wait_for_stop(pondering);
    }
    send(EngineReport::BestMove { id: req.id, best, ponder });
}

fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The position after the request's moves, and the keys of the positions before it.
fn replay(req: &GoRequest) -> (Position, Vec<u64>) {
    let mut pos = req.start.clone();
    let mut keys = Vec::with_capacity(req.moves.len() + MAX_PLY);
    for &m in &req.moves {
        if !pos.is_legal(m) {
            break;
        }
        keys.push(pos.key());
        pos.make_move(m);
    }
    (pos, keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What full strength learnt is forgotten when a level takes over, and kept while the level stays.
    #[test]
    fn a_level_does_not_inherit_full_strengths_pawn_history() {
        let options = EngineOptions { level: MAX_LEVEL, hash_mb: 1, ..EngineOptions::default() };
        let mut worker = Worker::new(&options);
        let learn = |worker: &mut Worker| worker.heur.learn_pawn_history_for_test();
        learn(&mut worker);
        worker.set_level(MAX_LEVEL);
        assert!(!worker.heur.pawn_history_is_empty(), "full strength to full strength keeps the tables");
        worker.set_level(5);
        assert!(worker.heur.pawn_history_is_empty(), "a level starts from empty tables");
        learn(&mut worker);
        worker.set_level(4);
        assert!(!worker.heur.pawn_history_is_empty(), "level to level keeps the tables");
    }
}

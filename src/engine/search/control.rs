//! When to stop: the hard time limit, a node limit, or a request from outside (polled every
//! `CHECK_INTERVAL` nodes, so `stop` is honoured within a millisecond or two). A pondering search has no
//! time limit until the outside says "ponderhit"; its limits then count from that moment.
//!
//! In a Lazy SMP search only the main thread has limits and listens to the outside; the helpers stop when it
//! raises `Shared::stop`, and add their nodes to `Shared::helper_nodes` so that its reports count them. A
//! helper that finishes an iteration publishes it (`Shared::finished`); the main thread, when it sees one as
//! deep as the iteration it is searching, stops that iteration and takes the helper's result instead.

use crate::rules::Move;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// How often (in nodes) the clock and the outside world are consulted.
const CHECK_INTERVAL: u64 = 1024;
/// No new iteration starts after this share of the (scaled) soft limit: the next one usually costs more than
/// all earlier ones together.
const ITERATION_START_FRACTION: f64 = 0.7;

/// Something that can ask a running search to stop (the engine thread's command channel, or nothing).
pub trait Interrupt {
    /// Called every `CHECK_INTERVAL` nodes; true means stop now.
    fn stop_requested(&mut self) -> bool;

    /// Called after `stop_requested` while the search ponders; true once the pondered move was played.
    fn ponder_hit(&mut self) -> bool {
        false
    }
}

/// What the threads of one Lazy SMP search share besides the table.
#[derive(Default)]
pub(crate) struct Shared {
    /// Raised by the main thread when its search ends; the helpers then stop within `CHECK_INTERVAL` nodes.
    pub stop: AtomicBool,
    /// The helpers' nodes, added every `CHECK_INTERVAL` nodes (a relaxed add per thousand nodes is cheap).
    pub helper_nodes: AtomicU64,
    /// The depth of `finished` (0 while there is none), read without the lock at every check.
    deepest: AtomicU32,
    /// The deepest iteration a helper has finished.
    finished: Mutex<Option<FinishedIteration>>,
}

/// A whole iteration a helper finished: its depth, exact score (internal units) and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FinishedIteration {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
}

impl Shared {
    /// Tells the helpers to stop (they see it within `CHECK_INTERVAL` nodes).
    pub fn stop_helpers(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Keeps `done` if it is deeper than every iteration published before.
    fn publish(&self, done: FinishedIteration) {
        if done.pv.is_empty() || done.depth <= self.deepest.load(Relaxed) {
            return;
        }
        // A poisoned lock means a helper panicked while publishing; its result is simply not used.
        if let Ok(mut slot) = self.finished.lock()
            && slot.as_ref().is_none_or(|f| f.depth < done.depth)
        {
            self.deepest.store(done.depth, Relaxed);
            *slot = Some(done);
        }
    }

    /// The deepest published iteration, if it is at least `depth` deep.
    fn finished_at_least(&self, depth: u32) -> Option<FinishedIteration> {
        if self.deepest.load(Relaxed) < depth {
            return None;
        }
        self.finished.lock().ok()?.clone().filter(|f| f.depth >= depth)
    }
}

/// A helper's interrupt: the main thread's stop.
impl Interrupt for &Shared {
    fn stop_requested(&mut self) -> bool {
        self.stop.load(Relaxed)
    }
}

/// Never interrupts: for benchmarks and tests.
pub struct NoInterrupt;

impl Interrupt for NoInterrupt {
    fn stop_requested(&mut self) -> bool {
        false
    }
}

pub(crate) struct Control<'a> {
    /// When the search began (for the reported time and speed).
    pub start: Instant,
    /// Where the time limits count from: the start, or a pondering search's ponderhit.
    limits_from: Instant,
    /// A pondering search's time limits (soft, hard), held back until ponderhit.
    on_ponderhit: Option<(Option<Duration>, Option<Duration>)>,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    pub max_nodes: Option<u64>,
    interrupt: &'a mut dyn Interrupt,
    pub stopped: bool,
    /// Set when the stop came from outside (not from a limit).
    pub interrupted: bool,
    /// Set when the search stopped for a limit or from outside; `stopped` is also raised, for a while, when
    /// a helper has finished the iteration being searched (`superseded`).
    halted: bool,
    /// The main thread's iteration was overtaken by a helper's: `stopped` is raised until `resume`.
    superseded: bool,
    /// The depth the main thread is searching (a helper's iteration at least this deep supersedes it).
    iteration: u32,
    /// Until the first iteration is done a stop or limit is only noted (`held`): the answer then always has a
    /// searched move and a real score (a search stopped inside depth 1 reported `score mate 0`). The main
    /// thread only: a helper may skip depth 1, and must stop when told.
    hold: bool,
    held: bool,
    next_check: u64,
    /// The state this thread shares with the others of a Lazy SMP search, and which of them it is.
    smp: Option<(&'a Shared, Role)>,
    /// The nodes a helper has already added to `helper_nodes`.
    added: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Main,
    Helper,
}

impl<'a> Control<'a> {
    pub fn new(
        soft: Option<Duration>,
        hard: Option<Duration>,
        max_nodes: Option<u64>,
        interrupt: &'a mut dyn Interrupt,
    ) -> Self {
        let now = Instant::now();
        Control {
            start: now,
            limits_from: now,
            on_ponderhit: None,
            soft,
            hard,
            max_nodes,
            interrupt,
            stopped: false,
            interrupted: false,
            halted: false,
            superseded: false,
            iteration: u32::MAX,
            hold: true,
            held: false,
            next_check: CHECK_INTERVAL,
            smp: None,
            added: 0,
        }
    }

    /// The main thread of a Lazy SMP search: its reported node counts include the helpers' (`other_nodes`).
    pub fn main_of(mut self, shared: &'a Shared) -> Self {
        self.smp = Some((shared, Role::Main));
        self
    }

    /// A helper of a Lazy SMP search: it adds its nodes to the shared count as it goes.
    pub fn helper_of(mut self, shared: &'a Shared) -> Self {
        self.smp = Some((shared, Role::Helper));
        self.hold = false;
        self
    }

    /// The nodes other threads of this search have counted so far (0 with one thread).
    pub fn other_nodes(&self) -> u64 {
        match self.smp {
            Some((shared, Role::Main)) => shared.helper_nodes.load(Relaxed),
            _ => 0,
        }
    }

    /// A helper has finished an iteration: offers it to the main thread.
    pub fn publish(&self, done: FinishedIteration) {
        if let Some((shared, Role::Helper)) = self.smp {
            shared.publish(done);
        }
    }

    /// The main thread starts the iteration of `depth`: a helper's iteration of that depth or deeper, if one
    /// is finished already (then this one need not be searched).
    pub fn start_iteration(&mut self, depth: u32) -> Option<FinishedIteration> {
        self.iteration = depth;
        self.helper_iteration()
    }

    /// The helper's iteration that overtook the main thread's, if one did.
    pub fn helper_iteration(&self) -> Option<FinishedIteration> {
        match self.smp {
            Some((shared, Role::Main)) => shared.finished_at_least(self.iteration),
            _ => None,
        }
    }

    /// After an iteration that a helper's overtook: the search goes on (unless it was stopped meanwhile).
    /// True when the iteration was overtaken.
    pub fn resume(&mut self) -> bool {
        let overtaken = std::mem::take(&mut self.superseded);
        if overtaken {
            self.stopped = self.halted;
        }
        overtaken
    }

    /// Makes this a pondering search: no time limit until ponderhit.
    pub fn pondering(mut self) -> Self {
        self.on_ponderhit = Some((self.soft.take(), self.hard.take()));
        self
    }

    /// Called at every node with the running node count.
    #[inline]
    pub fn check(&mut self, nodes: u64) {
        if self.max_nodes.is_some_and(|n| nodes >= n) {
            self.halt();
        }
        if nodes < self.next_check {
            return;
        }
        self.next_check = nodes + CHECK_INTERVAL;
        match self.smp {
            Some((shared, Role::Helper)) => {
                shared.helper_nodes.fetch_add(nodes - self.added, Relaxed);
                self.added = nodes;
            }
            Some((shared, Role::Main)) if !self.hold && shared.deepest.load(Relaxed) >= self.iteration => {
                self.superseded = true;
                self.stopped = true;
            }
            _ => {}
        }
        if self.interrupt.stop_requested() {
            self.interrupted = true;
            self.halt();
        }
        if self.on_ponderhit.is_some() && self.interrupt.ponder_hit() {
            (self.soft, self.hard) = self.on_ponderhit.take().unwrap_or_default();
            self.limits_from = Instant::now();
        }
        if self.hard.is_some_and(|h| self.limits_from.elapsed() >= h) {
            self.halt();
        }
    }

    /// Stops the search, or notes the stop while the first iteration must still finish.
    fn halt(&mut self) {
        if self.hold {
            self.held = true;
        } else {
            self.stopped = true;
            self.halted = true;
        }
    }

    /// The first iteration is done: a stop or limit noted during it takes effect now, and later ones at once.
    pub fn first_iteration_done(&mut self) {
        self.hold = false;
        self.stopped |= self.held;
        self.halted |= self.held;
    }

    /// Between iterations: is there time for another one (see `ITERATION_START_FRACTION`)? `scale` stretches
    /// the soft limit: more when the best move just changed, less when it has been stable.
    pub fn another_iteration(&self, scale: f64) -> bool {
        !self.stopped
            && self.soft.is_none_or(|s| self.limits_from.elapsed() < s.mul_f64(ITERATION_START_FRACTION * scale))
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(depth: u32) -> FinishedIteration {
        FinishedIteration { depth, seldepth: depth, score: depth as i32, pv: vec![Move::NONE] }
    }

    #[test]
    fn only_a_deeper_iteration_replaces_the_published_one() {
        let shared = Shared::default();
        let (mut a, mut b) = (NoInterrupt, NoInterrupt);
        let helper = Control::new(None, None, None, &mut a).helper_of(&shared);
        assert_eq!(shared.finished_at_least(1), None);
        helper.publish(iteration(7));
        helper.publish(iteration(5));
        helper.publish(FinishedIteration { pv: Vec::new(), ..iteration(9) });
        assert_eq!(shared.finished_at_least(7), Some(iteration(7)));
        assert_eq!(shared.finished_at_least(8), None);
        helper.publish(iteration(8));
        assert_eq!(shared.finished_at_least(3).map(|f| f.depth), Some(8));
        // The main thread does not publish.
        let main = Control::new(None, None, None, &mut b).main_of(&shared);
        main.publish(iteration(20));
        assert_eq!(shared.finished_at_least(9), None);
    }

    #[test]
    fn an_overtaken_iteration_stops_until_resumed_and_a_real_stop_stays() {
        let shared = Shared::default();
        let mut none = NoInterrupt;
        let mut main = Control::new(None, None, Some(10_000), &mut none).main_of(&shared);
        main.first_iteration_done();
        assert_eq!(main.start_iteration(6), None);
        main.check(CHECK_INTERVAL);
        assert!(!main.stopped);
        shared.publish(iteration(6));
        main.check(2 * CHECK_INTERVAL);
        assert!(main.stopped, "a helper finished the iteration being searched");
        assert!(main.resume());
        assert!(!main.stopped && !main.resume());
        assert_eq!(main.helper_iteration(), Some(iteration(6)));
        // Overtaken and out of nodes at once: the search stays stopped.
        assert_eq!(main.start_iteration(7), None);
        shared.publish(iteration(7));
        main.check(10_000);
        assert!(main.resume());
        assert!(main.stopped);
    }
}

//! When to stop: the hard time limit, a node limit, or a request from outside (polled every
//! `CHECK_INTERVAL` nodes, so `stop` is honoured within a millisecond or two). A pondering search has no
//! time limit until the outside says "ponderhit"; its limits then count from that moment.
//!
//! In a Lazy SMP search only the main thread has limits and listens to the outside; the helpers stop when it
//! raises `Shared::stop`, and add their nodes to `Shared::helper_nodes` so that its reports count them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
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
}

impl Shared {
    /// Tells the helpers to stop (they see it within `CHECK_INTERVAL` nodes).
    pub fn stop_helpers(&self) {
        self.stop.store(true, Relaxed);
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
    /// Until the first iteration is done a stop or limit is only noted (`held`): the answer then always has a
    /// searched move and a real score (a search stopped inside depth 1 reported `score mate 0`). The main
    /// thread only: a helper may skip depth 1, and must stop when told.
    hold: bool,
    held: bool,
    next_check: u64,
    /// A helper adds its nodes here; the main thread reads the helpers' total from here.
    helper_nodes: Option<(&'a AtomicU64, Role)>,
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
            hold: true,
            held: false,
            next_check: CHECK_INTERVAL,
            helper_nodes: None,
            added: 0,
        }
    }

    /// The main thread of a Lazy SMP search: its reported node counts include the helpers' (`other_nodes`).
    pub fn main_of(mut self, shared: &'a Shared) -> Self {
        self.helper_nodes = Some((&shared.helper_nodes, Role::Main));
        self
    }

    /// A helper of a Lazy SMP search: it adds its nodes to the shared count as it goes.
    pub fn helper_of(mut self, shared: &'a Shared) -> Self {
        self.helper_nodes = Some((&shared.helper_nodes, Role::Helper));
        self.hold = false;
        self
    }

    /// The nodes other threads of this search have counted so far (0 with one thread).
    pub fn other_nodes(&self) -> u64 {
        match self.helper_nodes {
            Some((n, Role::Main)) => n.load(Relaxed),
            _ => 0,
        }
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
        if let Some((total, Role::Helper)) = self.helper_nodes {
            total.fetch_add(nodes - self.added, Relaxed);
            self.added = nodes;
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
        }
    }

    /// The first iteration is done: a stop or limit noted during it takes effect now, and later ones at once.
    pub fn first_iteration_done(&mut self) {
        self.hold = false;
        self.stopped |= self.held;
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

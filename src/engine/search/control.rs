//! When to stop: the hard time limit, a node limit, or a request from outside (polled every
//! `CHECK_INTERVAL` nodes, so `stop` is honoured within a millisecond or two).

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
}

/// Never interrupts: for benchmarks and tests.
pub struct NoInterrupt;

impl Interrupt for NoInterrupt {
    fn stop_requested(&mut self) -> bool {
        false
    }
}

pub(crate) struct Control<'a> {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    pub max_nodes: Option<u64>,
    interrupt: &'a mut dyn Interrupt,
    pub stopped: bool,
    /// Set when the stop came from outside (not from a limit).
    pub interrupted: bool,
    next_check: u64,
}

impl<'a> Control<'a> {
    pub fn new(
        soft: Option<Duration>,
        hard: Option<Duration>,
        max_nodes: Option<u64>,
        interrupt: &'a mut dyn Interrupt,
    ) -> Self {
        Control {
            start: Instant::now(),
            soft,
            hard,
            max_nodes,
            interrupt,
            stopped: false,
            interrupted: false,
            next_check: CHECK_INTERVAL,
        }
    }

    /// Called at every node with the running node count.
    #[inline]
    pub fn check(&mut self, nodes: u64) {
        if self.max_nodes.is_some_and(|n| nodes >= n) {
            self.stopped = true;
        }
        if nodes < self.next_check {
            return;
        }
        self.next_check = nodes + CHECK_INTERVAL;
        if self.hard.is_some_and(|h| self.start.elapsed() >= h) {
            self.stopped = true;
        }
        if self.interrupt.stop_requested() {
            self.stopped = true;
            self.interrupted = true;
        }
    }

    /// Between iterations: is there time for another one (see `ITERATION_START_FRACTION`)? `scale` stretches
    /// the soft limit: more when the best move just changed, less when it has been stable.
    pub fn another_iteration(&self, scale: f64) -> bool {
        !self.stopped && self.soft.is_none_or(|s| self.start.elapsed() < s.mul_f64(ITERATION_START_FRACTION * scale))
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

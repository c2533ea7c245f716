//! Where the controller and the clocks get "now" from.
//!
//! Real games read the monotonic clock (`Instant`); tests use `FakeTime`, which only moves when told to, so
//! clock arithmetic and flag falls can be checked exactly and without sleeping.

use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A monotonic source of instants.
pub trait TimeSource: Send + Sync {
    fn now(&self) -> Instant;
}

/// The system's monotonic clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct MonotonicTime;

impl TimeSource for MonotonicTime {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A clock for tests: starts at the instant it is made and moves only by `advance`. Clones share the time.
#[derive(Clone, Debug)]
pub struct FakeTime {
    inner: Arc<Mutex<Instant>>,
}

impl FakeTime {
    pub fn new() -> FakeTime {
        FakeTime { inner: Arc::new(Mutex::new(Instant::now())) }
    }

    /// Moves time forward by `by`.
    pub fn advance(&self, by: Duration) {
        let mut now = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }

    /// Moves time forward by whole seconds plus milliseconds (a shorthand for tests).
    pub fn advance_ms(&self, ms: u64) {
        self.advance(Duration::from_millis(ms));
    }
}

impl Default for FakeTime {
    fn default() -> FakeTime {
        FakeTime::new()
    }
}

impl TimeSource for FakeTime {
    fn now(&self) -> Instant {
        *self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The shared handle the controller keeps.
pub type SharedTime = Arc<dyn TimeSource>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fake_time_moves_only_when_advanced_and_clones_share_it() {
        let t = FakeTime::new();
        let copy = t.clone();
        let a = t.now();
        assert_eq!(t.now(), a);
        copy.advance_ms(1500);
        assert_eq!(t.now() - a, Duration::from_millis(1500));
    }
}

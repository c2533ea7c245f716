//! Time management: how long to think about one move, from the clock.
//!
//! Two limits come out. The *soft* limit is checked between iterations of iterative deepening: no new
//! iteration starts once a good part of it is used, since the next one would likely not finish. The *hard*
//! limit stops the search wherever it is. Both keep a safety overhead for process and GUI latency, and the hard
//! limit never exceeds a fraction of what is left, so the engine does not lose on time even at 1 s + 0.1 s.

use super::limits::SearchLimits;
use crate::rules::Color;
use std::time::Duration;

/// Reserved for communication and scheduling delays, per move.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(30);
/// Assumed moves left in the game when the clock does not say (`movestogo` absent).
const DEFAULT_MOVES_TO_GO: u32 = 20;
/// The longest any single move may take, as a fraction of the time left (after the overhead).
const HARD_FRACTION: f64 = 0.6;
/// Soft limit ≤ this fraction of the time left.
const SOFT_FRACTION: f64 = 0.35;
/// Hard limit = this many soft limits (when the clock allows).
const HARD_PER_SOFT: u32 = 4;
/// The soft limit is this many times the even share of the clock (time left / moves to go + increment). A
/// search stops between iterations, mostly short of the soft limit (session 67: three quarters of it on
/// average at 10+0.1), so the even share alone left 1 to 2 s on the clock for good at 10+0.1 while the
/// opponent's ran down to the increment; the stretch spends that time in the middlegame instead.
const SHARE_STRETCH: f64 = 1.4;

/// How long a search may take; `None` means no limit from time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeBudget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Computes the budget for `side` to move under `limits`.
pub fn budget(limits: &SearchLimits, side: Color) -> TimeBudget {
    if limits.infinite {
        return TimeBudget::default();
    }
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub((mt / 10).min(Duration::from_millis(20))).max(Duration::from_millis(1));
        return TimeBudget { soft: Some(t), hard: Some(t) };
    }
    let (time, inc) = match side {
        Color::White => (limits.wtime, limits.winc),
        Color::Black => (limits.btime, limits.binc),
    };
    let Some(time) = time else { return TimeBudget::default() };
    let inc = inc.unwrap_or_default();
    let left = time.saturating_sub(MOVE_OVERHEAD.min(time / 4));
    let mtg = limits.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 60);
    let hard_cap = if mtg == 1 { left.mul_f64(0.8) } else { left.mul_f64(HARD_FRACTION) };
    let share = (left / mtg + inc).mul_f64(if mtg == 1 { 1.0 } else { SHARE_STRETCH });
    let soft = share.min(left.mul_f64(SOFT_FRACTION).max(left / mtg));
    let hard = (soft * HARD_PER_SOFT).min(hard_cap).max(Duration::from_millis(1));
    TimeBudget { soft: Some(soft.min(hard)), hard: Some(hard) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(wtime: u64, winc: u64, mtg: Option<u32>) -> SearchLimits {
        SearchLimits { wtime: Some(ms(wtime)), winc: Some(ms(winc)), movestogo: mtg, ..SearchLimits::default() }
    }

    #[test]
    fn fixed_time_and_infinite() {
        let b = budget(&SearchLimits { movetime: Some(ms(1000)), ..Default::default() }, Color::White);
        assert_eq!(b, TimeBudget { soft: Some(ms(980)), hard: Some(ms(980)) });
        let b = budget(&SearchLimits { infinite: true, wtime: Some(ms(5)), ..Default::default() }, Color::White);
        assert_eq!(b, TimeBudget::default());
        assert_eq!(budget(&SearchLimits::default(), Color::Black), TimeBudget::default());
    }

    #[test]
    fn clock_arithmetic() {
        // 60 s, no increment, 20 moves assumed: 3 s stretched to 4.2 s soft, 4x that hard.
        let b = budget(&clock(60_000, 0, None), Color::White);
        assert_eq!(b.soft, Some((ms(59_970) / 20).mul_f64(SHARE_STRETCH)));
        assert_eq!(b.hard, Some((ms(59_970) / 20).mul_f64(SHARE_STRETCH) * 4));
        // movestogo 1: may use most of the time but never all of it.
        let b = budget(&clock(1000, 0, Some(1)), Color::White);
        assert!(b.hard.unwrap() <= ms(800) && b.soft.unwrap() <= b.hard.unwrap());
        // Black's clock is read for Black.
        let limits = SearchLimits { btime: Some(ms(3000)), ..clock(100, 0, None) };
        assert!(budget(&limits, Color::Black).hard.unwrap() > ms(100));
    }

    #[test]
    fn never_flags_at_one_second_plus_increment() {
        // Simulate a whole game at 1 s + 0.1 s where every move uses its full hard limit.
        let mut left = ms(1000);
        for _ in 0..300 {
            let b = budget(&clock(left.as_millis() as u64, 100, None), Color::White);
            let used = b.hard.unwrap() + ms(10); // plus some latency
            assert!(used < left, "would flag with {left:?} left");
            left = left - used + ms(100);
        }
        assert!(left > ms(100));
    }
}

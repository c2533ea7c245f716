//! The opponent's move, marked for a moment.
//!
//! A computer at a low level answers in milliseconds, and a square's colour alone is easy to miss: the moved
//! piece's from and to squares are shown strongly for `FLASH` after the opponent (computer, engine, or the
//! other person at the same keyboard) moves, then fall back to the ordinary last-move colour. The event loop
//! wakes once when the mark is due to go (`left`), so the fade costs one redraw, not a busy loop.

use crate::rules::Square;
use std::time::{Duration, Instant};

/// How long the mark stays.
pub const FLASH: Duration = Duration::from_millis(1000);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFlash {
    /// The squares, and when the mark goes.
    shown: Option<(Square, Square, Instant)>,
}

impl MoveFlash {
    /// Marks a move played at `now`.
    pub fn start(&mut self, from: Square, to: Square, now: Instant) {
        self.shown = now.checked_add(FLASH).map(|until| (from, to, until));
    }

    pub fn clear(&mut self) {
        self.shown = None;
    }

    /// The squares marked at `now`, if the mark has not gone yet.
    pub fn squares(&self, now: Instant) -> Option<(Square, Square)> {
        self.shown.filter(|&(_, _, until)| now < until).map(|(a, b, _)| (a, b))
    }

    /// How long until the mark goes (for the event loop's timer); None when nothing is marked.
    pub fn left(&self, now: Instant) -> Option<Duration> {
        self.shown.map(|(_, _, until)| until.saturating_duration_since(now)).filter(|d| !d.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_lasts_one_flash_and_then_goes() {
        let t = Instant::now();
        let (a, b) = (Square::new(6, 7).unwrap(), Square::new(5, 5).unwrap());
        let mut f = MoveFlash::default();
        assert_eq!((f.squares(t), f.left(t)), (None, None));
        f.start(a, b, t);
        assert_eq!(f.squares(t + Duration::from_millis(999)), Some((a, b)));
        assert_eq!(f.left(t + Duration::from_millis(400)), Some(Duration::from_millis(600)));
        assert_eq!((f.squares(t + FLASH), f.left(t + FLASH)), (None, None));
        f.start(a, b, t);
        f.clear();
        assert_eq!(f.squares(t), None);
    }
}

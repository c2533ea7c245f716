//! A chess clock for both sides.
//!
//! The clock stores what each side had when its turn began and the instant the turn began; what it shows is
//! computed from those (had − elapsed, less any delay), so display ticks never add drift and the flag is down
//! the moment the computed time reaches zero, whether or not anything is pressed. Untimed games still measure
//! the time spent on each move.
//!
//! With `ClockStart::AfterFirstMoves` (tabiya's default, through `[game] clock_starts`) a side's clock only
//! runs once that side has made its first move, as lichess does (a player who sits down late, or an engine
//! that loads slowly, loses no time before the game is under way); `ClockStart::AtOnce` is the over-the-board
//! FIDE start, where White's clock runs from the start signal.

use super::time_control::{Bonus, TimeControl};
use crate::rules::Color;
use std::time::{Duration, Instant};

/// What the clock shows between turns; the controller keeps one per ply so takebacks can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Time left per side (indexed by `Color::index`), as of the start of the running turn.
    pub remaining: [Duration; 2],
    /// Moves each side has completed on this clock (for stages).
    pub moves_made: [u32; 2],
}

/// The result of pressing the clock after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The move was in time: what it took, and what the mover has left (after any bonus).
    InTime { spent: Duration, remaining: Option<Duration> },
    /// The mover's flag had already fallen.
    Flagged { spent: Duration },
}

/// When the clocks begin to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockStart {
    /// Each side's first move is free: no clock runs until both sides have moved (lichess's rule).
    AfterFirstMoves,
    /// The side to move's clock runs from the start (FIDE over the board).
    AtOnce,
}

/// What one side's clock shows at an instant, for a display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub remaining: Duration,
    /// The time is being counted down now (or, with a simple delay, will be once the delay is over).
    pub running: bool,
    /// With a simple delay: what is left of the delay before the main time moves (running side only).
    pub delay: Option<Duration>,
    /// With stages: the moves this side has left to make before the next time control, this one included.
    pub to_go: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    state: ClockState,
    turn: Option<(Color, Instant)>,
    start: ClockStart,
}

impl Clock {
    /// A clock that runs at once (`ClockStart::AtOnce`).
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_start(control, ClockStart::AtOnce)
    }

    pub fn with_start(control: TimeControl, start: ClockStart) -> Clock {
        let first = control.stages.first().map(|s| s.time).unwrap_or_default();
        Clock { control, state: ClockState { remaining: [first; 2], moves_made: [0; 2] }, turn: None, start }
    }

    pub fn start_rule(&self) -> ClockStart {
        self.start
    }

    /// Whether `color`'s next move is free because its clock has not started yet.
    fn not_started(&self, color: Color) -> bool {
        self.start == ClockStart::AfterFirstMoves && self.state.moves_made[color.index()] == 0
    }

    /// Whether `color`'s time is being counted (its turn, a timed game, its clock started).
    pub fn counts(&self, color: Color) -> bool {
        self.is_timed() && self.running() == Some(color) && !self.not_started(color)
    }

    /// What `color`'s clock shows at `now`, with the delay left and the moves to go; None when untimed.
    pub fn face(&self, color: Color, now: Instant) -> Option<ClockFace> {
        let remaining = self.remaining_at(color, now)?;
        let running = self.counts(color);
        let delay = match (running, self.current_bonus(color)) {
            (true, Bonus::SimpleDelay(d)) => Some(d.saturating_sub(self.elapsed(now))).filter(|d| !d.is_zero()),
            _ => None,
        };
        let to_go = self.control.moves_to_go(self.state.moves_made[color.index()] + 1);
        Some(ClockFace { remaining, running, delay, to_go })
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    pub fn is_timed(&self) -> bool {
        !self.control.is_untimed()
    }

    /// The side whose time is running, if any.
    pub fn running(&self) -> Option<Color> {
        self.turn.map(|(c, _)| c)
    }

    pub fn state(&self) -> ClockState {
        self.state
    }

    /// Starts `color`'s turn at `now` (the other side's time, if running, is not charged: use `press`).
    pub fn start_turn(&mut self, color: Color, now: Instant) {
        self.turn = Some((color, now));
    }

    /// Stops the clock (game over or paused), charging the running side for its time so far, without bonus.
    pub fn stop(&mut self, now: Instant) {
        if let Some((color, _)) = self.turn {
            let left = self.remaining_at(color, now);
            if let Some(left) = left {
                self.state.remaining[color.index()] = left;
            }
        }
        self.turn = None;
    }

    /// Puts the clock back to a saved state, with `to_move`'s turn beginning at `now`.
    pub fn restore(&mut self, state: ClockState, to_move: Color, now: Instant) {
        self.state = state;
        self.turn = Some((to_move, now));
    }

    /// What `color`'s clock shows at `now`; None when untimed.
    pub fn remaining_at(&self, color: Color, now: Instant) -> Option<Duration> {
        if !self.is_timed() {
            return None;
        }
        let had = self.state.remaining[color.index()];
        match self.turn {
            Some((c, began)) if c == color && !self.not_started(color) => {
                let elapsed = now.saturating_duration_since(began);
                Some(had.saturating_sub(self.charged(color, elapsed)))
            }
            _ => Some(had),
        }
    }

    /// How long the running side has been thinking.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.turn.map(|(_, began)| now.saturating_duration_since(began)).unwrap_or_default()
    }

    /// The side whose flag is down at `now`.
    pub fn flag_fallen(&self, now: Instant) -> Option<Color> {
        let (color, _) = self.turn?;
        (self.remaining_at(color, now)? == Duration::ZERO).then_some(color)
    }

    /// When the running side's flag will fall if nothing happens (for an event loop's timer).
    pub fn flag_deadline(&self) -> Option<Instant> {
        let (color, began) = self.turn?;
        if !self.counts(color) {
            return None;
        }
        let had = self.state.remaining[color.index()];
        let delay = match self.current_bonus(color) {
            Bonus::SimpleDelay(d) => d,
            _ => Duration::ZERO,
        };
        began.checked_add(had + delay)
    }

    /// Ends the running side's turn at `now` after it moved: charges the time, adds the bonus and any next
    /// stage's time, and starts the other side's turn.
    pub fn press(&mut self, now: Instant) -> Press {
        let Some((color, began)) = self.turn else {
            return Press::InTime { spent: Duration::ZERO, remaining: None };
        };
        let spent = now.saturating_duration_since(began);
        self.turn = Some((!color, now));
        if !self.is_timed() {
            self.state.moves_made[color.index()] += 1;
            return Press::InTime { spent, remaining: None };
        }
        let had = self.state.remaining[color.index()];
        // A first move before the clock started costs nothing and earns no bonus.
        let free = self.not_started(color);
        let charged = if free { Duration::ZERO } else { self.charged(color, spent) };
        if charged >= had {
            self.state.remaining[color.index()] = Duration::ZERO;
            self.turn = Some((color, began));
            return Press::Flagged { spent };
        }
        let mut left = had - charged;
        let n = self.state.moves_made[color.index()] + 1;
        if let Some((stage, ends)) = self.control.stage_of_move(n) {
            left += match self.control.stages[stage].bonus {
                _ if free => Duration::ZERO,
                Bonus::Increment(d) => d,
                Bonus::Bronstein(d) => spent.min(d),
                _ => Duration::ZERO,
            };
            if ends {
                let next = (stage + 1).min(self.control.stages.len() - 1);
                left += self.control.stages[next].time;
            }
        }
        self.state.moves_made[color.index()] = n;
        self.state.remaining[color.index()] = left;
        Press::InTime { spent, remaining: Some(left) }
    }

    fn current_bonus(&self, color: Color) -> Bonus {
        let n = self.state.moves_made[color.index()] + 1;
        self.control.stage_of_move(n).map(|(s, _)| self.control.stages[s].bonus).unwrap_or(Bonus::None)
    }

    /// The time that counts against the clock for thinking `elapsed` (a simple delay is free).
    fn charged(&self, color: Color, elapsed: Duration) -> Duration {
        match self.current_bonus(color) {
            Bonus::SimpleDelay(d) => elapsed.saturating_sub(d),
            _ => elapsed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::time_source::{FakeTime, TimeSource};

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn fischer_increment_is_added_after_each_move() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::fischer(s(300), s(3)));
        c.start_turn(Color::White, t.now());
        t.advance(s(10));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(290)));
        assert_eq!(c.remaining_at(Color::Black, t.now()), Some(s(300)));
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(10), remaining: Some(s(293)) });
        assert_eq!(c.running(), Some(Color::Black));
        t.advance(ms(2500));
        assert_eq!(c.remaining_at(Color::Black, t.now()), Some(ms(297_500)));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(293)));
    }

    #[test]
    fn reading_the_clock_many_times_adds_no_drift() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::fischer(s(60), s(0)));
        c.start_turn(Color::White, t.now());
        for _ in 0..1000 {
            t.advance(ms(7));
            let _ = c.remaining_at(Color::White, t.now());
        }
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(53)));
    }

    #[test]
    fn simple_delay_waits_before_counting() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::with_bonus(s(60), Bonus::SimpleDelay(s(5))));
        c.start_turn(Color::White, t.now());
        t.advance(s(4));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(60)));
        t.advance(s(3));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(58)));
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(7), remaining: Some(s(58)) });
        assert_eq!(c.flag_deadline(), Some(t.now() + s(65)));
    }

    #[test]
    fn bronstein_gives_back_up_to_the_delay() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::with_bonus(s(60), Bonus::Bronstein(s(5))));
        c.start_turn(Color::White, t.now());
        t.advance(s(3));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(57)));
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(3), remaining: Some(s(60)) });
        t.advance(s(8));
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(8), remaining: Some(s(57)) });
    }

    #[test]
    fn stages_add_the_next_stage_time_after_the_last_move_of_a_stage() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::from_pgn("2/100:50+10").unwrap());
        c.start_turn(Color::White, t.now());
        for _ in 0..4 {
            t.advance(s(10));
            c.press(t.now());
        }
        // White made two moves of 10 s: 100 − 20 + 50.
        assert_eq!(c.state().remaining[Color::White.index()], s(130));
        t.advance(s(10));
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(10), remaining: Some(s(130)) });
    }

    #[test]
    fn the_flag_falls_without_any_press() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::fischer(s(5), s(0)));
        c.start_turn(Color::White, t.now());
        t.advance(ms(4999));
        assert_eq!(c.flag_fallen(t.now()), None);
        t.advance(ms(1));
        assert_eq!(c.flag_fallen(t.now()), Some(Color::White));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(Duration::ZERO));
        assert_eq!(c.press(t.now()), Press::Flagged { spent: s(5) });
    }

    #[test]
    fn untimed_clocks_still_measure_moves() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::untimed());
        c.start_turn(Color::White, t.now());
        t.advance(s(42));
        assert_eq!(c.remaining_at(Color::White, t.now()), None);
        assert_eq!(c.flag_fallen(t.now()), None);
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(42), remaining: None });
    }

    #[test]
    fn restore_puts_back_what_the_clock_showed() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::fischer(s(60), s(1)));
        c.start_turn(Color::White, t.now());
        let before = c.state();
        t.advance(s(20));
        c.press(t.now());
        t.advance(s(5));
        c.restore(before, Color::White, t.now());
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(60)));
        assert_eq!(c.remaining_at(Color::Black, t.now()), Some(s(60)));
    }

    #[test]
    fn after_first_moves_no_clock_runs_until_each_side_has_moved() {
        let t = FakeTime::new();
        let mut c = Clock::with_start(TimeControl::fischer(s(60), s(2)), ClockStart::AfterFirstMoves);
        c.start_turn(Color::White, t.now());
        t.advance(s(30));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(60)));
        assert_eq!(c.flag_deadline(), None);
        assert!(!c.counts(Color::White));
        // The first move is free and earns no increment; its time is still measured.
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(30), remaining: Some(s(60)) });
        t.advance(s(90));
        assert_eq!(c.flag_fallen(t.now()), None);
        assert_eq!(c.press(t.now()), Press::InTime { spent: s(90), remaining: Some(s(60)) });
        // Both sides have moved: White's clock runs now.
        assert!(c.counts(Color::White));
        t.advance(s(10));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(50)));
        assert_eq!(c.flag_deadline(), Some(t.now() + s(50)));
    }

    #[test]
    fn at_once_white_runs_from_the_start() {
        let t = FakeTime::new();
        let mut c = Clock::with_start(TimeControl::fischer(s(60), s(0)), ClockStart::AtOnce);
        c.start_turn(Color::White, t.now());
        t.advance(s(10));
        assert_eq!(c.remaining_at(Color::White, t.now()), Some(s(50)));
    }

    #[test]
    fn the_face_shows_the_delay_counting_down_then_the_main_time() {
        let t = FakeTime::new();
        let mut c = Clock::new(TimeControl::from_pgn("40/300d5:60").unwrap());
        c.start_turn(Color::White, t.now());
        t.advance(ms(1500));
        let face = c.face(Color::White, t.now()).unwrap();
        assert_eq!((face.remaining, face.delay, face.to_go), (s(300), Some(ms(3500)), Some(40)));
        assert!(face.running);
        let other = c.face(Color::Black, t.now()).unwrap();
        assert_eq!((other.running, other.delay, other.to_go), (false, None, Some(40)));
        t.advance(ms(4500));
        let face = c.face(Color::White, t.now()).unwrap();
        assert_eq!((face.remaining, face.delay), (s(299), None));
        c.press(t.now());
        assert_eq!(c.face(Color::White, t.now()).unwrap().to_go, Some(39));
        assert_eq!(Clock::new(TimeControl::untimed()).face(Color::White, t.now()), None);
    }
}

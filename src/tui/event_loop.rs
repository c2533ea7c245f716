//! The event loop: one tokio task selecting over terminal events, a wake-up channel fed by the engine
//! threads (through the controller's notifier), and a timer that exists only while a clock runs. It draws
//! after each change (not after mouse motion or a key that means nothing) and otherwise sleeps, so an idle board costs nothing. It never waits on an engine or
//! on disk: engines answer through the channel, and the controller's saves are small atomic writes.

use super::action::Action;
use super::app::{App, Screen};
use super::terminal::Tui;
use super::views::screen;
use crossterm::event::EventStream;
use futures::StreamExt;
use std::io::{self, Write};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

/// Set this environment variable to make the loop panic after its first frame (tests use it to check that
/// the terminal is restored on a panic).
pub const PANIC_ENV: &str = "TABIYA_TEST_PANIC";

/// Runs until the user quits.
///
/// # Errors
/// When the terminal cannot be read or drawn to.
pub async fn run(terminal: &mut Tui, app: &mut App, mut wake: UnboundedReceiver<()>) -> io::Result<()> {
    let mut events = EventStream::new();
    let size = terminal.size()?;
    app.update(Action::Resize { width: size.width, height: size.height });
    terminal.draw(|f| screen::draw(f, app))?;
    // For the end-to-end test that the terminal is restored after a panic.
    if std::env::var_os(PANIC_ENV).is_some() {
        panic!("a panic requested by {PANIC_ENV}");
    }
    loop {
        let tick = next_tick(app);
        // Only what changes the screen draws it again: mouse motion and unbound keys do not.
        let changed = tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => app.handle_event(&event),
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            },
            Some(()) = wake.recv() => {
                while wake.try_recv().is_ok() {}
                app.update(Action::Tick);
                true
            }
            () = sleep_for(tick), if tick.is_some() => {
                app.update(Action::Tick);
                true
            }
        };
        let output = app.take_output();
        if !output.is_empty() {
            let mut out = io::stdout();
            for text in output {
                out.write_all(text.as_bytes())?;
            }
            out.flush()?;
        }
        if app.quit {
            return Ok(());
        }
        if changed {
            terminal.draw(|f| screen::draw(f, app))?;
        }
    }
}

async fn sleep_for(d: Option<Duration>) {
    tokio::time::sleep(d.unwrap_or(Duration::ZERO)).await;
}

/// How long until the screen changes by itself: a clock's figure or delay, a falling flag, or the opponent's
/// move mark going; `None` when nothing will (no clock runs and nothing is marked).
pub fn next_tick(app: &App) -> Option<Duration> {
    if !matches!(app.screen, Screen::Play) {
        return None;
    }
    let flash = app.move_flash.left(app.now()).map(|d| d + Duration::from_millis(2));
    match (clock_tick(app), flash) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn clock_tick(app: &App) -> Option<Duration> {
    let game = &app.play.as_ref()?.game;
    let deadline = game.flag_deadline()?;
    let side = game.side_to_move();
    // While a simple delay counts down the main time stands still: the next change is the delay's.
    if let Some(delay) = game.clock_face(side).and_then(|f| f.delay) {
        return Some(super::views::clocks::delay_step(delay) + Duration::from_millis(2));
    }
    let left = game.clock(side)?;
    let low = Duration::from_secs(u64::from(app.config.sound.low_time_seconds)).min(Duration::from_secs(60));
    // Tenths are shown below `low`; otherwise whole seconds.
    let step_ms = if left < low { 100 } else { 1000 };
    let to_next = Duration::from_millis((left.as_millis() % step_ms) as u64 + 2);
    let to_flag = deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(2);
    Some(to_next.min(to_flag).max(Duration::from_millis(10)))
}

//! The event loop: one tokio task selecting over terminal events, a wake-up channel fed by the engine
//! threads (through the controller's notifier), and a timer that exists only while a clock runs. It draws
//! after each change and otherwise sleeps, so an idle board costs nothing. It never waits on an engine or
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
        tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => app.handle_event(&event),
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            },
            Some(()) = wake.recv() => {
                while wake.try_recv().is_ok() {}
                app.update(Action::Tick);
            }
            () = sleep_for(tick), if tick.is_some() => app.update(Action::Tick),
        }
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
        terminal.draw(|f| screen::draw(f, app))?;
    }
}

async fn sleep_for(d: Option<Duration>) {
    tokio::time::sleep(d.unwrap_or(Duration::ZERO)).await;
}

/// How long until the clock display changes (or a flag may fall); `None` when no clock runs.
pub fn next_tick(app: &App) -> Option<Duration> {
    if !matches!(app.screen, Screen::Play) {
        return None;
    }
    let game = &app.play.as_ref()?.game;
    let deadline = game.flag_deadline()?;
    let side = game.side_to_move();
    let left = game.clock(side)?;
    let low = Duration::from_secs(u64::from(app.config.sound.low_time_seconds)).min(Duration::from_secs(60));
    // Tenths are shown below `low`; otherwise whole seconds.
    let step_ms = if left < low { 100 } else { 1000 };
    let to_next = Duration::from_millis((left.as_millis() % step_ms) as u64 + 2);
    let to_flag = deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(2);
    Some(to_next.min(to_flag).max(Duration::from_millis(10)))
}

//! Taking over the terminal and giving it back: raw mode, the alternate screen and mouse capture on the
//! way in; all of it undone on every way out — a normal return, an error (the guard's `Drop`) and a panic
//! (a hook that restores the terminal before the panic message prints).

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the terminal is ours; restoring twice would move the cursor back over what was printed
/// in between (leaving the alternate screen restores the cursor saved on entering it).
static ACTIVE: AtomicBool = AtomicBool::new(false);

pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Restores the terminal when dropped.
pub struct TerminalGuard {
    pub terminal: Tui,
}

/// Enters the alternate screen in raw mode with mouse capture, and installs the restoring panic hook.
///
/// # Errors
/// When standard output is not a terminal that accepts these modes.
pub fn init() -> io::Result<TerminalGuard> {
    install_panic_hook();
    enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
        restore();
        return Err(e);
    }
    match Terminal::new(CrosstermBackend::new(stdout)) {
        Ok(mut terminal) => {
            let _ = terminal.hide_cursor();
            Ok(TerminalGuard { terminal })
        }
        Err(e) => {
            restore();
            Err(e)
        }
    }
}

/// Gives the terminal back. Safe to call more than once: only the first call after `init` acts.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen, crossterm::cursor::Show);
    let _ = disable_raw_mode();
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

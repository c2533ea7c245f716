//! End to end: the real binary in a tmux pane, driven with `send-keys` and read with `capture-pane`.
//! Skips (and passes) when tmux is not installed. Every wait is bounded, the tmux server is private to the
//! test and killed at the end, and a temporary data directory and configuration keep it away from $HOME.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
    home: tempfile::TempDir,
}

impl Tmux {
    fn start(test: &str) -> Option<Tmux> {
        let ok = Command::new("tmux").arg("-V").output().map(|o| o.status.success()).unwrap_or(false);
        if !ok {
            eprintln!("tmux is not installed: skipping the end-to-end test");
            return None;
        }
        let home = tempfile::tempdir().expect("temporary directory");
        std::fs::write(home.path().join("config.toml"), "[display]\npieces = \"letters\"\n").expect("config");
        Some(Tmux { socket: format!("tabiya-{test}-{}", std::process::id()), home })
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env("TERM", "xterm-256color")
            .output()
            .expect("tmux runs")
    }

    fn data_dir(&self) -> PathBuf {
        self.home.path().join("data")
    }

    /// Runs tabiya with `args` in a new 100×30 window; the shell stays to show how it exited and whether
    /// the terminal is back in canonical mode.
    fn run(&self, name: &str, args: &str) {
        self.run_with(name, "", args);
    }

    fn run_with(&self, name: &str, env: &str, args: &str) {
        let bin = env!("CARGO_BIN_EXE_tabiya");
        let h = self.home.path().display();
        let command = format!(
            "{env} HOME={h} XDG_CONFIG_HOME={h}/xdg XDG_DATA_HOME={h}/xdg TABIYA_DATA_DIR={data} \
             TABIYA_CONFIG={h}/config.toml {bin} {args}; echo EXITED $?; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-\\?icanon'; \
             sleep 60",
            data = self.data_dir().display()
        );
        let out = self.tmux(&["new-session", "-d", "-s", name, "-x", "100", "-y", "30", &command]);
        assert!(out.status.success(), "tmux new-session: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn keys(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    fn screen(&self, name: &str) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", name]).stdout).into_owned()
    }

    /// Waits (at most 15 s) until the pane shows `text`.
    fn wait_for(&self, name: &str, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = self.screen(name);
            if screen.contains(text) {
                return screen;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {text:?}; the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn play_move(&self, name: &str, text: &str) {
        self.keys(name, &["-l", text]);
        self.keys(name, &["Enter"]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

/// The saved games: the PGN files of the games folder (its hidden `.locks/` holds the open games' locks).
fn saved_games(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir.join("games")) else { return 0 };
    entries.filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "pgn")).count()
}

#[test]
fn scholars_mate_quit_and_resume_in_tmux() {
    let Some(t) = Tmux::start("mate") else { return };
    t.run("a", "play --white human --black human --time 5+3");
    t.wait_for("a", "White to move");
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        t.play_move("a", m);
    }
    t.wait_for("a", "3. Qh5      Nf6");
    t.play_move("a", "Qxf7");
    let screen = t.wait_for("a", "White wins by checkmate");
    assert!(screen.contains("4. Qxf7#"), "{screen}");
    t.keys("a", &["C-q"]);
    let screen = t.wait_for("a", "EXITED 0");
    assert!(!screen.contains("White wins"), "the alternate screen was left:\n{screen}");
    assert_eq!(saved_games(&t.data_dir()), 1);

    // An unfinished game: quit mid-game, start plain `tabiya`, and resume it.
    t.run("b", "play --white human --black human --time untimed");
    t.wait_for("b", "White to move");
    t.play_move("b", "d4");
    t.wait_for("b", "1. d4");
    t.keys("b", &["C-q"]);
    let screen = t.wait_for("b", "EXITED 0");
    assert!(screen.contains("The game is saved in"), "{screen}");

    t.run("c", "");
    t.wait_for("c", "Unfinished game");
    t.keys("c", &["Enter"]);
    t.wait_for("c", "Black to move");
    t.play_move("c", "d5");
    t.wait_for("c", "1. d4       d5");
    // A bad move keeps its text and says why.
    t.play_move("c", "Ke5");
    t.wait_for("c", "Move: Ke5");
    t.keys("c", &["C-q"]);
    t.wait_for("c", "EXITED 0");
}

#[test]
fn a_tiny_terminal_gets_a_message_and_resizing_recovers() {
    let Some(t) = Tmux::start("resize") else { return };
    t.run("s", "play --white human --black human --time untimed");
    t.wait_for("s", "White to move");
    t.tmux(&["resize-window", "-t", "s", "-x", "40", "-y", "10"]);
    t.wait_for("s", "Terminal too small");
    t.tmux(&["resize-window", "-t", "s", "-x", "100", "-y", "30"]);
    t.wait_for("s", "White to move");
    t.keys("s", &["C-q"]);
    t.wait_for("s", "EXITED 0");
}

#[test]
fn the_terminal_is_restored_after_a_panic() {
    let Some(t) = Tmux::start("panic") else { return };
    // No backtrace: it would push the message off the 30-row pane.
    t.run_with("p", "TABIYA_TEST_PANIC=1 RUST_BACKTRACE=0", "play --white human --black human --time untimed");
    t.wait_for("p", "EXITED 101");
    // The line `stty` prints after the exit ("icanon", or "-icanon" if raw mode was left) may come a moment
    // later than "EXITED": wait for it, so that a loaded machine does not read the screen too early.
    let screen = t.wait_for("p", "icanon");
    assert!(screen.contains("a panic requested by TABIYA_TEST_PANIC"), "{screen}");
    let after: Vec<&str> = screen.lines().skip_while(|l| !l.starts_with("EXITED")).collect();
    assert_eq!(after.get(1).map(|l| l.trim()), Some("icanon"), "raw mode was left:\n{screen}");
    assert!(!screen.contains("White to move"), "the alternate screen was left:\n{screen}");
}

#[test]
fn a_premove_against_the_computer_in_tmux() {
    let Some(t) = Tmux::start("premove") else { return };
    // Level 8 untimed thinks two seconds a move: time to queue the premove while it does.
    t.run("m", "play --white human --black computer:12 --time untimed");
    t.wait_for("m", "White to move");
    t.play_move("m", "e4");
    t.wait_for("m", "(thinking…)");
    // Nc3 is legal whatever Black answers first.
    t.play_move("m", "Nc3");
    let screen = t.wait_for("m", "premove Nc3");
    assert!(!screen.contains("wait for its move"), "{screen}");
    let screen = t.wait_for("m", "2. Nc3");
    assert!(!screen.contains("premove Nc3"), "the premove was played and is no longer shown:\n{screen}");
    t.keys("m", &["C-q"]);
    t.wait_for("m", "EXITED 0");
}

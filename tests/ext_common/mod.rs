//! Fake UCI engines for the tests: small shell scripts written into a temporary folder, each misbehaving in
//! one way, and a helper that polls a controller until something happens.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabiya::game::{EngineSpec, EngineTimeouts, GameController, GameEvent};

/// A script answering the handshake and `go` with `answer` (shell lines run for each `go`).
pub fn engine_script(dir: &Path, file: &str, answer: &str) -> PathBuf {
    let body = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name Fake'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) {answer};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    script(dir, file, &body)
}

/// Writes an executable script.
pub fn script(dir: &Path, file: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(file);
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

pub fn spec(name: &str, path: &Path) -> EngineSpec {
    EngineSpec::configured(name, path.to_str().unwrap(), &[])
}

/// Short timeouts, so silent engines are noticed in a fraction of a second.
pub fn quick() -> EngineTimeouts {
    EngineTimeouts {
        handshake: Duration::from_millis(400),
        untimed_move: Duration::from_millis(600),
        grace: Duration::from_millis(400),
    }
}

/// Polls until `done` holds (true) or 15 s pass (false); collects the events.
pub fn wait_for(
    g: &mut GameController,
    mut done: impl FnMut(&GameController) -> bool,
    events: &mut Vec<GameEvent>,
) -> bool {
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        events.extend(g.poll());
        if done(g) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

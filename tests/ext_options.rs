//! Options for external engines (`[[engines]] options`, `--engine-option`): set after the engine's `uciok`
//! with the engine's own spelling of the name and before `isready` and any search; an option the engine
//! does not declare is reported by name and not sent; a value with a newline is refused before anything runs.

mod ext_common;

use ext_common::{quick, script, wait_for};
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{ControllerOptions, EngineSpec, FakeTime, GameController, GameEvent, GameSetup, PlayerKind};

/// An engine that declares two options, logs every line it is sent, and opens with e4.
fn logging_engine(dir: &std::path::Path) -> EngineSpec {
    let log = dir.join("sent.log");
    let body = format!(
        "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    \
         uci) echo 'id name Logger'; echo 'option name Skill Level type spin default 20 min 0 max 20'; \
         echo 'option name Threads type spin default 1 min 1 max 8'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) echo 'info depth 1 score cp 20 pv e2e4'; echo 'bestmove e2e4';;\n    quit) exit 0;;\n  esac\ndone\n",
        log.display()
    );
    let path = script(dir, "logger.sh", &body);
    EngineSpec::configured("Logger", path.to_str().unwrap(), &[])
}

#[test]
fn declared_options_are_set_before_isready_and_unknown_ones_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let options = vec![
        ("skill level".to_string(), "5".to_string()),
        ("Threads".to_string(), "2".to_string()),
        ("Contempt".to_string(), "10".to_string()),
    ];
    let engine = logging_engine(dir.path()).with_options(options).unwrap();
    let setup = GameSetup::new(PlayerKind::External(engine), PlayerKind::human("Ann"));
    let time = FakeTime::new();
    let controller =
        ControllerOptions { engine_timeouts: quick(), ..Default::default() }.with_time(Arc::new(time.clone()));
    let mut g = GameController::new(setup, controller).unwrap();
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| !g.moves().is_empty(), &mut events), "the engine plays");
    let notices: Vec<&String> =
        events.iter().filter_map(|e| if let GameEvent::Notice(m) = e { Some(m) } else { None }).collect();
    assert!(notices.iter().any(|m| m.contains("Logger has no option 'Contempt'")), "{notices:?}");
    std::thread::sleep(Duration::from_millis(100));
    let sent = std::fs::read_to_string(dir.path().join("sent.log")).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    let at = |l: &str| lines.iter().position(|x| *x == l).unwrap_or_else(|| panic!("{l} not sent: {lines:?}"));
    // The engine's spelling of the name, after `uci`, before `isready` and the search.
    let skill = at("setoption name Skill Level value 5");
    let threads = at("setoption name Threads value 2");
    assert!(at("uci") < skill && skill < at("isready") && threads < at("isready"), "{lines:?}");
    let go = lines.iter().position(|l| l.starts_with("go")).unwrap();
    assert!(at("isready") < go, "{lines:?}");
    assert!(!sent.contains("Contempt"), "{lines:?}");
}

#[test]
fn a_value_with_a_newline_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let bad = vec![("Threads".to_string(), "1\ngo infinite".to_string())];
    let err = logging_engine(dir.path()).with_options(bad).unwrap_err();
    assert!(err.contains("control characters"), "{err}");
}

fn tabiya(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tabiya")).args(args).output().unwrap()
}

#[test]
fn analyse_passes_engine_options_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let engine = logging_engine(dir.path());
    let game = dir.path().join("empty.pgn");
    std::fs::write(&game, "[Event \"No moves\"]\n[Result \"*\"]\n\n*\n").unwrap();
    let (pgn, data) = (game.to_str().unwrap(), dir.path().to_str().unwrap());
    let uci = format!("uci:{}", engine.command);
    let out = tabiya(&["analyse", pgn, "--engine", &uci, "--engine-option", "threads=3", "--data-dir", data]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let sent = std::fs::read_to_string(dir.path().join("sent.log")).unwrap();
    assert!(sent.lines().any(|l| l == "setoption name Threads value 3"), "{sent}");

    let bad = tabiya(&["analyse", pgn, "--engine", &uci, "--engine-option", "Threads"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("NAME=VALUE"), "{bad:?}");
    let builtin = tabiya(&["analyse", pgn, "--engine-option", "Threads=2", "--data-dir", data]);
    assert!(!builtin.status.success());
    assert!(String::from_utf8_lossy(&builtin.stderr).contains("external engine"), "{builtin:?}");
}

//! MultiPV through the game layer's `Brain` for external engines: `setoption name MultiPV` is sent only to an
//! engine that offers it, only when the number changes, and before the search it is for (even when asked
//! before the handshake is over); `go depth` is passed on; each `info` says its line, and lines beyond those
//! asked for are dropped.

use std::path::Path;
use std::time::{Duration, Instant};
use tabiya::game::external::ExternalEngine;
use tabiya::game::{Brain, BrainReport, EngineSpec, EngineTimeouts, ThinkRequest};
use tabiya::rules::Position;

/// A fake engine that writes every line it reads to `log`, declares MultiPV if `offers`, and answers each
/// `go` with lines 1, 2 and 7 and 1. e4.
fn fake(dir: &Path, offers: bool) -> EngineSpec {
    use std::os::unix::fs::PermissionsExt;
    let log = dir.join("log");
    let option = if offers { "echo 'option name MultiPV type spin default 1 min 1 max 8'; " } else { "" };
    let body = format!(
        "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    \
         uci) echo 'id name Fake'; {option}echo uciok;;\n    isready) echo readyok;;\n    \
         go*) echo 'info depth 3 multipv 1 score cp 30 pv e2e4 e7e5'; echo 'info depth 3 multipv 2 score cp 20 pv d2d4'; \
         echo 'info depth 3 multipv 7 score cp 10 pv c2c4'; echo 'bestmove e2e4';;\n    quit) exit 0;;\n  esac\ndone\n",
        log.display()
    );
    let path = dir.join("fake");
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    EngineSpec::configured("Fake", path.to_str().unwrap(), &[])
}

fn request(id: u64, lines: usize) -> ThinkRequest {
    ThinkRequest {
        id,
        start: Position::startpos(),
        moves: Vec::new(),
        wtime: None,
        btime: None,
        winc: None,
        binc: None,
        movestogo: None,
        movetime: None,
        lines,
        depth: Some(5),
        nodes: None,
    }
}

/// The line numbers of the `info` reports before the best move.
fn lines_reported(brain: &mut ExternalEngine) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut lines = Vec::new();
    while Instant::now() < deadline {
        match brain.try_recv() {
            Some(BrainReport::Info { multipv, .. }) => lines.push(multipv),
            Some(BrainReport::BestMove { .. }) => return lines,
            Some(other) => panic!("unexpected {other:?}"),
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    panic!("no best move; lines so far {lines:?}");
}

fn sent(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("log")).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn an_engine_offering_multipv_is_told_before_its_search_and_only_on_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let mut brain = ExternalEngine::spawn(&fake(dir.path(), true), EngineTimeouts::default(), None).unwrap();
    // Asked at once, before the engine has answered `uci`.
    brain.think(request(1, 2));
    assert_eq!(lines_reported(&mut brain), [1, 2], "line 7 was not asked for");
    brain.think(request(2, 2));
    assert_eq!(lines_reported(&mut brain), [1, 2]);
    brain.think(request(3, 1));
    assert_eq!(lines_reported(&mut brain), [1]);
    let log = sent(dir.path());
    let told: Vec<usize> =
        log.iter().enumerate().filter(|(_, l)| l.starts_with("setoption name MultiPV")).map(|(i, _)| i).collect();
    let gos: Vec<usize> = log.iter().enumerate().filter(|(_, l)| l.starts_with("go")).map(|(i, _)| i).collect();
    assert_eq!(told.len(), 2, "{log:?}");
    assert_eq!(log[told[0]], "setoption name MultiPV value 2");
    assert_eq!(log[told[1]], "setoption name MultiPV value 1");
    assert!(told[0] < gos[0] && gos[1] < told[1] && told[1] < gos[2], "{log:?}");
    assert!(gos.iter().all(|&i| log[i] == "go depth 5"), "{log:?}");
}

#[test]
fn an_engine_without_multipv_is_never_told_and_gives_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut brain = ExternalEngine::spawn(&fake(dir.path(), false), EngineTimeouts::default(), None).unwrap();
    brain.think(request(1, 3));
    // This fake says "multipv 2" although it offers no such option: that line is dropped.
    assert_eq!(lines_reported(&mut brain), [1]);
    let log = sent(dir.path());
    assert!(!log.iter().any(|l| l.starts_with("setoption")), "{log:?}");
    assert!(log.iter().any(|l| l == "go depth 5"), "{log:?}");
}

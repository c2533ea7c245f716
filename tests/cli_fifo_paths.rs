//! A FIFO where tabiya expects a file — the configuration, the opening book it names, a kept analysis, a
//! `BookFile` set over UCI — is refused at once instead of blocking the program on its opening for ever. Each
//! run has a deadline and is killed past it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qh5 Nc6 *\n";

fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    assert!(Command::new("mkfifo").arg(&path).status().expect("mkfifo runs").success());
    path
}

/// Waits for `child` at most `deadline`; a run still going then fails the test.
fn finished_within(mut child: Child, deadline: Duration, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} was still running after {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn analyse(dir: &Path, extra: &[&str]) -> Output {
    let game = dir.join("game.pgn");
    std::fs::write(&game, GAME).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .args(["analyse", game.to_str().unwrap(), "--nodes", "2000"])
        .args(extra)
        .env("TABIYA_DATA_DIR", dir.join("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    finished_within(child, Duration::from_secs(60), &format!("tabiya analyse {extra:?}"))
}

#[test]
fn a_fifo_as_the_configuration_or_its_book_is_reported_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let config = fifo(dir.path(), "config.toml");
    let o = analyse(dir.path(), &["--config", config.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("a FIFO, not a regular file"), "{err}");

    let book = fifo(dir.path(), "book.bin");
    let with_book = dir.path().join("book.toml");
    std::fs::write(&with_book, format!("[engine]\nbook = {:?}\n", book.to_str().unwrap())).unwrap();
    let o = analyse(dir.path(), &["--config", with_book.to_str().unwrap(), "--fresh"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("engine.book") && err.contains("a FIFO, not a regular file"), "{err}");
}

#[test]
fn a_fifo_in_place_of_a_kept_analysis_is_analysed_afresh() {
    let dir = tempfile::tempdir().unwrap();
    assert!(analyse(dir.path(), &[]).status.success());
    let kept: Vec<PathBuf> =
        std::fs::read_dir(dir.path().join("data/analysis")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    std::fs::remove_file(&kept[0]).unwrap();
    assert!(Command::new("mkfifo").arg(&kept[0]).status().unwrap().success());
    let o = analyse(dir.path(), &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("[%eval"));
}

#[test]
fn a_fifo_as_the_uci_book_file_gets_an_info_string_and_the_protocol_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let book = fifo(dir.path(), "book.bin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let script = format!("uci\nsetoption name BookFile value {}\nisready\nquit\n", book.display());
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let o = finished_within(child, Duration::from_secs(20), "tabiya uci");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("a FIFO, not a regular file; no book is used"), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

//! `tabiya pgn` and `tabiya review` refuse what is not a regular file — a device that never ends (`/dev/zero`),
//! a FIFO that blocks — at once, with one line naming it; each run here has a deadline and is killed past it.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary with a deadline: a run that blocks or grows without end fails the test instead of hanging.
fn tabiya_within(args: &[&str], deadline: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tabiya {args:?} was still running after {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn assert_refused(args: &[&str], name: &str, what: &str) {
    let o = tabiya_within(args, Duration::from_secs(20));
    assert!(!o.status.success(), "{args:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(name) && err.contains(&format!("{what}, not a regular file")), "{args:?}: {err}");
}

#[test]
fn devices_are_refused_not_read() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        assert_refused(&["pgn", dev], dev, "a device");
        assert_refused(&["pgn", "--export", dev], dev, "a device");
        assert_refused(&["review", dev], dev, "a device");
    }
}

#[test]
fn a_fifo_is_refused_without_being_opened() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.pgn");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    assert_refused(&["pgn", fifo], fifo, "a FIFO");
    assert_refused(&["review", fifo], fifo, "a FIFO");
}

#[test]
fn a_directory_is_refused_and_the_other_files_still_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.pgn");
    std::fs::write(&good, "1. e4 *\n").unwrap();
    let d = dir.path().to_str().unwrap();
    let o = tabiya_within(&["pgn", d, good.to_str().unwrap()], Duration::from_secs(20));
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("a directory, not a regular file"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("good.pgn: game 1: ? – ?, *, 1 ply, ongoing"));
}

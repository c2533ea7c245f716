//! Conversations with the real binary over `tabiya uci`: the handshake, go/stop, Chess960 castling, and
//! malformed lines, each answered with an `info string` while the engine keeps working.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use tabiya::rules::{Position, parse_uci};

struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tabiya uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`; returns all lines read, that one last. Generous timeout:
    /// this tests behaviour, not speed.
    fn expect(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line starting with '{prefix}'; got {seen:?}");
    }

    fn best_move(&mut self) -> String {
        let lines = self.expect("bestmove");
        lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_and_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name tabiya")));
    for option in ["Hash", "UCI_Chess960", "Skill Level", "UCI_LimitStrength", "UCI_Elo"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {option} type"))), "{option}");
    }
    uci.send("setoption name Hash value 16");
    uci.send("setoption name Skill Level value 4");
    uci.send("isready");
    assert_eq!(uci.expect("readyok"), vec!["readyok"]);
}

#[test]
fn searches_with_info_lines_and_a_legal_move() {
    let mut uci = Uci::start();
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5 g1f3");
    uci.send("go depth 6");
    let lines = uci.expect("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ") && l.contains(" score cp ") && l.contains(" pv ")));
    let mut pos = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.make_move(parse_uci(&pos, m).unwrap());
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&pos, best).is_ok(), "{best}");
}

#[test]
fn stop_and_isready_answered_while_searching() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let lines = uci.expect("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "infinite must wait for stop");
    uci.send("stop");
    let best = uci.best_move();
    assert!(parse_uci(&Position::startpos(), &best).is_ok());
}

#[test]
fn clock_search_answers() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go wtime 1000 btime 1000 winc 100 binc 100");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

#[test]
fn malformed_lines_get_info_strings_and_the_engine_keeps_working() {
    let mut uci = Uci::start();
    let cases = [
        ("position fen this is not a fen", "bad FEN"),
        ("position startpos moves e2e4 e2e4", "move 2 'e2e4'"),
        ("position sideways", "expected 'startpos' or 'fen"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        ("setoption name Hash value lots", "option 'Hash' needs"),
        ("go depth deep", "'depth' needs a number"),
        ("go nodes 12x", "'nodes' needs a number"),
        ("go wtime", "'wtime' needs a number"),
        ("xyzzy plugh", "unknown command 'xyzzy'"),
    ];
    for (line, message) in cases {
        uci.send(line);
        let reply = uci.expect("info string");
        assert!(reply.last().unwrap().contains(message), "{line}: {reply:?}");
    }
    uci.send("position startpos moves e2e4");
    uci.send("go depth 3");
    let best = uci.best_move();
    let mut pos = Position::startpos();
    pos.make_move(parse_uci(&pos, "e2e4").unwrap());
    assert!(parse_uci(&pos, &best).is_ok());
}

#[test]
fn castling_follows_the_chess960_setting() {
    // Chess960, king on f1: O-O (king to g1, rook to f1, checking along the f-file) is the only mate in one.
    let fen = "4rkr1/4p1p1/8/8/8/1B6/8/5K1R w H - 0 1";
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Chess960 value true");
    uci.send(&format!("position fen {fen}"));
    uci.send("go depth 3");
    let lines = uci.expect("bestmove");
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1), Some("f1h1"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    // Standard chess: the same castling written as the king's two-square move.
    let mut uci = Uci::start();
    uci.send("position fen r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1 moves e1g1 e8c8");
    uci.send("go depth 1");
    let best = uci.best_move();
    assert!(!best.is_empty());
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Chess960 value true");
    uci.send("position fen nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1 moves g1f3 g8f6 g2g3 g7g6 f1h1");
    uci.send("isready");
    assert_eq!(uci.expect("readyok"), vec!["readyok"], "castling as king-takes-rook is accepted");
}

#[test]
fn end_of_input_lets_the_search_answer() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "position startpos\ngo depth 4").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
    assert!(out.status.success());
}

#[test]
fn garbage_bytes_do_not_crash_it() {
    let mut uci = Uci::start();
    uci.stdin.write_all(b"\xff\xfe garbage\n").unwrap();
    uci.send("go depth 2 depth");
    uci.send("position fen");
    uci.send("setoption name");
    uci.send("");
    uci.send("isready");
    uci.expect("readyok");
    uci.send("go depth 2");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

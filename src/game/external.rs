//! An external UCI engine (e.g. `stockfish`) as a computer player.
//!
//! The engine runs as a child process. Commands are written to its stdin (a pipe write of a few bytes, which
//! does not block in practice); a reader thread turns its stdout into `BrainReport`s on a channel and calls the
//! notifier so an event loop wakes. UCI sends exactly one `bestmove` per `go`, in order, so the ids of the
//! outstanding requests are kept in a queue and each `bestmove` answers the oldest one.

use super::brain::{Brain, BrainReport, EngineScore, ThinkRequest};
use crate::rules::{Move, Position, parse_uci, to_uci};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Called from background threads after each report, to wake the event loop.
pub type Notifier = Arc<dyn Fn() + Send + Sync>;

/// The position each outstanding `go` was about, so the reader can parse its moves.
struct Outstanding {
    id: u64,
    position: Position,
}

pub struct ExternalEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    reports: Receiver<BrainReport>,
    outstanding: Arc<Mutex<VecDeque<Outstanding>>>,
    reader: Option<JoinHandle<()>>,
    chess960: bool,
}

impl ExternalEngine {
    /// Starts `command` (split on whitespace) and begins the UCI handshake.
    ///
    /// # Errors
    /// A message when the command is empty or cannot be started.
    pub fn spawn(command: &str, notify: Option<Notifier>) -> Result<ExternalEngine, String> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or("the engine command is empty")?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        let stdout = child.stdout.take().ok_or("the engine has no output pipe")?;
        let (tx, rx) = channel();
        let outstanding = Arc::new(Mutex::new(VecDeque::new()));
        let shared = Arc::clone(&outstanding);
        let name = program.to_string();
        let reader = std::thread::Builder::new()
            .name(format!("uci-{name}"))
            .spawn(move || read_engine(BufReader::new(stdout), tx, shared, notify, name))
            .map_err(|e| format!("cannot start the engine reader thread: {e}"))?;
        let mut engine = ExternalEngine {
            stdin: child.stdin.take(),
            child,
            reports: rx,
            outstanding,
            reader: Some(reader),
            chess960: false,
        };
        engine.send("uci\nisready\n");
        Ok(engine)
    }

    fn send(&mut self, text: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            // A dead engine shows up as its reader thread reporting the end of its output.
            if stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()).is_err() {
                self.stdin = None;
            }
        }
    }
}

impl Brain for ExternalEngine {
    fn think(&mut self, r: ThinkRequest) {
        if r.start.is_chess960() != self.chess960 {
            self.chess960 = r.start.is_chess960();
            self.send(&format!("setoption name UCI_Chess960 value {}\n", self.chess960));
        }
        let mut line = format!("position fen {}", r.start.to_fen());
        let mut pos = r.start.clone();
        if !r.moves.is_empty() {
            line.push_str(" moves");
            for &m in &r.moves {
                line.push(' ');
                line.push_str(&to_uci(&pos, m));
                pos.make_move(m);
            }
        }
        let mut go = String::from("go");
        let ms = |d: std::time::Duration| d.as_millis().max(1);
        for (key, value) in [("wtime", r.wtime), ("btime", r.btime), ("winc", r.winc), ("binc", r.binc)] {
            if let Some(v) = value {
                go.push_str(&format!(" {key} {}", ms(v)));
            }
        }
        if let Some(n) = r.movestogo {
            go.push_str(&format!(" movestogo {n}"));
        }
        if let Some(t) = r.movetime {
            go.push_str(&format!(" movetime {}", ms(t)));
        }
        let busy = {
            let mut q = self.outstanding.lock().unwrap_or_else(|e| e.into_inner());
            let busy = !q.is_empty();
            q.push_back(Outstanding { id: r.id, position: pos });
            busy
        };
        if busy {
            self.send("stop\n");
        }
        self.send(&format!("{line}\n{go}\n"));
    }

    fn stop(&mut self) {
        self.send("stop\n");
    }

    fn new_game(&mut self) {
        self.send("ucinewgame\nisready\n");
    }

    fn try_recv(&mut self) -> Option<BrainReport> {
        self.reports.try_recv().ok()
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        self.send("stop\nquit\n");
        self.stdin = None;
        // Give a polite engine a moment to quit, then make sure it is gone.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

fn read_engine(
    out: impl BufRead,
    tx: Sender<BrainReport>,
    outstanding: Arc<Mutex<VecDeque<Outstanding>>>,
    notify: Option<Notifier>,
    name: String,
) {
    let wake = || {
        if let Some(n) = &notify {
            n()
        }
    };
    for line in out.lines() {
        let Ok(line) = line else { break };
        let report = {
            let mut q = outstanding.lock().unwrap_or_else(|e| e.into_inner());
            let Some(front) = q.front() else { continue };
            if line.starts_with("bestmove") {
                let best = line.split_whitespace().nth(1).and_then(|t| parse_uci(&front.position, t).ok());
                let id = front.id;
                q.pop_front();
                Some(BrainReport::BestMove { id, best })
            } else if line.starts_with("info") {
                parse_info(&line, front.id, &front.position)
            } else {
                None
            }
        };
        if let Some(r) = report {
            if tx.send(r).is_err() {
                return;
            }
            wake();
        }
    }
    let _ = tx.send(BrainReport::Failed { message: format!("engine '{name}' stopped") });
    wake();
}

/// Reads the depth, score and principal variation of an `info` line; lines without a score are skipped.
fn parse_info(line: &str, id: u64, pos: &Position) -> Option<BrainReport> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut depth = 0;
    let mut score = None;
    let mut pv = Vec::new();
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => depth = words.get(i + 1).and_then(|d| d.parse().ok()).unwrap_or(0),
            "score" => {
                let value = words.get(i + 2).and_then(|v| v.parse().ok());
                score = match (words.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(EngineScore::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(EngineScore::Mate(v)),
                    _ => score,
                };
            }
            "pv" => {
                pv = parse_pv(&words[i + 1..], pos);
                break;
            }
            _ => {}
        }
        i += 1;
    }
    score.map(|score| BrainReport::Info { id, depth, score: Some(score), pv })
}

fn parse_pv(words: &[&str], pos: &Position) -> Vec<Move> {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for w in words.iter().take(32) {
        let Ok(m) = parse_uci(&p, w) else { break };
        p.make_move(m);
        pv.push(m);
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_line() {
        let pos = Position::startpos();
        let r = parse_info("info depth 12 seldepth 15 score cp 31 nodes 1000 pv e2e4 e7e5 g1f3", 7, &pos);
        match r {
            Some(BrainReport::Info { id: 7, depth: 12, score: Some(EngineScore::Cp(31)), pv }) => {
                assert_eq!(pv.len(), 3)
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(parse_info("info string hello", 1, &pos).is_none());
        let mate = parse_info("info depth 3 score mate -2 pv e2e4 zz", 1, &pos);
        assert!(matches!(mate, Some(BrainReport::Info { score: Some(EngineScore::Mate(-2)), .. })));
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        assert!(ExternalEngine::spawn("/nonexistent/engine-xyz", None).is_err());
        assert!(ExternalEngine::spawn("   ", None).is_err());
    }
}

//! An external UCI engine (e.g. `stockfish`) as a computer player.
//!
//! The engine runs as a child process started from its program and arguments as given (no shell, no
//! splitting). Commands are written to its stdin (a pipe write of a few bytes, which does not block in
//! practice); a reader thread turns its stdout into `BrainReport`s on a channel and calls the notifier so an
//! event loop wakes. UCI sends exactly one `bestmove` per `go`, in order, so the ids of the outstanding
//! requests are kept in a queue and each `bestmove` answers the oldest one.
//!
//! The engine's output is untrusted: it is read as bytes, a line at most `LINE_CAP` long (the rest of a longer
//! line is dropped), decoded lossily, so no byte sequence stops the reader and no output grows memory without
//! bound. A watchdog thread holds the deadlines (the handshake, each move) and reports an engine that stays
//! silent past them, so an event loop without a ticking clock still hears of it.
//!
//! MultiPV: `setoption name MultiPV value N` is sent only to an engine whose `uci` answer offered the option,
//! and only when N changes. A request for several lines made before that answer waits for it (with all that
//! is written after it), so the option is set before the search it is for.

use super::brain::{Brain, BrainReport, EngineScore, ThinkRequest};
use super::engine_spec::EngineSpec;
use super::error::GameError;
use super::result::EngineFault;
use crate::lines::{CappedLine, read_capped_line};
use crate::rules::{Color, Move, Position, UciError, parse_uci, to_uci};
use crate::text::clean;
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Called from background threads after each report, to wake the event loop.
pub type Notifier = Arc<dyn Fn() + Send + Sync>;

/// The longest line of engine output kept; the rest of a longer line is dropped.
pub const LINE_CAP: usize = 64 * 1024;

/// How long an external engine may stay silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineTimeouts {
    /// From start to `uciok` and `readyok`.
    pub handshake: Duration,
    /// For a move in an untimed game (it is asked to think much less; this is for an engine that hangs).
    pub untimed_move: Duration,
    /// In a timed game, past what its clock showed when asked (its flag falls first; this is a backstop).
    pub grace: Duration,
}

impl Default for EngineTimeouts {
    fn default() -> EngineTimeouts {
        EngineTimeouts {
            handshake: Duration::from_secs(10),
            untimed_move: Duration::from_secs(300),
            grace: Duration::from_secs(5),
        }
    }
}

/// The position each outstanding `go` was about, so the reader can parse its moves.
struct Outstanding {
    id: u64,
    position: Position,
    /// The lines asked for: `info` about any other line is dropped.
    lines: usize,
}

/// What is written to the engine, in order.
enum Outgoing {
    Text(String),
    /// The number of lines wanted: `setoption name MultiPV value N` if the engine offers that option and was
    /// last told another number, nothing otherwise.
    Lines(usize),
}

/// What the reader, the watchdog and the controller's thread share about the engine.
#[derive(Default)]
struct Watch {
    /// The engine's input; None once writing to it failed.
    stdin: Option<ChildStdin>,
    /// Written once the engine has answered `uci` (see `Watch::send`).
    held: Vec<Outgoing>,
    /// The options to set once the engine has said which it has (`[[engines]] options`, `--engine-option`).
    options: Vec<(String, String)>,
    /// The names of the options the engine declared, as it wrote them.
    declared: Vec<String>,
    /// The most lines the engine's `MultiPV` option allows; 0 when it has none.
    multipv_max: usize,
    /// The `MultiPV` value last sent; 0 when none was (engines start at 1).
    multipv_sent: usize,
    outstanding: VecDeque<Outstanding>,
    uciok: bool,
    /// Until the handshake is done: by when it must be.
    handshake_by: Option<Instant>,
    /// While a move is awaited: by when it must come.
    move_by: Option<Instant>,
    /// The engine is being shut down by us: report nothing more.
    closed: bool,
    /// A failure was reported: report nothing more.
    failed: bool,
}

impl Watch {
    /// Writes to the engine once it has answered `uci`: before that, everything waits for `release`, so the
    /// options (and MultiPV, which it may not offer) are set before any search.
    fn send(&mut self, out: Outgoing) {
        if !self.uciok || !self.held.is_empty() {
            self.held.push(out);
        } else {
            self.write(out);
        }
    }

    /// At `uciok`: sets the options the engine declared, asks `isready`, and writes what was held. Returns
    /// the options it does not have, in words, if any.
    fn release(&mut self, name: &str) -> Option<String> {
        let mut missing = Vec::new();
        for (option, value) in std::mem::take(&mut self.options) {
            match self.declared.iter().find(|d| d.eq_ignore_ascii_case(option.trim())) {
                Some(declared) => {
                    let line = format!("setoption name {declared} value {value}\n");
                    self.write(Outgoing::Text(line));
                }
                None => missing.push(format!("'{}'", clean(&option))),
            }
        }
        self.write(Outgoing::Text("isready\n".into()));
        for out in std::mem::take(&mut self.held) {
            self.write(out);
        }
        (!missing.is_empty()).then(|| format!("{name} has no option {}; it was not set", missing.join(", ")))
    }

    fn write(&mut self, out: Outgoing) {
        let text = match out {
            Outgoing::Text(text) => text,
            Outgoing::Lines(n) => {
                let n = n.clamp(1, self.multipv_max.max(1));
                if n == self.multipv_sent.max(1) {
                    return;
                }
                self.multipv_sent = n;
                format!("setoption name MultiPV value {n}\n")
            }
        };
        if let Some(stdin) = self.stdin.as_mut() {
            // A dead engine shows up as its reader thread reporting the end of its output.
            if stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()).is_err() {
                self.stdin = None;
            }
        }
    }
}

struct Shared {
    watch: Mutex<Watch>,
    changed: Condvar,
    name: String,
    timeouts: EngineTimeouts,
    tx: Mutex<Sender<BrainReport>>,
    notify: Option<Notifier>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Watch> {
        // A thread that panicked holding the lock leaves plain data behind; carry on with it.
        self.watch.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn report(&self, report: BrainReport) {
        let sent = self.tx.lock().unwrap_or_else(|e| e.into_inner()).send(report).is_ok();
        if sent && let Some(n) = &self.notify {
            n();
        }
    }

    /// Reports the engine broken, once.
    fn fail(&self, watch: &mut Watch, fault: EngineFault, message: String) {
        if watch.closed || watch.failed {
            return;
        }
        watch.failed = true;
        self.report(BrainReport::Failed { fault, message });
    }
}

pub struct ExternalEngine {
    child: Child,
    reports: Receiver<BrainReport>,
    shared: Arc<Shared>,
    watchdog: Option<JoinHandle<()>>,
    chess960: bool,
}

/// How often a start refused with "text file busy" is tried again, and how long apart.
const BUSY_TRIES: u32 = 20;
const BUSY_PAUSE: Duration = Duration::from_millis(25);

/// Starts the engine's program with piped input and output.
///
/// Linux refuses to run a program while any process holds it open for writing (`ETXTBSY`). That happens for a
/// moment after the file was written — an engine just built or installed, or one written by a process that forked
/// meanwhile, which holds the descriptor until its own exec — so the start is tried again for up to half a second.
fn start_program(spec: &EngineSpec) -> io::Result<Child> {
    let mut tries = 0;
    loop {
        let started = Command::new(&spec.command)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        match started {
            Err(e) if e.kind() == io::ErrorKind::ExecutableFileBusy && tries < BUSY_TRIES => {
                tries += 1;
                std::thread::sleep(BUSY_PAUSE);
            }
            other => return other,
        }
    }
}

impl ExternalEngine {
    /// Starts the engine's program with its arguments and begins the UCI handshake.
    ///
    /// # Errors
    /// `Engine`, with the system's reason, when the program cannot be started.
    pub fn spawn(
        spec: &EngineSpec,
        timeouts: EngineTimeouts,
        notify: Option<Notifier>,
    ) -> Result<ExternalEngine, GameError> {
        let name = clean(&spec.name);
        let fail =
            |message: String, source: Option<io::Error>| GameError::Engine { name: name.clone(), message, source };
        if spec.command.is_empty() {
            return Err(fail("the engine command is empty".into(), None));
        }
        let mut child =
            start_program(spec).map_err(|e| fail(format!("cannot start {}", clean(&spec.command)), Some(e)))?;
        let stdout = child.stdout.take();
        let (tx, rx) = channel();
        let watch = Watch {
            stdin: child.stdin.take(),
            options: spec.options.clone(),
            handshake_by: Instant::now().checked_add(timeouts.handshake),
            ..Watch::default()
        };
        let shared = Arc::new(Shared {
            watch: Mutex::new(watch),
            changed: Condvar::new(),
            name: name.clone(),
            timeouts,
            tx: Mutex::new(tx),
            notify,
        });
        let mut engine = ExternalEngine { child, reports: rx, shared, watchdog: None, chess960: false };
        let (reader_shared, watch_shared) = (Arc::clone(&engine.shared), Arc::clone(&engine.shared));
        let reader = std::thread::Builder::new().name("uci-reader".into()).spawn(move || match stdout {
            Some(out) => read_engine(BufReader::new(out), &reader_shared),
            None => end_of_output(&reader_shared),
        });
        let watchdog = std::thread::Builder::new().name("uci-watchdog".into()).spawn(move || watchdog(&watch_shared));
        // Dropping `engine` on these error paths kills the child and ends what did start.
        reader.map_err(|e| fail("cannot start a thread to read it".into(), Some(e)))?;
        engine.watchdog = Some(watchdog.map_err(|e| fail("cannot start a thread to watch it".into(), Some(e)))?);
        // `isready` follows the options, once the engine has said which it has (see `Watch::release`).
        engine.shared.lock().write(Outgoing::Text("uci\n".into()));
        Ok(engine)
    }

    fn send(&mut self, text: &str) {
        self.shared.lock().send(Outgoing::Text(text.to_string()));
    }

    /// How long the engine may take for this request before it counts as silent.
    fn move_allowance(&self, r: &ThinkRequest, mover: Color) -> Duration {
        let t = self.shared.timeouts;
        let own = match mover {
            Color::White => r.wtime,
            Color::Black => r.btime,
        };
        match own {
            Some(clock) => clock + r.movetime.unwrap_or_default() + t.grace,
            None => t.untimed_move.max(r.movetime.unwrap_or_default() + t.grace),
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
        let ms = |d: Duration| d.as_millis().max(1);
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
        if let Some(d) = r.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = r.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        let allowance = self.move_allowance(&r, pos.side_to_move());
        let busy = {
            let mut w = self.shared.lock();
            let busy = !w.outstanding.is_empty();
            w.outstanding.push_back(Outstanding { id: r.id, position: pos, lines: r.lines.max(1) });
            w.move_by = Instant::now().checked_add(allowance);
            self.shared.changed.notify_all();
            busy
        };
        if busy {
            self.send("stop\n");
        }
        // The option is set between searches: after the stop, before the new position.
        self.shared.lock().send(Outgoing::Lines(r.lines));
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
        {
            let mut w = self.shared.lock();
            w.closed = true;
            self.shared.changed.notify_all();
            // Straight away, past anything held: nothing else is wanted from it now.
            w.write(Outgoing::Text("stop\nquit\n".into()));
            w.stdin = None;
        }
        // Give a polite engine a moment to quit, then make sure it is gone.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The watchdog ends when it sees `closed`. The reader ends with the engine's output, but a process the
        // engine started could hold that open, so it is left to end on its own rather than waited for.
        if let Some(watchdog) = self.watchdog.take() {
            let _ = watchdog.join();
        }
    }
}

fn read_engine(mut out: impl BufRead, shared: &Shared) {
    let mut bytes = Vec::new();
    while let Ok(CappedLine::Whole | CappedLine::Cut) = read_capped_line(&mut out, &mut bytes, LINE_CAP) {
        let line = String::from_utf8_lossy(&bytes);
        let mut w = shared.lock();
        if w.closed || w.failed {
            return;
        }
        let report = on_line(line.trim(), &mut w, &shared.name);
        if w.outstanding.is_empty() {
            w.move_by = None;
        }
        shared.changed.notify_all();
        drop(w);
        if let Some(r) = report {
            shared.report(r);
        }
    }
    end_of_output(shared);
}

fn end_of_output(shared: &Shared) {
    let mut w = shared.lock();
    shared.fail(&mut w, EngineFault::Stopped, format!("{} stopped (it exited or closed its output)", shared.name));
}

/// What one line of output means, if anything.
fn on_line(line: &str, w: &mut Watch, name: &str) -> Option<BrainReport> {
    let mut words = line.split_whitespace();
    match words.next()? {
        "uciok" if !w.uciok => {
            w.uciok = true;
            let message = w.release(name)?;
            return Some(BrainReport::Notice { message });
        }
        "option" => {
            w.multipv_max = multipv_max(line).unwrap_or(w.multipv_max);
            if let Some(declared) = option_name(line)
                && w.declared.len() < MAX_DECLARED
            {
                w.declared.push(declared);
            }
        }
        "readyok" if w.uciok => w.handshake_by = None,
        "bestmove" => {
            let front = w.outstanding.pop_front()?;
            return Some(best_move(words.next(), front, name));
        }
        "info" => {
            // Lines beyond those asked for, or from an engine that never offered MultiPV, are dropped.
            let front = w.outstanding.front()?;
            let most = front.lines.min(w.multipv_max.max(1));
            return parse_info(line, front.id, &front.position)
                .filter(|r| matches!(r, BrainReport::Info { multipv, .. } if *multipv as usize <= most));
        }
        _ => {}
    }
    None
}

/// Checks a `bestmove` answer against the position it was for.
fn best_move(token: Option<&str>, asked: Outstanding, name: &str) -> BrainReport {
    let Outstanding { id, position, .. } = asked;
    let has_moves = !position.legal_move_vec().is_empty();
    let shown = |t: &str| clean(&t.chars().take(40).collect::<String>());
    match token {
        None | Some("(none)" | "0000") if has_moves => BrainReport::Rejected {
            id,
            fault: EngineFault::NoMove,
            message: format!(
                "{name} sent no move (bestmove {}) although it has legal moves",
                shown(token.unwrap_or(""))
            ),
        },
        None | Some("(none)" | "0000") => BrainReport::BestMove { id, best: None },
        Some(t) => match parse_uci(&position, t) {
            Ok(m) => BrainReport::BestMove { id, best: Some(m) },
            Err(UciError::Illegal(_)) => BrainReport::Rejected {
                id,
                fault: EngineFault::IllegalMove,
                message: format!("{name} sent an illegal move: {}", shown(t)),
            },
            Err(_) => BrainReport::Rejected {
                id,
                fault: EngineFault::IllegalMove,
                message: format!("{name} sent an unreadable move: {}", shown(t)),
            },
        },
    }
}

/// Waits for the earliest deadline; reports the engine silent when one passes.
fn watchdog(shared: &Shared) {
    let mut w = shared.lock();
    loop {
        if w.closed || w.failed {
            return;
        }
        let now = Instant::now();
        let deadline = [w.handshake_by, w.move_by].into_iter().flatten().min();
        match deadline {
            None => w = shared.changed.wait(w).unwrap_or_else(|e| e.into_inner()),
            Some(at) if at <= now => {
                let message = silence_message(&w, now, &shared.name, shared.timeouts);
                shared.fail(&mut w, EngineFault::Silent, message);
                return;
            }
            Some(at) => w = shared.changed.wait_timeout(w, at - now).unwrap_or_else(|e| e.into_inner()).0,
        }
    }
}

fn silence_message(w: &Watch, now: Instant, name: &str, t: EngineTimeouts) -> String {
    let secs = |d: Duration| format!("{:.1} s", d.as_secs_f64());
    if w.handshake_by.is_some_and(|h| h <= now) {
        let missing = if w.uciok { "readyok" } else { "uciok" };
        format!("{name} did not finish the UCI handshake (no {missing} within {})", secs(t.handshake))
    } else {
        format!("{name} sent no move in time")
    }
}

/// From an `option name MultiPV type spin … max N` line of the `uci` answer: N (at least 1); None for any
/// other option.
/// The most option names kept from an engine's `uci` answer (its output is untrusted).
const MAX_DECLARED: usize = 1000;

/// The name in `option name <name> type …` (it may hold spaces).
fn option_name(line: &str) -> Option<String> {
    let rest = line.strip_prefix("option")?.trim_start().strip_prefix("name ")?;
    let end = rest.find(" type ")?;
    let name = rest[..end].trim();
    (!name.is_empty()).then(|| name.chars().take(100).collect())
}

fn multipv_max(line: &str) -> Option<usize> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if !(words.get(1) == Some(&"name")
        && words.get(2)?.eq_ignore_ascii_case("multipv")
        && words.get(3) == Some(&"type"))
    {
        return None;
    }
    let max = words.iter().position(|&w| w == "max").and_then(|i| words.get(i + 1)?.parse::<usize>().ok());
    Some(max.unwrap_or(1).max(1))
}

/// Reads the depth, line number, score and principal variation of an `info` line; lines without a score, and
/// `info string`, are skipped.
fn parse_info(line: &str, id: u64, pos: &Position) -> Option<BrainReport> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut depth = 0;
    let mut multipv = 1;
    let mut score = None;
    let mut pv = Vec::new();
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => depth = words.get(i + 1).and_then(|d| d.parse().ok()).unwrap_or(0),
            "multipv" => multipv = words.get(i + 1).and_then(|k| k.parse().ok()).unwrap_or(1).max(1),
            "string" => return None,
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
    score.map(|score| BrainReport::Info { id, depth, multipv, score: Some(score), pv })
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
            Some(BrainReport::Info { id: 7, depth: 12, multipv: 1, score: Some(EngineScore::Cp(31)), pv }) => {
                assert_eq!(pv.len(), 3)
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(parse_info("info string hello", 1, &pos).is_none());
        let mate = parse_info("info depth 3 score mate -2 pv e2e4 zz", 1, &pos);
        assert!(matches!(mate, Some(BrainReport::Info { score: Some(EngineScore::Mate(-2)), .. })));
    }

    #[test]
    fn info_lines_say_which_line_they_are() {
        let pos = Position::startpos();
        let k = |line| match parse_info(line, 1, &pos) {
            Some(BrainReport::Info { multipv, .. }) => multipv,
            other => panic!("unexpected {other:?}"),
        };
        assert_eq!(k("info depth 9 multipv 3 score cp -12 pv d2d4"), 3);
        assert_eq!(k("info depth 9 score cp -12 pv d2d4"), 1);
        assert_eq!(k("info depth 9 multipv 0 score cp 1"), 1);
        assert_eq!(k("info depth 9 multipv lots score cp 1"), 1);
        assert!(parse_info("info string multipv 2 score cp 5", 1, &pos).is_none());
    }

    #[test]
    fn the_multipv_option_and_its_maximum_are_read_from_the_uci_answer() {
        assert_eq!(multipv_max("option name MultiPV type spin default 1 min 1 max 500"), Some(500));
        assert_eq!(multipv_max("option name multipv type spin default 1"), Some(1));
        assert_eq!(multipv_max("option name MultiPV type spin max 0"), Some(1));
        assert_eq!(multipv_max("option name Hash type spin default 16 min 1 max 33554432"), None);
        assert_eq!(multipv_max("option name"), None);
    }

    #[test]
    fn a_missing_program_is_an_error_with_its_source() {
        let spec = EngineSpec::configured("Ghost", "/nonexistent/engine-xyz", &[]);
        let err = ExternalEngine::spawn(&spec, EngineTimeouts::default(), None).err().expect("no such program");
        assert!(std::error::Error::source(&err).is_some(), "{err:?}");
        assert!(err.to_string().starts_with("engine Ghost: cannot start /nonexistent/engine-xyz: "), "{err}");
        assert!(ExternalEngine::spawn(&EngineSpec::configured("E", "", &[]), EngineTimeouts::default(), None).is_err());
    }

    #[test]
    fn bestmove_answers_are_checked_against_their_position() {
        let asked = || Outstanding { id: 4, position: Position::startpos(), lines: 1 };
        let m = |t| match best_move(Some(t), asked(), "SF") {
            BrainReport::Rejected { message, .. } => message,
            other => format!("{other:?}"),
        };
        assert_eq!(m("e2e5"), "SF sent an illegal move: e2e5");
        assert_eq!(m("(none)"), "SF sent no move (bestmove (none)) although it has legal moves");
        assert_eq!(m("\u{1b}[2Jzz"), "SF sent an unreadable move: [2Jzz");
        assert!(matches!(best_move(Some("e2e4"), asked(), "SF"), BrainReport::BestMove { id: 4, best: Some(_) }));
    }
}

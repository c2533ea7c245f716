//! `tabiya uci`: the engine speaks the UCI protocol on any reader and writer (stdin and stdout in the
//! binary), so chess GUIs and match runners can use it.
//!
//! Input is read on its own thread, so `stop` and `isready` are answered while the engine thinks. Input
//! lines and engine reports meet in one channel that the protocol loop works through in order. A malformed
//! line is answered with an `info string` saying what was wrong, and the engine carries on.

mod options;
mod parse;

pub use parse::{UciCommand, UciInputError, parse_line};

use super::handle::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest};
use super::info::SearchInfo;
use crate::rules::{Move, Position, to_uci};
use options::Options;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::mpsc::{self, Sender};

/// What the protocol loop reacts to.
enum Event {
    Line(String),
    EndOfInput,
    /// The engine has sent a report.
    Engine,
}

/// Runs the protocol until `quit` or the end of the input.
///
/// # Errors
/// Only when writing the output fails (the GUI went away).
pub fn run<R: BufRead + Send + 'static, W: Write>(input: R, out: &mut W) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let wake = Mutex::new(tx);
    let engine = EngineHandle::spawn_with_notify(
        EngineOptions::default(),
        Arc::new(move || {
            if let Ok(tx) = wake.lock() {
                let _ = tx.send(Event::Engine);
            }
        }),
    );
    let mut session = Session {
        engine,
        options: Options::default(),
        position: (Position::startpos(), Vec::new()),
        next_id: 0,
        searching: None,
        infinite: false,
        closing: false,
    };
    for event in rx {
        match event {
            Event::Line(line) => {
                if !session.line(&line, out)? {
                    break;
                }
            }
            // At the end of the input a running search may finish (an infinite one is stopped) so that
            // `echo "go depth 8" | tabiya uci` prints its answer.
            Event::EndOfInput => {
                if session.searching.is_none() {
                    break;
                }
                session.closing = true;
                if session.infinite {
                    session.engine.send(EngineCommand::Stop);
                }
            }
            Event::Engine => {
                session.reports(out)?;
                if session.closing && session.searching.is_none() {
                    break;
                }
            }
        }
    }
    Ok(())
}

fn spawn_reader<R: BufRead + Send + 'static>(input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        for line in input.lines() {
            match line {
                Ok(l) => {
                    if tx.send(Event::Line(l)).is_err() {
                        return;
                    }
                }
                // Not UTF-8: say so rather than stop reading.
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    let _ = tx.send(Event::Line(String::from("\u{0}invalid-utf8")));
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(Event::EndOfInput);
    });
}

struct Session {
    engine: EngineHandle,
    options: Options,
    /// The last `position`: start and moves.
    position: (Position, Vec<Move>),
    next_id: u64,
    /// The id of the running search and the position it searches (for writing its moves); None once its
    /// best move is written.
    searching: Option<(u64, Position)>,
    /// Whether the running search is `go infinite`.
    infinite: bool,
    /// The input has ended: quit after the running search answers.
    closing: bool,
}

impl Session {
    /// Handles one input line; false means quit.
    fn line<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<bool> {
        if line.starts_with('\u{0}') {
            return say(out, "info string input line is not valid UTF-8; ignored").map(|_| true);
        }
        let command = match parse_line(line, self.options.chess960) {
            Ok(c) => c,
            Err(e) => return say(out, &format!("info string {e}")).map(|_| true),
        };
        match command {
            UciCommand::Uci => {
                say(out, &format!("id name tabiya {}", env!("CARGO_PKG_VERSION")))?;
                say(out, "id author the tabiya authors")?;
                for o in options::declarations() {
                    say(out, &o)?;
                }
                say(out, "uciok")?;
            }
            UciCommand::IsReady => say(out, "readyok")?,
            UciCommand::NewGame => self.engine.send(EngineCommand::NewGame),
            UciCommand::SetOption { name, value } => match self.options.set(&name, value.as_deref()) {
                Ok(commands) => commands.into_iter().for_each(|c| self.engine.send(c)),
                Err(e) => say(out, &format!("info string {e}"))?,
            },
            UciCommand::Position { start, moves } => self.position = (start, moves),
            UciCommand::Go(limits) => self.go(limits),
            UciCommand::Stop => self.engine.send(EngineCommand::Stop),
            UciCommand::Quit => return Ok(false),
            UciCommand::Ignored => {}
        }
        Ok(true)
    }

    fn go(&mut self, limits: super::SearchLimits) {
        self.next_id += 1;
        let (start, moves) = self.position.clone();
        let mut pos = start.clone();
        for &m in &moves {
            pos.make_move(m);
        }
        self.searching = Some((self.next_id, pos));
        self.infinite = limits.infinite;
        self.engine.send(EngineCommand::Go(GoRequest { id: self.next_id, start, moves, limits }));
    }

    fn reports<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        while let Some(report) = self.engine.try_recv() {
            let Some((id, pos)) = &self.searching else { continue };
            match report {
                EngineReport::Info { id: got, info } if got == *id => say(out, &info_line(pos, &info))?,
                EngineReport::BestMove { id: got, best, ponder } if got == *id => {
                    say(out, &bestmove_line(pos, best, ponder))?;
                    self.searching = None;
                }
                // An answer to an earlier go that a newer one superseded: UCI still expects one bestmove
                // per go, so it is written (without its position it is written plainly).
                EngineReport::BestMove { best, .. } => {
                    say(out, &format!("bestmove {}", best.map_or("(none)".into(), |m| to_uci(pos, m))))?;
                }
                EngineReport::Info { .. } => {}
            }
        }
        Ok(())
    }
}

fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let mut s = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        let mut p = pos.clone();
        for &m in &info.pv {
            if !p.is_legal(m) {
                break;
            }
            s.push(' ');
            s.push_str(&to_uci(&p, m));
            p.make_move(m);
        }
    }
    s
}

fn bestmove_line(pos: &Position, best: Option<Move>, ponder: Option<Move>) -> String {
    let Some(best) = best else { return "bestmove (none)".to_string() };
    let mut s = format!("bestmove {}", to_uci(pos, best));
    if let Some(p) = ponder {
        let mut after = pos.clone();
        after.make_move(best);
        if after.is_legal(p) {
            s.push_str(&format!(" ponder {}", to_uci(&after, p)));
        }
    }
    s
}

/// Writes one line and flushes it (a GUI waits for whole lines).
fn say<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

//! `tabiya uci`: the engine speaks the UCI protocol on any reader and writer (stdin and stdout in the
//! binary), so chess GUIs and match runners can use it.
//!
//! Input is read on its own thread, so `stop` and `isready` are answered while the engine thinks. Input
//! lines and engine reports meet in one channel that the protocol loop works through in order. A malformed
//! line is answered with an `info string` saying what was wrong, and the engine carries on. Every `go` gets
//! exactly one `bestmove`, written in the notation of the position it searched, however the lines around it
//! (a newer `go`, `position`, `setoption`, `ucinewgame`) arrive. Nothing from the input reaches the output
//! without going through `text::clean`.

mod options;
mod parse;

pub use parse::{GoCommand, UciCommand, UciInputError, parse_line};

use super::book::Book;
use super::handle::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest};
use super::info::SearchInfo;
use super::limits::SearchLimits;
use crate::lines::{CappedLine, read_capped_line};
use crate::rules::{Move, Position, parse_uci, to_uci};
use crate::text::clean;
use options::Options;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::mpsc::{self, Sender};

/// What the protocol loop reacts to.
enum Event {
    Line(String),
    /// A line longer than `MAX_LINE`, not acted on: a cut `position … moves` would set another position.
    Overlong,
    EndOfInput,
    /// The engine has sent a report.
    Engine,
}

/// Runs the protocol until `quit` or the end of the input.
///
/// # Errors
/// When the engine thread cannot be started, or writing the output fails (the GUI went away).
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
    )
    .map_err(io::Error::other)?;
    let mut session = Session {
        engine,
        options: Options::default(),
        position: (Position::startpos(), Vec::new()),
        next_id: 0,
        searches: VecDeque::new(),
        infinite: false,
        pondering: false,
        closing: false,
        book: None,
    };
    for event in rx {
        match event {
            Event::Line(line) => {
                if !session.line(&line, out)? {
                    break;
                }
            }
            Event::Overlong => info(out, &format!("a line of more than {MAX_LINE} bytes is ignored"))?,
            // At the end of the input a running search may finish (an infinite one is stopped) so that
            // `echo "go depth 8" | tabiya uci` prints its answer.
            Event::EndOfInput => {
                if session.searches.is_empty() {
                    break;
                }
                session.closing = true;
                if session.infinite || session.pondering {
                    session.engine.send(EngineCommand::Stop);
                }
            }
            Event::Engine => {
                session.reports(out)?;
                if session.closing && session.searches.is_empty() {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// The longest input line acted on. `position startpos moves …` of a 5,000-move game is about 25 KB.
const MAX_LINE: usize = 1 << 20;

fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        loop {
            let event = match read_capped_line(&mut input, &mut bytes, MAX_LINE) {
                Ok(CappedLine::Whole) => match std::str::from_utf8(&bytes) {
                    Ok(line) => Event::Line(line.to_owned()),
                    // Not UTF-8: say so rather than stop reading.
                    Err(_) => Event::Line(String::from("\u{0}invalid-utf8")),
                },
                Ok(CappedLine::Cut) => Event::Overlong,
                Ok(CappedLine::End) | Err(_) => break,
            };
            if tx.send(event).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::EndOfInput);
    });
}

/// One `go` not yet answered.
struct Asked {
    id: u64,
    /// The position it searches: its moves are written in that position's notation (Chess960 castling
    /// differs).
    pos: Position,
    /// Its MultiPV: with more than one line, every `info` line says which it is.
    lines: usize,
}

struct Session {
    engine: EngineHandle,
    options: Options,
    /// The last `position`: start and moves.
    position: (Position, Vec<Move>),
    next_id: u64,
    /// The searches asked for and not yet answered, oldest first. Only the newest runs; the older ones were
    /// ended by a newer `go` and their answers are on the way.
    searches: VecDeque<Asked>,
    /// Whether the newest search is `go infinite`.
    infinite: bool,
    /// Whether the newest search is `go ponder` and no `ponderhit` came yet.
    pondering: bool,
    /// The input has ended, or `quit` came: quit after the running search answers, reading no more lines.
    closing: bool,
    /// The opening book `BookFile` names, once opened.
    book: Option<Book>,
}

impl Session {
    /// Handles one input line; false means quit.
    fn line<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<bool> {
        if self.closing {
            return Ok(true);
        }
        if line.starts_with('\u{0}') {
            return info(out, "input line is not valid UTF-8; ignored").map(|_| true);
        }
        let command = match parse_line(line, self.options.chess960) {
            Ok(c) => c,
            Err(e) => return info(out, &e.to_string()).map(|_| true),
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
                Ok(applied) => {
                    applied.commands.into_iter().for_each(|c| self.engine.send(c));
                    if let Some(notice) = applied.notice {
                        info(out, &notice)?;
                    }
                    if name.eq_ignore_ascii_case("BookFile") {
                        self.open_book(out)?;
                    }
                }
                Err(e) => info(out, &e.to_string())?,
            },
            UciCommand::Position { start, moves } => self.position = (start, moves),
            UciCommand::Go(go) => self.go(go, out)?,
            UciCommand::Stop => self.engine.send(EngineCommand::Stop),
            UciCommand::PonderHit => {
                self.pondering = false;
                self.engine.send(EngineCommand::PonderHit);
            }
            UciCommand::Quit if self.searches.is_empty() => return Ok(false),
            // Every `go` gets its `bestmove`, one that `quit` ends too (as Stockfish answers): the search is
            // stopped, and the loop ends once it has answered.
            UciCommand::Quit => {
                self.closing = true;
                self.engine.send(EngineCommand::Stop);
            }
            UciCommand::Ignored => {}
        }
        Ok(true)
    }

    /// Starts a search of the current position: reports what in the line could not be read, and never
    /// refuses (the GUI waits for a `bestmove`).
    fn go<W: Write>(&mut self, go: GoCommand, out: &mut W) -> io::Result<()> {
        for problem in &go.problems {
            info(out, &format!("{problem} (left out)"))?;
        }
        let (start, moves) = self.position.clone();
        let mut pos = start.clone();
        for &m in &moves {
            pos.make_move(m);
        }
        let mut limits = go.limits;
        limits.multipv = self.options.multipv;
        if self.book_move(&pos, &limits, &go.searchmoves, out)? {
            return Ok(());
        }
        for text in &go.searchmoves {
            match parse_uci(&pos, text) {
                Ok(m) => limits.searchmoves.push(m),
                Err(e) => info(out, &format!("go: searchmoves '{text}': {e} (left out)"))?,
            }
        }
        self.next_id += 1;
        self.searches.push_back(Asked { id: self.next_id, pos, lines: limits.multipv });
        self.infinite = limits.infinite;
        self.pondering = limits.ponder;
        self.engine.send(EngineCommand::Go(GoRequest { id: self.next_id, start, moves, limits }));
        Ok(())
    }

    fn reports<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        while let Some(report) = self.engine.try_recv() {
            match report {
                // Only the newest search's progress: an older one was superseded, and a GUI would take its
                // lines for the new search's.
                EngineReport::Info { id, info } => {
                    if let Some(newest) = self.searches.back()
                        && newest.id == id
                    {
                        say(out, &info_line(&newest.pos, &info, newest.lines > 1))?;
                    }
                }
                // Every answer is written, a superseded search's too: UCI expects one bestmove per go.
                EngineReport::BestMove { id, best, ponder } => {
                    if let Some(i) = self.searches.iter().position(|s| s.id == id)
                        && let Some(asked) = self.searches.remove(i)
                    {
                        if best.is_none() && !asked.pos.has_legal_moves() {
                            // Nothing was searched, but a client asking for a score gets one, as from Stockfish.
                            let score = if asked.pos.in_check() { "mate 0" } else { "cp 0" };
                            say(out, &format!("info depth 0 score {score}"))?;
                        }
                        say(out, &bestmove_line(&asked.pos, best, ponder))?;
                    }
                }
                EngineReport::Notice { message } => info(out, &message)?,
                EngineReport::CurrentMove { id, current } => {
                    if let Some(newest) = self.searches.back()
                        && newest.id == id
                    {
                        let mv = to_uci(&newest.pos, current.mv);
                        let line =
                            format!("info depth {} currmove {mv} currmovenumber {}", current.depth, current.number);
                        say(out, &line)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Session {
    /// Opens the book `BookFile` names (or closes it for an empty name), saying why when it cannot.
    fn open_book<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.book = None;
        let path = self.options.book_file.trim();
        if path.is_empty() {
            return Ok(());
        }
        match Book::open(std::path::Path::new(path)) {
            Ok(book) => self.book = Some(book),
            Err(e) => info(out, &format!("BookFile '{}': {e}; no book is used", clean(path)))?,
        }
        Ok(())
    }

    /// With `OwnBook` on, answers at once from the book when it has a move, for a search that plays (not
    /// infinite, ponder, analysis, MultiPV or searchmoves) and when no earlier search still owes its answer.
    fn book_move<W: Write>(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        searchmoves: &[String],
        out: &mut W,
    ) -> io::Result<bool> {
        let plays = !limits.infinite && !limits.ponder && limits.multipv == 1 && searchmoves.is_empty();
        if !self.options.own_book || self.options.analyse_mode || !plays || !self.searches.is_empty() {
            return Ok(false);
        }
        let Some(mv) = self.book.as_mut().and_then(|b| b.choose(pos, &mut rand::rng())) else { return Ok(false) };
        info(out, &format!("book move {}", to_uci(pos, mv)))?;
        say(out, &bestmove_line(pos, Some(mv), None))?;
        Ok(true)
    }
}

/// `info depth … seldepth … [multipv K] score … nodes … nps … time … pv …`; `multipv` only when the search
/// was asked for more than one line, so single-line output stays as it always was.
fn info_line(pos: &Position, info: &SearchInfo, numbered: bool) -> String {
    let multipv = if numbered { format!(" multipv {}", info.multipv) } else { String::new() };
    let mut s = format!(
        "info depth {} seldepth {}{multipv} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
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

/// Writes an `info string`: the text may hold pieces of the input, so it is cleaned first (no control,
/// bidi or zero-width character reaches the GUI or a terminal).
fn info<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    say(out, &format!("info string {}", clean(text)))
}

/// Writes one line and flushes it (a GUI waits for whole lines).
fn say<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

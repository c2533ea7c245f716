//! Reading UCI input lines into typed commands. Every way a line can be wrong has its own error, which the
//! protocol loop reports as an `info string` before carrying on. A `go` is never refused (the GUI waits for
//! its `bestmove`): numbers out of range are clamped, and what cannot be read is reported and left out.

use crate::engine::limits::SearchLimits;
use crate::rules::{FenError, Move, Position, UciError, parse_uci};
use std::num::IntErrorKind;
use std::time::Duration;
use thiserror::Error;

/// One line from the GUI.
// `Position` is much larger than the rest; a line arrives now and then, so boxing would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum UciCommand {
    Uci,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Position,
        moves: Vec<Move>,
    },
    Go(GoCommand),
    Stop,
    /// The opponent played the move the engine pondered on: the ponder search goes on as a normal one.
    PonderHit,
    Quit,
    /// Lines that need no answer (`debug`, `register`, blank lines).
    Ignored,
}

/// A `go`, read as far as it could be.
#[derive(Clone, Debug, Default)]
pub struct GoCommand {
    /// Everything but `searchmoves`.
    pub limits: SearchLimits,
    /// The `searchmoves` as written: only the position they are played in can read them.
    pub searchmoves: Vec<String>,
    /// Parameters that could not be read (and were left out): each deserves an `info string`.
    pub problems: Vec<UciInputError>,
}

/// What was wrong with a line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum UciInputError {
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error("position: expected 'startpos' or 'fen <FEN>', got '{0}'")]
    PositionStart(String),
    #[error("position: bad FEN: {0}")]
    Fen(#[from] FenError),
    #[error("position: move {index} '{text}': {error} (position left unchanged)")]
    Move { index: usize, text: String, error: UciError },
    #[error("position: expected 'moves' after the position, got '{0}'")]
    ExpectedMoves(String),
    #[error("go: '{param}' needs a number, got '{value}'")]
    GoNumber { param: String, value: String },
    #[error("go: unknown parameter '{0}'")]
    GoParam(String),
    #[error("setoption: expected 'setoption name <name> [value <value>]'")]
    SetOptionSyntax,
}

/// Parses one input line. `chess960` is the current UCI_Chess960 setting, applied to positions.
pub fn parse_line(line: &str, chess960: bool) -> Result<UciCommand, UciInputError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Ok(UciCommand::Ignored) };
    let rest: Vec<&str> = words.collect();
    match first {
        "uci" => Ok(UciCommand::Uci),
        "isready" => Ok(UciCommand::IsReady),
        "ucinewgame" => Ok(UciCommand::NewGame),
        "setoption" => parse_setoption(&rest),
        "position" => parse_position(&rest, chess960),
        "go" => Ok(UciCommand::Go(parse_go(&rest))),
        "stop" => Ok(UciCommand::Stop),
        "quit" => Ok(UciCommand::Quit),
        "ponderhit" => Ok(UciCommand::PonderHit),
        "debug" | "register" => Ok(UciCommand::Ignored),
        other => Err(UciInputError::UnknownCommand(clip(other))),
    }
}

fn parse_setoption(words: &[&str]) -> Result<UciCommand, UciInputError> {
    if words.first() != Some(&"name") {
        return Err(UciInputError::SetOptionSyntax);
    }
    let words = &words[1..];
    let value_at = words.iter().position(|&w| w == "value");
    let name = words[..value_at.unwrap_or(words.len())].join(" ");
    if name.is_empty() {
        return Err(UciInputError::SetOptionSyntax);
    }
    let value = value_at.map(|i| words[i + 1..].join(" "));
    Ok(UciCommand::SetOption { name, value })
}

fn parse_position(words: &[&str], chess960: bool) -> Result<UciCommand, UciInputError> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut start = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => Position::startpos(),
        Some(&"startpos") => return Err(UciInputError::ExpectedMoves(clip(setup[1]))),
        Some(&"fen") if setup.len() > 1 => Position::from_fen(&setup[1..].join(" "))?,
        _ => return Err(UciInputError::PositionStart(clip(&setup.join(" ")))),
    };
    start.set_chess960(chess960);
    let mut pos = start.clone();
    let mut list = Vec::new();
    for (i, &text) in moves.iter().skip(1).enumerate() {
        let m = parse_uci(&pos, text).map_err(|error| UciInputError::Move { index: i + 1, text: clip(text), error })?;
        pos.make_move(m);
        list.push(m);
    }
    Ok(UciCommand::Position { start, moves: list })
}

/// The parameters of `go`; a number's value is the word after it unless that is the next parameter.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "infinite",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
];

/// A clock beyond a year means "plenty"; the cap keeps every sum of times far from overflow.
const MAX_CLOCK_MS: i128 = 365 * 24 * 3600 * 1000;

fn parse_go(words: &[&str]) -> GoCommand {
    let mut go = GoCommand::default();
    let is_param = |w: &&str| GO_WORDS.contains(w);
    let mut i = 0;
    while i < words.len() {
        let param = words[i];
        i += 1;
        match param {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.limits.ponder = true,
            "searchmoves" => {
                while let Some(&m) = words.get(i).filter(|w| !is_param(w)) {
                    go.searchmoves.push(clip(m));
                    i += 1;
                }
            }
            _ if is_param(&param) => {
                let value = words.get(i).copied().filter(|w| !is_param(w));
                i += value.is_some() as usize;
                match number(param, value.unwrap_or("")) {
                    Ok(n) => set_number(&mut go.limits, param, n),
                    Err(e) => go.problems.push(e),
                }
            }
            other => go.problems.push(UciInputError::GoParam(clip(other))),
        }
    }
    go
}

/// A whole number of any size: beyond i128 it saturates (it is clamped to its parameter's range anyway).
fn number(param: &str, value: &str) -> Result<i128, UciInputError> {
    match value.parse::<i128>() {
        Ok(n) => Ok(n),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Ok(i128::MAX),
        Err(e) if *e.kind() == IntErrorKind::NegOverflow => Ok(i128::MIN),
        Err(_) => Err(UciInputError::GoNumber { param: param.to_string(), value: clip(value) }),
    }
}

/// Stores a numeric `go` parameter, clamped to its range. Times are milliseconds; GUIs sometimes send negative
/// times when a clock has run out, which count as zero.
fn set_number(limits: &mut SearchLimits, param: &str, n: i128) {
    let ms = Some(Duration::from_millis(n.clamp(0, MAX_CLOCK_MS) as u64));
    let count = n.clamp(0, u32::MAX as i128) as u32;
    match param {
        "wtime" => limits.wtime = ms,
        "btime" => limits.btime = ms,
        "winc" => limits.winc = ms,
        "binc" => limits.binc = ms,
        "movetime" => limits.movetime = ms,
        "movestogo" => limits.movestogo = Some(count),
        "depth" => limits.depth = Some(count),
        "nodes" => limits.nodes = Some(n.clamp(0, u64::MAX as i128) as u64),
        // Mate in n moves is found within 2n plies.
        "mate" => limits.depth = Some(n.saturating_mul(2).clamp(0, u32::MAX as i128) as u32),
        _ => {} // only the numeric parameters of GO_WORDS come here
    }
}

/// Shortens echoed input so a garbage line cannot flood the output.
fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn positions_and_moves() {
        let UciCommand::Position { start, moves } =
            parse_line("position startpos moves e2e4 e7e5 g1f3", false).unwrap()
        else {
            panic!()
        };
        assert_eq!(start, Position::startpos());
        assert_eq!(moves.len(), 3);
        let fen = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1";
        let UciCommand::Position { start, moves } = parse_line(fen, true).unwrap() else { panic!() };
        assert!(start.is_chess960() && moves[0].is_castle());
    }

    #[test]
    fn errors_name_what_was_wrong() {
        let err = |l: &str| parse_line(l, false).unwrap_err().to_string();
        assert!(err("position startpos moves e2e4 e2e4").contains("move 2 'e2e4'"));
        assert!(err("position fen 8/8/8 w - - 0 1").starts_with("position: bad FEN"));
        assert!(err("position somewhere").contains("startpos"));
        assert!(err("setoption Hash 3").contains("setoption name"));
        assert!(err("xyzzy").contains("unknown command 'xyzzy'"));
    }

    fn go(line: &str) -> GoCommand {
        let Ok(UciCommand::Go(go)) = parse_line(line, false) else { panic!("{line} is not a go") };
        go
    }

    #[test]
    fn go_parameters() {
        let l = go("go wtime 1000 btime -5 winc 100 binc 100 movestogo 7").limits;
        assert_eq!(l.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.movestogo, Some(7));
        assert!(go("go infinite").limits.infinite);
        let g = go("go searchmoves e2e4 d2d4 depth 3 ponder");
        assert_eq!((g.searchmoves, g.limits.depth, g.problems), (vec!["e2e4".into(), "d2d4".into()], Some(3), vec![]));
        let UciCommand::SetOption { name, value } = parse_line("setoption name Skill Level value 3", false).unwrap()
        else {
            panic!()
        };
        assert_eq!((name.as_str(), value.as_deref()), ("Skill Level", Some("3")));
    }

    #[test]
    fn go_numbers_out_of_range_are_clamped() {
        let g = go("go wtime 99999999999999999999 btime -99999999999999999999999999999999999999999 depth 99999999999");
        assert!(g.problems.is_empty(), "{:?}", g.problems);
        assert_eq!(g.limits.wtime, Some(Duration::from_millis(MAX_CLOCK_MS as u64)));
        assert_eq!(g.limits.btime, Some(Duration::ZERO));
        assert_eq!(g.limits.depth, Some(u32::MAX));
        assert_eq!(go("go mate 4294967296").limits.depth, Some(u32::MAX));
        assert_eq!(go("go mate 3").limits.depth, Some(6));
        assert_eq!(go("go depth -4 nodes 99999999999999999999999").limits.depth, Some(0));
        assert_eq!(go("go nodes 99999999999999999999999").limits.nodes, Some(u64::MAX));
        assert_eq!(go("go movetime +250").limits.movetime, Some(Duration::from_millis(250)));
    }

    #[test]
    fn go_problems_are_reported_and_left_out() {
        let problems = |l: &str| go(l).problems.iter().map(|e| e.to_string()).collect::<Vec<_>>();
        assert_eq!(problems("go depth x"), ["go: 'depth' needs a number, got 'x'"]);
        assert_eq!(problems("go wtime"), ["go: 'wtime' needs a number, got ''"]);
        assert_eq!(problems("go sideways 3"), ["go: unknown parameter 'sideways'", "go: unknown parameter '3'"]);
        // A missing value does not swallow the next parameter.
        let g = go("go depth movetime 100");
        assert_eq!((g.limits.depth, g.limits.movetime), (None, Some(Duration::from_millis(100))));
        assert_eq!(g.problems.len(), 1);
    }

    proptest! {
        #[test]
        fn never_panics_on_garbage(line in ".{0,200}") {
            let _ = parse_line(&line, false);
        }

        #[test]
        fn never_panics_on_plausible_commands(
            cmd in prop::sample::select(vec!["go", "position", "setoption", "position fen", "position startpos moves"]),
            words in prop::collection::vec("[a-z0-9/\\-]{0,10}", 0..12),
        ) {
            let _ = parse_line(&format!("{cmd} {}", words.join(" ")), true);
        }
    }
}

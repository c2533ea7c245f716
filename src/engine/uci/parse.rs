//! Reading UCI input lines into typed commands. Every way a line can be wrong has its own error, which the
//! protocol loop reports as an `info string` before carrying on.

use crate::engine::limits::SearchLimits;
use crate::rules::{FenError, Move, Position, UciError, parse_uci};
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
    Go(SearchLimits),
    Stop,
    Quit,
    /// Lines that need no answer (`debug`, `register`, `ponderhit`, blank lines).
    Ignored,
}

/// What was wrong with a line.
#[derive(Debug, Error, PartialEq, Eq)]
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
        "go" => parse_go(&rest).map(UciCommand::Go),
        "stop" => Ok(UciCommand::Stop),
        "quit" => Ok(UciCommand::Quit),
        "debug" | "register" | "ponderhit" => Ok(UciCommand::Ignored),
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

fn parse_go(words: &[&str]) -> Result<SearchLimits, UciInputError> {
    let mut limits = SearchLimits::default();
    let mut i = 0;
    while i < words.len() {
        let param = words[i];
        let value = words.get(i + 1).copied().unwrap_or("");
        i += 2;
        match param {
            "infinite" => (limits.infinite, i) = (true, i - 1),
            "ponder" => i -= 1,
            "wtime" => limits.wtime = Some(millis(param, value)?),
            "btime" => limits.btime = Some(millis(param, value)?),
            "winc" => limits.winc = Some(millis(param, value)?),
            "binc" => limits.binc = Some(millis(param, value)?),
            "movetime" => limits.movetime = Some(millis(param, value)?),
            "movestogo" => limits.movestogo = Some(number(param, value)?),
            "depth" => limits.depth = Some(number(param, value)?),
            "nodes" => limits.nodes = Some(number(param, value)?),
            "mate" => limits.depth = Some(number::<u32>(param, value)?.saturating_mul(2)),
            other => return Err(UciInputError::GoParam(clip(other))),
        }
    }
    Ok(limits)
}

fn number<T: std::str::FromStr>(param: &str, value: &str) -> Result<T, UciInputError> {
    value.parse().map_err(|_| UciInputError::GoNumber { param: param.to_string(), value: clip(value) })
}

/// Milliseconds; GUIs sometimes send negative times when a clock has run out, which count as zero.
fn millis(param: &str, value: &str) -> Result<Duration, UciInputError> {
    let ms: i64 = number(param, value)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
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
        assert!(err("go depth x").contains("'depth' needs a number, got 'x'"));
        assert!(err("go wtime").contains("'wtime' needs a number"));
        assert!(err("go sideways 3").contains("unknown parameter 'sideways'"));
        assert!(err("setoption Hash 3").contains("setoption name"));
        assert!(err("xyzzy").contains("unknown command 'xyzzy'"));
    }

    #[test]
    fn go_parameters() {
        let UciCommand::Go(l) = parse_line("go wtime 1000 btime -5 winc 100 binc 100 movestogo 7", false).unwrap()
        else {
            panic!()
        };
        assert_eq!(l.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.movestogo, Some(7));
        let UciCommand::Go(l) = parse_line("go infinite", false).unwrap() else { panic!() };
        assert!(l.infinite);
        let UciCommand::SetOption { name, value } = parse_line("setoption name Skill Level value 3", false).unwrap()
        else {
            panic!()
        };
        assert_eq!((name.as_str(), value.as_deref()), ("Skill Level", Some("3")));
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

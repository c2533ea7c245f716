//! What a new game is made of, as the user writes it: players (`human`, `computer:3`, `uci:COMMAND`), time
//! controls (`5+3`, `untimed`) and the start (standard, Chess960 N or random, a FEN). The command line, the
//! configuration file and the new-game screen all read these, so they accept the same words everywhere.

use crate::engine::MAX_LEVEL;
use crate::game::TimeControl;
use serde::Deserialize;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// One side of the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum PlayerSpec {
    Human,
    /// The built-in engine; `None` means "at the configured level".
    Computer(Option<u8>),
    /// An external UCI engine: the name of an `[[engines]]` entry of the configuration, or a command line as
    /// the user wrote it after `uci:`. A program or argument with spaces is quoted as in a shell:
    /// `uci:"/opt/my engines/sf" --threads 2` or `uci:'/path with space/sf'` (see
    /// `game::engine_spec::split_command_line`). The text is kept as written: saved games refer to the engine
    /// by it.
    Uci(String),
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "human" {
            return Ok(PlayerSpec::Human);
        }
        if lower == "computer" {
            return Ok(PlayerSpec::Computer(None));
        }
        if let Some(level) = lower.strip_prefix("computer:") {
            return match level.parse::<u8>() {
                Ok(n) if (1..=MAX_LEVEL).contains(&n) => Ok(PlayerSpec::Computer(Some(n))),
                _ => Err(SpecError(format!("'{level}' is not a computer level 1–{MAX_LEVEL}"))),
            };
        }
        if lower.starts_with("uci:") {
            let cmd = t[4..].trim();
            if cmd.is_empty() {
                return Err(SpecError("uci: needs the engine's command, like uci:/usr/games/stockfish".into()));
            }
            if let Err(e) = crate::game::engine_spec::split_command_line(cmd) {
                return Err(SpecError(format!(
                    "uci:{cmd}: {e} (quote a path with spaces: uci:\"/opt/my engines/sf\")"
                )));
            }
            return Ok(PlayerSpec::Uci(cmd.to_string()));
        }
        Err(SpecError(format!("'{t}' is not a player (human, computer, computer:LEVEL or uci:COMMAND)")))
    }
}

impl TryFrom<String> for PlayerSpec {
    type Error = SpecError;
    fn try_from(s: String) -> Result<Self, SpecError> {
        s.parse()
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Computer(None) => write!(f, "computer"),
            PlayerSpec::Computer(Some(n)) => write!(f, "computer:{n}"),
            PlayerSpec::Uci(cmd) => write!(f, "uci:{cmd}"),
        }
    }
}

/// A clock setting: base time plus increment per move, no clock, or any other control the game layer knows
/// (delays, stages), kept with the text it was written as.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum TimeControlSpec {
    Untimed,
    Timed { base_ms: u64, increment_ms: u64 },
    Other { text: String, control: TimeControl },
}

/// The presets offered on the new-game screen, in order.
pub const PRESETS: [TimeControlSpec; 7] = [
    TimeControlSpec::Timed { base_ms: 60_000, increment_ms: 0 },
    TimeControlSpec::Timed { base_ms: 180_000, increment_ms: 2_000 },
    TimeControlSpec::Timed { base_ms: 300_000, increment_ms: 3_000 },
    TimeControlSpec::Timed { base_ms: 600_000, increment_ms: 5_000 },
    TimeControlSpec::Timed { base_ms: 900_000, increment_ms: 10_000 },
    TimeControlSpec::Timed { base_ms: 1_800_000, increment_ms: 0 },
    TimeControlSpec::Untimed,
];

impl FromStr for TimeControlSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("untimed") || t == "-" {
            return Ok(TimeControlSpec::Untimed);
        }
        let bad = || {
            SpecError(format!(
                "'{t}' is not a time control (5+3: minutes + seconds per move; 5d3 or 5b3: simple or Bronstein \
                 delay; 40/90,30+30: stages; untimed)"
            ))
        };
        // Plain MINUTES+SECONDS is kept as numbers (the new-game screen edits them); anything else the game
        // layer can read (delays, stages, seconds) is taken as it is.
        let Some((minutes, seconds)) =
            t.split_once('+').and_then(|(b, i)| Some((b.trim().parse::<f64>().ok()?, i.trim().parse::<f64>().ok()?)))
        else {
            return TimeControl::parse(t)
                .map(|control| TimeControlSpec::Other { text: t.to_string(), control })
                .map_err(|e| SpecError(format!("{e}; {}", bad().0)));
        };
        if !(minutes.is_finite() && seconds.is_finite()) || minutes < 0.0 || seconds < 0.0 {
            return Err(bad());
        }
        if minutes > 24.0 * 60.0 || seconds > 3600.0 {
            return Err(SpecError(format!("'{t}': at most 1440 minutes and 3600 seconds of increment")));
        }
        let base_ms = (minutes * 60_000.0).round() as u64;
        if base_ms == 0 {
            return Err(SpecError(format!("'{t}': the base time must be more than zero")));
        }
        Ok(TimeControlSpec::Timed { base_ms, increment_ms: (seconds * 1000.0).round() as u64 })
    }
}

impl TryFrom<String> for TimeControlSpec {
    type Error = SpecError;
    fn try_from(s: String) -> Result<Self, SpecError> {
        s.parse()
    }
}

impl fmt::Display for TimeControlSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControlSpec::Untimed => write!(f, "untimed"),
            TimeControlSpec::Other { ref text, .. } => write!(f, "{text}"),
            TimeControlSpec::Timed { base_ms, increment_ms } => {
                let minutes = base_ms as f64 / 60_000.0;
                let seconds = increment_ms as f64 / 1000.0;
                write!(f, "{}+{}", trim_float(minutes), trim_float(seconds))
            }
        }
    }
}

fn trim_float(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x}") }
}

/// Where a new game starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartSpec {
    Standard,
    /// A Chess960 start position by number 0–959 (the number is drawn at random before this is built).
    Chess960(u16),
    Fen(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn delays_and_stages_are_taken_as_written() {
        for text in ["5d3", "5b3", "40/90,30+30", "30s+1", "5"] {
            let spec: TimeControlSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(matches!(&spec, TimeControlSpec::Other { control, .. } if !control.is_untimed()), "{text}");
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("5+3".parse(), Ok(TimeControlSpec::Timed { base_ms: 300_000, increment_ms: 3_000 }));
        let err = "fast".parse::<TimeControlSpec>().unwrap_err().0;
        assert!(err.contains("'fast' is not a time control"), "{err}");
    }

    #[test]
    fn players_parse_and_print() {
        for s in ["human", "computer", "computer:1", "computer:12", "uci:/usr/games/stockfish"] {
            let p: PlayerSpec = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        assert_eq!("Computer:3".parse::<PlayerSpec>().unwrap(), PlayerSpec::Computer(Some(3)));
        assert!("computer:13".parse::<PlayerSpec>().is_err());
        assert!("computer:0".parse::<PlayerSpec>().is_err());
        assert!("uci:".parse::<PlayerSpec>().is_err());
        assert!("uci:'/path with space/sf".parse::<PlayerSpec>().is_err());
        let quoted = "uci:\"/opt/my engines/sf\" --flag";
        assert_eq!(quoted.parse::<PlayerSpec>().unwrap().to_string(), quoted);
        assert!("robot".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn time_controls_parse_and_print() {
        for s in ["1+0", "3+2", "5+3", "10+5", "15+10", "30+0", "untimed", "0.5+0", "2+0.5"] {
            let t: TimeControlSpec = s.parse().unwrap();
            assert_eq!(t.to_string(), s);
        }
        assert_eq!(PRESETS.map(|p| p.to_string()), ["1+0", "3+2", "5+3", "10+5", "15+10", "30+0", "untimed"]);
        for bad in ["+3", "0+5", "-1+0", "x+1", "5+-1", "NaN+0", "inf+0", "99999+0"] {
            assert!(bad.parse::<TimeControlSpec>().is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn parsers_never_panic(s in "\\PC{0,24}") {
            let _ = s.parse::<PlayerSpec>();
            let _ = s.parse::<TimeControlSpec>();
        }

        #[test]
        fn timed_round_trips(m in 1u64..600, s in 0u64..120) {
            let t = TimeControlSpec::Timed { base_ms: m * 60_000, increment_ms: s * 1000 };
            prop_assert_eq!(t.to_string().parse::<TimeControlSpec>().unwrap(), t);
        }
    }
}

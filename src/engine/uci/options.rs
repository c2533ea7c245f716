//! The UCI options: their declarations for the `uci` answer, and what setting each one does.

use crate::engine::handle::EngineCommand;
use crate::engine::levels::{LEVEL_ELO, MAX_LEVEL, level_for_elo};
use crate::engine::tt::MAX_HASH_MB;
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("setoption: unknown option '{0}'")]
    Unknown(String),
    #[error("setoption: option '{name}' needs {expected}, got '{value}'")]
    BadValue { name: String, expected: String, value: String },
}

/// The option values the protocol loop keeps.
pub(super) struct Options {
    pub chess960: bool,
    skill: u8,
    limit_strength: bool,
    elo: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { chess960: false, skill: MAX_LEVEL, limit_strength: false, elo: LEVEL_ELO[MAX_LEVEL as usize - 1] }
    }
}

pub(super) fn declarations() -> Vec<String> {
    let (lo, hi) = (LEVEL_ELO[0], LEVEL_ELO[MAX_LEVEL as usize - 1]);
    vec![
        format!("option name Hash type spin default 64 min 1 max {MAX_HASH_MB}"),
        "option name Clear Hash type button".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        format!("option name Skill Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {hi} min {lo} max {hi}"),
    ]
}

impl Options {
    /// Applies `setoption`; returns the commands the engine needs.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Vec<EngineCommand>, OptionError> {
        let v = value.unwrap_or("").trim();
        let bad = |expected: &str| OptionError::BadValue {
            name: name.to_string(),
            expected: expected.to_string(),
            value: v.chars().take(40).collect(),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb: usize = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_HASH_MB).contains(n))
                    .ok_or_else(|| bad(&format!("a size in MB, 1–{MAX_HASH_MB}")))?;
                Ok(vec![EngineCommand::SetHash(mb)])
            }
            "clear hash" => Ok(vec![EngineCommand::NewGame]),
            "uci_chess960" => {
                self.chess960 = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(vec![])
            }
            "skill level" => {
                self.skill =
                    v.parse().ok().filter(|n| (1..=MAX_LEVEL).contains(n)).ok_or_else(|| bad("a level 1–8"))?;
                Ok(vec![EngineCommand::SetLevel(self.level())])
            }
            "uci_limitstrength" => {
                self.limit_strength = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(vec![EngineCommand::SetLevel(self.level())])
            }
            "uci_elo" => {
                self.elo = v.parse().map_err(|_| bad("a number"))?;
                Ok(vec![EngineCommand::SetLevel(self.level())])
            }
            "ponder" | "move overhead" | "threads" | "multipv" => Ok(vec![]),
            _ => Err(OptionError::Unknown(name.chars().take(40).collect())),
        }
    }

    /// With UCI_LimitStrength the Elo chooses the level; otherwise Skill Level does.
    fn level(&self) -> u8 {
        if self.limit_strength { level_for_elo(self.elo) } else { self.skill }
    }
}

fn check(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_set_levels_and_reject_nonsense() {
        let mut o = Options::default();
        assert!(matches!(o.set("Skill Level", Some("3")).unwrap()[..], [EngineCommand::SetLevel(3)]));
        assert!(matches!(o.set("UCI_LimitStrength", Some("true")).unwrap()[..], [EngineCommand::SetLevel(8)]));
        assert!(matches!(o.set("UCI_Elo", Some("1200")).unwrap()[..], [EngineCommand::SetLevel(5)]));
        assert!(matches!(o.set("Hash", Some("128")).unwrap()[..], [EngineCommand::SetHash(128)]));
        assert!(o.set("Hash", Some("lots")).unwrap_err().to_string().contains("needs a size in MB"));
        assert!(o.set("Hash", Some("65536")).unwrap_err().to_string().contains("1–32768, got '65536'"));
        assert!(matches!(o.set("Hash", Some("32768")).unwrap()[..], [EngineCommand::SetHash(32768)]));
        assert!(o.set("Skill Level", Some("9")).is_err());
        assert_eq!(o.set("Colour", Some("red")).unwrap_err(), OptionError::Unknown("Colour".into()));
        o.set("UCI_Chess960", Some("true")).unwrap();
        assert!(o.chess960);
    }
}

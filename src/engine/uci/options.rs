//! The UCI options: their declarations for the `uci` answer, and what setting each one does.

use crate::engine::handle::EngineCommand;
use crate::engine::levels::{LEVEL_ELO, MAX_LEVEL, level_for_elo};
use crate::engine::smp::{MAX_THREADS, machine_threads, search_threads};
use crate::engine::tt::MAX_HASH_MB;
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("setoption: unknown option '{0}'")]
    Unknown(String),
    #[error("setoption: option '{name}' needs {expected}, got '{value}'")]
    BadValue { name: String, expected: String, value: String },
}

/// The most lines `MultiPV` may ask for.
pub(super) const MAX_MULTIPV: usize = 256;

/// What a successful `setoption` leads to.
#[derive(Debug, Default)]
pub(super) struct Applied {
    /// For the engine thread.
    pub commands: Vec<EngineCommand>,
    /// For the GUI: the value was taken, but not as given.
    pub notice: Option<String>,
}

impl From<Vec<EngineCommand>> for Applied {
    fn from(commands: Vec<EngineCommand>) -> Self {
        Applied { commands, notice: None }
    }
}

/// The option values the protocol loop keeps.
pub(super) struct Options {
    pub chess960: bool,
    /// How many lines each search reports (`MultiPV`), 1..=`MAX_MULTIPV`.
    pub multipv: usize,
    skill: u8,
    limit_strength: bool,
    elo: u32,
    /// `OwnBook`: answer from the opening book (`BookFile`) while it has a move.
    pub own_book: bool,
    /// `BookFile`: the Polyglot book's path; empty for none.
    pub book_file: String,
    /// `UCI_AnalyseMode`: the GUI analyses, so the book is not used.
    pub analyse_mode: bool,
    /// How many threads this machine runs at once: `Threads` above it is taken, and searches use this many.
    machine_threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            chess960: false,
            multipv: 1,
            skill: MAX_LEVEL,
            limit_strength: false,
            elo: LEVEL_ELO[MAX_LEVEL as usize - 1],
            own_book: false,
            book_file: String::new(),
            analyse_mode: false,
            machine_threads: machine_threads(),
        }
    }
}

pub(super) fn declarations() -> Vec<String> {
    let (lo, hi) = (LEVEL_ELO[0], LEVEL_ELO[MAX_LEVEL as usize - 1]);
    vec![
        format!("option name Hash type spin default 64 min 1 max {MAX_HASH_MB}"),
        "option name Clear Hash type button".to_string(),
        // Lazy SMP at full strength; one thread (the default) searches exactly as before, node for node.
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name UCI_Chess960 type check default false".to_string(),
        format!("option name Skill Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {hi} min {lo} max {hi}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        // The GUI decides when to ponder (`go ponder`); the option only tells it that the engine can.
        "option name Ponder type check default false".to_string(),
        // Analysis or play: the search is the same, so the option is accepted and changes nothing.
        "option name UCI_AnalyseMode type check default false".to_string(),
        // A Polyglot book, used on `go` (not infinite, ponder or analysis) while it has a move.
        "option name OwnBook type check default false".to_string(),
        "option name BookFile type string default <empty>".to_string(),
    ]
}

impl Options {
    /// Applies `setoption`; returns the commands the engine needs.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Applied, OptionError> {
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
                Ok(vec![EngineCommand::SetHash(mb)].into())
            }
            "clear hash" => Ok(vec![EngineCommand::NewGame].into()),
            "threads" => {
                let asked: i64 = v.parse().map_err(|_| bad(&format!("a number of threads, 1–{MAX_THREADS}")))?;
                let threads = asked.clamp(1, MAX_THREADS as i64) as usize;
                let used = search_threads(threads, self.machine_threads);
                let notice = if asked != threads as i64 && used == threads {
                    Some(format!("Threads {asked} is outside 1–{MAX_THREADS}; using {threads}"))
                } else if used < threads {
                    let machine = self.machine_threads;
                    Some(format!("Threads {asked}: this machine runs {machine} threads at once; searches use {used}"))
                } else {
                    None
                };
                Ok(Applied { commands: vec![EngineCommand::SetThreads(threads)], notice })
            }
            "uci_chess960" => {
                self.chess960 = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(Applied::default())
            }
            "multipv" => {
                let asked: i64 = v.parse().map_err(|_| bad(&format!("a number of lines, 1–{MAX_MULTIPV}")))?;
                self.multipv = asked.clamp(1, MAX_MULTIPV as i64) as usize;
                let notice = (asked != self.multipv as i64)
                    .then(|| format!("MultiPV {asked} is outside 1–{MAX_MULTIPV}; using {}", self.multipv));
                Ok(Applied { commands: vec![], notice })
            }
            // Numbers outside the declared range are clamped into it, with a notice, as GUIs expect.
            "skill level" => {
                let asked: i64 = v.parse().map_err(|_| bad(&format!("a level 1–{MAX_LEVEL}")))?;
                self.skill = asked.clamp(1, MAX_LEVEL as i64) as u8;
                let notice = (asked != self.skill as i64)
                    .then(|| format!("Skill Level {asked} is outside 1–{MAX_LEVEL}; using {}", self.skill));
                Ok(Applied { commands: vec![EngineCommand::SetLevel(self.level())], notice })
            }
            "uci_limitstrength" => {
                self.limit_strength = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(vec![EngineCommand::SetLevel(self.level())].into())
            }
            "uci_elo" => {
                let asked: i64 = v.parse().map_err(|_| bad("a number"))?;
                let (lo, hi) = (LEVEL_ELO[0] as i64, LEVEL_ELO[MAX_LEVEL as usize - 1] as i64);
                self.elo = asked.clamp(lo, hi) as _;
                let notice = (asked != self.elo as i64)
                    .then(|| format!("UCI_Elo {asked} is outside {lo}–{hi}; using {}", self.elo));
                Ok(Applied { commands: vec![EngineCommand::SetLevel(self.level())], notice })
            }
            "ponder" => {
                check(v).ok_or_else(|| bad("true or false"))?;
                Ok(Applied::default())
            }
            "uci_analysemode" => {
                self.analyse_mode = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(Applied::default())
            }
            "ownbook" => {
                self.own_book = check(v).ok_or_else(|| bad("true or false"))?;
                Ok(Applied::default())
            }
            "bookfile" => {
                self.book_file = if v == "<empty>" { String::new() } else { v.to_string() };
                Ok(Applied::default())
            }
            "move overhead" => Ok(Applied::default()),
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
        assert!(matches!(o.set("Skill Level", Some("3")).unwrap().commands[..], [EngineCommand::SetLevel(3)]));
        assert!(matches!(
            o.set("UCI_LimitStrength", Some("true")).unwrap().commands[..],
            [EngineCommand::SetLevel(MAX_LEVEL)]
        ));
        let elo = LEVEL_ELO[4] + 1;
        let applied = o.set("UCI_Elo", Some(&elo.to_string())).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetLevel(5)]));
        assert!(matches!(o.set("Hash", Some("128")).unwrap().commands[..], [EngineCommand::SetHash(128)]));
        assert!(o.set("Hash", Some("lots")).unwrap_err().to_string().contains("needs a size in MB"));
        assert!(o.set("Hash", Some("65536")).unwrap_err().to_string().contains("1–32768, got '65536'"));
        assert!(matches!(o.set("Hash", Some("32768")).unwrap().commands[..], [EngineCommand::SetHash(32768)]));
        assert!(o.set("Skill Level", Some("nine")).is_err());
        assert_eq!(o.set("Colour", Some("red")).unwrap_err(), OptionError::Unknown("Colour".into()));
        o.set("UCI_Chess960", Some("true")).unwrap();
        assert!(o.chess960);
    }

    #[test]
    fn skill_level_and_elo_are_clamped_into_their_declared_ranges() {
        let mut o = Options::default();
        let applied = o.set("Skill Level", Some("20")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetLevel(MAX_LEVEL)]));
        assert_eq!(applied.notice.as_deref(), Some("Skill Level 20 is outside 1–12; using 12"));
        assert!(matches!(o.set("Skill Level", Some("-3")).unwrap().commands[..], [EngineCommand::SetLevel(1)]));
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        let applied = o.set("UCI_Elo", Some("3500")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetLevel(MAX_LEVEL)]));
        assert!(applied.notice.unwrap().starts_with("UCI_Elo 3500 is outside"));
        assert!(matches!(o.set("UCI_Elo", Some("0")).unwrap().commands[..], [EngineCommand::SetLevel(1)]));
        assert!(o.set("Ponder", Some("true")).unwrap().commands.is_empty());
        assert!(o.set("UCI_AnalyseMode", Some("maybe")).is_err());
    }

    #[test]
    fn threads_are_kept_within_their_range_and_say_so() {
        let mut o = Options { machine_threads: 512, ..Options::default() };
        let applied = o.set("Threads", Some("4")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetThreads(4)]) && applied.notice.is_none());
        let applied = o.set("threads", Some("1000")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetThreads(256)]));
        assert_eq!(applied.notice.as_deref(), Some("Threads 1000 is outside 1–256; using 256"));
        assert!(matches!(o.set("Threads", Some("0")).unwrap().commands[..], [EngineCommand::SetThreads(1)]));
        assert!(o.set("Threads", Some("two")).unwrap_err().to_string().contains("a number of threads, 1–256"));
    }

    #[test]
    fn threads_beyond_the_machine_are_taken_with_a_notice_of_what_searches_use() {
        let mut o = Options { machine_threads: 2, ..Options::default() };
        let applied = o.set("Threads", Some("2")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetThreads(2)]) && applied.notice.is_none());
        let applied = o.set("Threads", Some("8")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetThreads(8)]));
        let expected = "Threads 8: this machine runs 2 threads at once; searches use 2";
        assert_eq!(applied.notice.as_deref(), Some(expected));
        let applied = o.set("Threads", Some("100000")).unwrap();
        assert!(matches!(applied.commands[..], [EngineCommand::SetThreads(256)]));
        let expected = "Threads 100000: this machine runs 2 threads at once; searches use 2";
        assert_eq!(applied.notice.as_deref(), Some(expected));
    }

    #[test]
    fn multipv_is_kept_within_its_range_and_says_so() {
        let mut o = Options::default();
        assert_eq!(o.multipv, 1);
        let applied = o.set("MultiPV", Some("3")).unwrap();
        assert!(applied.commands.is_empty() && applied.notice.is_none());
        assert_eq!(o.multipv, 3);
        let applied = o.set("multipv", Some("500")).unwrap();
        assert_eq!(applied.notice.as_deref(), Some("MultiPV 500 is outside 1–256; using 256"));
        assert_eq!(o.multipv, 256);
        assert!(o.set("MultiPV", Some("0")).unwrap().notice.is_some());
        assert_eq!(o.multipv, 1);
        assert!(o.set("MultiPV", Some("three")).unwrap_err().to_string().contains("a number of lines, 1–256"));
        assert_eq!(o.multipv, 1);
    }
}

//! Who plays a side: a person, the built-in engine at a level, or an external UCI engine run as a command.

use std::fmt;

/// One side's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A person at the keyboard, with the name written into PGN.
    Human { name: String },
    /// tabiya's own engine at a level 1..=8 (8 is full strength).
    Engine { level: u8 },
    /// An external UCI engine: the command line that starts it (e.g. `stockfish`), split on whitespace.
    External { command: String },
}

impl PlayerKind {
    pub fn human(name: impl Into<String>) -> PlayerKind {
        PlayerKind::Human { name: name.into() }
    }

    pub fn is_human(&self) -> bool {
        matches!(self, PlayerKind::Human { .. })
    }

    pub fn is_computer(&self) -> bool {
        !self.is_human()
    }

    /// The name for PGN tags and the screen.
    pub fn name(&self) -> String {
        match self {
            PlayerKind::Human { name } if name.trim().is_empty() => "Anonymous".into(),
            PlayerKind::Human { name } => name.clone(),
            PlayerKind::Engine { level } => format!("tabiya level {level}"),
            PlayerKind::External { command } => {
                let program = command.split_whitespace().next().unwrap_or("engine");
                program.rsplit('/').next().unwrap_or(program).to_string()
            }
        }
    }

    /// A compact form saved with unfinished games so they can be resumed with the same players:
    /// `human:NAME`, `engine:LEVEL`, `uci:COMMAND`.
    pub fn to_spec(&self) -> String {
        match self {
            PlayerKind::Human { name } => format!("human:{name}"),
            PlayerKind::Engine { level } => format!("engine:{level}"),
            PlayerKind::External { command } => format!("uci:{command}"),
        }
    }

    /// Reads `to_spec`'s form.
    pub fn from_spec(spec: &str) -> Option<PlayerKind> {
        let (kind, rest) = spec.split_once(':')?;
        match kind {
            "human" => Some(PlayerKind::Human { name: rest.to_string() }),
            "engine" => rest.parse().ok().filter(|l| (1..=8).contains(l)).map(|level| PlayerKind::Engine { level }),
            "uci" if !rest.trim().is_empty() => Some(PlayerKind::External { command: rest.to_string() }),
            _ => None,
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for p in [
            PlayerKind::human("Ann Lee"),
            PlayerKind::Engine { level: 3 },
            PlayerKind::External { command: "/usr/games/stockfish --x".into() },
        ] {
            assert_eq!(PlayerKind::from_spec(&p.to_spec()), Some(p));
        }
        assert_eq!(PlayerKind::External { command: "/usr/games/stockfish".into() }.name(), "stockfish");
        assert_eq!(PlayerKind::from_spec("engine:9"), None);
        assert_eq!(PlayerKind::from_spec("robot:1"), None);
    }
}

//! Who plays a side: a person, the built-in engine at a level, or an external UCI engine the user named.

use super::engine_spec::{EngineCatalog, EngineSpec};
use crate::engine::MAX_LEVEL;
use crate::engine::levels::from_eight_level_scale;
use std::fmt;

/// One side's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A person at the keyboard, with the name written into PGN.
    Human { name: String },
    /// tabiya's own engine at a level 1..=`MAX_LEVEL` (the highest is full strength).
    Engine { level: u8 },
    /// An external UCI engine: its program and arguments, and the reference saved games use for it.
    External(EngineSpec),
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

    /// The name for PGN tags and the screen (as given: the screen passes it through `text::clean`).
    pub fn name(&self) -> String {
        match self {
            PlayerKind::Human { name } if name.trim().is_empty() => "Anonymous".into(),
            PlayerKind::Human { name } => name.clone(),
            PlayerKind::Engine { level } => format!("tabiya level {level}"),
            PlayerKind::External(engine) => engine.name.clone(),
        }
    }

    /// A compact form saved with unfinished games so they can be resumed with the same players:
    /// `human:NAME`, `level:LEVEL`, `uci:REFERENCE` (a name the user's catalog resolves, never a command).
    /// (Saves made before there were twelve levels say `engine:LEVEL`, on the old scale of eight.)
    pub fn to_spec(&self) -> String {
        match self {
            PlayerKind::Human { name } => format!("human:{name}"),
            PlayerKind::Engine { level } => format!("level:{level}"),
            PlayerKind::External(engine) => format!("uci:{}", engine.reference),
        }
    }

    /// Reads `to_spec`'s form for people and the built-in engine. An external engine (`uci:`) is only a
    /// reference and needs the user's catalog: see `resolve_spec`.
    pub fn from_spec(spec: &str) -> Option<PlayerKind> {
        let (kind, rest) = spec.split_once(':')?;
        match kind {
            "human" => Some(PlayerKind::Human { name: rest.to_string() }),
            "level" => {
                rest.parse().ok().filter(|l| (1..=MAX_LEVEL).contains(l)).map(|level| PlayerKind::Engine { level })
            }
            "engine" => {
                let old: u8 = rest.parse().ok().filter(|l| (1..=8).contains(l))?;
                Some(PlayerKind::Engine { level: from_eight_level_scale(old) })
            }
            _ => None,
        }
    }

    /// Reads a saved player spec, looking engine references up in `catalog`. `Ok(None)`: not a spec at all.
    ///
    /// # Errors
    /// The reference of a `uci:` engine the catalog does not know (nothing is started for it).
    pub fn resolve_spec(spec: &str, catalog: &EngineCatalog) -> Result<Option<PlayerKind>, String> {
        match spec.split_once(':') {
            Some(("uci", reference)) if !reference.trim().is_empty() => match catalog.resolve(reference) {
                Some(engine) => Ok(Some(PlayerKind::External(engine.clone()))),
                None => Err(reference.to_string()),
            },
            _ => Ok(PlayerKind::from_spec(spec)),
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
        let sf = EngineSpec::configured("SF 17", "/opt/my engines/sf", &["--x".to_string()]);
        let catalog = EngineCatalog::new(vec![sf.clone()]);
        for p in [PlayerKind::human("Ann Lee"), PlayerKind::Engine { level: 3 }, PlayerKind::External(sf.clone())] {
            assert_eq!(PlayerKind::resolve_spec(&p.to_spec(), &catalog), Ok(Some(p)));
        }
        assert_eq!(PlayerKind::External(sf).to_spec(), "uci:SF 17");
        assert_eq!(PlayerKind::from_spec("engine:9"), None);
        assert_eq!(PlayerKind::from_spec("level:13"), None);
        assert_eq!(PlayerKind::from_spec("level:12"), Some(PlayerKind::Engine { level: 12 }));
    }

    #[test]
    fn saves_from_the_eight_level_scale_resume_at_the_same_strength() {
        let old_to_new = [(1, 1), (4, 4), (5, 6), (6, 8), (7, 10), (8, MAX_LEVEL)];
        for (old, new) in old_to_new {
            assert_eq!(PlayerKind::from_spec(&format!("engine:{old}")), Some(PlayerKind::Engine { level: new }));
        }
        assert_eq!(PlayerKind::from_spec("robot:1"), None);
    }

    #[test]
    fn a_command_in_a_spec_is_never_taken_as_an_engine() {
        let catalog = EngineCatalog::default();
        assert_eq!(PlayerKind::from_spec("uci:/usr/bin/touch /tmp/x"), None);
        let r = PlayerKind::resolve_spec("uci:/usr/bin/touch /tmp/x", &catalog);
        assert_eq!(r, Err("/usr/bin/touch /tmp/x".to_string()));
    }
}

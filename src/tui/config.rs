//! The user's configuration: a TOML file read once at start-up, every key optional.
//!
//! The documented defaults live in `config/default.toml`, embedded in the binary; the `Default` impls below
//! mirror it and a test keeps the two equal. A file that cannot be read does not stop tabiya: the caller gets
//! the defaults and a one-line [`ConfigError`] naming the file, the line and the key, to show on screen. The
//! file is never written.

use super::action::Command;
use super::keymap::{KeyMap, KeyMapError};
use super::setup::{PlayerSpec, TimeControlSpec};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The documented default configuration, as shipped.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub game: GameConfig,
    pub display: DisplayConfig,
    pub sound: SoundConfig,
    pub engine: EngineConfig,
    pub keys: KeyConfig,
    pub engines: Vec<ExternalEngine>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    pub white: PlayerSpec,
    pub black: PlayerSpec,
    pub level: u8,
    pub time_control: TimeControlSpec,
    pub auto_queen: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    Unicode,
    Letters,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DisplayConfig {
    pub pieces: PieceStyle,
    pub theme: String,
    pub coordinates: bool,
    pub flip_for_black: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundConfig {
    pub bell_on_move: bool,
    pub bell_on_low_time: bool,
    pub low_time_seconds: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineConfig {
    pub hash_mb: usize,
}

/// Key lists per action, as written in the file; [`KeyMap::from_config`] checks and compiles them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KeyConfig {
    pub help: Vec<String>,
    pub quit: Vec<String>,
    pub new_game: Vec<String>,
    pub resign: Vec<String>,
    pub draw: Vec<String>,
    pub takeback: Vec<String>,
    pub flip: Vec<String>,
    pub save_pgn: Vec<String>,
    pub copy_fen: Vec<String>,
    pub copy_pgn: Vec<String>,
    pub evaluate: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExternalEngine {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            white: PlayerSpec::Human,
            black: PlayerSpec::Computer(None),
            level: 3,
            time_control: TimeControlSpec::Timed { base_ms: 600_000, increment_ms: 5_000 },
            auto_queen: false,
        }
    }
}

impl Default for DisplayConfig {
    fn default() -> Self {
        DisplayConfig { pieces: PieceStyle::Unicode, theme: "classic".into(), coordinates: true, flip_for_black: true }
    }
}

impl Default for SoundConfig {
    fn default() -> Self {
        SoundConfig { bell_on_move: false, bell_on_low_time: true, low_time_seconds: 10 }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig { hash_mb: 64 }
    }
}

impl Default for KeyConfig {
    fn default() -> Self {
        let k = |keys: &[&str]| keys.iter().map(|s| s.to_string()).collect();
        KeyConfig {
            help: k(&["f1", "?"]),
            quit: k(&["ctrl+q", "ctrl+c"]),
            new_game: k(&["ctrl+n", "f2"]),
            resign: k(&["ctrl+r"]),
            draw: k(&["ctrl+d"]),
            takeback: k(&["ctrl+z", "ctrl+u"]),
            flip: k(&["ctrl+f", "f4"]),
            save_pgn: k(&["ctrl+s"]),
            copy_fen: k(&["ctrl+y"]),
            copy_pgn: k(&["ctrl+p"]),
            evaluate: k(&["ctrl+e"]),
        }
    }
}

/// Why a configuration file was not used. Each variant reads as one line for the status bar.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("{path}: cannot read: {reason}")]
    Read { path: String, reason: String },
    #[error("{path}:{line}: `{key}`: {reason}; using the default configuration")]
    Invalid { path: String, line: usize, key: String, reason: String },
}

/// The configuration to run with, and why the user's file was not used, if it was not.
pub struct Loaded {
    pub config: Config,
    pub keymap: KeyMap,
    pub error: Option<ConfigError>,
}

/// Where tabiya looks for `config.toml` when no `--config` is given.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "tabiya").map(|d| d.config_dir().join("config.toml"))
}

/// Loads `explicit` if given, else the default path if that file exists, else the defaults.
/// A missing default file is normal; a missing `--config` file is an error worth telling.
pub fn load(explicit: Option<&Path>) -> Loaded {
    let (path, must_exist) = match explicit {
        Some(p) => (Some(p.to_path_buf()), true),
        None => (default_path(), false),
    };
    let Some(path) = path else { return defaults(None) };
    match std::fs::read_to_string(&path) {
        Ok(text) => match parse(&text, &path.display().to_string()) {
            Ok((config, keymap)) => Loaded { config, keymap, error: None },
            Err(e) => defaults(Some(e)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !must_exist => defaults(None),
        Err(e) => defaults(Some(ConfigError::Read { path: path.display().to_string(), reason: e.to_string() })),
    }
}

fn defaults(error: Option<ConfigError>) -> Loaded {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap_or_else(|_| KeyMap::builtin());
    Loaded { config, keymap, error }
}

/// Parses a configuration text; `path` only names the file in errors.
///
/// # Errors
/// `ConfigError::Invalid` with the line and dotted key of the first problem: TOML syntax, an unknown key,
/// a value of the wrong type or out of range, or a key binding that cannot be used.
pub fn parse(text: &str, path: &str) -> Result<(Config, KeyMap), ConfigError> {
    let config: Config = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        let (line, key) = locate(text, offset);
        ConfigError::Invalid { path: path.to_string(), line, key, reason: first_line(e.message()) }
    })?;
    validate(&config).map_err(|(key, reason)| {
        let line = line_of_key(text, &key).unwrap_or(0);
        ConfigError::Invalid { path: path.to_string(), line, key, reason }
    })?;
    let written = |c: Command| line_of_key(text, &format!("keys.{}", c.config_name())).is_some();
    let (keymap, errors) = KeyMap::resolve(&config.keys, written);
    if let Some(KeyMapError { action, reason, .. }) = errors.into_iter().next() {
        let key = format!("keys.{action}");
        let line = line_of_key(text, &key).unwrap_or(0);
        return Err(ConfigError::Invalid { path: path.to_string(), line, key, reason });
    }
    Ok((config, keymap))
}

/// Range checks serde cannot express; returns the dotted key and the reason.
fn validate(c: &Config) -> Result<(), (String, String)> {
    if !(1..=8).contains(&c.game.level) {
        return Err(("game.level".into(), format!("{} is not a level 1–8", c.game.level)));
    }
    if !super::theme::THEME_NAMES.contains(&c.display.theme.as_str()) {
        let names = super::theme::THEME_NAMES.join(", ");
        return Err(("display.theme".into(), format!("no theme '{}' (there are: {names})", c.display.theme)));
    }
    if !(1..=65536).contains(&c.engine.hash_mb) {
        return Err(("engine.hash_mb".into(), format!("{} MiB is not 1–65536", c.engine.hash_mb)));
    }
    Ok(())
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").trim().to_string()
}

/// The 1-based line of byte `offset`, and the dotted key written on that line (table header + key).
fn locate(text: &str, offset: usize) -> (usize, String) {
    let offset = offset.min(text.len());
    let line_no = text.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut table = String::new();
    let mut key = String::new();
    for (i, line) in text.lines().enumerate() {
        if i + 1 > line_no {
            break;
        }
        let t = line.trim();
        if let Some(h) = t.strip_prefix("[[").and_then(|h| h.split("]]").next()) {
            table = h.trim().to_string();
            key.clear();
        } else if let Some(h) = t.strip_prefix('[').and_then(|h| h.split(']').next()) {
            table = h.trim().to_string();
            key.clear();
        }
        if i + 1 == line_no {
            key = t.split('=').next().filter(|_| t.contains('=')).unwrap_or("").trim().to_string();
        }
    }
    let dotted = match (table.is_empty(), key.is_empty()) {
        (true, true) => "(top level)".to_string(),
        (false, true) => table,
        (true, false) => key,
        (false, false) => format!("{table}.{key}"),
    };
    (line_no, dotted)
}

/// The line where a dotted key (`table.key`) is set, if it is written in the usual `[table]` / `key =` form.
fn line_of_key(text: &str, dotted: &str) -> Option<usize> {
    let (table, key) = dotted.rsplit_once('.').unwrap_or(("", dotted));
    let mut current = String::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(h) = t.strip_prefix('[').and_then(|h| h.split(']').next()) {
            current = h.trim_matches(['[', ' ']).to_string();
        } else if current == table && t.split('=').next().is_some_and(|k| k.trim() == key) && t.contains('=') {
            return Some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_defaults_equal_the_builtin_defaults() {
        let (config, _) = parse(DEFAULT_TOML, "default.toml").expect("the shipped defaults parse");
        assert_eq!(config, Config::default());
    }

    #[test]
    fn missing_keys_keep_defaults() {
        let (config, _) = parse("[game]\nlevel = 5\n", "c.toml").unwrap();
        assert_eq!(config.game.level, 5);
        assert_eq!(config.display, DisplayConfig::default());
    }

    #[test]
    fn wrong_type_names_line_and_key() {
        let err = parse("[game]\nwhite = \"human\"\nlevel = \"high\"\n", "c.toml").unwrap_err();
        let ConfigError::Invalid { line, key, .. } = &err else { panic!("{err}") };
        assert_eq!((*line, key.as_str()), (3, "game.level"), "{err}");
    }

    #[test]
    fn unknown_key_is_named() {
        let err = parse("[display]\npeices = \"letters\"\n", "c.toml").unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("c.toml:2") && msg.contains("display.peices"), "{msg}");
    }

    #[test]
    fn out_of_range_level_and_bad_player_are_reported() {
        let err = parse("[game]\n\nlevel = 9\n", "c.toml").unwrap_err();
        assert!(err.to_string().starts_with("c.toml:3: `game.level`"), "{err}");
        let err = parse("[game]\nblack = \"robot\"\n", "c.toml").unwrap_err();
        assert!(err.to_string().starts_with("c.toml:2: `game.black`"), "{err}");
    }

    #[test]
    fn syntax_error_is_reported_with_line() {
        let err = parse("[sound]\nbell_on_move = tru\n", "c.toml").unwrap_err();
        assert!(err.to_string().starts_with("c.toml:2:"), "{err}");
    }

    #[test]
    fn binding_a_move_character_is_refused() {
        let err = parse("[keys]\nflip = [\"f\"]\n", "c.toml").unwrap_err();
        assert!(err.to_string().starts_with("c.toml:2: `keys.flip`"), "{err}");
    }

    #[test]
    fn an_empty_key_list_is_refused_with_its_line() {
        let err = parse("[keys]\nhelp = [\"f1\"]\nquit = []\n", "c.toml").unwrap_err();
        assert!(err.to_string().starts_with("c.toml:3: `keys.quit`: an empty list"), "{err}");
    }

    #[test]
    fn a_clash_names_the_line_and_the_key_as_written() {
        let err = parse("# mine\n[keys]\nhelp = [\"F1\", \"Ctrl+N\"]\n", "clash.toml").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("clash.toml:3: `keys.help`") && msg.contains("'Ctrl+N'"), "{msg}");
    }

    #[test]
    fn missing_explicit_file_falls_back_with_a_message() {
        let loaded = load(Some(Path::new("/nonexistent/tabiya.toml")));
        assert_eq!(loaded.config, Config::default());
        assert!(matches!(loaded.error, Some(ConfigError::Read { .. })));
    }

    #[test]
    fn external_engines_are_read() {
        let (c, _) = parse("[[engines]]\nname = \"SF\"\ncommand = \"/usr/games/stockfish\"\n", "c.toml").unwrap();
        assert_eq!(c.engines[0].command, "/usr/games/stockfish");
    }
}

//! The user's configuration: a TOML file read once at start-up, every key optional.
//!
//! The documented defaults live in `config/default.toml`, embedded in the binary; the `Default` impls below
//! mirror it and a test keeps the two equal. A bad key costs only itself: it keeps its default, every good key
//! is used, and each problem becomes one [`ConfigError`] naming the file, the line and the key, to show on
//! screen. Only a file that cannot be read or is not TOML at all falls back to the defaults whole. The file is
//! never written.

mod lines;
mod read;
use super::action::Command;
use super::keymap::KeyMap;
use super::setup::{PlayerSpec, TimeControlSpec};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The documented default configuration, as shipped.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

/// The whole configuration. The section structs are read key by key (`config/read.rs`), not derived with
/// serde, so that one bad key costs only itself; a key added here needs its line there and in `default.toml`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    pub game: GameConfig,
    pub display: DisplayConfig,
    pub sound: SoundConfig,
    pub engine: EngineConfig,
    pub analysis: AnalysisConfig,
    pub keys: KeyConfig,
    pub engines: Vec<ExternalEngine>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameConfig {
    pub white: PlayerSpec,
    pub black: PlayerSpec,
    pub level: u8,
    pub time_control: TimeControlSpec,
    pub auto_queen: bool,
    /// When the clocks begin to run.
    pub clock_starts: ClockStarts,
    /// Show how deep the computer's search has got while it thinks ("thinking… depth 12").
    pub show_thinking: bool,
}

/// `[game] clock_starts`: "after_first_moves" (as online play does) or "at_once" (FIDE over the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockStarts {
    #[default]
    AfterFirstMoves,
    AtOnce,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    Unicode,
    Letters,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DisplayConfig {
    pub pieces: PieceStyle,
    pub theme: String,
    /// What the terminal can show: `Auto` is read from `NO_COLOR`, `COLORTERM` and `TERM` at start-up.
    pub colors: crate::tui::theme::ColorMode,
    pub coordinates: bool,
    pub flip_for_black: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SoundConfig {
    pub bell_on_move: bool,
    pub bell_on_low_time: bool,
    pub low_time_seconds: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EngineConfig {
    pub hash_mb: usize,
    /// The built-in engine's search threads (1–`MAX_THREADS`); by default half the machine's cores, so a game
    /// (or analysis) leaves the other half to the rest of the machine.
    pub threads: usize,
    /// How long an external engine may take to answer `uci`/`isready`, in seconds.
    pub handshake_timeout_seconds: u64,
    /// How long an external engine may think about one move in an untimed game, in seconds.
    pub move_timeout_seconds: u64,
    /// A Polyglot opening book for the built-in engine's levels 2–12; empty for none.
    pub book: String,
}

impl EngineConfig {
    /// How long external engines may stay silent, as configured.
    pub fn timeouts(&self) -> crate::game::EngineTimeouts {
        crate::game::EngineTimeouts {
            handshake: std::time::Duration::from_secs(self.handshake_timeout_seconds),
            untimed_move: std::time::Duration::from_secs(self.move_timeout_seconds),
            ..crate::game::EngineTimeouts::default()
        }
    }
}

/// `[analysis]`: the engine analysis of the review and play screens.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysisConfig {
    /// How many lines live analysis shows (1–5).
    pub lines: usize,
    /// Live analysis of a game still in progress (never against the computer unless this is on).
    pub in_play: bool,
    /// An `[[engines]]` name; empty: the built-in engine.
    pub engine: String,
    /// The nodes searched per position of a whole-game analysis...
    pub game_nodes: u64,
    /// ...or, when not 0, the time per position instead, in milliseconds.
    pub game_movetime_ms: u64,
}

impl AnalysisConfig {
    /// The search per position of a whole-game analysis.
    pub fn game_limit(&self) -> crate::game::analysis::PositionLimit {
        use crate::game::analysis::PositionLimit;
        match self.game_movetime_ms {
            0 => PositionLimit::nodes(self.game_nodes),
            ms => PositionLimit::Time(std::time::Duration::from_millis(ms)),
        }
    }
}

/// Key lists per action, as written in the file; [`KeyMap::resolve`] checks and compiles them.
#[derive(Debug, Clone, PartialEq)]
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
    pub hint: Vec<String>,
    pub review: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExternalEngine {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    /// UCI options to set, e.g. `options = { "Skill Level" = 5, Threads = 2 }`.
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, OptionValue>,
}

/// An engine option's value as the configuration writes it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(t) => f.write_str(t),
        }
    }
}

impl ExternalEngine {
    /// The engine as the game layer starts it, options included (checked when the file was read).
    pub fn spec(&self) -> crate::game::EngineSpec {
        let spec = crate::game::EngineSpec::configured(&self.name, &self.command, &self.args);
        let options = self.options.iter().map(|(k, v)| (k.clone(), v.to_string())).collect();
        spec.clone().with_options(options).unwrap_or(spec)
    }
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            white: PlayerSpec::Human,
            black: PlayerSpec::Computer(None),
            level: 3,
            time_control: TimeControlSpec::Timed { base_ms: 600_000, increment_ms: 5_000 },
            auto_queen: false,
            clock_starts: ClockStarts::AfterFirstMoves,
            show_thinking: true,
        }
    }
}

impl Default for DisplayConfig {
    fn default() -> Self {
        DisplayConfig {
            pieces: PieceStyle::Unicode,
            theme: "classic".into(),
            colors: crate::tui::theme::ColorMode::Auto,
            coordinates: true,
            flip_for_black: true,
        }
    }
}

impl Default for SoundConfig {
    fn default() -> Self {
        SoundConfig { bell_on_move: false, bell_on_low_time: true, low_time_seconds: 10 }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            hash_mb: 64,
            threads: default_threads(),
            handshake_timeout_seconds: 10,
            move_timeout_seconds: 300,
            book: String::new(),
        }
    }
}

/// Half the machine's cores (as the system reports them), at least one.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get() / 2).clamp(1, crate::engine::MAX_THREADS)
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            lines: 3,
            in_play: false,
            engine: String::new(),
            game_nodes: crate::game::analysis::DEFAULT_GAME_NODES,
            game_movetime_ms: 0,
        }
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
            takeback: k(&["ctrl+z"]),
            flip: k(&["ctrl+f", "f4"]),
            save_pgn: k(&["ctrl+s"]),
            copy_fen: k(&["ctrl+y"]),
            copy_pgn: k(&["ctrl+p"]),
            evaluate: k(&["ctrl+e"]),
            hint: k(&["f3"]),
            review: k(&["ctrl+o", "f5"]),
        }
    }
}

/// A configuration file larger than this is not read: a real one is a few kilobytes.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// At most this many problems are listed; the rest are counted.
const MAX_ERRORS: usize = 20;

/// One problem with the configuration file. Each reads as one line naming the file, and the line and dotted
/// key where that makes sense; the text the user wrote is cleaned and shortened before it gets here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("{path}: cannot read: {reason} — using the default configuration")]
    Read { path: String, reason: String },
    /// The file is not TOML, so none of it can be used.
    #[error("{path}:{line}: `{key}`: {reason} — not valid TOML, so the default configuration is used")]
    Syntax { path: String, line: usize, key: String, reason: String },
    /// One key that cannot be used; `reason` says what happens instead (its default is used, it is ignored).
    #[error("{path}:{line}: `{key}`: {reason}")]
    Invalid { path: String, line: usize, key: String, reason: String },
    #[error("{path}: {count} more problems")]
    More { path: String, count: usize },
}

impl ConfigError {
    fn invalid(path: &str, line: usize, key: &str, reason: &str) -> ConfigError {
        ConfigError::Invalid { path: shown(path, 200), line, key: shown(key, 60), reason: shown(reason, 300) }
    }
}

/// Text from the file (or its name) made safe and short enough for one line on screen.
fn shown(text: &str, max_chars: usize) -> String {
    let clean = crate::text::clean(text);
    match clean.char_indices().nth(max_chars) {
        Some((end, _)) => format!("{}…", &clean[..end]),
        None => clean,
    }
}

/// The configuration to run with, and every problem found in the user's file.
pub struct Loaded {
    pub config: Config,
    pub keymap: KeyMap,
    pub errors: Vec<ConfigError>,
}

/// The problems, one a line, for the start-up notice, if there are any.
pub fn notice(errors: impl IntoIterator<Item = ConfigError>) -> Option<String> {
    let lines: Vec<String> = errors.into_iter().map(|e| e.to_string()).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
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
    let Some(path) = path else { return defaults(Vec::new()) };
    let name = path.display().to_string();
    match read_bounded(&path) {
        Ok(text) => parse(&text, &name),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !must_exist => defaults(Vec::new()),
        Err(e) => defaults(vec![ConfigError::Read { path: shown(&name, 200), reason: shown(&e.to_string(), 200) }]),
    }
}

fn read_bounded(path: &Path) -> std::io::Result<String> {
    let bytes = crate::files::read_bounded(path, MAX_FILE_BYTES)?;
    String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

fn defaults(errors: Vec<ConfigError>) -> Loaded {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap_or_else(|_| KeyMap::builtin());
    Loaded { config, keymap, errors }
}

/// Parses a configuration text; `path` only names the file in errors.
///
/// Every key that can be used is; each one that cannot (a value of the wrong type or out of range, an unknown
/// key, a key binding that cannot be used) keeps its default and adds one error, in the order of the file.
/// Text that is not TOML at all gives the defaults and one error.
pub fn parse(text: &str, path: &str) -> Loaded {
    let (config, keymap, mut errors) = read::document(text, path);
    if errors.len() > MAX_ERRORS {
        let count = errors.len() - MAX_ERRORS;
        errors.truncate(MAX_ERRORS);
        errors.push(ConfigError::More { path: shown(path, 200), count });
    }
    Loaded { config, keymap, errors }
}

impl KeyConfig {
    /// The key list of one action.
    pub fn list(&self, command: Command) -> &Vec<String> {
        match command {
            Command::Help => &self.help,
            Command::Quit => &self.quit,
            Command::NewGame => &self.new_game,
            Command::Resign => &self.resign,
            Command::Draw => &self.draw,
            Command::Takeback => &self.takeback,
            Command::Flip => &self.flip,
            Command::SavePgn => &self.save_pgn,
            Command::CopyFen => &self.copy_fen,
            Command::CopyPgn => &self.copy_pgn,
            Command::Evaluate => &self.evaluate,
            Command::Hint => &self.hint,
            Command::Review => &self.review,
        }
    }

    /// The key list of one action, to change.
    pub fn list_mut(&mut self, command: Command) -> &mut Vec<String> {
        match command {
            Command::Help => &mut self.help,
            Command::Quit => &mut self.quit,
            Command::NewGame => &mut self.new_game,
            Command::Resign => &mut self.resign,
            Command::Draw => &mut self.draw,
            Command::Takeback => &mut self.takeback,
            Command::Flip => &mut self.flip,
            Command::SavePgn => &mut self.save_pgn,
            Command::CopyFen => &mut self.copy_fen,
            Command::CopyPgn => &mut self.copy_pgn,
            Command::Evaluate => &mut self.evaluate,
            Command::Hint => &mut self.hint,
            Command::Review => &mut self.review,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// Every error for `text`, as shown.
    fn errors(text: &str) -> Vec<String> {
        parse(text, "c.toml").errors.iter().map(ToString::to_string).collect()
    }

    /// The one error for `text`.
    fn only_error(text: &str) -> String {
        let errors = errors(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        errors[0].clone()
    }

    #[test]
    fn embedded_defaults_equal_the_builtin_defaults() {
        let loaded = parse(DEFAULT_TOML, "default.toml");
        assert_eq!(loaded.errors, [], "the shipped defaults parse");
        assert_eq!(loaded.config, Config::default());
    }

    #[test]
    fn missing_keys_keep_defaults() {
        let loaded = parse("[game]\nlevel = 5\n", "c.toml");
        assert_eq!(loaded.config.game.level, 5);
        assert_eq!(loaded.config.display, DisplayConfig::default());
        assert!(loaded.errors.is_empty());
    }

    #[test]
    fn wrong_type_names_line_and_key() {
        let loaded = parse("[game]\nwhite = \"human\"\nlevel = \"high\"\n", "c.toml");
        let [ConfigError::Invalid { line, key, .. }] = loaded.errors.as_slice() else { panic!("{:?}", loaded.errors) };
        assert_eq!((*line, key.as_str()), (3, "game.level"));
    }

    #[test]
    fn unknown_key_is_named_and_ignored() {
        let loaded = parse("[display]\npeices = \"letters\"\ntheme = \"green\"\n", "c.toml");
        let msg = loaded.errors[0].to_string();
        assert!(msg.starts_with("c.toml:2: `display.peices`: no such key") && msg.contains("pieces"), "{msg}");
        assert_eq!(loaded.config.display.theme, "green");
        let msg = only_error("[colours]\nx = 1\n");
        assert!(msg.starts_with("c.toml:1: `colours`: no such table"), "{msg}");
    }

    #[test]
    fn out_of_range_level_and_bad_player_are_reported() {
        assert!(only_error("[game]\n\nlevel = 13\n").starts_with("c.toml:3: `game.level`: 13 is not a level"));
        assert!(only_error("[game]\nblack = \"robot\"\n").starts_with("c.toml:2: `game.black`"));
        assert!(only_error("[engine]\nhash_mb = 0\n").starts_with("c.toml:2: `engine.hash_mb`"));
        assert!(only_error("[engine]\nhash_mb = 65536\n").contains("32768"));
        let msg = only_error("[engine]\nhash_mb = 16\nthreads = 0\n");
        assert!(msg.starts_with("c.toml:3: `engine.threads`: 0 is not 1–256"), "{msg}");
        assert!(only_error("[engine]\nthreads = \"many\"\n").starts_with("c.toml:2: `engine.threads`"));
        assert_eq!(parse("[engine]\nthreads = 3\n", "c.toml").config.engine.threads, 3);
        assert!((1..=crate::engine::MAX_THREADS).contains(&Config::default().engine.threads));
        assert!(only_error("[engine]\nmove_timeout_seconds = 0\n").contains("engine.move_timeout_seconds"));
        let loaded = parse("[engine]\nmove_timeout_seconds = 30\nhandshake_timeout_seconds = 3\n", "c.toml");
        assert_eq!(
            (loaded.config.engine.move_timeout_seconds, loaded.config.engine.handshake_timeout_seconds),
            (30, 3)
        );
        assert!(only_error("game = 3\n").starts_with("c.toml:1: `game`: [game] must be a table"));
    }

    #[test]
    fn syntax_error_falls_back_to_the_defaults_with_one_error() {
        let loaded = parse("[keys]\nflip = [\"alt+f\"]\n[sound]\nbell_on_move = tru\n", "c.toml");
        assert_eq!(loaded.config, Config::default());
        assert_eq!(loaded.keymap.hint(Command::Flip), "Ctrl+F");
        let [err @ ConfigError::Syntax { .. }] = loaded.errors.as_slice() else { panic!("{:?}", loaded.errors) };
        assert!(err.to_string().starts_with("c.toml:4: `sound.bell_on_move`"), "{err}");
    }

    #[test]
    fn binding_a_move_character_is_refused() {
        assert!(only_error("[keys]\nflip = [\"f\"]\n").starts_with("c.toml:2: `keys.flip`"));
    }

    #[test]
    fn an_empty_key_list_is_refused_with_its_line_and_quit_keeps_its_keys() {
        let loaded = parse("[keys]\nhelp = [\"f1\"]\nquit = []\n", "c.toml");
        let msg = loaded.errors[0].to_string();
        assert!(msg.starts_with("c.toml:3: `keys.quit`: an empty list"), "{msg}");
        assert_eq!(loaded.errors.len(), 1);
        let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
        assert_eq!(loaded.keymap.command(&ctrl_q, false), Some(Command::Quit));
        assert_eq!(loaded.config.keys.quit, KeyConfig::default().quit);
        assert_eq!(loaded.config.keys.help, ["f1"]);
    }

    #[test]
    fn a_clash_names_the_line_and_the_key_as_written() {
        let msg = only_error("# mine\n[keys]\nhelp = [\n  \"F1\",\n  \"Ctrl+N\",\n]\n").replace("c.toml", "clash.toml");
        assert!(msg.starts_with("clash.toml:5: `keys.help`: 'Ctrl+N' is already new_game's key"), "{msg}");
    }

    #[test]
    fn three_bad_keys_cost_only_themselves() {
        let text = "[game]\nlevel = 13\nauto_queen = true\n\n[display]\ntheme = \"neon\"\npieces = \"letters\"\n\n\
                    [keys]\nflip = [\"alt+f\"]\nresign = [\"r\"]\n";
        let loaded = parse(text, "c.toml");
        let found: Vec<(usize, &str)> = loaded
            .errors
            .iter()
            .map(|e| match e {
                ConfigError::Invalid { line, key, .. } => (*line, key.as_str()),
                other => panic!("{other}"),
            })
            .collect();
        assert_eq!(found, [(2, "game.level"), (6, "display.theme"), (11, "keys.resign")]);
        assert!(loaded.config.game.auto_queen);
        assert_eq!(loaded.config.game.level, GameConfig::default().level);
        assert_eq!(loaded.config.display.pieces, PieceStyle::Letters);
        assert_eq!(loaded.config.display.theme, "classic");
        assert_eq!(loaded.keymap.hint(Command::Flip), "Alt+F");
        assert_eq!(loaded.keymap.hint(Command::Resign), "Ctrl+R");
    }

    #[test]
    fn text_from_the_file_is_cleaned_and_bounded() {
        let msg = only_error("[display]\ntheme = \"\\u001b[2Jneon\"\n");
        assert!(!msg.chars().any(char::is_control) && msg.contains("'[2Jneon'"), "{msg:?}");
        let long = format!("[display]\n{} = 1\n", "k".repeat(5000));
        assert!(only_error(&long).chars().count() < 400);
        let many: String = (0..50).map(|i| format!("x{i} = 1\n")).collect();
        let errors = errors(&many);
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert_eq!(errors[MAX_ERRORS], "c.toml: 30 more problems");
    }

    #[test]
    fn the_notice_lists_every_error() {
        let loaded = parse("[game]\nlevel = 0\n[display]\ntheme = \"x\"\n", "c.toml");
        let notice = notice(loaded.errors).unwrap_or_default();
        assert!(notice.contains("c.toml:2: `game.level`") && notice.contains("\nc.toml:4: `display.theme`"));
        assert_eq!(super::notice(Vec::new()), None);
    }

    #[test]
    fn missing_explicit_file_falls_back_with_a_message() {
        let loaded = load(Some(Path::new("/nonexistent/tabiya.toml")));
        assert_eq!(loaded.config, Config::default());
        assert!(matches!(loaded.errors.as_slice(), [ConfigError::Read { .. }]));
    }

    #[test]
    fn engine_options_are_read_and_a_bad_one_is_left_out_with_an_error() {
        let text = "[[engines]]\nname = \"SF\"\ncommand = \"sf\"\noptions = { \"Skill Level\" = 5, Ponder = false, \
                    SyzygyPath = \"/tb\", Bad = \"1\\ngo infinite\" }\n";
        let loaded = parse(text, "c.toml");
        let spec = loaded.config.engines[0].spec();
        let mut options = spec.options.clone();
        options.sort();
        let want = [("Ponder", "false"), ("Skill Level", "5"), ("SyzygyPath", "/tb")];
        assert_eq!(options, want.map(|(k, v)| (k.to_string(), v.to_string())));
        let msg = loaded.errors[0].to_string();
        assert!(msg.starts_with("c.toml:4: `engines.options`") && msg.contains("control characters"), "{msg}");
    }

    #[test]
    fn external_engines_are_read_and_a_bad_one_is_left_out() {
        let text = "[[engines]]\nname = \"SF\"\ncommand = \"/usr/games/stockfish\"\n\n[[engines]]\nname = \"X\"\n";
        let loaded = parse(text, "c.toml");
        assert_eq!(loaded.config.engines.len(), 1);
        assert_eq!(loaded.config.engines[0].command, "/usr/games/stockfish");
        let msg = loaded.errors[0].to_string();
        assert!(msg.starts_with("c.toml:5: `engines`: missing field `command` — this engine is left out"), "{msg}");
    }

    #[test]
    fn an_engine_with_an_empty_command_or_a_name_taken_is_reported_when_the_file_is_read() {
        let one = "[[engines]]\nname = \"SF\"\ncommand = \"/usr/games/stockfish\"\n\n";
        let text = format!("{one}{}[[engines]]\nname = \"E\"\ncommand = \" \"\n", one.replace("stockfish", "other"));
        let loaded = parse(&text, "c.toml");
        assert_eq!(loaded.config.engines.len(), 1);
        assert_eq!(loaded.config.engines[0].command, "/usr/games/stockfish", "the first of a name is kept");
        let msgs: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
        assert!(msgs[0].starts_with("c.toml:5: `engines.name`: the name 'SF' is taken"), "{msgs:?}");
        assert!(msgs[1].starts_with("c.toml:9: `engines`: an engine needs a name and a command"), "{msgs:?}");
    }
}

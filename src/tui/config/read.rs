//! Reads the configuration document key by key, so that one bad key costs only itself.
//!
//! serde's derived readers stop at the first problem and give nothing back, which is why a theme typo used to
//! lose the user's key bindings. Here the TOML is parsed once with its spans, and each value is read on its
//! own: a value of the wrong type or out of range keeps its default, an unknown key is ignored, and each adds
//! one error with the line it is on. Key lists go to [`KeyMap::resolve`], which refuses what cannot be bound.

use super::lines::{line_at, locate};
use super::{
    AnalysisConfig, Config, ConfigError, DisplayConfig, EngineConfig, ExternalEngine, GameConfig, KeyConfig,
    SoundConfig,
};
use crate::game::engine_spec::option_text_ok;
use crate::tui::action::Command;
use crate::tui::keymap::KeyMap;
use crate::tui::theme::THEME_NAMES;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

type Value<'i> = Spanned<DeValue<'i>>;

/// The configuration built from every good key, its key bindings, and one error per bad key in file order.
pub(super) fn document(text: &str, path: &str) -> (Config, KeyMap, Vec<ConfigError>) {
    let root = match DeTable::parse(text) {
        Ok(root) => root,
        Err(e) => return not_toml(text, path, &e),
    };
    let mut r = Reader { text, path, errors: Vec::new() };
    let mut config = Config::default();
    let mut keys = Vec::new();
    let mut analysis_engine = None;
    for (name, value) in root.into_inner() {
        match name.get_ref().as_ref() {
            "game" => game(&mut r, &mut config.game, value),
            "display" => display(&mut r, &mut config.display, value),
            "sound" => sound(&mut r, &mut config.sound, value),
            "engine" => engine(&mut r, &mut config.engine, value),
            "analysis" => analysis_engine = analysis(&mut r, &mut config.analysis, value),
            "keys" => keys = key_lists(&mut r, &mut config.keys, value),
            "engines" => config.engines = engines(&mut r, value),
            other => r.unknown(
                name.span(),
                other,
                "",
                &["game", "display", "sound", "engine", "analysis", "keys", "engines"],
            ),
        }
    }
    if let Some(span) = analysis_engine {
        check_analysis_engine(&mut r, &mut config, span);
    }
    let keymap = bindings(&mut r, &mut config.keys, &keys);
    let mut errors = r.errors;
    errors.sort_by_key(|e| match e {
        ConfigError::Invalid { line, .. } => *line,
        _ => 0,
    });
    (config, keymap, errors)
}

fn not_toml(text: &str, path: &str, e: &toml::de::Error) -> (Config, KeyMap, Vec<ConfigError>) {
    let (line, key) = locate(text, e.span().map_or(0, |s| s.start));
    let error = ConfigError::Syntax {
        path: super::shown(path, 200),
        line,
        key: super::shown(&key, 60),
        reason: super::shown(first_line(e.message()), 300),
    };
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap_or_else(|_| KeyMap::builtin());
    (config, keymap, vec![error])
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("").trim()
}

/// Collects the errors while the document is read.
struct Reader<'t> {
    text: &'t str,
    path: &'t str,
    errors: Vec<ConfigError>,
}

impl Reader<'_> {
    fn error(&mut self, span: Range<usize>, key: &str, reason: &str) {
        let line = line_at(self.text, span.start);
        self.errors.push(ConfigError::invalid(self.path, line, key, reason));
    }

    fn unknown(&mut self, span: Range<usize>, name: &str, table: &str, known: &[&str]) {
        let (key, place) = match table {
            "" => (name.to_string(), "no such table".to_string()),
            t => (format!("{t}.{name}"), format!("no such key in [{t}]")),
        };
        self.error(span, &key, &format!("{place} (there are: {}) — ignored", known.join(", ")));
    }

    /// The entries of a table; anything else is reported and read as an empty table.
    fn entries<'i>(&mut self, value: Value<'i>, table: &str) -> Vec<(String, Range<usize>, Value<'i>)> {
        let span = value.span();
        match value.into_inner() {
            DeValue::Table(t) => t.into_iter().map(|(k, v)| (k.get_ref().to_string(), k.span(), v)).collect(),
            other => {
                let reason = format!("[{table}] must be a table, not a {} — using its defaults", other.type_str());
                self.error(span, table, &reason);
                Vec::new()
            }
        }
    }

    /// Reads `value` into `slot` if it has the right type and passes `check`; otherwise keeps the default.
    fn set<T: DeserializeOwned>(&mut self, slot: &mut T, key: &str, value: Value, check: fn(&T) -> Result<(), String>) {
        let span = value.span();
        match T::deserialize(ValueDeserializer::from(value)) {
            Ok(v) => match check(&v) {
                Ok(()) => *slot = v,
                Err(reason) => self.error(span, key, &format!("{reason} — using the default")),
            },
            Err(e) => {
                let at = e.span().unwrap_or(span);
                self.error(at, key, &format!("{} — using the default", first_line(e.message())));
            }
        }
    }
}

fn any<T>(_: &T) -> Result<(), String> {
    Ok(())
}

fn game(r: &mut Reader, c: &mut GameConfig, value: Value) {
    const KNOWN: [&str; 7] = ["white", "black", "level", "time_control", "auto_queen", "clock_starts", "show_thinking"];
    for (name, span, v) in r.entries(value, "game") {
        let key = format!("game.{name}");
        match name.as_str() {
            "white" => r.set(&mut c.white, &key, v, any),
            "black" => r.set(&mut c.black, &key, v, any),
            "level" => r.set(&mut c.level, &key, v, |l| {
                let max = crate::engine::MAX_LEVEL;
                if (1..=max).contains(l) { Ok(()) } else { Err(format!("{l} is not a level 1–{max}")) }
            }),
            "time_control" => r.set(&mut c.time_control, &key, v, any),
            "auto_queen" => r.set(&mut c.auto_queen, &key, v, any),
            "clock_starts" => r.set(&mut c.clock_starts, &key, v, any),
            "show_thinking" => r.set(&mut c.show_thinking, &key, v, any),
            _ => r.unknown(span, &name, "game", &KNOWN),
        }
    }
}

fn display(r: &mut Reader, c: &mut DisplayConfig, value: Value) {
    const KNOWN: [&str; 5] = ["pieces", "theme", "colors", "coordinates", "flip_for_black"];
    for (name, span, v) in r.entries(value, "display") {
        let key = format!("display.{name}");
        match name.as_str() {
            "pieces" => r.set(&mut c.pieces, &key, v, any),
            "theme" => r.set(&mut c.theme, &key, v, |t: &String| {
                if THEME_NAMES.contains(&t.as_str()) {
                    Ok(())
                } else {
                    Err(format!("no theme '{}' (there are: {})", super::shown(t, 40), THEME_NAMES.join(", ")))
                }
            }),
            "colors" => r.set(&mut c.colors, &key, v, any),
            "coordinates" => r.set(&mut c.coordinates, &key, v, any),
            "flip_for_black" => r.set(&mut c.flip_for_black, &key, v, any),
            _ => r.unknown(span, &name, "display", &KNOWN),
        }
    }
}

fn sound(r: &mut Reader, c: &mut SoundConfig, value: Value) {
    const KNOWN: [&str; 3] = ["bell_on_move", "bell_on_low_time", "low_time_seconds"];
    for (name, span, v) in r.entries(value, "sound") {
        let key = format!("sound.{name}");
        match name.as_str() {
            "bell_on_move" => r.set(&mut c.bell_on_move, &key, v, any),
            "bell_on_low_time" => r.set(&mut c.bell_on_low_time, &key, v, any),
            "low_time_seconds" => r.set(&mut c.low_time_seconds, &key, v, any),
            _ => r.unknown(span, &name, "sound", &KNOWN),
        }
    }
}

/// An engine timeout: at least a second, at most a day.
fn seconds(s: &u64) -> Result<(), String> {
    if (1..=86_400).contains(s) { Ok(()) } else { Err(format!("{s} s is not 1–86400")) }
}

fn engine(r: &mut Reader, c: &mut EngineConfig, value: Value) {
    for (name, span, v) in r.entries(value, "engine") {
        match name.as_str() {
            "hash_mb" => r.set(&mut c.hash_mb, "engine.hash_mb", v, |mb| {
                let max = crate::engine::MAX_HASH_MB;
                if (1..=max).contains(mb) { Ok(()) } else { Err(format!("{mb} MiB is not 1–{max}")) }
            }),
            "threads" => r.set(&mut c.threads, "engine.threads", v, |n| {
                let max = crate::engine::MAX_THREADS;
                if (1..=max).contains(n) { Ok(()) } else { Err(format!("{n} is not 1–{max}")) }
            }),
            "handshake_timeout_seconds" => {
                r.set(&mut c.handshake_timeout_seconds, "engine.handshake_timeout_seconds", v, seconds)
            }
            "move_timeout_seconds" => r.set(&mut c.move_timeout_seconds, "engine.move_timeout_seconds", v, seconds),
            // A book that cannot be opened is an error now, not a surprise in the first game.
            "book" => r.set(&mut c.book, "engine.book", v, |path: &String| {
                if path.is_empty() {
                    return Ok(());
                }
                crate::engine::book::Book::open(std::path::Path::new(path)).map(|_| ()).map_err(|e| e.to_string())
            }),
            _ => r.unknown(
                span,
                &name,
                "engine",
                &["hash_mb", "threads", "handshake_timeout_seconds", "move_timeout_seconds", "book"],
            ),
        }
    }
}

/// Reads `[analysis]`; returns where `engine` is written, to check against `[[engines]]` once all is read
/// (the tables may come in any order).
fn analysis(r: &mut Reader, c: &mut AnalysisConfig, value: Value) -> Option<Range<usize>> {
    const KNOWN: [&str; 5] = ["lines", "in_play", "engine", "game_nodes", "game_movetime_ms"];
    let mut engine_span = None;
    for (name, span, v) in r.entries(value, "analysis") {
        let key = format!("analysis.{name}");
        match name.as_str() {
            "lines" => r.set(&mut c.lines, &key, v, |n| {
                if (1..=5).contains(n) { Ok(()) } else { Err(format!("{n} is not 1–5")) }
            }),
            "in_play" => r.set(&mut c.in_play, &key, v, any),
            "engine" => {
                engine_span = Some(v.span());
                r.set(&mut c.engine, &key, v, any);
            }
            "game_nodes" => r.set(&mut c.game_nodes, &key, v, |n| {
                if (1_000..=1_000_000_000).contains(n) { Ok(()) } else { Err(format!("{n} is not 1000–1000000000")) }
            }),
            "game_movetime_ms" => r.set(&mut c.game_movetime_ms, &key, v, |ms| {
                if *ms == 0 || (10..=600_000).contains(ms) {
                    Ok(())
                } else {
                    Err(format!("{ms} ms is not 0 or 10–600000"))
                }
            }),
            _ => r.unknown(span, &name, "analysis", &KNOWN),
        }
    }
    engine_span
}

/// `[analysis] engine` must be "" (the built-in engine) or the name of an `[[engines]]` entry; any other name
/// is an error at its line and the built-in engine analyses.
fn check_analysis_engine(r: &mut Reader, config: &mut Config, span: Range<usize>) {
    let wanted = config.analysis.engine.trim();
    if wanted.is_empty() || config.engines.iter().any(|e| e.name == wanted) {
        return;
    }
    let names: Vec<String> = config.engines.iter().map(|e| format!("'{}'", super::shown(&e.name, 40))).collect();
    let known =
        if names.is_empty() { "there are none".to_string() } else { format!("there are: {}", names.join(", ")) };
    let reason = format!(
        "no [[engines]] entry is named '{}' ({known}) — the built-in engine analyses",
        super::shown(wanted, 40)
    );
    r.error(span, "analysis.engine", &reason);
    config.analysis.engine = String::new();
}

/// `[[engines]]`: each table that reads is kept; one that does not is left out.
fn engines(r: &mut Reader, value: Value) -> Vec<ExternalEngine> {
    let span = value.span();
    let DeValue::Array(items) = value.into_inner() else {
        r.error(span, "engines", "must be [[engines]] tables — ignored");
        return Vec::new();
    };
    let mut kept = Vec::new();
    for item in items {
        let span = item.span();
        // Where `options` is written, for an error about one of them.
        let options_span = match item.get_ref() {
            DeValue::Table(t) => t.iter().find(|(k, _)| k.get_ref() == "options").map(|(_, v)| v.span()),
            _ => None,
        }
        .unwrap_or_else(|| span.clone());
        match ExternalEngine::deserialize(ValueDeserializer::from(item)) {
            Ok(mut engine) => {
                // An option that cannot be sent safely (a newline would be a second command) is left out.
                engine.options.retain(|name, value| match option_text_ok(name, &value.to_string()) {
                    Ok(()) => true,
                    Err(reason) => {
                        let reason = format!("{reason} — this option is left out");
                        r.error(options_span.clone(), "engines.options", &reason);
                        false
                    }
                });
                // Checked now, not when the engine is first chosen: the user is told while the file is fresh.
                if engine.name.trim().is_empty() || engine.command.trim().is_empty() {
                    r.error(span, "engines", "an engine needs a name and a command — this engine is left out");
                } else if kept.iter().any(|k: &ExternalEngine| k.name == engine.name) {
                    let reason = format!(
                        "the name '{}' is taken by an earlier engine — this one is left out",
                        super::shown(&engine.name, 40)
                    );
                    r.error(span, "engines.name", &reason);
                } else {
                    kept.push(engine);
                }
            }
            Err(e) => {
                let reason = format!("{} — this engine is left out", first_line(e.message()));
                r.error(e.span().unwrap_or(span), "engines", &reason);
            }
        }
    }
    kept
}

/// An action's key list as written: the line of `action = [...]` and the line of each key in it.
struct Written {
    command: Command,
    line: usize,
    key_lines: Vec<usize>,
}

/// `[keys]`: each list that is a list of strings is put in `keys` for [`bindings`] to check.
fn key_lists(r: &mut Reader, keys: &mut KeyConfig, value: Value) -> Vec<Written> {
    let known: Vec<&str> = Command::ALL.iter().map(|c| c.config_name()).collect();
    let mut written = Vec::new();
    for (name, span, v) in r.entries(value, "keys") {
        let Some(command) = Command::ALL.into_iter().find(|c| c.config_name() == name) else {
            r.unknown(span, &name, "keys", &known);
            continue;
        };
        let value_span = v.span();
        let strings = match v.into_inner() {
            DeValue::Array(items) => items
                .into_iter()
                .map(|item| Some((item.get_ref().as_str()?.to_string(), line_at(r.text, item.span().start))))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        };
        let Some(strings) = strings else {
            let reason = "must be a list of keys such as [\"ctrl+q\", \"f1\"] — keeping its default keys";
            r.error(value_span, &format!("keys.{name}"), reason);
            continue;
        };
        let (texts, key_lines): (Vec<String>, Vec<usize>) = strings.into_iter().unzip();
        *keys.list_mut(command) = texts;
        written.push(Written { command, line: line_at(r.text, span.start), key_lines });
    }
    written
}

/// Compiles the key bindings; each refused list is reported at the key at fault and keeps its defaults.
fn bindings(r: &mut Reader, keys: &mut KeyConfig, written: &[Written]) -> KeyMap {
    let (keymap, problems) = KeyMap::resolve(keys, |c| written.iter().any(|w| w.command == c));
    for problem in problems {
        let Some(w) = written.iter().find(|w| w.command.config_name() == problem.action) else { continue };
        let line = problem.key.and_then(|i| w.key_lines.get(i)).copied().unwrap_or(w.line);
        let reason = format!("{} — keeping the default keys of {}", problem.reason, problem.action);
        r.errors.push(ConfigError::invalid(r.path, line, &format!("keys.{}", problem.action), &reason));
        *keys.list_mut(w.command) = KeyConfig::default().list(w.command).clone();
    }
    keymap
}

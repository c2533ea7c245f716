//! `[analysis] engine` naming no `[[engines]]` entry is a configuration error at its line (issue 12), and the
//! built-in engine analyses; a name that is there, or "", is no error.

use tabiya::game::analysis::AnalysisEngine;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::{self, ConfigError};

const UNKNOWN_ENGINE: &str = "\
[analysis]
lines = 2
engine = \"Stockfsh\"

[[engines]]
name = \"Stockfish\"
command = \"/usr/games/stockfish\"
";

#[test]
fn an_unknown_analysis_engine_is_listed_with_its_line_and_the_builtin_engine_is_used() {
    let loaded = config::parse(UNKNOWN_ENGINE, "my.toml");
    let found: Vec<(String, usize, String)> = loaded
        .errors
        .iter()
        .map(|e| match e {
            ConfigError::Invalid { path, line, key, .. } => (path.clone(), *line, key.clone()),
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(found, [("my.toml".to_string(), 3, "analysis.engine".to_string())]);
    let text = loaded.errors[0].to_string();
    assert!(text.contains("'Stockfsh'") && text.contains("'Stockfish'") && text.contains("built-in"), "{text}");
    assert_eq!(loaded.config.analysis.lines, 2, "the good key beside it is kept");

    let app = App::new(loaded.config.clone(), loaded.keymap.clone(), loaded.errors.clone(), AppOptions::default());
    assert!(matches!(app.analysis_settings().engine, AnalysisEngine::Builtin { .. }));
    assert!(app.startup_notice.unwrap_or_default().contains("analysis.engine"), "the error is shown at start-up");
}

#[test]
fn a_configured_name_or_none_is_no_error() {
    let known = UNKNOWN_ENGINE.replace("Stockfsh", "Stockfish");
    let loaded = config::parse(&known, "my.toml");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let app = App::new(loaded.config.clone(), loaded.keymap.clone(), Vec::new(), AppOptions::default());
    match app.analysis_settings().engine {
        AnalysisEngine::External(spec) => assert_eq!(spec.name, "Stockfish"),
        other => panic!("{other:?}"),
    }
    // The tables may come in any order: [[engines]] first.
    let engines_first = "[[engines]]\nname = \"Stockfish\"\ncommand = \"sf\"\n\n[analysis]\nengine = \"Stockfish\"\n";
    assert!(config::parse(engines_first, "x").errors.is_empty());
    assert!(config::parse("[analysis]\nengine = \"\"\n", "x").errors.is_empty());
}

#[test]
fn with_no_engines_at_all_the_error_says_so() {
    let loaded = config::parse("[analysis]\n\nengine = \"Komodo\"\n", "c.toml");
    assert_eq!(loaded.errors.len(), 1);
    let text = loaded.errors[0].to_string();
    assert!(text.starts_with("c.toml:3: `analysis.engine`:") && text.contains("there are none"), "{text}");
    assert_eq!(loaded.config.analysis.engine, "");
}

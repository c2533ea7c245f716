//! A configuration error costs only the bad key (issue 13, item 5): every good key is kept, each bad one keeps
//! its default, and every error is listed with its file, line and key.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabiya::tui::action::Command;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::{self, ConfigError};

const THREE_BAD_KEYS: &str = "\
# my settings
[game]
auto_queen = true
level = 13

[display]
theme = \"solarized\"

[keys]
flip = [\"alt+f\"]
resign = [
    \"ctrl+r\",
    \"hyper+r\",
]
";

#[test]
fn three_bad_keys_keep_the_good_ones_and_list_three_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, THREE_BAD_KEYS).unwrap();
    let loaded = config::load(Some(&path));

    assert!(loaded.config.game.auto_queen, "a good key next to a bad one is kept");
    let alt_f = KeyEvent::new(KeyCode::Char('f'), KeyModifiers::ALT);
    assert_eq!(loaded.keymap.command(&alt_f, false), Some(Command::Flip), "the custom binding is kept");
    assert_eq!(loaded.config.game.level, 3, "the bad level keeps the default");
    assert_eq!(loaded.config.display.theme, "classic", "the bad theme keeps the default");
    assert_eq!(loaded.keymap.hint(Command::Resign), "Ctrl+R", "the bad list keeps the default keys");

    let name = path.display().to_string();
    let found: Vec<(&str, usize, &str)> = loaded
        .errors
        .iter()
        .map(|e| match e {
            ConfigError::Invalid { path, line, key, .. } => (path.as_str(), *line, key.as_str()),
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(
        found,
        [(name.as_str(), 4, "game.level"), (name.as_str(), 7, "display.theme"), (name.as_str(), 13, "keys.resign")]
    );
    assert!(loaded.errors[2].to_string().contains("'hyper+r'"), "{}", loaded.errors[2]);

    let app = App::new(loaded.config.clone(), loaded.keymap.clone(), loaded.errors.clone(), AppOptions::default());
    let notice = app.startup_notice.clone().unwrap_or_default();
    for e in &loaded.errors {
        assert!(notice.contains(&e.to_string()), "{notice}");
    }
}

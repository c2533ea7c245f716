//! A `[keys]` list that would leave an action without a key is refused: the action keeps its default keys and
//! the error names the file, the line and the action (issue 11, item 16).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabiya::tui::action::Command;
use tabiya::tui::config;

#[test]
fn an_empty_quit_list_keeps_a_way_out_and_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[game]\nlevel = 4\n\n[keys]\nquit = []\n").unwrap();
    let loaded = config::load(Some(&path));
    let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_eq!(loaded.keymap.command(&ctrl_q, false), Some(Command::Quit));
    assert!(!loaded.keymap.keys_for(Command::Quit).is_empty());
    let errors: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
    let expected = format!("{}:5: `keys.quit`", path.display());
    assert!(errors.iter().any(|e| e.starts_with(&expected)), "{errors:?}");
}

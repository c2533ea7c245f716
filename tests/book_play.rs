//! The built-in engine opens from a Polyglot book (`[engine] book`): its first move is the book's, without a
//! search; a book that cannot be opened is a configuration error with file, line and key.

use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::{ControllerOptions, FakeTime, GameController, GameSetup, PlayerKind, TimeControl};

/// A book with one entry: 1. h4 from the start position (no search plays it).
fn h4_book(dir: &std::path::Path) -> std::path::PathBuf {
    let h2h4: u16 = 7 | 3 << 3 | 7 << 6 | 1 << 9;
    let mut bytes = 0x463b_9618_1691_fc9c_u64.to_be_bytes().to_vec();
    bytes.extend(h2h4.to_be_bytes());
    bytes.extend(1u16.to_be_bytes());
    bytes.extend(0u32.to_be_bytes());
    let path = dir.join("h4.bin");
    std::fs::write(&path, bytes).unwrap();
    path
}

fn first_move(book: Option<std::path::PathBuf>) -> String {
    let setup = GameSetup::new(PlayerKind::Engine { level: tabiya::engine::MAX_LEVEL }, PlayerKind::human("Ann"))
        .with_time_control(TimeControl::fischer(Duration::from_secs(60), Duration::ZERO));
    let mut options = ControllerOptions::default().with_time(Arc::new(FakeTime::new()));
    options.engine_book = book;
    let mut g = GameController::new(setup, options).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while g.moves().is_empty() && Instant::now() < deadline {
        g.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
    g.moves()[0].san.clone()
}

#[test]
fn the_engine_plays_the_book_move() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(first_move(Some(h4_book(dir.path()))), "h4");
}

#[test]
fn a_book_that_cannot_be_opened_is_a_configuration_error() {
    let loaded = tabiya::tui::config::parse("[engine]\nhash_mb = 16\nbook = \"/nonexistent/book.bin\"\n", "c.toml");
    let msg = loaded.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n");
    assert!(msg.starts_with("c.toml:3: `engine.book`"), "{msg}");
    assert_eq!(loaded.config.engine.book, "");
    let dir = tempfile::tempdir().unwrap();
    let book = h4_book(dir.path());
    let ok = tabiya::tui::config::parse(&format!("[engine]\nbook = \"{}\"\n", book.display()), "c.toml");
    assert!(ok.errors.is_empty(), "{:?}", ok.errors);
    assert_eq!(ok.config.engine.book, book.display().to_string());
}

//! The play screen names the opening as it goes on, and keeps the name once the game leaves the book.

mod common_app;

use common_app::{app_on_fake_time, screen_text, two_people, type_moves};
use tabiya::tui::config::Config;

#[test]
fn the_opening_is_named_and_stays_after_the_book() {
    let mut app = two_people(Config::default());
    type_moves(&mut app, "e4 e5 Nf3 Nc6 Bb5");
    for (w, h) in [(80, 24), (200, 60)] {
        let screen = screen_text(&mut app, w, h);
        assert!(screen.contains("C60 Ruy Lopez"), "{w}×{h}:\n{screen}");
    }
    type_moves(&mut app, "h6 h3");
    let screen = screen_text(&mut app, 80, 24);
    assert!(screen.contains("C60 Ruy Lopez"), "the name stays once the game leaves the book:\n{screen}");
}

#[test]
fn the_review_header_names_an_untagged_game_by_its_position() {
    let mut app = app_on_fake_time(Config::default(), None);
    // The Morphy Defense by a transposed order, no ECO or Opening tag.
    let pgn = b"[White \"A\"]\n[Black \"B\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *\n".to_vec();
    app.open_review("t.pgn", pgn, Some(1)).unwrap();
    let screen = screen_text(&mut app, 200, 60);
    assert!(screen.contains("C70 Ruy Lopez: Morphy Defense"), "{screen}");
}

//! Typing moves the way people do: lower-case SAN is played, a lower-case `b` that could be a bishop or a
//! pawn is played when only one is legal and refused (naming both) when both are, and the shell's line-editing
//! keys edit the move line instead of taking moves back. Driven headless through `App::handle_event`.

mod common_app;

use common_app::{app_on_fake_time, start_untimed};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};
use tabiya::tui::action::Action;
use tabiya::tui::app::App;
use tabiya::tui::config::Config;
use tabiya::tui::setup::{PlayerSpec, StartSpec};

fn app(white: PlayerSpec, black: PlayerSpec, start: StartSpec) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    let mut app = app_on_fake_time(config, None);
    app.update(Action::Resize { width: 100, height: 30 });
    start_untimed(&mut app, white, black, start);
    app
}

fn two_people(fen: &str) -> App {
    app(PlayerSpec::Human, PlayerSpec::Human, StartSpec::Fen(fen.to_string()))
}

fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.handle_event(&Event::Key(KeyEvent::new(code, modifiers)));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        press(app, KeyCode::Char(c), mods);
    }
}

fn enter(app: &mut App) {
    press(app, KeyCode::Enter, KeyModifiers::NONE);
}

fn sans(app: &App) -> Vec<String> {
    app.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect()
}

fn line(app: &App) -> (String, Option<String>) {
    let line = &app.play.as_ref().unwrap().line;
    (line.text().to_string(), line.error().map(str::to_string))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn lower_case_nf3_plays_nf3() {
    let mut app = two_people(START);
    type_text(&mut app, "nf3");
    enter(&mut app);
    type_text(&mut app, "ng8f6");
    enter(&mut app);
    type_text(&mut app, "o-o");
    enter(&mut app);
    assert_eq!(sans(&app), ["Nf3", "Nf6"], "o-o is not legal yet and stays on the line");
    let (text, error) = line(&app);
    assert_eq!(text, "o-o");
    assert!(error.is_some_and(|e| e.contains("not a legal move")));
}

#[test]
fn bxc3_plays_the_pawn_when_only_the_pawn_can_take() {
    let mut app = two_people("4k3/8/8/8/8/2n5/1P6/K7 w - - 0 1");
    type_text(&mut app, "bxc3");
    enter(&mut app);
    assert_eq!(sans(&app), ["bxc3"]);
}

#[test]
fn bxc3_plays_the_bishop_when_only_the_bishop_can_take() {
    let mut app = two_people("4k3/8/8/8/8/2n5/8/K3B3 w - - 0 1");
    type_text(&mut app, "bxc3");
    enter(&mut app);
    assert_eq!(sans(&app), ["Bxc3"]);
}

#[test]
fn bxc3_is_refused_naming_both_when_both_can_take() {
    let mut app = two_people("4k3/8/8/8/8/2n5/1P6/K3B3 w - - 0 1");
    type_text(&mut app, "bxc3");
    enter(&mut app);
    assert!(sans(&app).is_empty());
    let (text, error) = line(&app);
    assert_eq!(text, "bxc3", "the text stays to be edited");
    let error = error.unwrap();
    assert!(error.contains("Bxc3 or bxc3") && error.contains("type B for the bishop"), "{error}");
    // Following the advice plays the bishop; the square pair would have played the pawn.
    press(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    type_text(&mut app, "Bxc3");
    enter(&mut app);
    assert_eq!(sans(&app), ["Bxc3"]);
}

/// Ticks until the computer has answered (it plays at level 1, so at once; the limit only stops a hang).
fn wait_for_moves(app: &mut App, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while sans(app).len() < n {
        assert!(Instant::now() < deadline, "the computer did not answer: {:?}", sans(app));
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn ctrl_u_clears_the_typed_text_and_takes_nothing_back() {
    // Against the computer a takeback is immediate, so Ctrl+U as a takeback key would lose the move pair.
    let mut app = app(PlayerSpec::Human, PlayerSpec::Computer(Some(1)), StartSpec::Standard);
    type_text(&mut app, "e4");
    enter(&mut app);
    wait_for_moves(&mut app, 2);
    type_text(&mut app, "Nf9");
    press(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert_eq!(line(&app), (String::new(), None));
    assert_eq!(sans(&app).len(), 2, "nothing was taken back");
    assert!(app.dialog.is_none());
    // On an empty line too.
    press(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert_eq!(sans(&app).len(), 2);
    // Ctrl+Z is still the takeback.
    press(&mut app, KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert!(sans(&app).is_empty());
}

#[test]
fn ctrl_w_deletes_a_word_and_ctrl_h_a_character() {
    let mut app = two_people("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    type_text(&mut app, "exd6 e.p.");
    assert_eq!(line(&app).0, "exd6 e.p.");
    press(&mut app, KeyCode::Char('w'), KeyModifiers::CONTROL);
    assert_eq!(line(&app).0, "exd6 ");
    press(&mut app, KeyCode::Char('h'), KeyModifiers::CONTROL);
    press(&mut app, KeyCode::Char('h'), KeyModifiers::CONTROL);
    assert_eq!(line(&app).0, "exd");
    press(&mut app, KeyCode::Backspace, KeyModifiers::ALT);
    assert_eq!(line(&app).0, "");
    type_text(&mut app, "exd6 ep");
    enter(&mut app);
    assert_eq!(sans(&app), ["exd6"]);
}

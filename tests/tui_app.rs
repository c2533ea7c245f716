//! Headless tests of the terminal front end: key and mouse events go into `App::handle_event`, and the
//! state is checked. A fake clock stands in for time; no terminal is involved.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{FakeTime, SaveStore};
use tabiya::rules::{Color, Role, Square};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::dialog::Dialog;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::layout;

const W: u16 = 100;
const H: u16 = 30;

fn app_with(config: Config, time: &FakeTime, saves: Option<SaveStore>) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves, notify: None, time: Some(Arc::new(time.clone())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: W, height: H });
    app
}

/// Clocks that run from the start (FIDE), for tests about time running out on the first moves.
fn clocks_at_once() -> Config {
    let mut c = Config::default();
    c.game.clock_starts = tabiya::tui::config::ClockStarts::AtOnce;
    c
}

fn two_people(app: &mut App, time: TimeControlSpec, start: StartSpec) {
    let spec = NewGameSpec { white: PlayerSpec::Human, black: PlayerSpec::Human, time, start };
    app.start_game(&spec).unwrap();
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ctrl(app: &mut App, c: char) {
    app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char(c), mods)));
    }
}

fn type_move(app: &mut App, text: &str) {
    type_text(app, text);
    key(app, KeyCode::Enter);
}

fn sans(app: &App) -> Vec<String> {
    app.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect()
}

fn result(app: &App) -> Option<String> {
    app.play.as_ref().unwrap().game.result_text()
}

fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    app.handle_event(&Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
}

/// The centre cell of a square as drawn now.
fn cell_of(app: &App, s: Square) -> (u16, u16) {
    let flipped = app.play.as_ref().unwrap().flipped;
    let l = layout::screen(Rect::new(0, 0, W, H), true, flipped).unwrap();
    let r = l.board.rect_of(s);
    (r.x + r.width / 2, r.y + r.height / 2)
}

fn click(app: &mut App, s: &str) {
    let (x, y) = cell_of(app, sq(s));
    mouse(app, MouseEventKind::Down(MouseButton::Left), x, y);
    mouse(app, MouseEventKind::Up(MouseButton::Left), x, y);
}

fn drag(app: &mut App, from: &str, to: &str) {
    let (x0, y0) = cell_of(app, sq(from));
    let (x1, y1) = cell_of(app, sq(to));
    mouse(app, MouseEventKind::Down(MouseButton::Left), x0, y0);
    mouse(app, MouseEventKind::Drag(MouseButton::Left), (x0 + x1) / 2, (y0 + y1) / 2);
    mouse(app, MouseEventKind::Drag(MouseButton::Left), x1, y1);
    mouse(app, MouseEventKind::Up(MouseButton::Left), x1, y1);
}

/// Moves the keyboard cursor to `target` with the arrow keys (as seen on screen), then presses Enter.
fn cursor_pick(app: &mut App, target: &str) {
    let play = app.play.as_ref().unwrap();
    if !play.cursor_shown {
        key(app, KeyCode::Up); // the first arrow shows the cursor where it is
    }
    let play = app.play.as_ref().unwrap();
    let (from, to, flipped) = (play.cursor, sq(target), play.flipped);
    let sign = if flipped { -1 } else { 1 };
    let dx = (to.file() as i32 - from.file() as i32) * sign;
    let dy = (to.rank() as i32 - from.rank() as i32) * sign;
    for _ in 0..dx.abs() {
        key(app, if dx > 0 { KeyCode::Right } else { KeyCode::Left });
    }
    for _ in 0..dy.abs() {
        key(app, if dy > 0 { KeyCode::Up } else { KeyCode::Down });
    }
    assert_eq!(app.play.as_ref().unwrap().cursor, to);
    key(app, KeyCode::Enter);
}

const SCHOLAR: [(&str, &str); 7] =
    [("e2", "e4"), ("e7", "e5"), ("f1", "c4"), ("b8", "c6"), ("d1", "h5"), ("g8", "f6"), ("h5", "f7")];
const SCHOLAR_SAN: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];

#[test]
fn the_first_screen_is_you_against_the_computer_and_enter_starts() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    assert!(matches!(app.screen, Screen::NewGame(_)));
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play));
    let game = &app.play.as_ref().unwrap().game;
    assert!(game.player(Color::White).is_human());
    assert!(game.player(Color::Black).is_computer());
}

#[test]
fn scholars_mate_by_typed_san() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7"] {
        type_move(&mut app, san);
        assert_eq!(app.play.as_ref().unwrap().line.error(), None, "{san}");
    }
    assert_eq!(sans(&app), SCHOLAR_SAN);
    assert_eq!(result(&app).as_deref(), Some("White wins by checkmate"));
}

#[test]
fn typed_uci_works_and_a_bad_move_keeps_its_text_with_a_reason() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    type_move(&mut app, "e2e4");
    type_move(&mut app, "Nf5");
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.line.text(), "Nf5");
    assert!(play.line.error().is_some_and(|e| !e.is_empty() && !e.contains('\n')));
    // Edit it into a legal move.
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Backspace);
    type_move(&mut app, "c6");
    assert_eq!(sans(&app), ["e4", "Nc6"]);
}

#[test]
fn letters_used_in_moves_are_never_taken_by_bindings() {
    // f is the flip key's letter in many programs, q quits in others: here they are text.
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    type_text(&mut app, "f4");
    let play = app.play.as_ref().unwrap();
    assert_eq!(play.line.text(), "f4");
    assert!(!play.flipped && !app.quit);
    key(&mut app, KeyCode::Enter);
    type_text(&mut app, "h6");
    assert_eq!(app.play.as_ref().unwrap().line.text(), "h6");
}

#[test]
fn scholars_mate_by_cursor() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    for (from, to) in SCHOLAR {
        cursor_pick(&mut app, from);
        assert_eq!(app.play.as_ref().unwrap().selected, Some(sq(from)));
        cursor_pick(&mut app, to);
    }
    assert_eq!(sans(&app), SCHOLAR_SAN);
    assert_eq!(result(&app).as_deref(), Some("White wins by checkmate"));
}

#[test]
fn scholars_mate_by_mouse_clicks_and_drags_on_a_flipped_board() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    ctrl(&mut app, 'f');
    assert!(app.play.as_ref().unwrap().flipped);
    for (i, (from, to)) in SCHOLAR.iter().enumerate() {
        if i % 2 == 0 {
            click(&mut app, from);
            click(&mut app, to);
        } else {
            drag(&mut app, from, to);
        }
    }
    assert_eq!(sans(&app), SCHOLAR_SAN);
    assert_eq!(result(&app).as_deref(), Some("White wins by checkmate"));
}

#[test]
fn selecting_shows_legal_destinations_and_a_wrong_square_is_refused() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    click(&mut app, "g1");
    let mut targets = app.play.as_ref().unwrap().targets.clone();
    targets.sort_by_key(|s| s.to_64());
    assert_eq!(targets, [sq("f3"), sq("h3")]);
    click(&mut app, "g4");
    assert!(sans(&app).is_empty());
    assert!(app.play.as_ref().unwrap().notice.is_some());
}

#[test]
fn promotion_asks_for_the_piece_unless_auto_queen() {
    let fen = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1".to_string();
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen.clone()));
    drag(&mut app, "e7", "e8");
    assert!(matches!(app.dialog, Some(Dialog::Promotion { .. })));
    type_text(&mut app, "n");
    assert!(app.dialog.is_none());
    let last = app.play.as_ref().unwrap().game.last_move().unwrap().mv;
    assert_eq!(last.promotion(), Some(Role::Knight));

    // The picker with arrows and Enter: Right twice is the bishop.
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen.clone()));
    click(&mut app, "e7");
    click(&mut app, "e8");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    assert_eq!(sans(&app), ["e8=B"]);

    let mut config = Config::default();
    config.game.auto_queen = true;
    let mut app = app_with(config, &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen.clone()));
    cursor_pick(&mut app, "e7");
    cursor_pick(&mut app, "e8");
    assert!(app.dialog.is_none());
    assert_eq!(sans(&app), ["e8=Q+"]);

    // Typed, the move names its piece.
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen));
    type_move(&mut app, "e7e8r");
    assert_eq!(sans(&app), ["e8=R+"]);
}

#[test]
fn chess960_castling_three_ways() {
    // King on e1 between rooks on b1 and g1 (Shredder-FEN castling rights), Black likewise.
    let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1".to_string();
    let time = FakeTime::new();

    // King dropped onto its own rook (mouse).
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen.clone()));
    assert!(app.play.as_ref().unwrap().game.position().is_chess960());
    click(&mut app, "e1");
    click(&mut app, "g1");
    assert_eq!(sans(&app), ["O-O"]);
    let pos = app.play.as_ref().unwrap().game.position().clone();
    assert_eq!(pos.piece_at(sq("g1")).map(|p| p.role), Some(Role::King));
    assert_eq!(pos.piece_at(sq("f1")).map(|p| p.role), Some(Role::Rook));
    // Typed O-O-O for Black.
    type_move(&mut app, "O-O-O");
    assert_eq!(sans(&app), ["O-O", "O-O-O"]);

    // The king two squares towards the b1 rook with the cursor: only castling can mean that.
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen(fen));
    cursor_pick(&mut app, "e1");
    cursor_pick(&mut app, "c1");
    assert_eq!(sans(&app), ["O-O-O"]);
    let pos = app.play.as_ref().unwrap().game.position().clone();
    assert_eq!(pos.piece_at(sq("c1")).map(|p| p.role), Some(Role::King));
    assert_eq!(pos.piece_at(sq("d1")).map(|p| p.role), Some(Role::Rook));
}

#[test]
fn a_flag_falls_on_a_tick() {
    let time = FakeTime::new();
    let mut app = app_with(clocks_at_once(), &time, None);
    two_people(&mut app, "1+0".parse().unwrap(), StartSpec::Standard);
    type_move(&mut app, "e4");
    time.advance(Duration::from_secs(30));
    app.update(Action::Tick);
    assert_eq!(result(&app), None);
    time.advance(Duration::from_secs(31));
    app.update(Action::Tick);
    assert_eq!(result(&app).as_deref(), Some("White wins on time"));
    // The game is over: moves are refused with a reason.
    type_move(&mut app, "e5");
    assert!(app.play.as_ref().unwrap().line.error().is_some());
}

#[test]
fn low_time_rings_the_bell_once() {
    let time = FakeTime::new();
    let mut app = app_with(clocks_at_once(), &time, None);
    two_people(&mut app, "0.5+0".parse().unwrap(), StartSpec::Standard);
    app.take_output();
    time.advance(Duration::from_secs(21));
    app.update(Action::Tick);
    assert_eq!(app.take_output(), ["\x07"]);
    time.advance(Duration::from_secs(1));
    app.update(Action::Tick);
    assert!(app.take_output().is_empty());
}

#[test]
fn resign_asks_first_and_draws_are_offered_and_accepted() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    ctrl(&mut app, 'r');
    assert_eq!(app.dialog, Some(Dialog::ConfirmResign));
    key(&mut app, KeyCode::Esc);
    assert_eq!(result(&app), None);
    type_move(&mut app, "e4");
    // Black (to move) offers with the next move; no dialog: White accepts with the draw key.
    ctrl(&mut app, 'd');
    assert_eq!(app.dialog, None);
    type_move(&mut app, "e5");
    ctrl(&mut app, 'd');
    assert_eq!(result(&app).as_deref(), Some("Draw by agreement"));
}

#[test]
fn a_threefold_repetition_is_claimed_with_the_draw_key() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        type_move(&mut app, m);
    }
    ctrl(&mut app, 'd');
    assert_eq!(result(&app).as_deref(), Some("Draw by threefold repetition, claimed by White"));
}

#[test]
fn takeback_between_people_asks_the_opponent() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    ctrl(&mut app, 'z');
    assert!(matches!(app.dialog, Some(Dialog::TakebackRequested { .. })), "{:?}", app.dialog);
    key(&mut app, KeyCode::Enter);
    assert!(sans(&app).len() < 2);
}

#[test]
fn copy_fen_sends_osc52_and_help_opens_and_closes() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    app.take_output();
    ctrl(&mut app, 'y');
    let out = app.take_output();
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("\x1b]52;c;") && out[0].ends_with('\x07'));
    key(&mut app, KeyCode::F(1));
    assert_eq!(app.dialog, Some(Dialog::Help));
    type_text(&mut app, "x");
    assert_eq!(app.dialog, None);
    assert!(app.play.as_ref().unwrap().line.is_empty(), "the key that closes help is not typed");
}

#[test]
fn save_pgn_writes_a_new_file_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    type_move(&mut app, "d4");
    let path = dir.path().join("game.pgn");
    ctrl(&mut app, 's');
    let Some(Dialog::SavePath { text, .. }) = &app.dialog else { panic!("{:?}", app.dialog) };
    for _ in 0..text.chars().count() {
        key(&mut app, KeyCode::Backspace);
    }
    type_move(&mut app, path.to_str().unwrap());
    assert_eq!(app.dialog, None);
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("1. d4"), "{written}");
    // Again to the same path: refused, the file is unchanged.
    type_move(&mut app, "d5");
    ctrl(&mut app, 's');
    for _ in 0..40 {
        key(&mut app, KeyCode::Backspace);
    }
    type_move(&mut app, path.to_str().unwrap());
    assert!(matches!(&app.dialog, Some(Dialog::SavePath { error: Some(_), .. })));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);
}

#[test]
fn an_unfinished_game_is_offered_and_resumed_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    {
        let saves = SaveStore::open(dir.path()).unwrap();
        let mut app = app_with(Config::default(), &time, Some(saves));
        two_people(&mut app, "5+3".parse().unwrap(), StartSpec::Standard);
        type_move(&mut app, "e4");
        type_move(&mut app, "c5");
        ctrl(&mut app, 'q');
        assert!(app.quit);
    }
    let saves = SaveStore::open(dir.path()).unwrap();
    let mut app = app_with(Config::default(), &time, Some(saves));
    let (path, summary) = app.find_unfinished().expect("the game was saved");
    assert!(summary.contains("in progress"), "{summary}");
    app.offer_resume(&path, summary);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play));
    assert_eq!(sans(&app), ["e4", "c5"]);
    type_move(&mut app, "Nf3");
    assert_eq!(sans(&app), ["e4", "c5", "Nf3"]);
}

#[test]
fn the_game_list_shows_the_result_of_games_without_tags() {
    let pgn = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"?\"]\n\n1. d4 d5 1/2-1/2\n";
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    app.open_review("tagless.pgn", pgn.as_bytes().to_vec(), None).unwrap();
    let results: Vec<_> = app.list.as_ref().unwrap().entries.iter().map(|e| e.result.as_str()).collect();
    assert_eq!(results, ["1-0", "0-1", "1/2-1/2"], "the movetext's marker stands in for a missing or bad tag");
}

#[test]
fn review_steps_through_a_file_and_continues_from_a_position() {
    let pgn = "[Event \"One\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
               [Event \"Two\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    app.open_review("test.pgn", pgn.as_bytes().to_vec(), None).unwrap();
    assert!(matches!(app.screen, Screen::List));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    let Screen::Review(r) = &app.screen else { panic!() };
    assert_eq!(r.path.ply, 0, "a game opens at its start");
    key(&mut app, KeyCode::End);
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    let Screen::Review(r) = &app.screen else { panic!() };
    assert_eq!(r.path.ply, 2);
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::List));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play), "Enter continues as a new game");
    assert_eq!(sans(&app), ["e4"], "that keeps the moves");
    assert!(app.open_review("x.pgn", pgn.as_bytes().to_vec(), Some(3)).is_err());
}

#[test]
fn resizing_keeps_clicks_on_the_right_squares() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    for (w, h) in [(60u16, 14u16), (200, 60), (100, 30)] {
        app.handle_event(&Event::Resize(w, h));
        let l = layout::screen(Rect::new(0, 0, w, h), true, false).unwrap();
        let r = l.board.rect_of(sq("e2"));
        mouse(&mut app, MouseEventKind::Down(MouseButton::Left), r.x, r.y);
        mouse(&mut app, MouseEventKind::Up(MouseButton::Left), r.x, r.y);
        assert_eq!(app.play.as_ref().unwrap().selected, Some(sq("e2")), "{w}x{h}");
        key(&mut app, KeyCode::Esc);
    }
    // Too small: clicks hit nothing, nothing breaks.
    app.handle_event(&Event::Resize(30, 8));
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 5, 5);
    assert_eq!(app.play.as_ref().unwrap().selected, None);
}

#[test]
fn review_moves_are_clickable_and_the_engine_evaluates_the_shown_position() {
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let time = FakeTime::new();
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    let mut app = app_with(config, &time, None);
    app.open_review("one.pgn", pgn.as_bytes().to_vec(), None).unwrap();
    let Screen::Review(r) = &app.screen else { panic!("a file of one game opens it at once") };
    assert_eq!(r.path.ply, 0);
    // Click Black's second move (Nc6) in the list: the row of move 2, the second column ("  2. Nf3   Nc6").
    let l = tabiya::tui::views::review_layout::review(Rect::new(0, 0, W, H), true, false, r).unwrap();
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), l.moves.x + 12, l.moves.y + 1);
    let Screen::Review(r) = &app.screen else { panic!() };
    assert_eq!(r.path.ply, 4, "clicked Nc6");
    ctrl(&mut app, 'e');
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        app.update(Action::Tick);
        let Screen::Review(r) = &app.screen else { panic!() };
        if !r.live.lines.is_empty() {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no evaluation: {:?}", r.live.rows());
        std::thread::sleep(Duration::from_millis(20));
    }
    ctrl(&mut app, 'f');
    let Screen::Review(r) = &app.screen else { panic!() };
    assert!(r.flipped);
}

#[test]
fn a_broken_configuration_is_reported_and_the_defaults_are_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[game]\nlevel = 3\n[display]\ntheme = \"neon\"\n").unwrap();
    let before = std::fs::read(&path).unwrap();
    let loaded = tabiya::tui::config::load(Some(&path));
    assert_eq!(loaded.config, Config::default());
    let err = loaded.errors[0].to_string();
    assert!(err.contains("config.toml:4: `display.theme`"), "{err}");
    let time = FakeTime::new();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(time.clone())) };
    let mut app = App::new(loaded.config, loaded.keymap, loaded.errors, options);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    let notice = app.play.as_ref().unwrap().notice.clone().unwrap().0;
    assert!(notice.contains("display.theme"), "{notice}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "the user's file is never written");
}

#[test]
fn the_loop_ticks_only_while_a_clock_runs() {
    use tabiya::tui::event_loop::next_tick;
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let mut app = App::new(config, keymap, None, AppOptions::default());
    assert_eq!(next_tick(&app), None, "the new-game screen never ticks");
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    assert_eq!(next_tick(&app), None, "an untimed game never ticks");
    two_people(&mut app, "5+0".parse().unwrap(), StartSpec::Standard);
    assert_eq!(next_tick(&app), None, "no clock runs before each side's first move");
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    let tick = next_tick(&app).expect("a running clock ticks");
    assert!(tick <= Duration::from_millis(1002), "{tick:?}");
    ctrl(&mut app, 'r');
    key(&mut app, KeyCode::Enter);
    assert!(result(&app).is_some());
    assert_eq!(next_tick(&app), None, "a finished game never ticks");
}

#[test]
fn a_draw_is_claimed_with_the_move_that_repeats_the_position() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        type_move(&mut app, m);
    }
    // Ng8 would make the third occurrence: type it, then claim instead of pressing Enter.
    type_text(&mut app, "Nc6");
    ctrl(&mut app, 'd');
    assert_eq!(result(&app), None, "Nc6 repeats nothing");
    assert!(app.play.as_ref().unwrap().line.error().is_some());
    for _ in 0..3 {
        key(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "Ng8");
    ctrl(&mut app, 'd');
    assert_eq!(result(&app).as_deref(), Some("Draw by threefold repetition, claimed by Black"));
    assert_eq!(sans(&app).last().map(String::as_str), Some("Ng8"));
}

#[test]
fn the_promotion_picker_takes_a_click() {
    use ratatui::{Terminal, backend::TestBackend};
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".into()));
    click(&mut app, "e7");
    click(&mut app, "e8");
    assert!(matches!(app.dialog, Some(Dialog::Promotion { .. })));
    let mut terminal = Terminal::new(TestBackend::new(W, H)).unwrap();
    terminal.draw(|f| tabiya::tui::views::screen::draw(f, &app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let (x, y) = (0..H)
        .find_map(|y| {
            let line: String = (0..W).map(|x| buf[(x, y)].symbol().to_string()).collect();
            line.find("rook").map(|byte| (line[..byte].chars().count() as u16, y))
        })
        .expect("the picker shows a rook");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), x, y);
    assert!(app.dialog.is_none());
    assert_eq!(sans(&app), ["e8=R+"]);
}

#[test]
fn h_moves_the_cursor_but_still_starts_a_move_on_the_h_file() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    // Without the cursor, h is text at once.
    type_move(&mut app, "h4");
    assert_eq!(sans(&app), ["h4"]);
    // With the cursor showing, h moves it left...
    key(&mut app, KeyCode::Down);
    let before = app.play.as_ref().unwrap().cursor;
    type_text(&mut app, "h");
    assert_eq!(app.play.as_ref().unwrap().cursor.file() + 1, before.file());
    assert!(app.play.as_ref().unwrap().line.is_empty());
    // ...and a digit after it shows it began a move: the cursor goes back, "h5" is typed.
    type_text(&mut app, "h");
    type_move(&mut app, "5");
    assert_eq!(sans(&app), ["h4", "h5"]);
    assert!(!app.play.as_ref().unwrap().cursor_shown);
}

#[test]
fn only_events_that_mean_something_ask_for_a_redraw() {
    let time = FakeTime::new();
    let mut app = app_with(Config::default(), &time, None);
    two_people(&mut app, TimeControlSpec::Untimed, StartSpec::Standard);
    let motion = MouseEvent { kind: MouseEventKind::Moved, column: 5, row: 5, modifiers: KeyModifiers::NONE };
    assert!(!app.handle_event(&Event::Mouse(motion)), "mouse motion changes nothing");
    assert!(!app.handle_event(&Event::FocusGained));
    assert!(!app.handle_event(&Event::Key(KeyEvent::new(KeyCode::F(12), KeyModifiers::NONE))), "an unbound key");
    assert!(app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char('e'), KeyModifiers::NONE))), "typing a move");
    assert!(app.handle_event(&Event::Resize(90, 30)));
}

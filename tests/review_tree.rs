//! Reviewing a game's whole tree headless: it opens at the start, the keys step into variations, along
//! them, into nested ones and back out with the board following and the breadcrumb saying where; null moves
//! are read, shown and written back; "continue from here" starts a game that keeps the line and the players.

use std::sync::Arc;
use tabiya::game::FakeTime;
use tabiya::game::pgn::{WriteOptions, read_game, write_game};
use tabiya::rules::{Position, parse_san};
use tabiya::tui::action::{Action, Dir, Nav};
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::review::ReviewState;

const PGN: &str = include_str!("data/review_annotated.pgn");

fn app() -> App {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    App::new(config, keymap, None, options)
}

fn opened(pgn: &str) -> App {
    let mut a = app();
    a.open_review("game.pgn", pgn.as_bytes().to_vec(), None).unwrap();
    a
}

fn review(a: &App) -> &ReviewState {
    let Screen::Review(r) = &a.screen else { panic!("not reviewing") };
    r
}

fn act(a: &mut App, action: Action, times: usize) {
    for _ in 0..times {
        a.update(action.clone());
    }
}

/// The position after a line of SAN moves from the standard start.
fn after(sans: &str) -> Position {
    let mut pos = Position::startpos();
    for s in sans.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = parse_san(&pos, s).unwrap_or_else(|e| panic!("{s}: {e}"));
        pos.make_move(m);
    }
    pos
}

const TO_8C3: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3";

fn shown(a: &App) -> (String, String) {
    let r = review(a);
    (r.current().map(|n| n.san.clone()).unwrap_or_default(), r.breadcrumb())
}

#[test]
fn a_game_opens_at_its_start_and_the_first_move_is_one_key_away() {
    let mut a = opened(PGN);
    assert!(review(&a).game.error.is_none(), "{:?}", review(&a).game.error);
    assert_eq!(review(&a).position(), &Position::startpos());
    act(&mut a, Action::Cursor(Dir::Right), 1);
    assert_eq!(shown(&a).0, "e4");
}

#[test]
fn stepping_into_nested_variations_and_back_out() {
    let mut a = opened(PGN);
    act(&mut a, Action::Cursor(Dir::Right), 16);
    assert_eq!(shown(&a), ("O-O".into(), "main".into()));
    act(&mut a, Action::Cursor(Dir::Down), 1);
    assert_eq!(shown(&a), ("Bg4".into(), "main › 8... Bg4!".into()));
    assert_eq!(review(&a).position(), &after(&format!("{TO_8C3} Bg4")));
    act(&mut a, Action::Cursor(Dir::Right), 1);
    assert_eq!(shown(&a).0, "d3");
    act(&mut a, Action::Cursor(Dir::Down), 1);
    assert_eq!(shown(&a), ("h3".into(), "main › 8... Bg4! › 9. h3".into()));
    act(&mut a, Action::Cursor(Dir::Right), 2);
    assert_eq!(review(&a).position(), &after(&format!("{TO_8C3} Bg4 h3 Bh5 d3")));
    act(&mut a, Action::Cursor(Dir::Right), 1);
    assert_eq!(shown(&a).0, "d3", "the end of the line: → stays");
    act(&mut a, Action::Cancel, 1);
    assert_eq!(shown(&a), ("d3".into(), "main › 8... Bg4!".into()), "Esc leaves the nested variation");
    assert_eq!(review(&a).position(), &after(&format!("{TO_8C3} Bg4 d3")));
    act(&mut a, Action::Backspace, 1);
    assert_eq!(shown(&a), ("O-O".into(), "main".into()), "Backspace leaves the variation");
    // ↓ twice: the second variation; ↑ back through the first to the main move.
    act(&mut a, Action::Cursor(Dir::Down), 2);
    assert_eq!(shown(&a), ("Na5".into(), "main › 8... Na5".into()));
    act(&mut a, Action::Cursor(Dir::Up), 2);
    assert_eq!(shown(&a), ("O-O".into(), "main".into()));
    // ← from a variation's first move: the position before it, on the main line.
    act(&mut a, Action::Cursor(Dir::Down), 1);
    act(&mut a, Action::Cursor(Dir::Left), 1);
    assert_eq!(shown(&a), ("c3".into(), "main".into()));
    assert_eq!(review(&a).position(), &after(TO_8C3));
    act(&mut a, Action::Nav(Nav::Last), 1);
    assert_eq!(shown(&a).0, "Rae8");
    act(&mut a, Action::Cancel, 1);
    assert!(matches!(a.screen, Screen::Review(_)), "a file of one game has no list to go back to");
}

#[test]
fn null_moves_are_read_shown_and_written_back() {
    let game = read_game(PGN.as_bytes(), 1, 1);
    assert!(game.error.is_none(), "{:?}", game.error);
    let na5 = &game.tree.mainline.moves[15].variations[1];
    assert_eq!(na5.moves.iter().map(|n| n.san.as_str()).collect::<Vec<_>>(), ["Na5", "Bc2", "c5", "d4", "--", "dxe5"]);
    assert!(na5.moves[4].is_null());
    let mut out = String::new();
    write_game(&mut out, &game.headers.pairs, &game.tree, &game.result, WriteOptions::default());
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("10. d4 -- {a null move shows the threat} 11. dxe5"), "{out}");
    let again = read_game(out.as_bytes(), 1, 1);
    assert!(again.error.is_none(), "{:?}", again.error);
    assert_eq!(again.tree.mainline, game.tree.mainline);
    // Every spelling reads; the board follows a pass.
    for null in ["Z0", "0000", "--"] {
        let g = read_game(format!("1. e4 (1. d4 {null} 2. c4) e5 *").as_bytes(), 1, 1);
        assert!(g.error.is_none(), "{null}: {:?}", g.error);
        assert_eq!(g.tree.mainline.moves[0].variations[0].moves[1].san, "--");
    }
    let mut a = opened("1. e4 (1. d4 -- 2. c4) e5 *");
    act(&mut a, Action::Cursor(Dir::Right), 1);
    act(&mut a, Action::Cursor(Dir::Down), 1);
    act(&mut a, Action::Cursor(Dir::Right), 2);
    assert_eq!(review(&a).position().to_fen(), "rnbqkbnr/pppppppp/8/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2");
    assert!(review(&a).breadcrumb().ends_with("1. d4"), "{}", review(&a).breadcrumb());
    // A pass is not legal in check.
    let e = read_game(b"1. e4 (1. f3 e5 2. g4 Qh4+ 3. --) e5 *", 1, 1).error.unwrap();
    assert!(e.message.contains("in check"), "{e}");
    let e = read_game(b"1. f3 e5 2. g4 Qh4+ 3. -- *", 1, 1).error.unwrap();
    assert!(e.message.contains("in check"), "{e}");
}

#[test]
fn null_moves_in_the_main_line_are_read_stepped_through_and_written_back() {
    // A training file: White passes to show Black's threat, then the game goes on.
    let game = read_game(b"1. e4 e5 2. Nf3 -- 3. Bc4 Nf6 4. -- Nxe4 *", 1, 1);
    assert!(game.error.is_none(), "{:?}", game.error);
    let sans: Vec<&str> = game.tree.mainline.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "--", "Bc4", "Nf6", "--", "Nxe4"]);
    assert!(game.tree.mainline_passes());
    // The rules' history runs from the last pass: its position is the game's last.
    let (status, _) = tabiya::game::pgn::reader::final_status(&game);
    assert!(!status.is_over());
    assert_eq!(game.history().position().to_fen(), game.tree.position_at(8).to_fen());
    let mut out = String::new();
    write_game(&mut out, &game.headers.pairs, &game.tree, &game.result, WriteOptions::default());
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("2. Nf3 -- 3. Bc4 Nf6 4. -- Nxe4"), "{out}");
    assert_eq!(read_game(out.as_bytes(), 1, 1).tree.mainline, game.tree.mainline);
    // The board follows the passes in review.
    let mut a = opened("1. e4 e5 2. Nf3 -- 3. Bc4 Nf6 4. -- Nxe4 *");
    act(&mut a, Action::Cursor(Dir::Right), 8);
    assert_eq!(review(&a).position().to_fen(), game.tree.position_at(8).to_fen());
    assert_eq!(review(&a).position().to_fen(), "rnbqkb1r/pppp1ppp/8/4p3/2B1n3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5");
}

fn played(a: &App) -> String {
    let Some(play) = &a.play else { panic!("no game started") };
    assert!(matches!(a.screen, Screen::Play));
    play.game.to_pgn()
}

/// The main line of a PGN text, read back.
fn moves_of(pgn: &str) -> String {
    let g = read_game(pgn.as_bytes(), 1, 1);
    assert!(g.error.is_none(), "{:?}", g.error);
    g.tree.mainline.moves.iter().map(|n| n.san.as_str()).collect::<Vec<_>>().join(" ")
}

#[test]
fn continue_from_here_keeps_the_line_and_the_players() {
    let mut a = opened(PGN);
    act(&mut a, Action::Cursor(Dir::Right), 16);
    act(&mut a, Action::Cursor(Dir::Down), 2);
    act(&mut a, Action::Cursor(Dir::Right), 1);
    assert_eq!(shown(&a), ("Bc2".into(), "main › 8... Na5".into()));
    act(&mut a, Action::Select, 1);
    let pgn = played(&a);
    assert!(pgn.contains("[White \"Alpha\"]") && pgn.contains("[Black \"Beta\"]"), "{pgn}");
    assert!(pgn.contains("[Event \"Review Open\"]"), "{pgn}");
    assert_eq!(moves_of(&pgn), format!("{TO_8C3} Na5 Bc2"), "the main line, then the variation's moves");
    let Some(play) = &a.play else { unreachable!() };
    assert!(play.game.clock(tabiya::rules::Color::Black).is_some(), "the configured clock runs");
}

#[test]
fn continue_from_here_keeps_a_chess960_or_fen_start() {
    let c960 = "[Variant \"Chess960\"]\n[White \"W\"]\n[Black \"B\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. g4 g5 2. Ng3 *\n";
    let mut a = opened(c960);
    act(&mut a, Action::Cursor(Dir::Right), 2);
    act(&mut a, Action::Select, 1);
    let pgn = played(&a);
    assert!(pgn.contains("[Variant \"Chess960\"]") && pgn.contains("[FEN \"bqnbrkrn/"), "{pgn}");
    assert_eq!(moves_of(&pgn), "g4 g5");
    let fen = "[White \"W\"]\n[Black \"B\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 Ke6 *\n";
    let mut a = opened(fen);
    act(&mut a, Action::Nav(Nav::Last), 1);
    act(&mut a, Action::Select, 1);
    let pgn = played(&a);
    assert!(pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"), "{pgn}");
    assert_eq!(moves_of(&pgn), "Kd7 e4 Ke6");
}

//! Premoves in the game layer, without a screen: who may queue one and when, what it may aim at, and that a
//! takeback or the end of the game forgets it.

mod common_game;

use common_game::*;
use std::sync::Arc;
use tabiya::game::{ControllerOptions, FakeTime, GameCommand, GameController, GameSetup, PlayerKind, StartPosition};
use tabiya::rules::{Color, Square};

/// Ann (White) against a computer whose answers wait until released (it plays its first legal move).
fn against_held() -> (GameController, Scripted) {
    let time = FakeTime::new();
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::Engine { level: 1 });
    let mut game = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time))).unwrap();
    let held = Scripted::default();
    game.set_brain(Color::Black, Box::new(held.clone()));
    (game, held)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

#[test]
fn a_premove_is_only_for_the_computers_turn() {
    let (mut game, _held) = against_held();
    assert_eq!(game.premover(), None);
    assert!(game.parse_premove("Nf3").is_err());
    let nf3 = game.parse_move("Nf3").unwrap();
    assert!(game.apply(GameCommand::Premove(nf3)).is_err());
    game.apply(GameCommand::MoveText("e4".into())).unwrap();
    assert_eq!(game.premover(), Some(Color::White));
    let m = game.parse_premove("Nf3").unwrap();
    game.apply(GameCommand::Premove(m)).unwrap();
    assert_eq!(game.premove().map(|p| p.squares()), Some((sq("g1"), sq("f3"))));
}

#[test]
fn it_may_aim_at_a_square_its_piece_guards() {
    let (mut game, _held) = against_held();
    game.apply(GameCommand::MoveText("e4".into())).unwrap();
    // d2 holds White's own pawn: a recapture there is possible after Black's move, so the queen may aim at it.
    assert!(game.premove_targets(sq("d1")).contains(&sq("d2")));
    assert!(!game.premove_targets(sq("d1")).contains(&sq("d4")), "the d2 pawn blocks d4");
    assert_eq!(game.premove_moves(sq("e4"), sq("d5")).len(), 1, "a pawn capture onto an empty square");
    assert!(game.premove_moves(sq("e4"), sq("e6")).is_empty());
    assert!(game.parse_premove("e4e6").is_err());
}

#[test]
fn a_king_in_check_is_never_a_premove_target() {
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::Engine { level: 1 })
        .with_start(StartPosition::Fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1".into()));
    let mut game = GameController::new(setup, ControllerOptions::default()).unwrap();
    game.set_brain(Color::Black, Box::new(Scripted::default()));
    assert_eq!(game.premover(), Some(Color::White));
    assert!(game.premove_moves(sq("e1"), sq("e8")).is_empty());
    assert!(game.parse_premove("Rxe8").is_err());
    assert!(game.premove_moves(sq("e1"), sq("e7")).len() == 1);
}

#[test]
fn a_takeback_forgets_the_premove_and_the_queued_move_replaces_the_last() {
    let (mut game, _held) = against_held();
    game.apply(GameCommand::MoveText("e4".into())).unwrap();
    for text in ["Nf3", "Nc3"] {
        let m = game.parse_premove(text).unwrap();
        game.apply(GameCommand::Premove(m)).unwrap();
    }
    assert_eq!(game.premove().map(|p| p.text.as_str()), Some("Nc3"));
    game.apply(GameCommand::Takeback(Color::White)).unwrap();
    assert!(game.premove().is_none());
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn resigning_forgets_the_premove_and_cancel_is_harmless_without_one() {
    let (mut game, held) = against_held();
    game.apply(GameCommand::MoveText("e4".into())).unwrap();
    game.apply(GameCommand::CancelPremove).unwrap();
    let m = game.parse_premove("Nf3").unwrap();
    game.apply(GameCommand::Premove(m)).unwrap();
    game.apply(GameCommand::Resign(Color::White)).unwrap();
    assert!(game.premove().is_none());
    held.release();
    game.poll();
    assert_eq!(game.moves().len(), 1, "nothing is played after the end");
}

#[test]
fn typed_premoves_are_read_as_forgivingly_as_moves_and_may_aim_at_a_guarded_square() {
    let (mut game, _held) = against_held();
    game.apply(GameCommand::MoveText("e4".into())).unwrap();
    // Lower case, as typed moves are read.
    let m = game.parse_premove("nf3").unwrap();
    assert_eq!((m.from(), m.to()), (sq("g1"), sq("f3")));
    // Recaptures typed in SAN onto White's own d2 pawn, for a capture there that Black may make.
    for (text, from) in [("Qxd2", "d1"), ("Bxd2", "c1"), ("nxd2", "b1"), ("Kxd2", "e1")] {
        let r = game.parse_premove(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((r.from(), r.to()), (sq(from), sq("d2")), "{text}");
    }
    // A pawn capture onto an empty square, typed in SAN, is queued and shown.
    let pawn = game.parse_premove("exd5").unwrap();
    assert_eq!((pawn.from(), pawn.to()), (sq("e4"), sq("d5")));
    game.apply(GameCommand::Premove(pawn)).unwrap();
    assert_eq!(game.premove().map(|p| p.squares()), Some((sq("e4"), sq("d5"))));
    // Still refused: a square no piece of that kind reaches.
    assert!(game.parse_premove("Qxd3").is_err(), "the d2 pawn blocks the queen");
    assert!(game.parse_premove("exf6").is_err(), "e4 does not reach f6");
    assert!(game.parse_premove("Rxa3").is_err());
}

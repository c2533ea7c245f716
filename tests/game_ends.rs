//! Every way a game ends, and the draw claims, driven headless through the controller.

mod common_game;

use common_game::*;
use std::time::Duration;
use tabiya::game::{EndReason, GameCommand, GameError, GameEvent, Outcome, StartPosition, TimeControl};
use tabiya::rules::{Color, DrawClaim};

#[test]
fn scholars_mate() {
    let (mut g, t) = untimed();
    let events = play(&mut g, &t, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#", Duration::ZERO);
    let r = *g.result().expect("game over");
    assert_eq!(r.outcome, Outcome::Win(Color::White));
    assert_eq!(r.reason, EndReason::Checkmate);
    assert_eq!(g.result_text().unwrap(), "White wins by checkmate");
    assert!(events.contains(&GameEvent::GameOver(r)));
    assert_eq!(g.san_list().last().unwrap(), "Qxf7#");
    assert!(matches!(g.apply(GameCommand::MoveText("Ke7".into())), Err(GameError::GameOver(_))));
}

#[test]
fn stalemate() {
    let (mut g, t) = from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    play(&mut g, &t, "Qf6", Duration::ZERO);
    assert!(g.result().is_none());
    let (mut g, t) = from_fen("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
    play(&mut g, &t, "Qf7", Duration::ZERO);
    assert_eq!(g.result().unwrap().reason, EndReason::Stalemate);
    assert_eq!(g.result().unwrap().outcome, Outcome::Draw);
}

#[test]
fn king_and_knight_against_king_is_a_dead_position() {
    let (mut g, t) = from_fen("8/8/4k3/8/3n4/8/3N4/4K3 w - - 0 1");
    play(&mut g, &t, "Nf3", Duration::ZERO);
    assert!(g.result().is_none());
    play(&mut g, &t, "Nxf3+", Duration::ZERO);
    assert_eq!(g.result().unwrap().reason, EndReason::InsufficientMaterial);
}

#[test]
fn resignation() {
    let (mut g, t) = untimed();
    play(&mut g, &t, "e4", Duration::ZERO);
    g.apply(GameCommand::Resign(Color::Black)).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Color::White));
    assert_eq!(g.result_text().unwrap(), "Black resigned; White wins");
}

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

const PERPETUAL: &str = "6k1/6p1/8/8/8/8/q5PP/4Q1K1 w - - 0 1";

#[test]
fn repetition_by_perpetual_check_is_claimed_not_automatic() {
    let (mut g, t) = from_fen(PERPETUAL);
    play(&mut g, &t, "Qe8+ Kh7 Qh5+ Kg8 Qe8+", Duration::ZERO);
    let claim = GameCommand::ClaimDraw { claim: DrawClaim::ThreefoldRepetition, with_move: None };
    match g.apply(claim.clone()) {
        Err(GameError::ClaimRefused(reason)) => assert!(reason.contains("twice"), "{reason}"),
        other => panic!("claim should be refused: {other:?}"),
    }
    assert!(g.result().is_none());
    play(&mut g, &t, "Kh7 Qh5+ Kg8 Qe8+", Duration::ZERO);
    assert!(g.result().is_none(), "threefold repetition is never automatic");
    assert_eq!(g.claimable_now(), vec![DrawClaim::ThreefoldRepetition]);
    g.apply(claim).unwrap();
    assert_eq!(g.result_text().unwrap(), "Draw by threefold repetition, claimed by Black");
}

#[test]
fn a_claim_about_the_move_about_to_be_played() {
    let (mut g, t) = from_fen(PERPETUAL);
    play(&mut g, &t, "Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7 Qh5+ Kg8", Duration::ZERO);
    assert!(g.claimable_now().is_empty());
    assert_eq!(g.claimable(), vec![DrawClaim::ThreefoldRepetition]);
    let qe8 = g.parse_move("Qe8+").unwrap();
    let qd1 = g.parse_move("Qd1").unwrap();
    let refused = g.apply(GameCommand::ClaimDraw { claim: DrawClaim::ThreefoldRepetition, with_move: Some(qd1) });
    assert!(matches!(refused, Err(GameError::ClaimRefused(_))));
    assert_eq!(g.moves().len(), 8, "a refused claim plays nothing");
    g.apply(GameCommand::ClaimDraw { claim: DrawClaim::ThreefoldRepetition, with_move: Some(qe8) }).unwrap();
    assert_eq!(g.moves().len(), 9);
    assert_eq!(g.result().unwrap().reason, EndReason::Claim(DrawClaim::ThreefoldRepetition, Color::White));
}

#[test]
fn fivefold_repetition_ends_the_game_by_itself() {
    let (mut g, t) = untimed();
    let dance = "Nf3 Nf6 Ng1 Ng8 ";
    play(&mut g, &t, &dance.repeat(3), Duration::ZERO);
    assert!(g.result().is_none());
    play(&mut g, &t, dance, Duration::ZERO);
    assert_eq!(g.result().unwrap().reason, EndReason::FivefoldRepetition);
}

#[test]
fn fifty_move_claim() {
    let (mut g, t) = from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
    let claim = |m| GameCommand::ClaimDraw { claim: DrawClaim::FiftyMoves, with_move: m };
    match g.apply(claim(None)) {
        Err(GameError::ClaimRefused(reason)) => assert!(reason.contains("49 moves"), "{reason}"),
        other => panic!("{other:?}"),
    }
    play(&mut g, &t, "Ra2", Duration::ZERO);
    assert!(g.result().is_none(), "the fifty-move rule is never automatic");
    g.apply(claim(None)).unwrap();
    assert_eq!(g.result_text().unwrap(), "Draw by the fifty-move rule, claimed by Black");
    // And claimed with the move that completes the fifty.
    let (mut g, _) = from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
    let ra2 = g.parse_move("Ra2").unwrap();
    g.apply(claim(Some(ra2))).unwrap();
    assert_eq!(g.result().unwrap().reason, EndReason::Claim(DrawClaim::FiftyMoves, Color::White));
}

#[test]
fn the_seventy_five_move_rule_ends_the_game() {
    let (mut g, t) = from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 148 100");
    play(&mut g, &t, "Ra2", Duration::ZERO);
    assert!(g.result().is_none());
    play(&mut g, &t, "Ke5", Duration::ZERO);
    assert_eq!(g.result().unwrap().reason, EndReason::SeventyFiveMoves);
    assert_eq!(g.result_text().unwrap(), "Draw by the 75-move rule");
}

#[test]
fn the_flag_falls_without_a_move_and_the_opponent_can_mate() {
    let (mut g, t) = people(TimeControl::fischer(secs(10), secs(0)), StartPosition::Standard);
    t.advance(Duration::from_millis(9_999));
    assert!(g.poll().is_empty());
    t.advance(Duration::from_millis(1));
    let events = g.poll();
    let r = *g.result().unwrap();
    assert_eq!(events, vec![GameEvent::GameOver(r)]);
    assert_eq!(r.outcome, Outcome::Win(Color::Black));
    assert_eq!(r.reason, EndReason::Timeout(Color::White));
    assert_eq!(g.clock(Color::White), Some(Duration::ZERO));
}

#[test]
fn the_flag_falls_but_the_opponent_cannot_mate() {
    let start = StartPosition::Fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1".into());
    let (mut g, t) = people(TimeControl::fischer(secs(10), secs(0)), start.clone());
    t.advance(secs(11));
    g.poll();
    assert_eq!(g.result().unwrap().reason, EndReason::TimeoutWithoutMatingMaterial(Color::White));
    assert_eq!(g.result_text().unwrap(), "Draw: White's flag fell but Black cannot mate");
    // Black's flag, against a rook: a loss. A move made after the flag fell is too late.
    let (mut g, t) = people(TimeControl::fischer(secs(10), secs(0)), start);
    play(&mut g, &t, "Ra2", secs(1));
    t.advance(secs(10));
    let events = g.apply(GameCommand::MoveText("Ke5".into())).unwrap();
    assert!(matches!(events.as_slice(), [GameEvent::GameOver(_)]));
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Color::White));
    assert_eq!(g.moves().len(), 1);
}

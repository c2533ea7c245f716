//! Game-end detection by the rules core, one test per rule and its edge cases.

use tabiya::rules::{Color, DrawClaim, History, Position, Status, parse_san};

fn history(fen: &str, sans: &[&str]) -> History {
    let mut h = History::new(Position::from_fen(fen).unwrap());
    for san in sans {
        let m = parse_san(h.position(), san).unwrap_or_else(|e| panic!("{san}: {e}"));
        h.play(m);
    }
    h
}

const START: &str = tabiya::rules::START_FEN;

#[test]
fn scholars_mate() {
    let h = history(START, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    assert_eq!(h.status(), Status::Checkmate { winner: Color::White });
}

#[test]
fn stalemate() {
    let h = history("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(h.status(), Status::Stalemate);
}

#[test]
fn insufficient_material_patterns() {
    let dead = |fen: &str| Position::from_fen(fen).unwrap().is_insufficient_material();
    assert!(dead("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), "K v K");
    assert!(dead("8/8/4k3/8/8/3KN3/8/8 w - - 0 1"), "K+N v K");
    assert!(dead("8/8/4k3/8/8/3KB3/8/8 w - - 0 1"), "K+B v K");
    assert!(dead("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1"), "K+B v K+B, bishops on one colour");
    assert!(!dead("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1"), "K+B v K+B on both colours: a mate exists");
    assert!(!dead("8/8/4kn2/8/8/3KN3/8/8 w - - 0 1"), "K+N v K+N: a mate exists");
    assert!(!dead("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"), "K+N+N v K: a mate exists");
    assert!(!dead("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"), "a pawn can promote");
    let h = history("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", &[]);
    assert_eq!(h.status(), Status::InsufficientMaterial);
}

#[test]
fn who_can_still_mate_when_a_flag_falls() {
    let pos = Position::from_fen("8/8/4k3/8/8/3KN3/8/7q w - - 0 1").unwrap();
    assert!(pos.has_insufficient_material(Color::White), "a knight cannot mate a king with only queens");
    assert!(!pos.has_insufficient_material(Color::Black));
    let pos = Position::from_fen("8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1").unwrap();
    assert!(!pos.has_insufficient_material(Color::White), "a knight can mate a king that has a pawn");
}

/// Knights dancing back and forth: the start position comes back every four plies.
const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn threefold_is_a_claim_fivefold_ends_the_game() {
    let mut moves: Vec<&str> = Vec::new();
    let mut h = history(START, &[]);
    for round in 1..=4 {
        moves.extend(SHUFFLE);
        h = history(START, &moves);
        assert_eq!(h.repetitions(), round + 1);
        if round + 1 >= 3 {
            assert!(h.claimable().contains(&DrawClaim::ThreefoldRepetition));
        }
        if round + 1 < 5 {
            assert_eq!(h.status(), Status::Ongoing, "round {round}");
        }
    }
    assert_eq!(h.status(), Status::FivefoldRepetition);
}

#[test]
fn threefold_claim_about_the_move_about_to_be_played() {
    // Two occurrences so far; Ng8 would make the third: claimable with that move, not before.
    let h = history(START, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    assert!(h.claimable().is_empty());
    let ng8 = parse_san(h.position(), "Ng8").unwrap();
    assert_eq!(h.claimable_with(ng8), vec![DrawClaim::ThreefoldRepetition]);
    let nh5 = parse_san(h.position(), "Nh5").unwrap();
    assert!(h.claimable_with(nh5).is_empty());
    assert!(h.claimable_any().contains(&DrawClaim::ThreefoldRepetition));
}

#[test]
fn en_passant_right_makes_a_different_position() {
    // After 1.e4 Nf6 2.e5 d5 White may take en passant: that position does not repeat the later ones where
    // the same pieces stand without the right.
    let h = history(START, &["e4", "Nf6", "e5", "d5", "Nf3", "Nfd7", "Ng1", "Nf6", "Nf3", "Nfd7", "Ng1", "Nf6"]);
    // Now the pieces are as after 2...d5, for the third time, but the first time en passant was possible.
    assert_eq!(h.repetitions(), 2);
    assert!(h.claimable().is_empty());
}

#[test]
fn fifty_moves_are_a_claim_seventy_five_end_the_game() {
    let fen_at = |halfmove: u32| format!("8/8/4k3/8/8/3K4/8/R7 w - - {halfmove} 80");
    let h = history(&fen_at(99), &[]);
    assert!(h.claimable().is_empty());
    let quiet = parse_san(h.position(), "Ra2").unwrap();
    assert_eq!(h.claimable_with(quiet), vec![DrawClaim::FiftyMoves], "claim with the 100th half-move");
    let h = history(&fen_at(100), &[]);
    assert_eq!(h.claimable(), vec![DrawClaim::FiftyMoves]);
    assert_eq!(h.status(), Status::Ongoing, "fifty moves never end the game by themselves");
    let h = history(&fen_at(149), &["Ra2"]);
    assert_eq!(h.status(), Status::SeventyFiveMoves);
}

#[test]
fn checkmate_on_the_seventy_fifth_move_stands() {
    let h = history("7k/8/6K1/8/8/8/8/R7 w - - 149 100", &["Ra8#"]);
    assert_eq!(h.position().halfmove_clock(), 150);
    assert_eq!(h.status(), Status::Checkmate { winner: Color::White });
}

#[test]
fn undo_restores_everything() {
    let mut h = history(START, &["e4", "e5", "Nf3"]);
    let key = history(START, &["e4", "e5"]).position().key();
    assert!(h.undo().is_some());
    assert_eq!(h.position().key(), key);
    assert_eq!(h.moves().len(), 2);
}

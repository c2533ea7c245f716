//! Opening names through the public API: transpositions, the exact names of the data set, games that leave
//! the book, non-standard starts, every data-set line naming its own position, and random games.

use proptest::prelude::*;
use std::collections::HashMap;
use tabiya::game::openings::{Opening, classify, lookup, table_len};
use tabiya::rules::chess960::start_position;
use tabiya::rules::{Move, Position, parse_san};

/// Plays a move list such as `1. e4 e5 2. Nf3` from `start`: the moves and the position reached.
fn play(start: &Position, line: &str) -> (Vec<Move>, Position) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in line.split_whitespace() {
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if san.is_empty() {
            continue;
        }
        let m = parse_san(&pos, san).unwrap_or_else(|e| panic!("{line}: {e}"));
        pos.make_move(m);
        moves.push(m);
    }
    (moves, pos)
}

fn classify_line(line: &str) -> Option<Opening> {
    let start = Position::startpos();
    classify(&start, &play(&start, line).0)
}

fn named(eco: &'static str, name: &'static str) -> Option<Opening> {
    Some(Opening { eco, name })
}

#[test]
fn the_ruy_lopez_by_two_move_orders_gets_one_name() {
    let ruy = named("C60", "Ruy Lopez");
    assert_eq!(classify_line("1. e4 e5 2. Nf3 Nc6 3. Bb5"), ruy);
    // Through the Zukertort (1. Nf3 Nc6 is a named line of its own) into the same position.
    assert_eq!(classify_line("1. Nf3 Nc6"), named("A04", "Zukertort Opening: Black Mustang Defense"));
    assert_eq!(classify_line("1. Nf3 Nc6 2. e4 e5 3. Bb5"), ruy);
}

#[test]
fn a_transposition_with_more_moves_is_named_by_its_position() {
    // Knights out and back: the position after 3. e4 e5 is the one after 1. e4 e5, four plies later.
    assert_eq!(classify_line("1. Nf3 Nf6 2. Ng1 Ng8 3. e4 e5"), named("C20", "King's Pawn Game"));
}

#[test]
fn a_legal_en_passant_capture_is_part_of_the_position() {
    // After 2... e5 white may take en passant; after the knights' round trip the same pieces stand there, but
    // the capture is gone, so by FIDE's rule (and the data set's) it is another position, without a name.
    let start = Position::startpos();
    let (_, benoni) = play(&start, "1. d4 c5 2. d5 e5");
    let (_, later) = play(&start, "1. d4 c5 2. d5 e5 3. Nf3 Nf6 4. Ng1 Ng8");
    assert_eq!(lookup(&benoni), named("A44", "Benoni Defense: Old Benoni"));
    assert_eq!(lookup(&later), None);
}

#[test]
fn the_morphy_defense_has_its_exact_name() {
    assert_eq!(classify_line("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), named("C70", "Ruy Lopez: Morphy Defense"));
}

#[test]
fn a_game_that_leaves_the_book_keeps_the_last_name() {
    let start = Position::startpos();
    let (moves, end) = play(&start, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 h5 5. Rh3 Rh6 6. Rg3 Rg6");
    assert_eq!(lookup(&end), None, "the test needs a last position that is not named");
    assert_eq!(classify(&start, &moves), named("C70", "Ruy Lopez: Morphy Defense"));
}

#[test]
fn an_illegal_move_ends_the_replay() {
    let start = Position::startpos();
    let (mut moves, _) = play(&start, "1. e4 e5");
    let (e4, _) = play(&start, "1. e4");
    moves.push(e4[0]); // e2-e4 again: no pawn on e2 any more.
    moves.extend(play(&start, "1. d4").0);
    assert_eq!(classify(&start, &moves), named("C20", "King's Pawn Game"));
}

#[test]
fn the_start_position_has_no_name() {
    assert_eq!(classify(&Position::startpos(), &[]), None);
    assert_eq!(lookup(&Position::startpos()), None);
}

#[test]
fn a_chess960_start_gets_no_name() {
    // Start 0 is BBQNNRKR: after 1. e4 e5 the position is nothing like the King's Pawn Game.
    let start = start_position(0).unwrap();
    let (moves, _) = play(&start, "1. e4 e5 2. Nc3");
    assert_eq!(classify(&start, &moves), None);
    assert_eq!(classify(&start, &[]), None);
}

#[test]
fn chess960_start_518_is_the_standard_position_and_is_named() {
    let start = start_position(518).unwrap();
    assert!(start.is_chess960());
    let (moves, _) = play(&start, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert_eq!(classify(&start, &moves), named("C70", "Ruy Lopez: Morphy Defense"));
}

#[test]
fn a_game_from_a_fen_gets_no_name_even_from_a_named_position() {
    // The data set's rule is about games from the start; a set-up position has no opening of its own.
    let after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(lookup(&after_e4), named("B00", "King's Pawn Game"));
    let (moves, _) = play(&after_e4, "1... e5");
    assert_eq!(classify(&after_e4, &moves), None);
}

/// Every line of the embedded files, read here independently of the library: `(eco, name, pgn)`.
fn data_set() -> Vec<(String, String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/openings");
    let mut lines = Vec::new();
    for volume in ["a", "b", "c", "d", "e"] {
        let text = std::fs::read_to_string(dir.join(format!("{volume}.tsv"))).unwrap();
        for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 3, "{volume}.tsv: {line}");
            lines.push((f[0].to_string(), f[1].to_string(), f[2].to_string()));
        }
    }
    lines
}

#[test]
fn every_line_parses_and_names_its_own_position() {
    let lines = data_set();
    assert_eq!(lines.len(), 3807);
    assert_eq!(table_len(), 3807, "every line of the data set is in the table");
    let start = Position::startpos();
    // Where two lines reach one position the first keeps it; expected names are computed the same way here.
    let mut first: HashMap<u64, (String, String)> = HashMap::new();
    let games: Vec<(Vec<Move>, Position)> = lines.iter().map(|(_, _, pgn)| play(&start, pgn)).collect();
    for ((eco, name, _), (_, pos)) in lines.iter().zip(&games) {
        first.entry(pos.key()).or_insert((eco.clone(), name.clone()));
    }
    for ((_, _, pgn), (moves, pos)) in lines.iter().zip(&games) {
        let (eco, name) = &first[&pos.key()];
        let want = Some((eco.as_str(), name.as_str()));
        assert_eq!(lookup(pos).map(|o| (o.eco, o.name)), want, "lookup after {pgn}");
        assert_eq!(classify(&start, moves).map(|o| (o.eco, o.name)), want, "classify {pgn}");
    }
}

/// A random game from `start`: each number picks one of the legal moves (modulo their count).
fn random_game(start: &Position, picks: &[u16]) -> (Vec<Move>, Vec<Position>) {
    let mut pos = start.clone();
    let (mut moves, mut positions) = (Vec::new(), vec![pos.clone()]);
    for &pick in picks {
        let legal = pos.legal_move_vec();
        if legal.is_empty() {
            break;
        }
        let m = legal[pick as usize % legal.len()];
        pos.make_move(m);
        moves.push(m);
        positions.push(pos.clone());
    }
    (moves, positions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_games_never_panic_and_follow_the_rule(picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let start = Position::startpos();
        let (moves, positions) = random_game(&start, &picks);
        // The rule, written out the slow way: the last named position along the game.
        let want = positions.iter().rev().find_map(lookup);
        prop_assert_eq!(classify(&start, &moves), want);
    }

    #[test]
    fn random_chess960_games_never_panic_and_get_no_name(
        n in 0u16..960, picks in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let start = start_position(n).unwrap();
        let (moves, _) = random_game(&start, &picks);
        let got = classify(&start, &moves);
        prop_assert!(n == 518 || got.is_none(), "start {} named {:?}", n, got);
    }

    #[test]
    fn moves_from_another_game_never_panic(
        picks in prop::collection::vec(any::<u16>(), 0..60), other in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        // Moves legal in some other game, mostly illegal in this one: the replay stops, nothing breaks.
        let start = Position::startpos();
        let (mut moves, _) = random_game(&start, &picks);
        let (foreign, _) = random_game(&start, &other);
        moves.extend(foreign);
        let _ = classify(&start, &moves);
    }
}

//! The search through the public handle: mates in one to three are found, and the best move is legal in
//! every kind of position (standard and Chess960, castling, en passant, promotion, checks), including random
//! positions reached by random play.

use proptest::prelude::*;
use std::time::Duration;
use tabiya::engine::{EngineCommand, EngineHandle, EngineOptions, EngineReport, GoRequest, Score, SearchLimits};
use tabiya::rules::{Move, Position, parse_uci};

/// Searches `pos` to `depth`; returns the best move and the last reported score.
fn search(engine: &EngineHandle, pos: &Position, depth: u32) -> (Option<Move>, Option<Score>) {
    let limits = SearchLimits { depth: Some(depth), ..Default::default() };
    engine.send(EngineCommand::Go(GoRequest { id: 9, start: pos.clone(), moves: Vec::new(), limits }));
    let mut score = None;
    loop {
        match engine.recv_timeout(Duration::from_secs(120)).expect("engine answers") {
            EngineReport::Info { info, .. } => score = Some(info.score),
            EngineReport::BestMove { best, .. } => return (best, score),
            EngineReport::Notice { message } => panic!("unexpected notice: {message}"),
            EngineReport::CurrentMove { .. } => {}
        }
    }
}

fn engine() -> EngineHandle {
    EngineHandle::spawn(EngineOptions { hash_mb: 16, level: tabiya::engine::MAX_LEVEL, threads: 1 })
        .expect("engine thread starts")
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let engine = engine();
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
        ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"),
        ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3, "b1g6"),
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, "f8c5"),
        ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"),
        ("1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1", 3, "c5a6"),
        ("3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1", 3, "g5f7"),
    ];
    for (fen, n, expected) in cases {
        let pos = Position::from_fen(fen).unwrap();
        let (best, score) = search(&engine, &pos, 2 * n + 2);
        assert_eq!(score, Some(Score::Mate(n as i32)), "{fen}");
        assert_eq!(best, Some(parse_uci(&pos, expected).unwrap()), "{fen}");
    }
}

#[test]
fn sees_being_mated() {
    let engine = engine();
    // Black to move must push the d-pawn, and Rh8 mates.
    let pos = Position::from_fen("k7/P2p4/1K6/8/8/8/8/7R b - - 0 1").unwrap();
    assert_eq!(search(&engine, &pos, 4).1, Some(Score::Mate(-1)));
}

#[test]
fn best_move_is_legal_in_special_positions() {
    let engine = engine();
    let fens = [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // castling both ways
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", // en passant
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",                             // en passant by Black
        "8/1P6/8/8/8/8/6k1/K7 w - - 0 1",                                // promotion
        "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
        "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", // capture-promotion
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", // Chess960
        "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", // Chess960 castling
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",          // in check (Kxd2)
        "7k/8/8/8/8/8/8/K7 w - - 99 80",            // fifty-move rule due
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let (best, _) = search(&engine, &pos, 6);
        let best = best.unwrap_or_else(|| panic!("no move in {fen}"));
        assert!(pos.is_legal(best), "{best:?} in {fen}");
    }
}

#[test]
fn repeats_the_position_when_losing() {
    // Black, a queen down, can return to a position that occurred twice before: a draw it should take.
    let engine = engine();
    let start = Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        let mv = parse_uci(&pos, m).unwrap();
        pos.make_move(mv);
        moves.push(mv);
    }
    let limits = SearchLimits { depth: Some(6), ..Default::default() };
    engine.send(EngineCommand::Go(GoRequest { id: 1, start, moves, limits }));
    let mut score = None;
    let best = loop {
        match engine.recv_timeout(Duration::from_secs(60)).expect("engine answers") {
            EngineReport::Info { info, .. } => score = Some(info.score),
            EngineReport::BestMove { best, .. } => break best,
            EngineReport::Notice { message } => panic!("unexpected notice: {message}"),
            EngineReport::CurrentMove { .. } => {}
        }
    };
    assert_eq!(best, Some(parse_uci(&pos, "f6g8").unwrap()));
    assert_eq!(score, Some(Score::Cp(0)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn best_move_is_legal_after_random_play(seed in any::<u64>(), plies in 0usize..60, chess960 in 0u16..960) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut pos = if seed % 2 == 0 {
            Position::startpos()
        } else {
            tabiya::rules::chess960::start_position(chess960).unwrap()
        };
        for _ in 0..plies {
            let moves = pos.legal_move_vec();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.random_range(0..moves.len())]);
        }
        let engine = engine();
        let (best, _) = search(&engine, &pos, 4);
        match best {
            Some(m) => prop_assert!(pos.is_legal(m)),
            None => prop_assert!(!pos.has_legal_moves()),
        }
    }
}

/// Lazy SMP: with helper threads sharing the table, the mates are still found, with the right move.
#[test]
fn two_and_three_threads_find_the_mates() {
    for threads in [2, 3] {
        let engine =
            EngineHandle::spawn(EngineOptions { hash_mb: 16, level: tabiya::engine::MAX_LEVEL, threads }).unwrap();
        let cases = [
            ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"),
            ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3, "b1g6"),
            ("3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1", 3, "g5f7"),
        ];
        for (fen, n, expected) in cases {
            let pos = Position::from_fen(fen).unwrap();
            let (best, score) = search(&engine, &pos, 2 * n + 2);
            assert_eq!(score, Some(Score::Mate(n as i32)), "{threads} threads: {fen}");
            assert_eq!(best, Some(parse_uci(&pos, expected).unwrap()), "{threads} threads: {fen}");
        }
    }
}

/// Lazy SMP in special positions: whatever the helpers leave in the table, the answer is legal.
#[test]
fn best_move_is_legal_with_two_threads() {
    let engine =
        EngineHandle::spawn(EngineOptions { hash_mb: 16, level: tabiya::engine::MAX_LEVEL, threads: 2 }).unwrap();
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let best = search(&engine, &pos, 8).0.unwrap_or_else(|| panic!("no move in {fen}"));
        assert!(pos.is_legal(best), "{best:?} in {fen}");
    }
}

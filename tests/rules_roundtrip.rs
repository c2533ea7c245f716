//! Round trips over every position a perft walk visits: FEN out→in is the identity, SAN and UCI out→in give
//! back the same move, make/unmake restores the position exactly, and the incremental Zobrist key always
//! equals the key computed from scratch.

use tabiya::rules::{Position, parse_san, parse_uci, to_san, to_uci};

const POSITIONS: [(&str, u32); 9] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    // Chess960 castling edge cases (king next to its rook, rook behind the king, rook-only castling).
    ("2r1k2r/pppppppp/8/8/8/8/PPPPPPPP/2R1K2R w KQkq - 0 1", 3),
    ("rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1", 3),
    ("1r1k1r2/ppppp1pp/8/5p2/8/6P1/PPPPPP1P/1RK3R1 b Q - 0 4", 3),
    ("5rkr/ppp1pp1p/8/3p2p1/3P2P1/7P/PPP1PP2/5RKR b KQkq - 0 3", 3),
];

fn walk(pos: &mut Position, depth: u32, visited: &mut u64) {
    *visited += 1;
    let fen = pos.to_fen();
    let reread = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(reread.to_fen(), fen);
    assert_eq!(reread.key(), pos.key(), "{fen}");
    assert_eq!(pos.key(), pos.compute_key(), "{fen}");
    assert!(pos.is_consistent(), "{fen}");
    if depth == 0 {
        return;
    }
    for m in pos.legal_move_vec() {
        let san = to_san(pos, m);
        assert_eq!(parse_san(pos, &san), Ok(m), "{fen}: SAN {san}");
        let uci = to_uci(pos, m);
        assert_eq!(parse_uci(pos, &uci), Ok(m), "{fen}: UCI {uci}");
        let before = pos.clone();
        let undo = pos.make_move(m);
        assert_eq!(pos.key(), pos.compute_key(), "{fen} after {uci}");
        walk(pos, depth - 1, visited);
        pos.unmake_move(m, undo);
        assert_eq!(*pos, before, "{fen}: unmake {uci}");
        assert_eq!(pos.key(), before.key());
    }
}

#[test]
fn notation_and_keys_round_trip_over_perft_trees() {
    for (fen, depth) in POSITIONS {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut visited = 0;
        walk(&mut pos, depth, &mut visited);
        assert!(visited > 1000, "{fen}: only {visited} positions");
    }
}

#[test]
fn chess960_start_positions_round_trip() {
    for n in (0..960).step_by(37) {
        let mut pos = tabiya::rules::chess960::start_position(n).unwrap();
        let mut visited = 0;
        walk(&mut pos, 2, &mut visited);
    }
}

/// Plays UCI moves from the start position and checks the key wherever one is given (0 = not checked).
fn check_keys(moves: &[(&str, u64)]) {
    let mut pos = Position::startpos();
    for &(uci, key) in moves {
        let m = parse_uci(&pos, uci).unwrap();
        pos.make_move(m);
        if key != 0 {
            assert_eq!(pos.key(), key, "after {uci}");
        }
    }
}

#[test]
fn polyglot_reference_keys() {
    // The Polyglot book format's published test sequences.
    assert_eq!(Position::startpos().key(), 0x463b96181691fc9c);
    check_keys(&[
        ("e2e4", 0x823c9b50fd114196),
        ("d7d5", 0x0756b94461c50fb0),
        ("e4e5", 0x662fafb965db29d4),
        ("f7f5", 0x22a48b5a8e47ff78),
        ("e1e2", 0x652a607ca3f242c1),
        ("e8f7", 0x00fdd303c946bdd9),
    ]);
    check_keys(&[
        ("a2a4", 0),
        ("b7b5", 0),
        ("h2h4", 0),
        ("b5b4", 0),
        ("c2c4", 0x3c8123ea7b067637),
        ("b4c3", 0),
        ("a1a3", 0x5c3f9b829b279560),
    ]);
}

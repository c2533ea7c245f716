//! Perft against published counts (tests/data/perft.epd, copied from the project's shared reference data)
//! and against special-rule positions of our own. Each position is checked up to a node budget in the
//! normal run; the full depths are `#[ignore]`d (`cargo test --release -- --ignored`).

use tabiya::rules::{Position, perft::perft};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut w = p.split_whitespace();
                    let depth = w.next().unwrap().trim_start_matches('D').parse().unwrap();
                    (depth, w.next().unwrap().parse().unwrap())
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

fn check(max_nodes: u64, min_nodes: u64) {
    let mut checked = 0;
    for case in cases() {
        let mut pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if expected > max_nodes || expected < min_nodes {
                continue;
            }
            assert_eq!(perft(&mut pos, depth), expected, "{} depth {depth}", case.fen);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn published_counts_up_to_a_million_nodes() {
    check(1_000_000, 0);
}

#[test]
#[ignore = "deep: minutes in a debug build; run with --release -- --ignored"]
fn published_counts_full_depth() {
    check(u64::MAX, 1_000_001);
}

/// Positions for single rules, with counts cross-checked against python-chess.
#[test]
fn special_rules() {
    let cases: &[(&str, u32, u64)] = &[
        // En passant that would expose the king along the rank is illegal.
        ("8/8/8/KPp4r/8/8/8/7k w - c6 0 1", 1, 4),
        // En passant out of check: the double-pushed pawn gives check and is captured en passant.
        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 1, 9),
        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 3, 379),
        // Promotions, with and without capture, to all four pieces.
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3, 9483),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 182838),
        // Castling through check is illegal (f1 attacked), into check illegal.
        ("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", 1, 11),
        // Double check: only king moves.
        ("4k3/8/8/8/8/2n5/8/r3K3 w - - 0 1", 1, 2),
        // Discovered-check and pin tests (Talkchess PERFT positions).
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206),
        ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476),
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001),
        ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658),
        ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342),
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683),
        ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217),
        ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584),
        ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527),
        // Chess960: king boxed in by its own pieces with the castling rook beside it; the knight guards g1, so
        // O-O (f1 takes g1) is illegal. Counts from python-chess.
        ("4k3/8/8/8/8/7n/4PPP1/4BKR1 w K - 0 1", 1, 12),
        ("4k3/8/8/8/8/7n/4PPP1/4BKR1 w K - 0 1", 3, 1507),
    ];
    for &(fen, depth, expected) in cases {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&mut pos, depth), expected, "{fen} depth {depth}");
    }
}

/// A rook that shields its king's Chess960 destination along the back rank: castling would put the king in
/// check from the a-file rook, so it is illegal even though no square the king crosses is attacked now.
#[test]
fn chess960_castling_rook_shield() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1").unwrap();
    assert!(pos.legal_move_vec().iter().all(|m| !m.is_castle()));
    // Without the enemy rook the same castle is legal, and the king only moves one square.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/1R1K4 w B - 0 1").unwrap();
    assert!(pos.legal_move_vec().iter().any(|m| m.is_castle()));
}

/// Make and unmake keep every internal table in step with the board (piece lists, their index, the role
/// masks move generation walks, the key) at every node, including promotions, castling and en passant, and
/// unmake restores the position exactly.
/// Perft counts the leaves without listing them (pawns a rank at a time, knights without making moves): at every
/// node of every position's tree to depth 3 the count must equal the length of the full move list. The search's
/// faster `in_check` is checked at the same nodes.
#[test]
fn counting_the_moves_agrees_with_listing_them() {
    fn walk(pos: &mut Position, depth: u32) {
        let moves = pos.legal_move_vec();
        assert_eq!(pos.count_legal_moves(), moves.len(), "{}", pos.to_fen());
        // `in_check` looks for pawns on two squares instead of walking them: it must agree with the full test.
        let us = pos.side_to_move();
        assert_eq!(pos.in_check(), pos.is_square_attacked(pos.king_square(us), !us), "{}", pos.to_fen());
        if depth == 0 {
            return;
        }
        for m in moves {
            let undo = pos.make_move(m);
            walk(pos, depth - 1);
            pos.unmake_move(m, undo);
        }
    }
    for case in cases() {
        walk(&mut Position::from_fen(&case.fen).expect("valid FEN"), 3);
    }
}

#[test]
fn make_and_unmake_keep_the_position_consistent() {
    fn walk(pos: &mut Position, depth: u32) {
        if depth == 0 {
            return;
        }
        for m in pos.legal_move_vec() {
            let before = pos.clone();
            let undo = pos.make_move(m);
            assert!(pos.is_consistent(), "after {m:?} from {before:?}");
            walk(pos, depth - 1);
            pos.unmake_move(m, undo);
            assert!(pos.is_consistent() && *pos == before, "undoing {m:?} from {before:?}");
        }
    }
    for case in cases() {
        walk(&mut Position::from_fen(&case.fen).expect("valid FEN"), 3);
    }
}

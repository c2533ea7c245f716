//! Hostile and random PGN input: never a panic, bounded work; random legal games survive write→read; a
//! Chess960 game written by tabiya replays in another chess library (shakmaty).

use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::pgn::reader::{MAX_COMMENT, MAX_WARNINGS};
use tabiya::game::pgn::{GameTree, MoveNode, WriteOptions, read_games, write_game};
use tabiya::game::{
    ControllerOptions, FakeTime, GameCommand, GameController, GameSetup, PlayerKind, StartPosition, TimeControl,
};
use tabiya::rules::{Position, chess960, to_san};

#[test]
fn an_enormous_comment_is_read_and_cut() {
    let mut src = b"1. e4 {".to_vec();
    src.extend(std::iter::repeat_n(b'x', 20_000_000));
    src.extend(b"} e5 *");
    let g = &read_games(&src)[0];
    assert!(g.error.is_none());
    assert_eq!(g.tree.mainline.moves.len(), 2);
    assert!(g.tree.mainline.moves[0].comment.as_ref().unwrap().len() <= 16 * 1024);
}

#[test]
fn deep_nesting_is_refused_not_recursed() {
    let src = format!("1. e4 {} *", "(1. d4 ".repeat(200_000));
    let g = &read_games(src.as_bytes())[0];
    assert!(g.error.as_ref().unwrap().message.contains("nested more than"));
    let closes = format!("1. e4 {} *", ")".repeat(1000));
    assert!(read_games(closes.as_bytes())[0].error.is_some());
}

#[test]
fn binary_junk_and_broken_structure_are_errors_not_crashes() {
    let junk: Vec<u8> = (0..1_000_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let games = read_games(&junk);
    assert!(games.iter().all(|g| g.error.is_some() || g.tree.mainline.moves.is_empty()));
    for src in [
        "[Event",
        "[Event \"x",
        "[Event \"x\"",
        "[\"x\"]",
        "1. e4 {",
        "1. e4 (",
        "1. e4 )",
        "[A \"b\"]\n\n1. e4 [B \"c\"]",
    ] {
        let games = read_games(src.as_bytes());
        assert!(games.iter().any(|g| g.error.is_some()), "{src}");
    }
    // Short tokens that look half like squares (a rank that is a letter) are errors, not overflows.
    for src in ["1. ab *", "1. Nxe *", "1. Rae *", "1. hh9 *", "1. a1zz *"] {
        assert!(read_games(src.as_bytes())[0].error.is_some(), "{src}");
    }
    let many_tags = "[T \"v\"]\n".repeat(5000) + "\n1. e4 *";
    assert!(read_games(many_tags.as_bytes())[0].error.as_ref().unwrap().message.contains("too many tags"));
}

fn random_game(seed: u64, plies: usize, start: Position) -> GameTree {
    let mut tree = GameTree::new(start.clone());
    let mut pos = start;
    let mut s = seed | 1;
    for _ in 0..plies {
        let moves = pos.legal_move_vec();
        if moves.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let m = moves[(s % moves.len() as u64) as usize];
        let mut node = MoveNode::new(m, to_san(&pos, m));
        if s.is_multiple_of(5) {
            node.comment = Some(format!("note {s}"));
        }
        if s.is_multiple_of(7) {
            node.nags.push((s % 140) as u8);
        }
        if s.is_multiple_of(3) {
            node.clock = Some(Duration::from_secs(s % 5000));
        }
        tree.mainline.moves.push(node);
        pos.make_move(m);
    }
    tree
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_bytes_never_panic_and_give_bounded_output(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let games = read_games(&bytes);
        prop_assert!(games.len() <= bytes.len());
        for g in &games {
            // Every move, tag, comment and warning comes from some bytes of the input, or is bounded by a constant.
            prop_assert!(g.tree.node_count() <= bytes.len());
            prop_assert!(g.headers.pairs.len() <= bytes.len());
            prop_assert!(g.warnings.len() <= MAX_WARNINGS);
            prop_assert!(g.tree.mainline.moves.iter().all(|n| n.comment.as_ref().is_none_or(|c| c.len() <= MAX_COMMENT)));
            prop_assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&g.result.as_str()), "{}", g.result);
        }
    }

    #[test]
    fn what_reads_without_error_is_exported_to_text_that_reads_back_the_same(parts in proptest::collection::vec(
        prop_oneof![
            Just("[Event \"x\"]\n"), Just("[Result \"1-0 {x\"]\n"), Just("[Result \"0-1\"]\n"),
            Just("[White \"a\\\"b\x1b]52\u{202e}\"]\n"), Just("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n"),
            Just("\n"), Just("1."), Just("1... "), Just("e4 "), Just("e2e4 "), Just("e5 "), Just("e7e5 "),
            Just("g1f3 "), Just("Ng1-f3 "), Just("Nf3 "), Just("g8f6 "), Just("b7b8q "), Just("e1g1 "),
            Just("(1... d5) "), Just("{c}"), Just("{x\u{9b}}\u{200b}"), Just(";x\n"), Just("$1 "), Just("!? "),
            Just("1-0 "), Just("0-1 "), Just("* "), Just("\r\n")
        ], 0..40)) {
        let src = parts.concat();
        for g in read_games(src.as_bytes()).iter().filter(|g| g.error.is_none()) {
            let mut text = String::new();
            write_game(&mut text, &g.headers.pairs, &g.tree, &g.result, WriteOptions::default());
            let back = read_games(text.as_bytes());
            prop_assert_eq!(back.len(), 1, "{}", text);
            prop_assert!(back[0].error.is_none(), "{:?}\n{}", back[0].error, text);
            prop_assert!(back[0].warnings.is_empty(), "{:?}\n{}", back[0].warnings, text);
            prop_assert_eq!(&back[0].tree.mainline, &g.tree.mainline);
            prop_assert_eq!(&back[0].result, &g.result);
            let raw = text.chars().any(|c| (c.is_control() && c != '\n') || matches!(c, '\u{202e}' | '\u{200b}'));
            prop_assert!(!raw, "{:?}", text);
        }
    }

    #[test]
    fn arbitrary_pgn_like_text_never_panics(parts in proptest::collection::vec(
        prop_oneof![
            Just("[Event \"x\"]\n"), Just("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"), Just("[Variant \"chess960\"]\n"),
            Just("1."), Just("1..."), Just("e4 "), Just("e5 "), Just("Nf3 "), Just("O-O "), Just("0-0-0 "),
            Just("("), Just(")"), Just("{c}"), Just("{"), Just("}"), Just(";x\n"), Just("$1 "), Just("!? "),
            Just("1-0 "), Just("* "), Just("\r\n"), Just("\n%esc\n"), Just("\u{feff}"), Just("\"")
        ], 0..60)) {
        let _ = read_games(parts.concat().as_bytes());
    }

    #[test]
    fn random_games_survive_write_then_read(seed in any::<u64>(), plies in 0usize..120, n in 0u16..960) {
        let start = if seed.is_multiple_of(2) { Position::startpos() } else {
            let mut p = chess960::start_position(n).unwrap();
            p.set_chess960(true);
            p
        };
        let tree = random_game(seed, plies, start.clone());
        let mut tags = vec![("Event".to_string(), "random".to_string())];
        if start.is_chess960() {
            tags.push(("Variant".into(), "Chess960".into()));
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_fen()));
        }
        let mut text = String::new();
        write_game(&mut text, &tags, &tree, "*", WriteOptions::default());
        let back = read_games(text.as_bytes());
        prop_assert_eq!(back.len(), 1);
        prop_assert!(back[0].error.is_none(), "{:?}\n{}", back[0].error, text);
        prop_assert_eq!(&back[0].tree.mainline, &tree.mainline);
    }
}

/// Replays a PGN game's SAN in shakmaty, an independent implementation, as another program would.
fn replays_in_shakmaty(pgn: &str) -> usize {
    use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen, san::San};
    let fen = pgn.lines().find_map(|l| l.strip_prefix("[FEN \"")).and_then(|l| l.strip_suffix("\"]")).unwrap();
    let mut pos: Chess = Fen::from_ascii(fen.as_bytes()).unwrap().into_position(CastlingMode::Chess960).unwrap();
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    let mut n = 0;
    for tok in movetext.split_whitespace() {
        if tok.ends_with('.') || tok.starts_with('{') || tok.ends_with('}') || tok == "*" || tok.contains("-1") {
            continue;
        }
        let m = San::from_ascii(tok.as_bytes()).unwrap().to_move(&pos).unwrap_or_else(|e| panic!("{tok}: {e}"));
        pos.play_unchecked(m);
        n += 1;
    }
    n
}

#[test]
fn a_chess960_game_written_by_tabiya_opens_in_other_software() {
    let time = FakeTime::new();
    // Start 0 is BBQNNRKR: king and rook next to each other; both sides castle queen-side, the king going from g to c.
    let setup = GameSetup::new(PlayerKind::human("A"), PlayerKind::human("B"))
        .with_start(StartPosition::Chess960(0))
        .with_time_control(TimeControl::fischer(Duration::from_secs(60), Duration::from_secs(1)));
    let mut g = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time.clone()))).unwrap();
    for san in "Nc3 Nc6 Nf3 Nf6 d3 d6 Qd2 Qd7 O-O-O O-O-O".split_whitespace() {
        time.advance(Duration::from_millis(700));
        g.apply(GameCommand::MoveText(san.into())).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    let pgn = g.to_pgn();
    assert!(pgn.contains("[Variant \"Chess960\"]") && pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"60+1\"]") && pgn.contains("[PlyCount \"10\"]"), "{pgn}");
    assert_eq!(replays_in_shakmaty(&pgn), 10);
    let back = &read_games(pgn.as_bytes())[0];
    assert!(back.error.is_none());
    assert_eq!(back.history().position().to_fen(), g.position().to_fen());
}

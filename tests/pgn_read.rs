//! Reading real-world-shaped PGN (lichess, chess.com with CRLF, cutechess and lichess Chess960, a ChessBase-
//! style annotated file), errors that name game, line and token, and write→read round trips.

use std::time::Duration;
use tabiya::game::EvalScore;
use tabiya::game::pgn::{PgnGame, PgnIndex, WriteOptions, read_games, write_game};
use tabiya::rules::{DrawClaim, Status};

fn fixture(name: &str) -> Vec<PgnGame> {
    let path = format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"));
    let games = read_games(&std::fs::read(&path).unwrap());
    for g in &games {
        assert!(g.error.is_none(), "{name} game {}: {}", g.number, g.error.as_ref().unwrap());
    }
    games
}

fn sans(g: &PgnGame) -> Vec<String> {
    g.tree.mainline.moves.iter().map(|n| n.san.clone()).collect()
}

#[test]
fn lichess_export_with_clocks_evals_marks_and_variations() {
    let games = fixture("lichess.pgn");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.headers.get("Opening"), Some("Italian Game: Anti-Fried Liver Defense"));
    assert_eq!(g.result, "0-1");
    let m = &g.tree.mainline.moves;
    assert_eq!(m.len(), 26);
    assert_eq!(m[0].clock, Some(Duration::from_secs(180)));
    assert_eq!(m[0].eval, Some(EvalScore::Cp(18)));
    assert_eq!(m[6].san, "d3");
    assert_eq!(m[6].nags, vec![6]);
    assert_eq!(m[6].comment.as_deref(), Some("(0.46 → -0.15) Inaccuracy. c3 was best."));
    assert_eq!(m[6].variations.len(), 1);
    assert_eq!(m[6].variations[0].moves.len(), 5);
    assert_eq!(m[10].nags, vec![4]);
    assert_eq!(m[20].san, "O-O-O");
    assert_eq!(m[25].comment.as_deref(), Some("White resigns."));
    assert_eq!(games[1].tree.mainline.moves.len(), 8);
    assert_eq!(games[1].number, 2);
}

#[test]
fn chess_com_export_with_crlf_a_fen_and_fractional_clocks() {
    let g = &fixture("chesscom_crlf.pgn")[0];
    assert_eq!(g.tree.start.fullmove_number(), 40);
    assert_eq!(g.tree.mainline.moves[0].clock, Some(Duration::from_millis(301_300)));
    let h = g.history();
    assert_eq!(h.status(), Status::Ongoing);
    assert_eq!(h.claimable(), vec![DrawClaim::ThreefoldRepetition]);
}

#[test]
fn chess960_from_lichess_and_cutechess_agree() {
    let lichess = &fixture("chess960_lichess.pgn")[0];
    let cutechess = &fixture("chess960_cutechess.pgn")[0];
    assert!(lichess.is_chess960() && cutechess.is_chess960());
    assert_eq!(sans(lichess), sans(cutechess));
    assert_eq!(lichess.history().position().to_fen(), cutechess.history().position().to_fen());
    assert!(sans(lichess).contains(&"O-O-O".to_string()));
}

#[test]
fn annotated_file_with_escapes_comments_and_move_numbers_in_every_form() {
    let games = fixture("annotated.pgn");
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].headers.get("Event"), Some("Annotated \"study\" game"));
    assert_eq!(games[0].headers.get("Site"), Some("Somewhere \\ there"));
    assert_eq!(games[0].tree.mainline.comment.as_deref(), Some("The opening comment."));
    assert_eq!(games[0].tree.mainline.moves.len(), 85);
    let v = &games[1].tree.mainline.moves;
    assert_eq!(v[2].nags, vec![1, 14]);
    assert_eq!(v[2].variations.len(), 2);
    let f4 = &v[2].variations[0];
    assert_eq!(f4.moves[0].san, "f4");
    assert_eq!(f4.moves[1].variations[0].moves[0].san, "d5");
    assert_eq!(f4.moves[1].variations[0].moves[1].comment.as_deref(), Some("a line comment"));
    assert_eq!(v[5].comment.as_deref(), Some("[%csl Ga6][%cal Ga6b5]"));
    assert_eq!(v[8].san, "O-O");
    assert_eq!(games[2].tree.mainline.moves.len(), 15);
}

#[test]
fn a_bad_game_is_reported_with_number_line_and_text_and_the_others_still_load() {
    let src = b"[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n\n[Event \"3\"]\n\n1. d4 *\n";
    let games = read_games(src);
    assert_eq!(games.len(), 3);
    assert!(games[0].error.is_none() && games[2].error.is_none());
    let e = games[1].error.as_ref().unwrap();
    assert_eq!((e.line, e.ply, e.token.as_str()), (8, Some(3), "Ke3"));
    assert!(e.message.contains("not a legal move"), "{}", e.message);
    assert_eq!(games[1].tree.mainline.moves.len(), 2, "the moves before the error are kept");
}

#[test]
fn variants_tabiya_does_not_play_are_reported_as_such() {
    let g = &read_games(b"[Event \"x\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n")[0];
    let e = g.error.as_ref().unwrap();
    assert_eq!((e.line, e.token.as_str()), (2, "Atomic"));
    let bad_fen = &read_games(b"[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n")[0];
    assert_eq!(bad_fen.error.as_ref().unwrap().line, 2);
    assert!(e.message.contains("variant 'Atomic' is not played by tabiya"), "{}", e.message);
}

#[test]
fn moves_after_mate_or_an_automatic_draw_are_errors() {
    let mate = &read_games(b"1. f3 e5 2. g4 Qh4# 3. a3 *")[0];
    assert!(mate.error.as_ref().unwrap().message.contains("already over"));
    let dance = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let fivefold = &read_games(format!("{dance} e4 *").as_bytes())[0];
    assert!(fivefold.error.as_ref().unwrap().message.contains("fivefold"));
}

fn round_trip(g: &PgnGame) -> PgnGame {
    let mut text = String::new();
    write_game(
        &mut text,
        &g.headers.pairs,
        &g.tree,
        &g.result,
        WriteOptions { annotations: true, precise_clocks: true },
    );
    let back = read_games(text.as_bytes());
    assert_eq!(back.len(), 1);
    assert!(back[0].error.is_none(), "{}\n{text}", back[0].error.as_ref().unwrap());
    for line in text.lines() {
        assert!(line.chars().count() <= 79, "line too long: {line}");
    }
    back.into_iter().next().unwrap()
}

#[test]
fn every_fixture_survives_write_then_read() {
    for name in ["lichess.pgn", "chesscom_crlf.pgn", "chess960_lichess.pgn", "chess960_cutechess.pgn", "annotated.pgn"]
    {
        for g in fixture(name) {
            let back = round_trip(&g);
            assert_eq!(back.tree.mainline, g.tree.mainline, "{name} game {}", g.number);
            assert_eq!(back.tree.start.to_fen(), g.tree.start.to_fen());
            assert_eq!(back.is_chess960(), g.is_chess960());
            assert_eq!(back.result, g.result);
        }
    }
}

#[test]
fn the_index_finds_games_without_reading_moves() {
    let path = format!("{}/tests/data/pgn/annotated.pgn", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read(path).unwrap();
    let idx = PgnIndex::build(&src);
    assert_eq!(idx.len(), 3);
    assert_eq!(idx.headers(&src, 2).unwrap().get("White"), Some("C"));
    assert_eq!(idx.spans[1].line, 19);
}

#[test]
fn long_algebraic_moves_read_as_python_chess_reads_them() {
    let src = "1. e2e4 g8f6 2. g1-f3 Nb8c6 3. Bf1c4 e7e5 4. e1g1 f8c5 5. d2d4 e5xd4 *";
    let g = &read_games(src.as_bytes())[0];
    assert!(g.error.is_none(), "{}", g.error.as_ref().unwrap());
    assert_eq!(sans(g), ["e4", "Nf6", "Nf3", "Nc6", "Bc4", "e5", "O-O", "Bc5", "d4", "exd4"]);
    let promo = "[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b7b8q Kd7 2. b8=Q... *";
    assert_eq!(sans(&read_games(promo.as_bytes())[0])[..2], ["b8=Q+", "Kd7"]);
}

#[test]
fn an_illegal_long_move_names_the_legal_moves_of_the_piece_it_moves() {
    let g = &read_games(b"1. e4 g8g6 *")[0];
    let e = g.error.as_ref().unwrap();
    assert_eq!((e.ply, e.token.as_str()), (Some(2), "g8g6"));
    assert!(e.message.contains("(legal moves of the knight on g8: N"), "{}", e.message);
    assert!(e.message.contains("Nf6") && e.message.contains("Nh6") && !e.message.contains("e6"), "{}", e.message);
    let e = read_games(b"1. e4 e2e3 *")[0].error.clone().unwrap();
    assert!(e.message.contains("Black has no piece on e2"), "{}", e.message);
    let e = read_games(b"1. Bg1f3 *")[0].error.clone().unwrap();
    assert!(e.message.contains("the piece on g1 is a knight, not a bishop"), "{}", e.message);
    let e = read_games(b"1. e1e2 *")[0].error.clone().unwrap();
    assert!(e.message.contains("the king on e1 has no legal moves"), "{}", e.message);
}

#[test]
fn a_result_tag_that_is_not_a_result_gives_way_to_the_movetext_with_a_warning() {
    let g = &read_games(b"[Event \"x\"]\n[Result \"1-0 {x\"]\n\n1. e4 e5 0-1\n")[0];
    assert_eq!(g.result, "0-1");
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(g.warnings[0].line, 2);
    assert!(g.warnings[0].message.contains("'1-0 {x' is not 1-0, 0-1, 1/2-1/2 or *"), "{}", g.warnings[0]);
    let g = &read_games(b"[Result \"?\"]\n\n1. e4\n")[0];
    assert_eq!(g.result, "*");
    let g = &read_games(b"[Result \"1-0\"]\n\n1. e4 0-1\n")[0];
    assert_eq!(g.result, "1-0");
    assert!(g.warnings[0].message.contains("disagrees with the movetext's result '0-1'"), "{}", g.warnings[0]);
    assert!(read_games(b"[Result \"1-0\"]\n\n1. e4 1-0\n")[0].warnings.is_empty());
}

#[test]
fn a_result_the_final_position_contradicts_is_kept_with_a_warning() {
    let fools =
        |result: &str| read_games(format!("[Result \"{result}\"]\n\n1. f3 e5 2. g4 Qh4# {result}\n").as_bytes());
    let g = &fools("1-0")[0];
    assert_eq!(g.result, "1-0", "the file's result is kept");
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(g.warnings[0].line, 1);
    assert!(
        g.warnings[0].message.contains("contradicts the final position (White is checkmated)"),
        "{}",
        g.warnings[0]
    );
    assert!(fools("1/2-1/2")[0].warnings[0].message.contains("White is checkmated"));
    assert!(fools("0-1")[0].warnings.is_empty());
    assert!(fools("*")[0].warnings.is_empty(), "an unknown result is not a contradiction");
    let stalemate = b"[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n1-0\n";
    assert!(read_games(stalemate)[0].warnings[0].message.contains("(stalemate, a draw)"));
    assert!(read_games(b"[Result \"1-0\"]\n\n1. e4 1-0\n")[0].warnings.is_empty(), "a resignation is no contradiction");
}

#[test]
fn a_cut_comment_is_reported_with_its_line_and_ply() {
    let long = "y".repeat(20_000);
    let src = format!("1. e4 e5\n2. Nf3 {{{long}}} *");
    let g = &read_games(src.as_bytes())[0];
    assert_eq!(g.tree.mainline.moves[2].comment.as_ref().unwrap().len(), 16 * 1024);
    assert_eq!(g.warnings.len(), 1);
    assert_eq!((g.warnings[0].line, g.warnings[0].ply), (2, Some(3)));
    // Two comments that together pass the bound are cut too, and reported.
    let half = "z".repeat(10_000);
    let g = &read_games(format!("1. e4 {{{half}}} {{{half}}} *").as_bytes())[0];
    assert!(g.tree.mainline.moves[0].comment.as_ref().unwrap().len() <= 16 * 1024);
    assert_eq!(g.warnings.len(), 1);
    assert!(read_games(b"1. e4 {short} {two} *")[0].warnings.is_empty());
    let g = &read_games(format!("[Event \"x\"]\n[Site \"{}\"]\n\n1. e4 *", "s".repeat(5000)).as_bytes())[0];
    assert_eq!(g.headers.get("Site").unwrap().len(), 4096);
    assert_eq!(g.warnings[0].to_string(), "line 2: the value of tag 'Site' is cut to 4 KiB");
}

#[test]
fn an_en_passant_mark_after_the_capture_is_read_and_dropped() {
    let g = &read_games(b"1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 4. d4 ep *")[0];
    // After the capture the mark is skipped; anywhere else it is an error as before.
    let e = g.error.as_ref().expect("'ep' after d4 is not an en passant mark");
    assert_eq!((e.line, e.token.as_str()), (1, "ep"));
    let sans: Vec<&str> = g.tree.mainline.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "Nf6", "e5", "d5", "exd6", "exd6", "d4"]);
    let ok = &read_games(b"1. e4 a6 2. e5 d5 3. exd6 EP 3... cxd6 *")[0];
    assert!(ok.error.is_none(), "{:?}", ok.error);
    assert_eq!(ok.tree.mainline.moves.len(), 6);
}

#[test]
fn evaluation_symbols_in_the_movetext_are_read_as_nags() {
    let src = "1. e4 e5 2. Nf3 += Nc6 =+ 3. Bb5+- a6 ± 4. Ba4 ∞ Nf6 -/+ 5. O-O N 5... Be7 = *";
    let g = &read_games(src.as_bytes())[0];
    assert!(g.error.is_none(), "{:?}", g.error);
    let nags: Vec<Vec<u8>> = g.tree.mainline.moves.iter().map(|m| m.nags.clone()).collect();
    let want: [&[u8]; 10] = [&[], &[], &[14], &[15], &[18], &[16], &[13], &[17], &[146], &[10]];
    assert_eq!(nags, want);
    assert_eq!(g.tree.mainline.moves[4].san, "Bb5");
    // A check stays a check, and a suffix that leaves no move is still an error naming the token.
    let check = &read_games("1. e4 f6 2. Qh5++- g6 *".as_bytes())[0];
    assert!(check.error.is_none(), "{:?}", check.error);
    assert_eq!(
        (check.tree.mainline.moves[2].san.as_str(), &check.tree.mainline.moves[2].nags[..]),
        ("Qh5+", &[18u8][..])
    );
    let bad = &read_games("1. e4 e5 2. Zz9+- *".as_bytes())[0];
    assert_eq!(bad.error.as_ref().map(|e| e.token.as_str()), Some("Zz9+-"));
}

#[test]
fn older_promotion_forms_are_read() {
    for (form, want) in [("b8(Q)", "b8=Q"), ("b8/Q", "b8=Q"), ("b8(n)+", "b8=N+"), ("b8Q", "b8=Q"), ("b8=R", "b8=R")] {
        let src = format!("[FEN \"8/1P1k4/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. {form} *");
        let g = &read_games(src.as_bytes())[0];
        assert!(g.error.is_none(), "{form}: {:?}", g.error);
        assert_eq!(g.tree.mainline.moves[0].san, want, "{form}");
    }
}

#[test]
fn a_nag_out_of_range_is_named_whole_in_the_error() {
    let g = &read_games(b"1. e4 $999 e5 *\n")[0];
    let e = g.error.as_ref().expect("an error");
    assert_eq!(e.token, "$999");
    assert!(e.message.contains("0–255"), "{}", e.message);
}

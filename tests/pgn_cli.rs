//! `tabiya pgn` end to end: summaries, JSON lines, export, and the exit status.

use std::process::Command;

fn tabiya(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabiya")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn data(name: &str) -> String {
    format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn summaries_for_good_files_exit_zero() {
    let (ok, out, _) = tabiya(&["pgn", &data("lichess.pgn"), &data("chesscom_crlf.pgn")]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let first = "game 1: wood_pusher – Kn1ghtRider, 0-1, 26 plies, ongoing, C50 Italian Game: Anti-Fried Liver Defense";
    assert!(lines[0].ends_with(first), "{}", lines[0]);
    assert!(lines[2].contains("claimable: threefold_repetition"), "{}", lines[2]);
}

#[test]
fn json_lines_carry_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.pgn");
    std::fs::write(
        &p,
        "[White \"A\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[White \"B\"]\n\n1. e4 Ke7?? 2. Qh5 *\n",
    )
    .unwrap();
    let (ok, out, _) = tabiya(&["pgn", "--json", p.to_str().unwrap()]);
    assert!(!ok, "a game with an error makes the exit status non-zero");
    let games: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g["game"], 1);
    assert_eq!(g["headers"]["White"], "A");
    assert_eq!(g["start_fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g["plies"][3]["san"], "Qh4#");
    assert_eq!(g["plies"][3]["uci"], "d8h4");
    assert_eq!(g["plies"][3]["fen"], g["final_fen"]);
    assert_eq!(g["result"], "0-1");
    assert_eq!(g["status"], "checkmate");
    assert_eq!(g["claimable"], serde_json::json!([]));
    assert!(g["error"].is_null());
    assert_eq!(g["warnings"], serde_json::json!([]));
    let e = &games[1]["error"];
    assert_eq!((e["line"].as_u64(), e["ply"].as_u64(), e["token"].as_str()), (Some(8), Some(2), Some("Ke7")));
    assert!(e["message"].as_str().unwrap().contains("not a legal move"));
}

#[test]
fn export_writes_games_that_read_back_the_same() {
    let (ok, out, _) = tabiya(&["pgn", "--export", &data("annotated.pgn")]);
    assert!(ok);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("again.pgn");
    std::fs::write(&p, &out).unwrap();
    let (ok2, out2, _) = tabiya(&["pgn", "--export", p.to_str().unwrap()]);
    assert!(ok2);
    assert_eq!(out, out2, "export is a fixed point");
    let (_, before, _) = tabiya(&["pgn", "--json", &data("annotated.pgn")]);
    let (_, after, _) = tabiya(&["pgn", "--json", p.to_str().unwrap()]);
    let plies = |s: &str| {
        s.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["plies"].clone()).collect::<Vec<_>>()
    };
    assert_eq!(plies(&before), plies(&after));
}

#[test]
fn a_missing_file_is_reported_and_fails() {
    let (ok, _, err) = tabiya(&["pgn", "/nonexistent/x.pgn"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/x.pgn"), "{err}");
}

#[test]
fn a_file_without_games_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("empty.pgn");
    std::fs::write(&p, "\n\n").unwrap();
    let (ok, out, err) = tabiya(&["pgn", p.to_str().unwrap()]);
    assert!(!ok && out.is_empty());
    assert!(err.contains("no games found"), "{err}");
}

fn write_temp(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// Exports `src`, checks the export reads back with no error and no warning, and returns (export, stderr).
fn export_and_reread(src: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let p = write_temp(&dir, "in.pgn", src);
    let (ok, out, err) = tabiya(&["pgn", "--export", &p]);
    assert!(ok, "{err}");
    let again = write_temp(&dir, "out.pgn", &out);
    let (ok2, summary, err2) = tabiya(&["pgn", &again]);
    assert!(ok2 && err2.is_empty(), "the export does not read back: {err2}\n{out}");
    assert!(!summary.contains("ERROR"), "{summary}");
    (out, err)
}

#[test]
fn a_result_tag_that_is_not_a_result_is_exported_as_a_valid_marker_with_a_warning() {
    let (out, err) = export_and_reread("[Event \"x\"]\n[Result \"1-0 {x\"]\n\n1. e4 e5 *\n");
    assert!(out.contains("[Result \"*\"]") && out.trim_end().ends_with("1. e4 e5 *"), "{out}");
    assert!(err.contains("in.pgn: game 1: warning: line 2: the Result tag '1-0 {x' is not"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let p = write_temp(&dir, "in.pgn", "[Result \"1-0 {x\"]\n\n1. e4 e5 *\n");
    let (_, json, _) = tabiya(&["pgn", "--json", &p]);
    let g: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
    assert_eq!((&g["result"], &g["headers"]["Result"]), (&serde_json::json!("*"), &serde_json::json!("1-0 {x")));
    assert_eq!(g["warnings"][0]["line"], 1);
    let (out, err) = export_and_reread("[Result \"white won\"]\n\n1. e4 e5 1-0\n");
    assert!(out.contains("[Result \"1-0\"]") && out.trim_end().ends_with("1-0"), "{out}");
    assert!(err.contains("game 1: warning"), "{err}");
    let (out, err) = export_and_reread("[Result \"1/2-1/2\"]\n\n1. e4 e5 0-1\n");
    assert!(out.contains("[Result \"1/2-1/2\"]") && out.trim_end().ends_with("1/2-1/2"), "{out}");
    assert!(err.contains("disagrees with the movetext's result '0-1'"), "{err}");
}

#[test]
fn a_comment_cut_on_export_is_reported_with_file_game_and_ply() {
    let long = "word ".repeat(5000);
    let (out, err) =
        export_and_reread(&format!("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5 {{{long}}} *\n"));
    assert!(out.contains("{word word"), "{out}");
    assert!(err.contains("in.pgn: game 2: warning: line 7, ply 2: a comment is cut to 16 KiB"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn long_algebraic_moves_read_and_export_as_san() {
    let (out, err) = export_and_reread("1. e2e4 g8f6 2. g1-f3 Nb8c6 3. Bf1c4 e7e5 4. e1g1 *\n");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("1. e4 Nf6 2. Nf3 Nc6 3. Bc4 e5 4. O-O *"), "{out}");
    // Still illegal: the message lists the knight's moves, not the pawns'.
    let dir = tempfile::tempdir().unwrap();
    let p = write_temp(&dir, "bad.pgn", "1. e2e4 g8e7 *\n");
    let (ok, out, _) = tabiya(&["pgn", &p]);
    assert!(!ok);
    assert!(out.contains("'g8e7' is not a legal move here (legal moves of the knight on g8: N"), "{out}");
    assert!(!out.contains("e6"), "{out}");
}

#[test]
fn openings_are_named_by_position_in_summaries_json_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    // The Ruy Lopez's Morphy Defense reached by a transposed move order, with no ECO or Opening tag.
    let file = dir.path().join("t.pgn");
    std::fs::write(&file, "[White \"A\"]\n[Black \"B\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 4. d3 *\n").unwrap();
    let name = file.to_str().unwrap();
    let (ok, out, _) = tabiya(&["pgn", name]);
    assert!(ok && out.contains("C70 Ruy Lopez: Morphy Defense"), "{out}");
    let (_, json, _) = tabiya(&["pgn", "--json", name]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["opening"], serde_json::json!({ "eco": "C70", "name": "Ruy Lopez: Morphy Defense" }));
    let (_, export, _) = tabiya(&["pgn", "--export", name]);
    assert!(export.contains("[ECO \"C70\"]") && export.contains("[Opening \"Ruy Lopez: Morphy Defense\"]"), "{export}");
}

#[test]
fn a_main_line_pass_is_0000_in_json_and_counts_as_a_ply() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("pass.pgn");
    std::fs::write(&p, "[White \"A\"]\n\n1. e4 e5 2. Nf3 -- 3. Bc4 *\n").unwrap();
    let (ok, out, err) = tabiya(&["pgn", "--json", p.to_str().unwrap()]);
    assert!(ok, "{err}");
    let g: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(g["plies"][3]["san"], "--");
    assert_eq!(g["plies"][3]["uci"], "0000");
    assert_eq!(g["plies"][3]["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    assert_eq!(g["plies"][4]["fen"], g["final_fen"]);
    let (ok, out, _) = tabiya(&["pgn", p.to_str().unwrap()]);
    assert!(ok && out.contains(", 5 plies, ongoing"), "{out}");
}

#[test]
fn latin1_and_utf16_files_keep_their_names_and_comments() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[White \"Müller, Jörg\"]\n[Black \"Bjørn\"]\n[Result \"1-0\"]\n\n1. e4 {für Weiß} e5 1-0\n";
    // Windows-1252, as ChessBase and older collections write; then UTF-16 with a byte order mark.
    let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    for (name, bytes) in [("latin1.pgn", latin1), ("utf16.pgn", utf16)] {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        let (ok, out, err) = tabiya(&["pgn", "--export", p.to_str().unwrap()]);
        assert!(ok, "{name}: {err}");
        assert!(out.contains("[White \"Müller, Jörg\"]") && out.contains("[Black \"Bjørn\"]"), "{name}: {out}");
        assert!(out.contains("{für Weiß}"), "{name}: {out}");
    }
}

#[test]
fn a_fen_start_is_exported_with_set_up_and_a_usable_en_passant_square_only() {
    let src =
        "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 2. Nf3 *\n";
    let (exported, _) = export_and_reread(src);
    assert!(exported.contains("[SetUp \"1\"]"), "{exported}");
    assert!(exported.contains("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]"), "{exported}");
    assert_eq!(exported.matches("[FEN ").count(), 1, "{exported}");
    let standard = "[Event \"y\"]\n\n1. e4 e5 *\n";
    assert!(!export_and_reread(standard).0.contains("SetUp"), "a standard start needs neither tag");
}

//! The rules-core commands of the real binary: `tabiya perft` and `tabiya position`.

use std::process::{Command, Output};

fn tabiya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabiya")).args(args).output().expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_stockfish_format() {
    let o = tabiya(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "Nodes searched: 8902\n");
    assert!(String::from_utf8_lossy(&o.stderr).contains("nodes/s"));
}

#[test]
fn perft_divide_lists_every_root_move() {
    let o = tabiya(&["perft", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
}

#[test]
fn perft_from_fen_and_chess960() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(stdout(&tabiya(&["perft", "3", "--fen", kiwipete])), "Nodes searched: 97862\n");
    assert_eq!(stdout(&tabiya(&["perft", "2", "--chess960", "518"])), "Nodes searched: 400\n");
    // Chess960 castling is printed king-takes-rook.
    let o = tabiya(&["perft", "1", "--divide", "--fen", "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1"]);
    assert!(stdout(&o).contains("b1c1: 1"), "{}", stdout(&o));
}

#[test]
fn position_prints_chess960_fens() {
    let o = tabiya(&["position", "--chess960", "518"]);
    assert_eq!(stdout(&o), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    let o = tabiya(&["position", "--chess960", "0"]);
    assert_eq!(stdout(&o), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n");
    let o = tabiya(&["position", "--chess960", "random"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).split('/').count(), 8);
}

#[test]
fn bad_arguments_fail_with_one_line() {
    for args in [
        &["perft", "3", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3 w KQkq - 0 1"][..],
        &["position", "--chess960", "960"],
        &["position", "--chess960", "abc"],
        &["perft", "2", "--chess960", "1000"],
    ] {
        let o = tabiya(args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    let err = String::from_utf8_lossy(
        &tabiya(&["perft", "1", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3 w KQkq - 0 1"]).stderr,
    )
    .into_owned();
    assert!(err.contains("castling field: no white rook on h1 for 'K'"), "{err}");
}

#[test]
fn argument_errors_are_one_line_too() {
    for args in [&["perft", "x"][..], &["perft"], &["position"], &["perft", "2", "--bogus"]] {
        let o = tabiya(args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

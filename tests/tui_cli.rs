//! The `play` and `review` commands' argument handling, run as the real binary (no terminal needed: each
//! case fails or prints before the terminal would be taken over).

use std::process::{Command, Output, Stdio};

fn tabiya(args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .args(args)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("TABIYA_DATA_DIR", home.path().join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn every_subcommand_has_help() {
    for cmd in ["play", "review"] {
        let o = tabiya(&[cmd, "--help"]);
        assert!(o.status.success());
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains("--config") && text.contains("--data-dir"), "{text}");
    }
    let play = String::from_utf8_lossy(&tabiya(&["play", "--help"]).stdout).into_owned();
    for flag in ["--white", "--black", "--time", "--chess960", "--fen"] {
        assert!(play.contains(flag), "{flag}");
    }
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    let o = tabiya(&["play", "--time", "fast"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("'fast' is not a time control"), "{}", stderr(&o));
    let o = tabiya(&["play", "--white", "computer:13"]);
    assert!(stderr(&o).contains("level 1–12"), "{}", stderr(&o));
    let o = tabiya(&["play", "--chess960", "960", "--white", "human", "--black", "human"]);
    assert!(stderr(&o).contains("0–959"), "{}", stderr(&o));
    let o = tabiya(&["play", "--fen", "not a fen"]);
    assert!(stderr(&o).starts_with("tabiya: --fen:"), "{}", stderr(&o));
    let o = tabiya(&["play", "--chess960", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert!(!o.status.success());
}

#[test]
fn without_a_terminal_play_says_so_instead_of_garbling_output() {
    let o = tabiya(&["play", "--white", "human", "--black", "human", "--time", "untimed"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
}

#[test]
fn review_reports_missing_files_and_games() {
    let o = tabiya(&["review", "/nonexistent/games.pgn"]);
    assert!(stderr(&o).contains("/nonexistent/games.pgn: cannot read"), "{}", stderr(&o));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.pgn");
    std::fs::write(&file, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n").unwrap();
    let o = tabiya(&["review", file.to_str().unwrap(), "--game", "2"]);
    assert!(stderr(&o).contains("there is no game 2 (the file has 1)"), "{}", stderr(&o));
    let o = tabiya(&["review"]);
    assert!(stderr(&o).contains("no saved games"), "{}", stderr(&o));
}

#[test]
fn plain_tabiya_takes_config_and_data_dir() {
    let help = String::from_utf8_lossy(&tabiya(&["--help"]).stdout).into_owned();
    assert!(help.contains("--config") && help.contains("--data-dir"), "{help}");
    // Accepted by the parser: what stops it here is only the missing terminal, and before anything is made
    // on disk (the data folder would be created when missing if a game could be played).
    let dir = tempfile::tempdir().unwrap();
    let (config, data) = (dir.path().join("none.toml"), dir.path().join("data"));
    for args in [&[][..], &["play", "--white", "human", "--black", "human"][..], &["review"][..]] {
        let mut all = args.to_vec();
        all.extend(["--config", config.to_str().unwrap(), "--data-dir", data.to_str().unwrap()]);
        let o = tabiya(&all);
        assert!(!o.status.success(), "{all:?}");
        let err = stderr(&o);
        assert!(err.contains("needs a terminal") || err.contains("no saved games"), "{all:?}: {err}");
        assert!(!data.exists(), "{all:?} made {}", data.display());
    }
}

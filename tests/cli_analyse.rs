//! `tabiya analyse` on the real binary: a game with a planted blunder comes back with `??` on it, the better
//! move in words and as a variation, `[%eval]` on every move and each side's accuracy; the output reads back
//! in tabiya, whose `--json` shows every move's evaluation; an existing output file is never replaced; an
//! analysis is kept and used again (unless `--fresh`), and a saved game's resume tags do not reach the copy.

mod ext_common;

use std::process::Command;

const GAME: &str = "[Event \"Planted\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. d4 {A comment to keep} Qh4 4. Nxh4 *\n";

fn tabiya(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabiya")).args(args).output().unwrap()
}

#[test]
fn a_planted_blunder_is_marked_and_the_output_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let cfg = dir.path().join("none.toml");
    std::fs::write(&cfg, "").unwrap();
    let data = dir.path().to_str().unwrap();
    let out = tabiya(&[
        "analyse",
        input.to_str().unwrap(),
        "--nodes",
        "100000",
        "--config",
        cfg.to_str().unwrap(),
        "--data-dir",
        data,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Qh4 $4") || text.contains("Qh4??"), "{text}");
    assert!(text.contains("Blunder."), "{text}");
    assert!(text.contains("A comment to keep"), "{text}");
    assert!(text.contains("[WhiteAccuracy \"") && text.contains("[BlackACPL \""), "{text}");
    assert_eq!(text.matches("[%eval").count(), 7, "every move has an evaluation: {text}");
    assert!(text.contains("[Annotator \"tabiya analyse, 100000 nodes a position\"]"), "{text}");

    let annotated = dir.path().join("annotated.pgn");
    std::fs::write(&annotated, &text).unwrap();
    let json = tabiya(&["pgn", "--json", annotated.to_str().unwrap()]);
    assert!(json.status.success(), "{}", String::from_utf8_lossy(&json.stderr));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let plies = value["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    assert!(plies.iter().all(|p| p["eval"].is_object()), "{value}");
    assert!(plies[5]["nags"].as_array().unwrap().contains(&serde_json::json!(4)));
}

#[test]
fn an_existing_output_file_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let output = dir.path().join("out.pgn");
    std::fs::write(&output, "mine").unwrap();
    let out = tabiya(&["analyse", input.to_str().unwrap(), "--movetime", "10", "-o", output.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("never replaces"));
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "mine");
}

#[test]
fn one_search_limit_at_a_time() {
    let out = tabiya(&["analyse", "x.pgn", "--nodes", "1000", "--movetime", "100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"), "{out:?}");
}

const SAVED: &str = "[Event \"Saved\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[TabiyaSave \"1\"]\n\
                     [TabiyaState \"in progress\"]\n[TabiyaClocks \"290000 301000\"]\n\n1. e4 e5 2. Qh5 Ke7 *\n";

/// Runs `tabiya analyse` at depth 4 with the kept analyses in `data`.
fn analyse_kept(input: &std::path::Path, data: &std::path::Path, extra: &[&str]) -> (String, String) {
    let cfg = data.join("none.toml");
    std::fs::write(&cfg, "").unwrap();
    let mut args = vec!["analyse", input.to_str().unwrap(), "--depth", "4", "--config", cfg.to_str().unwrap()];
    args.extend(["--data-dir", data.to_str().unwrap()]);
    args.extend(extra);
    let out = tabiya(&args);
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "{stdout}\n{stderr}");
    (stdout, stderr)
}

#[test]
fn an_analysis_is_kept_and_used_again_unless_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("saved.pgn");
    std::fs::write(&input, SAVED).unwrap();
    let (first, note) = analyse_kept(&input, dir.path(), &[]);
    assert!(!note.contains("kept"), "nothing was kept yet: {note}");
    for tag in ["TabiyaSave", "TabiyaState", "TabiyaClocks"] {
        assert!(!first.contains(tag), "the annotated copy is no save to resume: {first}");
    }
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("analysis")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(kept.len(), 1, "{kept:?}");

    // Plant a different (valid) score for the start position: the second run shows it, so it read the file.
    let json = std::fs::read_to_string(&kept[0]).unwrap();
    let mut data: serde_json::Value = serde_json::from_str(&json).unwrap();
    data["positions"][1] = serde_json::json!({ "cp": 777, "depth": 4, "pv": ["e7e5"] });
    std::fs::write(&kept[0], data.to_string()).unwrap();
    let (second, note) = analyse_kept(&input, dir.path(), &[]);
    assert!(note.contains("kept") && note.contains("--fresh"), "{note}");
    assert!(second.contains("[%eval 7.77]"), "{second}");

    let (third, note) = analyse_kept(&input, dir.path(), &["--fresh"]);
    assert!(!note.contains("is used"), "{note}");
    assert!(!third.contains("[%eval 7.77]"), "{third}");
}

#[test]
fn a_bad_configuration_is_named_on_stderr_and_the_analysis_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let cfg = dir.path().join("bad.toml");
    std::fs::write(&cfg, "[engine]\nhash_mb = \"big\"\n").unwrap();
    let data = dir.path().to_str().unwrap();
    let args = ["analyse", input.to_str().unwrap(), "--depth", "2", "--config", cfg.to_str().unwrap()];
    let out = tabiya(&[&args[..], &["--data-dir", data]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let warning = err.lines().find(|l| l.contains("warning")).unwrap_or_else(|| panic!("no warning: {err}"));
    assert!(warning.contains("bad.toml:2") && warning.contains("engine.hash_mb"), "{warning}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches("[%eval").count(), 7);
}

#[test]
fn an_engine_that_gives_no_score_fails_the_analysis_instead_of_inventing_one() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let engine = ext_common::engine_script(dir.path(), "mute.sh", "echo 'bestmove e2e4'");
    let command = format!("uci:{}", engine.display());
    let data = dir.path().to_str().unwrap();
    let out =
        tabiya(&["analyse", input.to_str().unwrap(), "--engine", &command, "--movetime", "50", "--data-dir", data]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("answered the start position with no score"), "{err}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("[%eval"));
}

#[test]
fn the_smallest_node_limit_gives_real_evaluations() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let data = dir.path().to_str().unwrap();
    let out = tabiya(&["analyse", input.to_str().unwrap(), "--nodes", "1", "--data-dir", data]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.matches("[%eval").count(), 7, "{text}");
    assert!(!text.contains("[%eval #0]"), "{text}");
}

#[test]
fn a_failed_analysis_leaves_no_empty_output_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let output = dir.path().join("out.pgn");
    let (i, o) = (input.to_str().unwrap(), output.to_str().unwrap());
    let failed = tabiya(&["analyse", i, "--engine", "uci:/no/such/engine", "-o", o]);
    assert!(!failed.status.success());
    let err = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "the reason once: {err}");
    assert!(!output.exists(), "nothing was analysed, so nothing is written");
    let data = dir.path().to_str().unwrap();
    let done = tabiya(&["analyse", i, "--nodes", "2000", "--data-dir", data, "-o", o]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert!(std::fs::read_to_string(&output).unwrap().contains("[%eval"));
    let missing = dir.path().join("no/such/folder/out.pgn");
    let early = tabiya(&["analyse", i, "--nodes", "2000", "-o", missing.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&early.stderr).contains("there is no folder"));
}

#[test]
fn options_given_before_the_subcommand_apply_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let data = dir.path().join("data");
    let (i, d) = (input.to_str().unwrap(), data.to_str().unwrap());
    let o = tabiya(&["--data-dir", d, "analyse", i, "--nodes", "2000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_dir(data.join("analysis")).unwrap().count(), 1, "the analysis is kept there");
    let twice = tabiya(&["--data-dir", d, "analyse", i, "--data-dir", "/elsewhere"]);
    assert!(String::from_utf8_lossy(&twice.stderr).contains("--data-dir is given twice"));
    let uci = tabiya(&["--config", "x.toml", "uci"]);
    assert!(!uci.status.success());
    assert!(String::from_utf8_lossy(&uci.stderr).contains("not with this one"));
}

#[test]
fn the_configured_engine_timeouts_bound_a_silent_analysis_engine() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pgn");
    std::fs::write(&input, GAME).unwrap();
    let cfg = dir.path().join("quick.toml");
    std::fs::write(&cfg, "[engine]\nhandshake_timeout_seconds = 1\nmove_timeout_seconds = 1\n").unwrap();
    // One engine never finishes the handshake, the other never answers `go`; the defaults wait 10 s and 300 s.
    let mute = ext_common::script(dir.path(), "mute.sh", "#!/bin/sh\nexec sleep 60\n");
    let stuck = ext_common::engine_script(dir.path(), "stuck.sh", "sleep 60");
    for engine in [mute, stuck] {
        let command = format!("uci:{}", engine.display());
        let started = std::time::Instant::now();
        let args = ["analyse", input.to_str().unwrap(), "--engine", &command, "--movetime", "50", "--config"];
        let out = tabiya(&[&args[..], &[cfg.to_str().unwrap()]].concat());
        assert!(!out.status.success());
        assert!(started.elapsed() < std::time::Duration::from_secs(8), "{:?}", started.elapsed());
    }
}

/// A game's analysis does not depend on the games analysed before it in the same run (each starts from a
/// fresh engine), so it matches the game analysed alone, as the kept analyses assume. One search thread, so
/// the searches are deterministic.
#[test]
fn a_games_analysis_is_the_same_whatever_came_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("two.pgn");
    let first = "[Event \"a\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n\n";
    let second = "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n";
    std::fs::write(&input, format!("{first}{second}")).unwrap();
    let cfg = dir.path().join("one.toml");
    std::fs::write(&cfg, "[engine]\nthreads = 1\n").unwrap();
    let run = |extra: &[&str]| {
        let base = ["analyse", input.to_str().unwrap(), "--fresh", "--nodes", "20000", "--data-dir"];
        let paths = [dir.path().to_str().unwrap(), "--config", cfg.to_str().unwrap()];
        let out = tabiya(&[&base[..], &paths, extra].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        text[text.find("1. e4").expect("the second game")..].to_string()
    };
    assert_eq!(run(&[]), run(&["--game", "2"]));
}

//! Nothing from outside reaches the terminal raw: hostile file names, argument values, FEN text, PGN tags and
//! comments come out of every subcommand (stdout and stderr) without ESC, BEL, C1 controls, bidi or zero-width
//! characters; `--json` keeps them, escaped.

use std::process::{Command, Output};

const OSC52: &str = "\x1b]52;c;SGk=\x07";
/// C0 controls, DEL, C1 controls, a bidi override and isolate, zero-width characters.
const HOSTILE: &str = "\x1b[2J\x07\x08\x7f\u{9b}31m\u{202e}\u{2066}\u{200b}\u{feff}";

fn tabiya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabiya")).args(args).output().expect("binary runs")
}

/// Fails with the offending character if the bytes hold anything that acts on a terminal or hides text.
fn assert_inert(what: &str, bytes: &[u8]) {
    let text = std::str::from_utf8(bytes).unwrap_or_else(|e| panic!("{what}: not UTF-8: {e}"));
    for c in text.chars() {
        let bad = (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}')
            || matches!(c, '\u{2060}' | '\u{feff}');
        assert!(!bad, "{what}: U+{:04X} reached the terminal in {text:?}", c as u32);
    }
}

fn assert_output_inert(args: &[&str], o: &Output) {
    assert_inert(&format!("stdout of {args:?}"), &o.stdout);
    assert_inert(&format!("stderr of {args:?}"), &o.stderr);
}

#[test]
fn a_hostile_file_name_is_echoed_clean() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join(format!("x{OSC52}{HOSTILE}.pgn"));
    let missing = missing.to_str().unwrap();
    for args in [&["pgn", missing][..], &["pgn", "--export", missing], &["review", missing]] {
        let o = tabiya(args);
        assert!(!o.status.success());
        assert!(String::from_utf8_lossy(&o.stderr).contains("]52;c;SGk="), "the name is still shown");
        assert_output_inert(args, &o);
    }
    // A real file with that name: its summary lines name it too.
    std::fs::write(missing, "1. e4 e5 *\n").unwrap();
    let o = tabiya(&["pgn", missing]);
    assert!(o.status.success());
    assert_output_inert(&["pgn", missing], &o);
}

#[test]
fn hostile_argument_values_are_echoed_clean() {
    let bad_fen = format!("8/8/8/8/8/8/8/8{OSC52} w - - 0 1");
    let cases: [&[&str]; 5] = [
        &["perft", OSC52],
        &["position", "--chess960", OSC52],
        &["perft", "1", "--chess960", HOSTILE],
        &["perft", "1", "--fen", &bad_fen],
        &["pgn", "--bogus", HOSTILE],
    ];
    for args in cases {
        let o = tabiya(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
        assert_output_inert(args, &o);
    }
}

fn hostile_pgn() -> String {
    format!(
        "[Event \"e{HOSTILE}\"]\n[White \"w{OSC52}\"]\n[Black \"b{HOSTILE}\"]\n[Annotator \"a{OSC52}\"]\n\
         [Result \"1-0\"]\n\n{{c{OSC52}{HOSTILE}}} 1. e4 {{after{HOSTILE}\nline two}} e5 \
         (1... c5 {{v{OSC52}}}) 1-0\n\n\
         [White \"x{OSC52}\"]\n[Variant \"v{HOSTILE}\"]\n\n1. e4 *\n\n\
         [White \"y{HOSTILE}\"]\n\n1. e4 Ke7{HOSTILE} *\n"
    )
}

#[test]
fn hostile_tags_and_comments_come_out_clean_in_summaries_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("hostile.pgn");
    std::fs::write(&p, hostile_pgn()).unwrap();
    let p = p.to_str().unwrap();
    for args in [&["pgn", p][..], &["pgn", "--export", p]] {
        let o = tabiya(args);
        assert!(!o.status.success(), "two of the games have errors");
        assert_output_inert(args, &o);
    }
    let export = tabiya(&["pgn", "--export", p]);
    let text = String::from_utf8(export.stdout).unwrap();
    assert!(text.contains("[White \"w ]52;c;SGk= \"]") && text.contains("{after [2J 31m line two}"), "{text}");
}

#[test]
fn json_keeps_hostile_text_exact_but_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("hostile.pgn");
    std::fs::write(&p, hostile_pgn()).unwrap();
    let o = tabiya(&["pgn", "--json", p.to_str().unwrap()]);
    assert_output_inert(&["pgn", "--json"], &o);
    let first: serde_json::Value = serde_json::from_slice(o.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    // The reader already turned control characters into spaces; the bidi and zero-width ones survive in the
    // value, escaped as \u202e and so on in the text.
    assert_eq!(first["headers"]["Event"], "e [2J    31m\u{202e}\u{2066}\u{200b}\u{feff}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("\\u202e"));
}

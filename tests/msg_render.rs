//! Every message and key hint readable at 80×24 and at 200×60 (issue 13, item 4): drawn into ratatui's
//! `TestBackend`, each message must be on screen whole — wrapped over rows at word boundaries is fine, cut is
//! not — and each screen's hint line keeps help and quit and holds only whole hints.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use tabiya::game::FakeTime;
use tabiya::rules::Color;
use tabiya::tui::action::{Action, Command};
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::{Config, parse};
use tabiya::tui::dialog::{Choice, Dialog, Picker};
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::screen;

const SIZES: [(u16, u16); 2] = [(80, 24), (200, 60)];

fn app_with(config: Config, errors: Vec<tabiya::tui::config::ConfigError>) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    App::new(config, keymap, errors, AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) })
}

fn app() -> App {
    app_with(Config::default(), Vec::new())
}

fn two_people(app: &mut App) {
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: "5+3".parse().unwrap(),
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
}

fn play(app: &mut App, moves: &[&str]) {
    for m in moves {
        for c in m.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    }
}

fn render(app: &mut App, (width, height): (u16, u16)) -> Vec<String> {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>()).collect()
}

/// The screen's text with rows joined: box borders and runs of spaces fold into one space, so a message
/// wrapped over rows (inside a box or not) reads as it was written.
fn joined(lines: &[String]) -> String {
    let text: Vec<String> = lines.iter().map(|l| l.trim_matches(|c: char| c == '│' || c == ' ').to_string()).collect();
    squash(&text.join(" "))
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The message is on screen whole.
fn assert_whole(lines: &[String], message: &str) {
    assert!(joined(lines).contains(&squash(message)), "not whole on screen: {message}\n{}", lines.join("\n"));
}

/// The row holding the key hints (the one with the help key), split into its hints.
fn hint_row(lines: &[String]) -> Vec<String> {
    let row = lines.iter().rev().find(|l| l.contains("F1 help")).unwrap_or_else(|| panic!("{}", lines.join("\n")));
    let row = row.trim_matches(|c: char| c == '│' || c == ' ');
    row.split(" · ").map(str::to_string).collect()
}

fn assert_hints(lines: &[String], known: &[&str]) {
    let hints = hint_row(lines);
    for required in ["F1 help", "Ctrl+Q quit"] {
        assert!(hints.iter().any(|h| h == required), "{required} missing: {hints:?}");
    }
    for h in &hints {
        assert!(known.contains(&h.as_str()) || h == "F1 help" || h == "Ctrl+Q quit", "a cut or unknown hint: {h:?}");
    }
}

#[test]
fn the_play_screen_hint_line_keeps_help_and_quit_and_only_whole_hints() {
    let known = ["Ctrl+R resign", "Ctrl+D draw", "Ctrl+Z takeback", "Ctrl+N new", "Ctrl+F flip", "F3 hint"];
    for size in SIZES {
        let mut a = app();
        two_people(&mut a);
        let lines = render(&mut a, size);
        assert_hints(&lines, &known);
        if size.0 == 200 {
            assert_eq!(hint_row(&lines).len(), 8, "everything fits at 200 columns");
        }
    }
}

#[test]
fn a_long_status_wraps_instead_of_being_cut() {
    for size in SIZES {
        let mut a = app();
        two_people(&mut a);
        play(&mut a, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
        a.update(Action::Command(Command::Draw));
        let lines = render(&mut a, size);
        assert_whole(
            &lines,
            "Black to move · Black offers a draw with the next move (Ctrl+D withdraws it) · a move can claim a \
             draw: type it, then Ctrl+D",
        );
        assert_hints(
            &lines,
            &["Ctrl+R resign", "Ctrl+D draw", "Ctrl+Z takeback", "Ctrl+N new", "Ctrl+F flip", "F3 hint"],
        );
    }
}

#[test]
fn a_refused_move_is_readable() {
    for size in SIZES {
        let mut a = app();
        // `bxc3` is both the b-pawn's capture and the bishop's: the refusal names both, and must be read whole.
        let spec = NewGameSpec {
            white: PlayerSpec::Human,
            black: PlayerSpec::Human,
            time: "5+3".parse().unwrap(),
            start: StartSpec::Fen("4k3/8/8/4b3/1p6/2N5/8/4K3 b - - 0 1".into()),
        };
        a.start_game(&spec).unwrap();
        play(&mut a, &["bxc3"]);
        let error = a.play.as_ref().unwrap().line.error().expect("refused").to_string();
        assert!(error.contains("Bxc3") && error.contains("bxc3"), "{error}");
        let lines = render(&mut a, size);
        assert_whole(&lines, &error);
    }
}

#[test]
fn every_configuration_error_is_shown_whole_on_the_new_game_screen() {
    let text = "[game]\nlevel = 99\n[display]\ntheme = \"a-theme-name-that-does-not-exist-anywhere-at-all\"\n\
                [keys]\nresign = [\"hyper+r\"]\n";
    let loaded = parse(text, "/home/someone/with/a/rather/long/path/to/the/tabiya/config/config.toml");
    assert_eq!(loaded.errors.len(), 3);
    for size in SIZES {
        let mut a = app_with(loaded.config.clone(), loaded.errors.clone());
        let lines = render(&mut a, size);
        for e in &loaded.errors {
            assert_whole(&lines, &e.to_string());
            if size.0 == 200 && e.to_string().chars().count() <= 190 {
                // A wide terminal shows each error on one row.
                assert!(
                    lines.iter().any(|l| squash(l.trim_matches(|c| c == '│' || c == ' ')) == squash(&e.to_string()))
                );
            }
        }
        assert!(joined(&lines).contains("Enter start · F1 help · Ctrl+Q quit"), "{}", lines.join("\n"));
    }
}

#[test]
fn dialogs_grow_with_the_terminal_and_wrap() {
    let reason = "the disk is full (No space left on device, os error 28) while writing \
                  /home/someone/.local/share/tabiya/games/2026-11-23-1200-Ann-vs-Bob.pgn";
    let message = "Stockfish (/usr/games/stockfish) stopped answering: no bestmove 30 s after its clock ran out, \
                   and it did not answer isready either";
    for size in SIZES {
        let mut a = app();
        two_people(&mut a);
        a.dialog = Some(Dialog::QuitUnsaved { reason: reason.into() });
        let lines = render(&mut a, size);
        assert_whole(&lines, &format!("Not saved: {reason}"));
        assert_whole(&lines, "s save it as PGN elsewhere · q quit anyway · Esc keep playing");
        let picker = Picker { choices: vec![Choice::Level(3), Choice::Level(8)], index: 0 };
        a.dialog = Some(Dialog::EngineFailed { color: Color::Black, message: message.into(), picker });
        let lines = render(&mut a, size);
        assert_whole(&lines, message);
        assert_whole(&lines, "The clocks are stopped. Who plays Black now?");
    }
}

const GAMES: &str = "[Event \"A very long event name: the Northern Counties Chess Championship\"]\n\
    [White \"Anderssen, Adolf Karl Ernst\"]\n[Black \"Kieseritzky, Lionel Adalbert Bagration Felix\"]\n\
    [Date \"1851.06.21\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. f4 exf4 1-0\n\n\
    [Event \"Second\"]\n[White \"Cy\"]\n[Black \"Di\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
    [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 *\n";

#[test]
fn the_review_list_keeps_its_variant_column_and_keys() {
    for size in SIZES {
        let mut a = app();
        a.open_review("games.pgn", GAMES.as_bytes().to_vec(), None).unwrap();
        let lines = render(&mut a, size);
        assert!(lines.iter().any(|l| l.contains("Variant")), "{}", lines.join("\n"));
        assert!(lines.iter().any(|l| l.contains("Chess960") && l.contains("Cy")), "{}", lines.join("\n"));
        assert!(lines.iter().any(|l| l.contains("1851.06.21") && l.contains("1-0")), "{}", lines.join("\n"));
        if size.0 == 200 {
            assert!(lines.iter().any(|l| l.contains("Kieseritzky, Lionel")), "{}", lines.join("\n"));
        }
        assert!(lines.iter().any(|l| l.contains("Enter open") && l.contains("Ctrl+Q quit")), "{}", lines.join("\n"));
    }
}

#[test]
fn the_review_screen_keeps_help_and_quit_and_shows_a_long_notice_whole() {
    for size in SIZES {
        let mut a = app();
        a.open_review("games.pgn", GAMES.as_bytes().to_vec(), Some(1)).unwrap();
        let lines = render(&mut a, size);
        let hints = hint_row(&lines);
        assert!(hints.iter().any(|h| h == "Ctrl+Q quit"), "{hints:?}");
        let notice = "The analysed game could not be saved: /home/someone/games/analysed/this-is-a-long-file-name-analysed.pgn: \
                      permission denied (os error 13)";
        if let tabiya::tui::app::Screen::Review(r) = &mut a.screen {
            r.notice = Some(notice.into());
        }
        let lines = render(&mut a, size);
        assert_whole(&lines, notice);
    }
}

#[test]
fn configuration_errors_are_whole_in_a_game_started_at_once() {
    let text = "[game]\nlevel = 99\n[display]\ntheme = \"a-theme-name-that-does-not-exist-anywhere-at-all\"\n\
                [keys]\nresign = [\"hyper+r\"]\n";
    let loaded = parse(text, "/home/someone/.config/tabiya/config.toml");
    for size in SIZES {
        let mut a = app_with(loaded.config.clone(), loaded.errors.clone());
        two_people(&mut a);
        let lines = render(&mut a, size);
        for e in &loaded.errors {
            assert_whole(&lines, &e.to_string());
        }
        assert_hints(
            &lines,
            &["Ctrl+R resign", "Ctrl+D draw", "Ctrl+Z takeback", "Ctrl+N new", "Ctrl+F flip", "F3 hint"],
        );
    }
}

#[test]
fn every_dialog_reads_whole_at_both_sizes() {
    let summary = "Ann Longname-Featherstonehaugh – tabiya level 4 · 2026.11.23 14:05 · 37 moves · 4:58 · 5:02 · \
                   file 2026-11-23-1405-Ann_Longname-Featherstonehaugh-vs-tabiya-level-4.pgn";
    let path = std::path::PathBuf::from("/tmp/x.pgn");
    let picker = || Picker { choices: vec![Choice::Level(3), Choice::Person, Choice::Review], index: 0 };
    let dialogs: Vec<(Dialog, Vec<String>)> = vec![
        (Dialog::ConfirmResign, vec!["Resign this game?".into(), "Enter/y resign · Esc/n keep playing".into()]),
        (Dialog::TakebackRequested { by: Color::Black }, vec!["Black asks to take back a move.".into()]),
        (
            Dialog::SavePath {
                text: "/home/ann/games/a-rather-long-name-for-a-game-file-kept-for-later.pgn".into(),
                error: Some("/home/ann/games/a-rather-long-name-for-a-game-file-kept-for-later.pgn exists: tabiya never replaces a file; give another name".into()),
                then_quit: false,
            },
            vec!["tabiya never replaces a file; give another name".into(), "Enter save · Esc cancel".into()],
        ),
        (
            Dialog::OpenElsewhere { path: path.clone(), summary: summary.into() },
            vec![summary.into(), "r review it · Enter/Esc start a new game".into()],
        ),
        (
            Dialog::Resume { path: path.clone(), summary: summary.into() },
            vec![summary.into(), "Enter/y resume it · Esc/n start a new game".into()],
        ),
        (
            Dialog::UnknownEngine {
                path,
                summary: summary.into(),
                message: "The file names an engine that is not in your configuration: uci:Stockfish 17 (NNUE, 8 threads)".into(),
                picker: picker(),
            },
            vec![summary.into(), "Nothing was run. Who plays that side instead?".into(), "Review the game instead".into()],
        ),
    ];
    for size in SIZES {
        for (dialog, texts) in &dialogs {
            let mut a = app();
            two_people(&mut a);
            a.dialog = Some(dialog.clone());
            let lines = render(&mut a, size);
            for t in texts {
                assert_whole(&lines, t);
            }
        }
    }
}

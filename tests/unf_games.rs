//! The unfinished games of the save folder, in the game layer: listed newest first with players, moves and
//! clocks; abandoned into a finished PGN that is never offered again; corrupt, oversized and foreign files
//! never break the list; a game open in another tabiya is marked; a game with no move leaves no file.

mod common_game;

use common_game::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::pgn::read_games;
use tabiya::game::save_lock::GameLock;
use tabiya::game::{
    ControllerOptions, FakeTime, GameController, GameError, GameSetup, PlayerKind, SaveStore, StartPosition,
    TimeControl,
};

/// A save file as tabiya writes it, in progress, begun at `date` `time`, with `moves` (each with a `%clk`).
fn save_text(white: &str, black: &str, date: &str, time: &str, moves: &str) -> String {
    format!(
        "[Event \"Casual game\"]\n[Site \"tabiya\"]\n[Date \"{date}\"]\n[Round \"-\"]\n[White \"{white}\"]\n\
         [Black \"{black}\"]\n[Result \"*\"]\n[UTCTime \"{time}\"]\n[TimeControl \"300+3\"]\n[TabiyaSave \"1\"]\n\
         [TabiyaState \"in progress\"]\n[TabiyaWhite \"human:{white}\"]\n[TabiyaBlack \"human:{black}\"]\n\n{moves} *\n"
    )
}

const MOVES: &str = "1. e4 {[%clk 0:05:01]} c5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:04:58]} d6 {[%clk 0:04:40]}";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Three unfinished games begun at different times, written in an order unlike their age, and a finished one.
fn folder() -> (tempfile::TempDir, [PathBuf; 3]) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let middle = write(d, "b.pgn", &save_text("Bea", "Cy", "2025.03.02", "10:00:00", "1. d4 {[%clk 0:05:00]}"));
    let newest = write(d, "a.pgn", &save_text("Ann", "Bo", "2025.03.05", "09:30:00", MOVES));
    let oldest = write(d, "c.pgn", &save_text("Cal", "Di", "2025.01.20", "23:59:00", ""));
    let finished =
        save_text("Fay", "Gus", "2025.04.01", "08:00:00", "1. e4 e5").replace("[TabiyaState \"in progress\"]\n", "");
    write(d, "z-finished.pgn", &finished.replace("\n *\n", "\n 1/2-1/2\n"));
    write(d, "other-program.pgn", "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n");
    (dir, [newest, middle, oldest])
}

#[test]
fn a_folder_with_several_unfinished_games_lists_them_newest_first() {
    let (dir, [newest, middle, oldest]) = folder();
    let list = SaveStore::open(dir.path()).unwrap().unfinished(None).unwrap();
    let paths: Vec<&Path> = list.games.iter().map(|g| g.path.as_path()).collect();
    assert_eq!(paths, [newest.as_path(), middle.as_path(), oldest.as_path()]);
    let first = &list.games[0];
    assert_eq!((first.white.as_str(), first.black.as_str(), first.plies), ("Ann", "Bo", 4));
    assert_eq!(first.clocks, Some([secs(298), secs(280)]), "each side's last clock");
    assert_eq!(list.games[2].clocks, Some([secs(300), secs(300)]), "no move yet: the starting time");
    assert!(list.unreadable.is_empty(), "a finished game and another program's file are not problems");
    assert_eq!(list.others, 1, "another program's file is counted as skipped");
    assert!(!first.open_elsewhere);
}

#[test]
fn abandon_marks_the_file_keeps_every_move_and_it_is_not_listed_again() {
    let (dir, [newest, _, _]) = folder();
    let store = SaveStore::open(dir.path()).unwrap();
    store.abandon(&newest).unwrap();

    let list = store.unfinished(None).unwrap();
    assert_eq!(list.games.len(), 2);
    assert!(list.games.iter().all(|g| g.path != newest), "not offered again");
    // Still there, a valid PGN with all moves and clocks, finished with `*` and saying it was abandoned.
    let text = std::fs::read_to_string(&newest).unwrap();
    let games = read_games(text.as_bytes());
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert!(g.error.is_none(), "{text}");
    let sans: Vec<&str> = g.tree.mainline.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "c5", "Nf3", "d6"]);
    assert_eq!(g.tree.mainline.moves[3].clock, Some(secs(280)));
    assert_eq!(g.headers.get("Result"), Some("*"));
    assert_eq!(g.headers.get("Termination"), Some("abandoned"));
    assert_eq!(g.headers.get("TabiyaState"), Some("abandoned"));
    assert!(text.contains("Abandoned on"), "{text}");
    // The review listing still has it, as a finished game.
    let all = store.list().unwrap();
    assert!(all.games.iter().any(|s| s.path == newest && !s.in_progress));
    // Abandoning it again is refused and changes nothing.
    assert!(matches!(store.abandon(&newest), Err(GameError::NotResumable { .. })));
    assert_eq!(std::fs::read_to_string(&newest).unwrap(), text);
}

#[test]
fn corrupt_oversized_and_odd_files_do_not_break_the_list() {
    let (dir, [newest, middle, oldest]) = folder();
    let d = dir.path();
    // A tabiya file whose moves are broken, one of pure noise, one too large, and a directory named like a game.
    write(d, "broken.pgn", &save_text("X", "Y", "2025.06.01", "00:00:00", "1. e4 e4"));
    std::fs::write(d.join("noise.pgn"), [0xff_u8, 0x00, 0x1b, b'[', 0xfe]).unwrap();
    let huge = save_text("H", "I", "2025.06.02", "00:00:00", &format!("1. e4 {{{}}}", "x".repeat(2 << 20)));
    write(d, "huge.pgn", &huge);
    std::fs::create_dir(d.join("dir.pgn")).unwrap();

    let list = SaveStore::open(d).unwrap().unfinished(None).unwrap();
    let paths: Vec<&Path> = list.games.iter().map(|g| g.path.as_path()).collect();
    assert_eq!(paths, [newest.as_path(), middle.as_path(), oldest.as_path()], "the good games are all there");
    let reason = |name: &str| {
        list.unreadable.iter().find(|p| p.path.ends_with(name)).map(|p| p.reason.clone()).unwrap_or_default()
    };
    assert!(reason("broken.pgn").starts_with("corrupt"), "{:?}", list.unreadable);
    assert!(reason("huge.pgn").contains("too large"), "{:?}", list.unreadable);
    assert_eq!(list.others, 2, "the noise and the other program's file are skipped, and counted");
}

/// A FIFO named like a game, and one in place of a game's lock file, would block a plain opening for ever
/// (until a writer comes): the list is made at once, the FIFO game reported.
#[cfg(unix)]
#[test]
fn fifos_in_the_games_folder_do_not_block_the_list() {
    let (dir, [newest, middle, oldest]) = folder();
    let d = dir.path().to_path_buf();
    let mkfifo = |p: &Path| assert!(std::process::Command::new("mkfifo").arg(p).status().unwrap().success());
    mkfifo(&d.join("pipe.pgn"));
    std::fs::create_dir_all(d.join(".locks")).unwrap();
    mkfifo(&d.join(".locks").join(format!("{}.lock", newest.file_name().unwrap().to_string_lossy())));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(SaveStore::open(&d).unwrap().unfinished(None).unwrap()));
    let list = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("the list is made without waiting");
    let paths: Vec<&Path> = list.games.iter().map(|g| g.path.as_path()).collect();
    assert_eq!(paths, [newest.as_path(), middle.as_path(), oldest.as_path()]);
    let fifo = list.unreadable.iter().find(|p| p.path.ends_with("pipe.pgn")).expect("the FIFO is reported");
    assert!(fifo.reason.contains("a FIFO, not a regular file"), "{}", fifo.reason);
}

#[test]
fn a_game_open_in_another_tabiya_is_marked_and_cannot_be_abandoned() {
    let (dir, [newest, _, _]) = folder();
    let store = SaveStore::open(dir.path()).unwrap();
    let held = GameLock::acquire(&newest).unwrap();
    let list = store.unfinished(None).unwrap();
    assert!(list.games[0].open_elsewhere);
    assert!(!list.games[1].open_elsewhere);
    let before = std::fs::read_to_string(&newest).unwrap();
    assert!(matches!(store.abandon(&newest), Err(GameError::OpenElsewhere { .. })));
    assert_eq!(std::fs::read_to_string(&newest).unwrap(), before);
    drop(held);
    assert!(!store.unfinished(None).unwrap().games[0].open_elsewhere);
}

/// A new game's file exists empty, locked, until its first save lands: a listing made at that moment leaves
/// it out. An empty file nobody holds (left by a crash before the first save) is reported as empty.
#[test]
fn an_empty_file_is_left_out_while_its_game_is_being_started_and_reported_after() {
    let (dir, [newest, _, _]) = folder();
    let starting = dir.path().join("2026-11-29-1200-Ann-vs-Bo.pgn");
    let held = GameLock::acquire(&starting).unwrap();
    std::fs::write(&starting, b"").unwrap();
    let store = SaveStore::open(dir.path()).unwrap();
    let listing = store.list().unwrap();
    assert!(listing.problems.iter().all(|p| p.path != starting), "{:?}", listing.problems);
    let list = store.unfinished(None).unwrap();
    assert!(list.unreadable.is_empty() && list.others == 1, "{:?} {}", list.unreadable, list.others);
    assert_eq!(list.games[0].path, newest);
    drop(held);
    let list = store.unfinished(None).unwrap();
    assert_eq!(list.unreadable.len(), 1, "{:?}", list.unreadable);
    assert!(list.unreadable[0].path == starting && list.unreadable[0].reason.starts_with("empty"));
}

#[test]
fn the_game_in_play_is_left_out_of_its_own_list() {
    let (dir, [newest, middle, _]) = folder();
    let list = SaveStore::open(dir.path()).unwrap().unfinished(Some(&newest)).unwrap();
    assert_eq!(list.games[0].path, middle);
}

fn saving(dir: &Path, time: &FakeTime) -> GameController {
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::human("Bob"))
        .with_time_control(TimeControl::fischer(secs(300), secs(3)))
        .with_start(StartPosition::Standard);
    let options =
        ControllerOptions::default().with_time(Arc::new(time.clone())).with_saves(SaveStore::open(dir).unwrap());
    GameController::new(setup, options).unwrap()
}

#[test]
fn a_game_quit_before_its_first_move_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let g = saving(dir.path(), &t);
    drop(g);
    let store = SaveStore::open(dir.path()).unwrap();
    assert!(store.list().unwrap().games.is_empty());
    assert!(store.unfinished(None).unwrap().games.is_empty());

    // One with a move is kept and listed, with its clock.
    let mut g = saving(dir.path(), &t);
    play(&mut g, &t, "e4", Duration::from_secs(7));
    drop(g);
    let list = store.unfinished(None).unwrap();
    assert_eq!(list.games.len(), 1);
    assert_eq!(list.games[0].plies, 1);
    assert_eq!(list.games[0].clocks, Some([secs(296), secs(300)]));
}

#[test]
fn a_save_whose_moves_pass_can_be_reviewed_but_not_resumed() {
    // tabiya never writes a pass into a game, but a hand-edited save may hold one: refused with the reason.
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "pass.pgn", &save_text("Ann", "Bo", "2025.03.05", "09:30:00", "1. e4 -- 2. d4"));
    let err = GameController::resume(&path, ControllerOptions::default()).err().expect("refused");
    assert!(err.to_string().contains("null move"), "{err}");
    let games = read_games(std::fs::read(&path).unwrap().as_slice());
    assert!(games[0].error.is_none() && games[0].tree.mainline_passes());
}

//! Saved games: written after every move, listed, resumed with clocks; foreign and corrupt files reported and
//! left alone; and a process killed with SIGKILL mid-game leaves a resumable game with every move.

mod common_game;

use common_game::*;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{
    ControllerOptions, FakeTime, GameCommand, GameController, GameSetup, PlayerKind, SaveStore, StartPosition,
    TimeControl,
};
use tabiya::rules::Color;

fn saving_game(dir: &Path, time: &FakeTime, tc: TimeControl, start: StartPosition) -> GameController {
    let setup =
        GameSetup::new(PlayerKind::human("Ann"), PlayerKind::human("Bob")).with_time_control(tc).with_start(start);
    let options =
        ControllerOptions::default().with_time(Arc::new(time.clone())).with_saves(SaveStore::open(dir).unwrap());
    GameController::new(setup, options).unwrap()
}

#[test]
fn every_move_is_saved_and_the_game_resumes_with_its_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let mut g = saving_game(dir.path(), &t, TimeControl::fischer(secs(180), secs(2)), StartPosition::Standard);
    play(&mut g, &t, "e4 c5 Nf3", Duration::from_millis(1_234));
    let path = g.save_path().unwrap().to_path_buf();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-Ann-vs-Bob.pgn"), "{name}");
    let (w, b) = (g.clock(Color::White), g.clock(Color::Black));
    drop(g);

    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    let saved: Vec<_> = listing.unfinished().collect();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].plies, 3);

    let t2 = FakeTime::new();
    let r =
        GameController::resume(&saved[0].path, ControllerOptions::default().with_time(Arc::new(t2.clone()))).unwrap();
    assert_eq!(r.san_list(), vec!["e4", "c5", "Nf3"]);
    assert_eq!((r.clock(Color::White), r.clock(Color::Black)), (w, b));
    assert_eq!(r.moves()[2].spent, Duration::from_millis(1_234));
    assert_eq!(r.player(Color::Black), &PlayerKind::human("Bob"));
    assert_eq!(r.save_path(), Some(path.as_path()));
}

#[test]
fn a_finished_game_stays_as_an_ordinary_pgn_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let mut g = saving_game(dir.path(), &t, TimeControl::untimed(), StartPosition::Standard);
    play(&mut g, &t, "f3 e5 g4 Qh4#", Duration::ZERO);
    let path = g.save_path().unwrap().to_path_buf();
    drop(g); // writes what is waiting and lets go of the game
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Result \"0-1\"]") && text.contains("Qh4# {Black wins by checkmate} 0-1"), "{text}");
    assert!(!text.contains("TabiyaState"));
    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert_eq!(listing.unfinished().count(), 0);
    assert_eq!(listing.games.len(), 1);
    let refused = GameController::resume(&path, ControllerOptions::default()).err().unwrap();
    assert!(refused.to_string().contains("finished"), "{refused}");
}

#[test]
fn foreign_and_corrupt_files_are_reported_and_never_touched() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("2099-01-01-0000-Ann-vs-Bob.pgn");
    let notes = dir.path().join("notes.txt");
    let corrupt = dir.path().join("broken.pgn");
    let foreign_text = "[Event \"mine\"]\n\n1. e4 *\n";
    let corrupt_text = "[TabiyaSave \"1\"]\n[TabiyaState \"in progress\"]\n\n1. e4 e4 *\n";
    std::fs::write(&foreign, foreign_text).unwrap();
    std::fs::write(&notes, "hello").unwrap();
    std::fs::write(&corrupt, corrupt_text).unwrap();
    let t = FakeTime::new();
    let mut g = saving_game(dir.path(), &t, TimeControl::untimed(), StartPosition::Standard);
    play(&mut g, &t, "d4 d5", Duration::ZERO);
    g.flush_saves(Duration::from_secs(10));
    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert_eq!(listing.games.len(), 1);
    assert_eq!(listing.problems.len(), 3, "{:?}", listing.problems);
    assert!(listing.problems.iter().any(|p| p.path == corrupt && p.reason.contains("corrupt")));
    assert!(listing.problems.iter().any(|p| p.path == foreign && p.reason.contains("not written by tabiya")));
    assert!(GameController::resume(&foreign, ControllerOptions::default()).is_err());
    assert_eq!(std::fs::read_to_string(&foreign).unwrap(), foreign_text);
    assert_eq!(std::fs::read_to_string(&corrupt).unwrap(), corrupt_text);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "hello");
}

#[test]
fn a_chess960_game_resumes_as_chess960() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let mut g = saving_game(dir.path(), &t, TimeControl::untimed(), StartPosition::Chess960(0));
    play(&mut g, &t, "b4 b5", Duration::ZERO);
    let (path, fen) = (g.save_path().unwrap().to_path_buf(), g.start_position().to_fen());
    drop(g);
    let r = GameController::resume(&path, ControllerOptions::default()).unwrap();
    assert!(r.start_position().is_chess960());
    assert_eq!(r.chess960_number(), Some(0));
    assert_eq!(r.start_position().to_fen(), fen);
}

/// The child half of the kill test: plays moves with saving on, printing each ply and the clocks, then
/// waits to be killed. Does nothing unless run by the parent.
#[test]
fn kill_test_child() {
    let Some(dir) = std::env::var_os("TABIYA_KILL_TEST_DIR") else { return };
    let t = FakeTime::new();
    let mut g = saving_game(Path::new(&dir), &t, TimeControl::fischer(secs(300), secs(5)), StartPosition::Standard);
    for (i, san) in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7".split_whitespace().enumerate() {
        t.advance(Duration::from_millis(1_000 + 137 * i as u64));
        g.apply(GameCommand::MoveText(san.into())).unwrap();
        // Saving runs on its own thread; the ply is reported once it is on disk, as the screen reports it.
        assert_eq!(g.flush_saves(Duration::from_secs(10)), Some(tabiya::game::SaveStatus::Saved));
        let ms = |c: Color| g.clock(c).unwrap().as_millis();
        println!("ply {} {} {}", i + 1, ms(Color::White), ms(Color::Black));
    }
    std::thread::sleep(Duration::from_secs(60));
}

#[test]
fn a_game_killed_mid_game_resumes_with_every_move_and_its_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "kill_test_child", "--nocapture", "--test-threads", "1"])
        .env("TABIYA_KILL_TEST_DIR", dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut last = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("ply ") {
            last = line;
            if last.starts_with("ply 10 ") {
                break;
            }
        }
    }
    child.kill().unwrap(); // SIGKILL: no destructors, no flushing.
    child.wait().unwrap();
    let fields: Vec<u128> = last.split_whitespace().skip(1).map(|f| f.parse().unwrap()).collect();
    assert_eq!(fields[0], 10, "the child played ten plies");

    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    let saved: Vec<_> = listing.unfinished().collect();
    assert_eq!(saved.len(), 1);
    let t = FakeTime::new();
    let g = GameController::resume(&saved[0].path, ControllerOptions::default().with_time(Arc::new(t))).unwrap();
    assert_eq!(g.san_list().join(" "), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
    let ms = |c: Color| g.clock(c).unwrap().as_millis();
    assert_eq!((ms(Color::White), ms(Color::Black)), (fields[1], fields[2]));
}

#[test]
fn save_now_keeps_the_time_spent_on_the_current_move() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let mut g = saving_game(dir.path(), &t, TimeControl::fischer(secs(60), secs(0)), StartPosition::Standard);
    play(&mut g, &t, "e4", secs(5));
    t.advance(secs(20));
    assert!(g.save_now().is_empty());
    let path = g.save_path().unwrap().to_path_buf();
    drop(g);
    let r = GameController::resume(&path, ControllerOptions::default().with_time(Arc::new(FakeTime::new()))).unwrap();
    assert_eq!((r.clock(Color::White), r.clock(Color::Black)), (Some(secs(55)), Some(secs(40))));
}

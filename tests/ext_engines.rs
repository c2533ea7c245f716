//! External engines that misbehave, through the controller: each way of breaking down (an illegal,
//! unreadable or missing move, garbage, an exit, silence) ends the engine's turn with a message naming it,
//! stops the clocks, keeps the game, and waits for the user's choice. Engine paths with spaces work.

mod ext_common;

use ext_common::{engine_script, quick, script, spec, wait_for};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{
    ControllerOptions, EndReason, EngineFault, EngineSpec, FakeTime, GameCommand, GameController, GameError, GameSetup,
    PlayerKind, SaveStore, TimeControl,
};
use tabiya::rules::Color;

/// The engine plays White against Ann; a timed game on a fake clock unless `untimed`.
fn engine_game(engine: EngineSpec, untimed: bool, time: &FakeTime) -> GameController {
    let tc =
        if untimed { TimeControl::untimed() } else { TimeControl::fischer(Duration::from_secs(300), Duration::ZERO) };
    let setup = GameSetup::new(PlayerKind::External(engine), PlayerKind::human("Ann")).with_time_control(tc);
    let options =
        ControllerOptions { engine_timeouts: quick(), ..Default::default() }.with_time(Arc::new(time.clone()));
    GameController::new(setup, options).unwrap()
}

/// Runs the engine as White until it breaks down; returns the failure's message and fault.
fn breakdown(engine: EngineSpec, untimed: bool) -> (String, EngineFault) {
    let time = FakeTime::new();
    let mut g = engine_game(engine, untimed, &time);
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| g.engine_failure().is_some(), &mut events), "the failure is reported");
    assert!(g.moves().is_empty());
    assert!(!g.is_over());
    // The clocks stand still while the user chooses, and no move is taken meanwhile.
    let before = g.clock(Color::White);
    time.advance(Duration::from_secs(3600));
    assert!(g.poll().is_empty());
    assert_eq!(g.clock(Color::White), before);
    let m = g.position().legal_move_vec()[0];
    assert!(matches!(g.apply(GameCommand::Move(m)), Err(GameError::EngineFailurePending(_))));
    let f = g.engine_failure().unwrap().clone();
    assert_eq!(f.color, Color::White);
    (f.message, f.fault)
}

#[test]
fn an_illegal_move_ends_the_engines_turn_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "illegal", "echo 'bestmove e2e5'");
    assert_eq!(
        breakdown(spec("Stockfish", &e), false),
        ("Stockfish sent an illegal move: e2e5".into(), EngineFault::IllegalMove)
    );
}

#[test]
fn no_move_while_moves_exist_is_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "none", "echo 'bestmove (none)'");
    let (message, fault) = breakdown(spec("Fake", &e), false);
    assert_eq!(fault, EngineFault::NoMove);
    assert!(message.starts_with("Fake sent no move"), "{message}");
}

#[test]
fn an_unreadable_move_is_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "unreadable", "echo 'bestmove \x1b[31mhello'");
    let (message, fault) = breakdown(spec("Fake", &e), false);
    assert_eq!(fault, EngineFault::IllegalMove);
    assert_eq!(message, "Fake sent an unreadable move: [31mhello");
}

#[test]
fn garbage_instead_of_a_move_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "garbage", "echo 'lorem ipsum'; echo '%%%'");
    let (message, fault) = breakdown(spec("Fake", &e), true);
    assert_eq!(fault, EngineFault::Silent);
    assert_eq!(message, "Fake sent no move in time");
}

#[test]
fn an_engine_that_never_says_uciok_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let e = script(dir.path(), "mute", "#!/bin/sh\nwhile read -r line; do :; done\n");
    let (message, fault) = breakdown(spec("Mute", &e), true);
    assert_eq!(fault, EngineFault::Silent);
    assert!(message.starts_with("Mute did not finish the UCI handshake (no uciok"), "{message}");
}

#[test]
fn cat_echoing_commands_back_times_out() {
    let (message, fault) = breakdown(EngineSpec::configured("cat", "/bin/cat", &[]), true);
    assert_eq!(fault, EngineFault::Silent);
    assert!(message.contains("no uciok"), "{message}");
}

#[test]
fn false_exiting_at_once_is_a_failure() {
    let (message, fault) = breakdown(EngineSpec::configured("false", "/bin/false", &[]), true);
    assert_eq!(fault, EngineFault::Stopped);
    assert!(message.starts_with("false stopped"), "{message}");
}

#[test]
fn a_non_utf8_byte_does_not_stop_the_reader() {
    let dir = tempfile::tempdir().unwrap();
    let e = engine_script(dir.path(), "bytes", "printf '\\377\\376 info\\n'; echo 'bestmove e2e4'");
    let time = FakeTime::new();
    let mut g = engine_game(spec("Fake", &e), false, &time);
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| !g.moves().is_empty() || g.engine_failure().is_some(), &mut events));
    assert_eq!(g.san_list(), ["e4"]);
}

#[test]
fn an_overlong_line_without_a_break_is_dropped_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // 2 MB of output with no line break, then the move.
    let answer = "head -c 2000000 /dev/zero | tr '\\0' x; echo; echo 'bestmove e2e4'";
    let e = engine_script(dir.path(), "flood", answer);
    let time = FakeTime::new();
    let mut g = engine_game(spec("Fake", &e), true, &time);
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| !g.moves().is_empty() || g.engine_failure().is_some(), &mut events));
    assert_eq!(g.san_list(), ["e4"]);
}

#[test]
fn an_engine_in_a_folder_with_spaces_plays_configured_and_quoted() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("my engines");
    std::fs::create_dir(&folder).unwrap();
    let e = engine_script(&folder, "good engine", "echo 'bestmove e2e4'");
    let quoted = EngineSpec::from_command_line(&format!("'{}' --flag", e.display())).unwrap();
    assert_eq!(quoted.args, ["--flag"]);
    for engine in [spec("Good", &e), quoted] {
        let time = FakeTime::new();
        let mut g = engine_game(engine, false, &time);
        let mut events = Vec::new();
        assert!(wait_for(&mut g, |g| !g.moves().is_empty() || g.engine_failure().is_some(), &mut events));
        assert_eq!(g.san_list(), ["e4"], "{:?}", g.engine_failure());
    }
}

#[test]
fn a_program_that_cannot_start_keeps_its_reason_as_the_source() {
    let engine = EngineSpec::configured("Ghost", "/nonexistent/ghost engine", &[]);
    let setup = GameSetup::new(PlayerKind::External(engine), PlayerKind::human("Ann"));
    let err = GameController::new(setup, ControllerOptions::default()).err().expect("cannot start");
    assert!(matches!(&err, GameError::Engine { name, source: Some(_), .. } if name == "Ghost"), "{err:?}");
    assert!(std::error::Error::source(&err).is_some());
}

/// An engine that plays 1. e4 and then exits when asked again.
fn e4_then_exit(dir: &Path) -> EngineSpec {
    let body = "#!/bin/sh\nn=0\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    \
                isready) echo readyok;;\n    go*) n=$((n+1)); [ $n -gt 1 ] && exit 3; echo 'bestmove e2e4';;\n  \
                esac\ndone\n";
    spec("Quitter", &script(dir, "quitter", body))
}

#[test]
fn the_user_can_replace_a_broken_engine_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let time = FakeTime::new();
    let mut g = engine_game(e4_then_exit(dir.path()), false, &time);
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| g.moves().len() == 1, &mut events));
    time.advance(Duration::from_secs(7));
    g.apply(GameCommand::MoveText("e5".into())).unwrap();
    assert!(wait_for(&mut g, |g| g.engine_failure().is_some(), &mut events));
    assert!(g.engine_failure().unwrap().message.starts_with("Quitter stopped"));
    let clocks = (g.clock(Color::White), g.clock(Color::Black));
    assert_eq!(clocks.1, Some(Duration::from_secs(293)));
    // Not the other side's to settle.
    assert!(g.apply(GameCommand::ScoreEngineLoss(Color::Black)).is_err());
    let player = PlayerKind::Engine { level: 1 };
    g.apply(GameCommand::ReplacePlayer { color: Color::White, player: player.clone() }).unwrap();
    assert_eq!(g.player(Color::White), &player);
    assert_eq!((g.clock(Color::White), g.clock(Color::Black)), clocks);
    assert!(wait_for(&mut g, |g| g.moves().len() == 3, &mut events), "the stand-in moves");
    assert_eq!(&g.san_list()[..2], ["e4", "e5"]);
}

#[test]
fn the_user_can_score_a_broken_engine_as_a_loss_and_the_save_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let saves = SaveStore::open(dir.path().join("games")).unwrap();
    let e = engine_script(dir.path(), "illegal", "echo 'bestmove e2e5'");
    let setup = GameSetup::new(PlayerKind::External(spec("Stockfish", &e)), PlayerKind::human("Ann"));
    let options = ControllerOptions { engine_timeouts: quick(), ..Default::default() }.with_saves(saves);
    let mut g = GameController::new(setup, options).unwrap();
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| g.engine_failure().is_some(), &mut events));
    // No move was made, so there is nothing to keep yet: the file is made with the first move or the result.
    assert!(g.save_path().is_none());
    g.apply(GameCommand::ScoreEngineLoss(Color::White)).unwrap();
    g.flush_saves(std::time::Duration::from_secs(10));
    let r = *g.result().unwrap();
    assert_eq!(r.reason, EndReason::EngineFault(Color::White, EngineFault::IllegalMove));
    assert_eq!(g.result_text().unwrap(), "Black wins: White's engine sent an illegal move");
    let pgn = std::fs::read_to_string(g.save_path().unwrap()).unwrap();
    assert!(pgn.contains("[Termination \"rules infraction\"]") && pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

#[test]
fn an_engine_still_held_open_for_writing_a_moment_starts_once_it_is_closed() {
    // Linux refuses to run a file that some process holds open for writing ("text file busy"): an engine that
    // was just installed, or a script whose descriptor a process forked meanwhile still holds. The start waits
    // for that moment to pass instead of failing the game.
    let dir = tempfile::tempdir().unwrap();
    let path = engine_script(dir.path(), "busy", "echo 'bestmove e2e4'");
    let writer = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
    let closer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        drop(writer);
    });
    let time = FakeTime::new();
    let mut g = engine_game(spec("Busy", &path), true, &time);
    let mut events = Vec::new();
    assert!(wait_for(&mut g, |g| !g.moves().is_empty(), &mut events), "the engine started and moved");
    closer.join().unwrap();
}

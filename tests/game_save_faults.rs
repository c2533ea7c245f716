//! Saving when things go wrong: a full disk (a fault-injecting sink in the save layer), a second tabiya on
//! the same game, an engine that does not start, a game left before its first move.

mod common_game;

use common_game::*;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabiya::game::engine_spec::EngineSpec;
use tabiya::game::pgn::read_games;
use tabiya::game::saves::write_atomic;
use tabiya::game::{
    ControllerOptions, FakeTime, GameController, GameError, GameSetup, PlayerKind, SaveSink, SaveStatus, SaveStore,
};

/// A disk that is full while `full` is set (ENOSPC), else the real atomic write.
#[derive(Default)]
struct FillingDisk {
    full: AtomicBool,
    attempts: Mutex<usize>,
}

impl SaveSink for FillingDisk {
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        *self.attempts.lock().unwrap() += 1;
        if self.full.load(Ordering::SeqCst) {
            return Err(io::Error::from_raw_os_error(28));
        }
        write_atomic(path, bytes)
    }
}

const WAIT: Duration = Duration::from_secs(10);

fn game_on(store: SaveStore, time: &FakeTime) -> GameController {
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::human("Bob"));
    let options = ControllerOptions::default().with_time(Arc::new(time.clone())).with_saves(store);
    GameController::new(setup, options).unwrap()
}

fn plies_in(path: &Path) -> usize {
    let games = read_games(&std::fs::read(path).unwrap());
    games[0].tree.mainline.moves.len()
}

#[test]
fn a_full_disk_is_reported_until_a_save_succeeds_and_every_move_retries() {
    let dir = tempfile::tempdir().unwrap();
    let disk = Arc::new(FillingDisk::default());
    let store = SaveStore::open(dir.path()).unwrap().with_sink(disk.clone());
    let t = FakeTime::new();
    let mut g = game_on(store, &t);
    play(&mut g, &t, "e4", Duration::ZERO);
    assert_eq!(g.flush_saves(WAIT), Some(SaveStatus::Saved));
    let path = g.save_path().unwrap().to_path_buf();

    disk.full.store(true, Ordering::SeqCst);
    play(&mut g, &t, "e5", Duration::ZERO);
    let failed = g.flush_saves(WAIT);
    assert!(matches!(&failed, Some(SaveStatus::Failed(e)) if e.contains("space")), "{failed:?}");
    assert!(g.save_problem().is_some());
    let before = *disk.attempts.lock().unwrap();
    play(&mut g, &t, "Nf3", Duration::ZERO);
    g.flush_saves(WAIT);
    assert!(*disk.attempts.lock().unwrap() > before, "the next move tries again");
    assert!(g.save_problem().is_some(), "still not saved while the disk is full");
    assert_eq!(plies_in(&path), 1, "the file keeps the last good save");

    disk.full.store(false, Ordering::SeqCst);
    play(&mut g, &t, "Nc6", Duration::ZERO);
    assert_eq!(g.flush_saves(WAIT), Some(SaveStatus::Saved));
    assert_eq!(g.save_problem(), None);
    assert_eq!(plies_in(&path), 4, "every move is in the file once a save succeeds");
}

#[test]
fn a_second_tabiya_cannot_resume_a_game_that_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let mut first = game_on(SaveStore::open(dir.path()).unwrap(), &t);
    play(&mut first, &t, "e4 e5", Duration::ZERO);
    first.flush_saves(WAIT);
    let path = first.save_path().unwrap().to_path_buf();

    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert!(listing.games[0].open_elsewhere);
    let second = GameController::resume(&path, ControllerOptions::default());
    assert!(matches!(second, Err(GameError::OpenElsewhere { .. })), "{:?}", second.err());
    assert!(
        GameController::resume(&path, ControllerOptions::default())
            .err()
            .unwrap()
            .to_string()
            .contains("open in another tabiya")
    );

    play(&mut first, &t, "Nf3", Duration::ZERO);
    drop(first);
    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert!(!listing.games[0].open_elsewhere);
    let resumed = GameController::resume(&path, ControllerOptions::default()).unwrap();
    assert_eq!(resumed.san_list(), vec!["e4", "e5", "Nf3"], "no move of the first copy is lost");
}

#[test]
fn a_failed_engine_start_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let setup = GameSetup::new(
        PlayerKind::human("Ann"),
        PlayerKind::External(EngineSpec::configured("x", "/nonexistent/engine-xyz", &[])),
    );
    let options = ControllerOptions::default().with_saves(SaveStore::open(dir.path()).unwrap());
    assert!(GameController::new(setup, options).is_err());
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(left.iter().all(|p| !p.is_file()), "{left:?}");
}

#[test]
fn a_game_left_before_its_first_move_is_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let t = FakeTime::new();
    let g = game_on(SaveStore::open(dir.path()).unwrap(), &t);
    assert_eq!(g.save_path(), None);
    drop(g);
    let listing = SaveStore::open(dir.path()).unwrap().list().unwrap();
    assert!(listing.games.is_empty() && listing.problems.is_empty(), "{listing:?}");
}

#[test]
fn an_unwritable_folder_is_found_before_the_first_move() {
    let dir = tempfile::tempdir().unwrap();
    let disk = Arc::new(FillingDisk::default());
    disk.full.store(true, Ordering::SeqCst);
    let store = SaveStore::open(dir.path()).unwrap().with_sink(disk);
    assert!(store.check_writable().is_err());
    let games_is_a_file = dir.path().join("games");
    std::fs::write(&games_is_a_file, "").unwrap();
    assert!(SaveStore::open(&games_is_a_file).is_err());
}

/// A small tmpfs mounted for one test, unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// None where this test cannot mount one (not root, or no permission in this container).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().ok()?;
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs { dir })
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(self.dir.path()).status();
    }
}

#[test]
fn a_real_full_disk_loses_no_move() {
    let Some(fs) = Tmpfs::mount("256k") else {
        eprintln!("skipped: cannot mount a tmpfs here");
        return;
    };
    let games = fs.dir.path().join("games");
    let t = FakeTime::new();
    let mut g = game_on(SaveStore::open(&games).unwrap(), &t);
    play(&mut g, &t, "e4 e5", Duration::ZERO);
    assert_eq!(g.flush_saves(WAIT), Some(SaveStatus::Saved));
    let path = g.save_path().unwrap().to_path_buf();

    // Fill the disk to the last byte.
    let filler = fs.dir.path().join("filler");
    let mut f = std::fs::File::create(&filler).unwrap();
    let block = vec![0u8; 4096];
    while std::io::Write::write_all(&mut f, &block).is_ok() {}
    let _ = f.sync_all();
    drop(f);

    play(&mut g, &t, "Nf3 Nc6", Duration::ZERO);
    assert!(matches!(g.flush_saves(WAIT), Some(SaveStatus::Failed(_))));
    assert_eq!(plies_in(&path), 2, "the last good save is intact");

    std::fs::remove_file(&filler).unwrap();
    play(&mut g, &t, "Bb5", Duration::ZERO);
    assert_eq!(g.flush_saves(WAIT), Some(SaveStatus::Saved));
    assert_eq!(plies_in(&path), 5);
    drop(g);
}

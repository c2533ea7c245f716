//! How long a move keeps the caller (the event loop) busy when saving is on: the controller's `apply` with
//! the save writer thread, against the atomic write it used to do inline (write, fsync, rename, fsync of the
//! folder), both on the same disk in the same run.
//!
//!     cargo run --release --example save_latency [DIR] [PLIES]

use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::saves::write_atomic;
use tabiya::game::{ControllerOptions, FakeTime, GameCommand, GameController, GameSetup, PlayerKind, SaveStore};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map(std::path::PathBuf::from).unwrap_or_else(std::env::temp_dir).join("tabiya-save-latency");
    let plies: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let _ = std::fs::remove_dir_all(&dir);
    let store = SaveStore::open(&dir).expect("a writable folder");
    let time = FakeTime::new();
    let options = ControllerOptions::default().with_time(Arc::new(time.clone())).with_saves(store);
    let new_game =
        || GameController::new(GameSetup::new(PlayerKind::human("A"), PlayerKind::human("B")), options.clone());
    let mut game = new_game().expect("a game");
    // Knights out and back; a fresh game whenever fivefold repetition ends one.
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"];
    let mut with_writer = Vec::new();
    let mut inline = Vec::new();
    for i in 0..plies {
        if game.is_over() {
            game = new_game().expect("a game");
        }
        let mv = cycle[game.moves().len() % cycle.len()];
        time.advance(Duration::from_millis(500));
        let t0 = Instant::now();
        if let Err(e) = game.apply(GameCommand::MoveText(mv.into())) {
            eprintln!("stopped at ply {}: {mv}: {e}", i + 1);
            break;
        }
        with_writer.push(t0.elapsed());
        let pgn = game.to_pgn();
        let t1 = Instant::now();
        write_atomic(&dir.join("inline.pgn"), pgn.as_bytes()).expect("write");
        inline.push(t1.elapsed());
        game.flush_saves(Duration::from_secs(10));
    }
    let n = with_writer.len();
    let (a, b) = (median(with_writer), median(inline));
    println!("{n} plies in {}", dir.display());
    println!("apply() with the save writer thread: median {:.3} ms", a.as_secs_f64() * 1e3);
    println!("the inline atomic save it replaces:  median {:.3} ms", b.as_secs_f64() * 1e3);
    println!("ratio: {:.3}", a.as_secs_f64() / b.as_secs_f64());
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}

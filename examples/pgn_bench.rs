//! PGN speed: games validated per second, and the time to index a 100,000-game file for review.
//!
//! `cargo run --release --example pgn_bench [GAMES_TO_VALIDATE]` generates games of 80 plies (random legal
//! moves, with `%clk` comments like a lichess export), then reports the median of 5 runs of each measurement.

use std::time::{Duration, Instant};
use tabiya::game::pgn::{GameTree, MoveNode, PgnFile, PgnIndex, WriteOptions, read_game, write_game};
use tabiya::rules::{Position, to_san};

fn game_text(seed: u64, plies: usize, out: &mut String) {
    let mut pos = Position::startpos();
    let mut tree = GameTree::new(pos.clone());
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in 0..plies {
        let moves = pos.legal_move_vec();
        if moves.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let m = moves[(s % moves.len() as u64) as usize];
        let mut node = MoveNode::new(m, to_san(&pos, m));
        node.clock = Some(Duration::from_secs(300 - i as u64));
        tree.mainline.moves.push(node);
        pos.make_move(m);
    }
    let tags: Vec<(String, String)> = [
        ("Event", "Rated Blitz game"),
        ("Site", "https://lichess.org/xxxxxxxx"),
        ("Date", "2024.01.01"),
        ("White", "player_one"),
        ("Black", "player_two"),
        ("WhiteElo", "1800"),
        ("BlackElo", "1790"),
        ("TimeControl", "300+0"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    write_game(out, &tags, &tree, "*", WriteOptions::default());
}

fn file(games: usize) -> Vec<u8> {
    let mut s = String::new();
    for i in 0..games {
        game_text(i as u64 + 1, 80, &mut s);
    }
    s.into_bytes()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let src = file(n);
    let index = PgnIndex::build(&src);
    assert_eq!(index.len(), n);
    let runs: Vec<Duration> = (0..5)
        .map(|_| {
            let t = Instant::now();
            let mut errors = 0;
            for (i, s) in index.spans.iter().enumerate() {
                errors += read_game(&src[s.start..s.end], s.line, i + 1).error.is_some() as usize;
            }
            assert_eq!(errors, 0);
            t.elapsed()
        })
        .collect();
    let m = median(runs);
    println!(
        "validate: {n} games of 80 plies ({:.1} MB) in {:.3} s (median of 5): {:.0} games/s",
        src.len() as f64 / 1e6,
        m.as_secs_f64(),
        n as f64 / m.as_secs_f64()
    );

    let big: Vec<u8> = {
        let one = file(1000);
        let mut v = Vec::with_capacity(one.len() * 100);
        for _ in 0..100 {
            v.extend_from_slice(&one);
        }
        v
    };
    let runs: Vec<Duration> = (0..5)
        .map(|_| {
            let t = Instant::now();
            let idx = PgnIndex::build(&big);
            // The first screen of the game list: 50 games' headers.
            let shown: usize = (0..50).filter_map(|i| idx.headers(&big, i)).map(|h| h.pairs.len()).sum();
            assert_eq!(idx.len(), 100_000);
            assert!(shown > 0);
            t.elapsed()
        })
        .collect();
    println!(
        "index: 100000 games ({:.1} MB) listed in {:.3} s (median of 5)",
        big.len() as f64 / 1e6,
        median(runs).as_secs_f64()
    );

    // The same from disk, as the review screen opens it: read the file, index it, show the first screen.
    let path = std::env::temp_dir().join(format!("tabiya-pgn-bench-{}.pgn", std::process::id()));
    if std::fs::write(&path, &big).is_ok() {
        let runs: Vec<Duration> = (0..5)
            .map(|_| {
                let t = Instant::now();
                let f = PgnFile::open(&path).expect("the file just written");
                let shown: usize = (0..50).filter_map(|i| f.headers(i)).map(|h| h.pairs.len()).sum();
                assert_eq!(f.len(), 100_000);
                assert!(shown > 0);
                t.elapsed()
            })
            .collect();
        let _ = std::fs::remove_file(&path);
        println!(
            "open: 100000-game file read from disk and listed in {:.3} s (median of 5)",
            median(runs).as_secs_f64()
        );
    }
}

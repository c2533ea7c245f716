//! Perft speed of tabiya's 0x88 generator against the `shakmaty` crate (a bitboard generator), side by side in
//! one process on the same machine. Both count leaves in bulk at depth 1.
//!
//! Run: `cargo run --release --example perft_compare [-- RUNS]` (default 5 runs per position and library).
//! The runs alternate between the two; it prints the median time and speed of each, and tabiya's speed as a
//! ratio of shakmaty's.

use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};
use std::time::{Duration, Instant};
use tabiya::rules::{Position, perft::perft};

const CASES: [(&str, &str, u32, u64); 2] = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
];

fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            shakmaty_perft(&child, depth - 1)
        })
        .sum()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn timed(expected: u64, f: impl FnOnce() -> u64) -> Duration {
    let start = Instant::now();
    assert_eq!(f(), expected, "wrong node count");
    start.elapsed()
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    println!("median of {runs} runs each; M nodes/s = nodes / median time");
    for (name, fen, depth, nodes) in CASES {
        let ours = Position::from_fen(fen).expect("valid FEN");
        let theirs: Chess = fen.parse::<Fen>().expect("FEN").into_position(CastlingMode::Standard).expect("position");
        // Alternate the two so that a change in the machine's load hits both alike.
        let (mut ours_times, mut theirs_times) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            ours_times.push(timed(nodes, || perft(&mut ours.clone(), depth)));
            theirs_times.push(timed(nodes, || shakmaty_perft(&theirs, depth)));
        }
        let (t_ours, t_theirs) = (median(ours_times), median(theirs_times));
        let speed = |t: Duration| nodes as f64 / t.as_secs_f64() / 1e6;
        println!(
            "{name} depth {depth} ({nodes} nodes): tabiya {:.3} s = {:.1} M nodes/s; shakmaty {:.3} s = {:.1} M nodes/s; ratio {:.2}",
            t_ours.as_secs_f64(),
            speed(t_ours),
            t_theirs.as_secs_f64(),
            speed(t_theirs),
            speed(t_ours) / speed(t_theirs)
        );
    }
}

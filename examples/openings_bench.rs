//! Opening-name speed: the first use (building the table from the embedded data set) and classifying games.
//!
//! `cargo run --release --example openings_bench [GAMES]` reports medians: of the first use, measured in 7
//! fresh processes (the table is built once per process, so each build needs its own), and of 5 runs of
//! classifying GAMES (default 1,000) games of 80 plies, once random from the start (out of the book at once)
//! and once a data-set line followed by random moves (deep in the book, then out of it).

use std::process::Command;
use std::time::{Duration, Instant};
use tabiya::game::openings::{classify, table_len};
use tabiya::rules::{Move, Position, parse_san};

const BOOK: &str = include_str!("../assets/openings/c.tsv");
const PLIES: usize = 80;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// A game of `PLIES` plies: `prefix` (SAN tokens with move numbers), then random legal moves.
fn game(prefix: &str, seed: u64) -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for san in prefix.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = parse_san(&pos, san).expect("the data set parses (the unit tests check it)");
        pos.make_move(m);
        moves.push(m);
    }
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while moves.len() < PLIES {
        let legal = pos.legal_move_vec();
        if legal.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let m = legal[(s % legal.len() as u64) as usize];
        pos.make_move(m);
        moves.push(m);
    }
    moves
}

fn time_classify(label: &str, games: &[Vec<Move>]) {
    let start = Position::startpos();
    let mut runs = Vec::new();
    let mut named = 0;
    for _ in 0..5 {
        let t = Instant::now();
        named = games.iter().filter(|g| classify(&start, g).is_some()).count();
        runs.push(t.elapsed());
    }
    let m = median(runs);
    let per_game = m / games.len() as u32;
    println!("classify {} {label} games: median {m:?} ({per_game:?} a game), {named} named", games.len());
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--first-use") {
        let t = Instant::now();
        let n = table_len();
        println!("{} {n}", t.elapsed().as_nanos());
        return;
    }
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let exe = std::env::current_exe().expect("the running example has a path");
    let mut builds = Vec::new();
    for _ in 0..7 {
        let out = Command::new(&exe).arg("--first-use").output().expect("the example can run itself");
        let text = String::from_utf8_lossy(&out.stdout);
        let nanos: u64 = text.split_whitespace().next().and_then(|t| t.parse().ok()).expect("a time in ns");
        builds.push(Duration::from_nanos(nanos));
    }
    println!("first use (table of {} entries built): median {:?} of 7 processes", table_len(), median(builds));

    let random: Vec<Vec<Move>> = (0..n as u64).map(|i| game("", i + 1)).collect();
    time_classify("random 80-ply", &random);
    let lines: Vec<&str> = BOOK.lines().skip(1).filter_map(|l| l.split('\t').nth(2)).collect();
    let booked: Vec<Vec<Move>> = (0..n).map(|i| game(lines[i * 7 % lines.len()], i as u64 + 1)).collect();
    time_classify("book-line-then-random 80-ply", &booked);
}

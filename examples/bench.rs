//! Engine speed benchmark: `cargo run --release --example bench [depth] [runs]`.
//!
//! Searches the fixed bench positions (`tabiya::engine::bench`) to a fixed depth, `runs` times, and prints
//! per position the nodes and the median nodes per second, then the total. Node counts are deterministic, so
//! they also show whether a change altered the search.

use std::time::Duration;
use tabiya::engine::bench;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3).max(1);
    let results: Vec<Vec<bench::BenchResult>> = (0..runs).map(|_| bench::run(depth, 16)).collect();
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for i in 0..results[0].len() {
        let nodes = results[0][i].nodes;
        let mut times: Vec<Duration> = results.iter().map(|r| r[i].time).collect();
        times.sort();
        let median = times[times.len() / 2];
        total_nodes += nodes;
        total_time += median;
        println!("{:>10} nodes {:>9} nps  {}", nodes, nps(nodes, median), results[0][i].fen);
    }
    println!(
        "depth {depth}, {runs} runs: {total_nodes} nodes, median total {total_time:?}, {} nps",
        nps(total_nodes, total_time)
    );
}

fn nps(nodes: u64, t: Duration) -> u64 {
    (nodes as u128 * 1_000_000 / t.as_micros().max(1)) as u64
}

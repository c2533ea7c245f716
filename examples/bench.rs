//! Engine speed benchmark: `cargo run --release --example bench [depth] [runs] [threads]`.
//!
//! Searches the fixed bench positions (`tabiya::engine::bench`) to a fixed depth, `runs` times, and prints
//! per position the nodes and the median nodes per second, then the total. Node counts are deterministic, so
//! they also show whether a change altered the search.
//!
//! With `threads` above 1, each run searches every position with one thread and then with `threads` (Lazy
//! SMP), so both meet the same load, and it prints the median times to the depth and their ratio, and the
//! nodes each thread searched to reach the depth against one thread's (the search's part of the speedup,
//! which the machine's load does not change).

use std::time::Duration;
use tabiya::engine::bench::{self, BenchResult};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3).max(1);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1).max(1);
    if threads > 1 {
        return compare(depth, runs, threads);
    }
    let results: Vec<Vec<BenchResult>> = (0..runs).map(|_| bench::run(depth, 16)).collect();
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for i in 0..results[0].len() {
        let nodes = results[0][i].nodes;
        let median = median_time(&results, i);
        total_nodes += nodes;
        total_time += median;
        println!("{:>10} nodes {:>9} nps  {}", nodes, nps(nodes, median), results[0][i].fen);
    }
    println!(
        "depth {depth}, {runs} runs: {total_nodes} nodes, median total {total_time:?}, {} nps",
        nps(total_nodes, total_time)
    );
}

/// One thread against `threads`, alternating within each run: per position the median time to `depth` of
/// each, and the totals of the medians.
fn compare(depth: u32, runs: usize, threads: usize) {
    let (mut one, mut many) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        one.push(bench::run_threads(depth, 16, 1));
        many.push(bench::run_threads(depth, 16, threads));
    }
    let (mut t1, mut tn, mut nodes_n) = (Duration::ZERO, Duration::ZERO, 0);
    println!("{:>10} {:>10} {:>7}  position", "1 thread", format!("{threads} threads"), "speedup");
    for i in 0..one[0].len() {
        let (a, b) = (median_time(&one, i), median_time(&many, i));
        (t1, tn) = (t1 + a, tn + b);
        nodes_n += many.iter().map(|r| r[i].nodes).sum::<u64>() / runs as u64;
        println!("{:>10.3?} {:>10.3?} {:>6.2}×  {}", a, b, ratio(a, b), one[0][i].fen);
    }
    let nodes_1: u64 = one[0].iter().map(|r| r.nodes).sum();
    // Time to depth depends on how fast each thread runs beside the others (on a shared machine that
    // wanders by 20%); nodes per thread to the depth is the search's own part of the speedup.
    let per_thread = nodes_n as f64 / threads as f64;
    println!(
        "nodes to depth {depth}: 1 thread {nodes_1}, {threads} threads {nodes_n} ({per_thread:.0} per thread), \
         {:.2}× fewer per thread",
        nodes_1 as f64 / per_thread.max(1.0)
    );
    println!(
        "depth {depth}, {runs} runs, median totals: 1 thread {t1:.3?} ({} nps), {threads} threads {tn:.3?} \
         ({} nps, all threads), time to depth {:.2}× faster",
        nps(nodes_1, t1),
        nps(nodes_n, tn),
        ratio(t1, tn)
    );
}

fn median_time(results: &[Vec<BenchResult>], i: usize) -> Duration {
    let mut times: Vec<Duration> = results.iter().map(|r| r[i].time).collect();
    times.sort();
    times[times.len() / 2]
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

fn nps(nodes: u64, t: Duration) -> u64 {
    (nodes as u128 * 1_000_000 / t.as_micros().max(1)) as u64
}

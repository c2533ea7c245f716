//! A fixed-depth search over a fixed set of positions, for measuring speed (nodes per second) and for
//! noticing when a change alters the search (the node count is deterministic).

use super::info::SearchInfo;
use super::search::ordering::Heuristics;
use super::search::{Control, NoInterrupt, RootSpec, Searcher, Selectivity};
use super::smp::{self, MAX_THREADS};
use super::tt::Tt;
use crate::rules::Position;
use std::time::Duration;

/// Middlegame, endgame and Chess960 positions (FEN/X-FEN).
pub const BENCH_POSITIONS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 8 13",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/2P2N1P/PPB2PP1/RNBQR1K1 w - - 1 12",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/1r3PPP/3R2K1 w - - 0 1",
    "8/8/4kpp1/3p1b2/p6P/2B5/6P1/6K1 b - - 1 47",
    "4rrk1/pp3ppp/2p5/8/2P1n3/1P2B3/P4PPP/R4RK1 w - - 0 18",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1",
];

/// One position's result.
pub struct BenchResult {
    pub fen: &'static str,
    pub nodes: u64,
    pub time: Duration,
}

/// Searches every bench position to `depth` with a fresh `hash_mb` table each.
pub fn run(depth: u32, hash_mb: usize) -> Vec<BenchResult> {
    run_threads(depth, hash_mb, 1)
}

/// `run` with `threads` search threads (Lazy SMP: `threads - 1` helpers with fresh history tables). With more
/// than one thread the node counts (all threads') vary from run to run; the time is the main thread's time to
/// finish `depth`.
pub fn run_threads(depth: u32, hash_mb: usize, threads: usize) -> Vec<BenchResult> {
    run_with(depth, hash_mb, threads, Selectivity::Full)
}

fn run_with(depth: u32, hash_mb: usize, threads: usize, selectivity: Selectivity) -> Vec<BenchResult> {
    BENCH_POSITIONS
        .iter()
        .filter_map(|&fen| {
            let pos = Position::from_fen(fen).ok()?;
            let tt = Tt::new(hash_mb);
            let mut heur = Heuristics::new();
            let mut helpers: Vec<_> = (1..threads.clamp(1, MAX_THREADS)).map(|_| Heuristics::new()).collect();
            let mut none = NoInterrupt;
            let mut last: Option<SearchInfo> = None;
            smp::with_helpers(&tt, &mut helpers, pos, Vec::new(), depth, |shared, pos, history| {
                let ctl = Control::new(None, None, None, &mut none).main_of(shared);
                let mut s = Searcher::new(pos, history, &tt, &mut heur, ctl).selectivity(selectivity);
                s.iterate(depth, RootSpec::default(), &mut |i| last = Some(i));
            });
            let info = last?;
            Some(BenchResult { fen, nodes: info.nodes, time: info.time })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes of one thread searching every bench position to `depth` with `selectivity`.
    fn bench_nodes(depth: u32, selectivity: Selectivity) -> u64 {
        run_with(depth, 16, 1, selectivity).iter().map(|r| r.nodes).sum()
    }

    /// The levels' Elo was measured (November 2026) with the search of that time; this is its node count on
    /// the bench at depth 8. A change that alters it changes how strong the levels play, so the ladder must be
    /// measured again (README "Levels") before this number is.
    #[test]
    fn the_levels_search_as_their_elo_was_measured() {
        assert_eq!(bench_nodes(8, Selectivity::Levels), 141_824);
        assert!(bench_nodes(8, Selectivity::Full) < 141_824);
    }
}

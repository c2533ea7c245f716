//! `tabiya perft`: node counts in Stockfish's format (so perft-diff tools work); timing goes to stderr.

use anyhow::{Result, anyhow};
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;
use tabiya::rules::{Position, perft, to_uci};

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Start from this FEN (X-FEN and Shredder-FEN accepted) instead of the standard position.
    #[arg(long, conflicts_with = "chess960")]
    pub fen: Option<String>,
    /// Start from this Chess960 position (0–959 or `random`).
    #[arg(long, value_name = "N|random")]
    pub chess960: Option<String>,
    /// One line per legal root move, `<uci move>: <nodes>`.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    let mut pos = match (&args.fen, &args.chess960) {
        (Some(fen), _) => Position::from_fen(fen).map_err(|e| anyhow!("--fen: {e}"))?,
        (None, Some(spec)) => super::chess960_start(spec)?,
        (None, None) => Position::startpos(),
    };
    let started = Instant::now();
    let total = if args.divide {
        let root = pos.clone();
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, args.depth) {
            println!("{}: {n}", to_uci(&root, m));
            total += n;
        }
        println!();
        total
    } else {
        perft::perft(&mut pos, args.depth)
    };
    println!("Nodes searched: {total}");
    let secs = started.elapsed().as_secs_f64();
    eprintln!("time {:.3} s, {:.1} M nodes/s", secs, total as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
}

//! Command-line interface: the clap definitions and one function per subcommand.

mod analyse;
mod perft;
mod pgn;
mod play;
mod review;
mod uci;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tabiya::rules::{Position, chess960};

#[derive(Parser, Debug)]
#[command(
    name = "tabiya",
    version,
    about = "Chess in the terminal: play people or the computer, Chess960, review saved games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// For plain `tabiya` (the new-game screen): configuration file and data directory.
    #[command(flatten)]
    pub common: play::CommonArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (move generator test), Stockfish's output format.
    Perft(perft::PerftArgs),
    /// Print the FEN of a start position.
    Position {
        /// Chess960 start position: a number 0–959 (518 is the standard position) or `random`.
        #[arg(long, value_name = "N|random")]
        chess960: String,
    },
    /// Speak the UCI protocol on standard input and output (for chess GUIs and match runners).
    Uci(uci::UciArgs),
    /// Validate PGN files: a summary line per game, or JSON, or re-export.
    Pgn(pgn::PgnArgs),
    /// Start a game at once.
    Play(play::PlayArgs),
    /// Step through the games of a PGN file.
    Review(review::ReviewArgs),
    /// Analyse every position of a PGN file's games and write them back annotated (evaluations, mistakes,
    /// better lines, accuracy).
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Position { chess960 }) => {
            println!("{}", chess960_start(&chess960)?.to_fen());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Uci(args)) => uci::run(args),
        Some(Command::Pgn(args)) => pgn::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Review(args)) => review::run(args),
        Some(Command::Analyse(args)) => analyse::run(args),
        None => play::run(play::PlayArgs { common: cli.common, ..play::PlayArgs::default() }),
    }
}

/// Reads a Chess960 start given as a number 0–959 or `random`.
pub fn chess960_start(spec: &str) -> Result<Position> {
    let n = if spec.eq_ignore_ascii_case("random") {
        chess960::random_number(&mut rand::rng())
    } else {
        let n: u16 =
            spec.trim().parse().with_context(|| format!("--chess960: '{spec}' is not a number 0–959 or 'random'"))?;
        if n > 959 {
            bail!("--chess960: {n} is out of range; start positions are numbered 0–959");
        }
        n
    };
    chess960::start_position(n).context("--chess960: no such start position")
}

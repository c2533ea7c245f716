//! Command-line interface: the clap definitions and one function per subcommand.

mod analyse;
mod new_file;
mod perft;
mod pgn;
mod play;
mod review;
mod uci;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
    let top = cli.common;
    match cli.command {
        Some(Command::Play(mut args)) => {
            inherit(&top, &mut args.common.config, &mut args.common.data_dir)?;
            play::run(args)
        }
        Some(Command::Review(mut args)) => {
            inherit(&top, &mut args.common.config, &mut args.common.data_dir)?;
            review::run(args)
        }
        Some(Command::Analyse(mut args)) => {
            inherit(&top, &mut args.config, &mut args.data_dir)?;
            analyse::run(args)
        }
        None => play::run(play::PlayArgs { common: top, ..play::PlayArgs::default() }),
        Some(_) if top.config.is_some() || top.data_dir.is_some() => {
            bail!("--config and --data-dir go with play, review, analyse or no subcommand, not with this one")
        }
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Position { chess960 }) => {
            println!("{}", chess960_start(&chess960)?.to_fen());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Uci(args)) => uci::run(args),
        Some(Command::Pgn(args)) => pgn::run(args),
    }
}

/// `tabiya --config F play` means `tabiya play --config F` (and so for `--data-dir`): options given before the
/// subcommand apply to it, unless it is given a different one of its own.
fn inherit(top: &play::CommonArgs, config: &mut Option<PathBuf>, data_dir: &mut Option<PathBuf>) -> Result<()> {
    inherit_one("--config", &top.config, config)?;
    inherit_one("--data-dir", &top.data_dir, data_dir)
}

fn inherit_one(flag: &str, top: &Option<PathBuf>, own: &mut Option<PathBuf>) -> Result<()> {
    match (top, own.as_ref()) {
        (Some(t), Some(o)) if t != o => {
            bail!("{flag} is given twice, before and after the subcommand, with different values")
        }
        (Some(t), None) => *own = Some(t.clone()),
        _ => {}
    }
    Ok(())
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

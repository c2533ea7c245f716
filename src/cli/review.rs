//! `tabiya review [FILE] [--game N]`: step through the games of a PGN file, or of the saved games.

use super::play::{CommonArgs, build_app, run_terminal};
use anyhow::{Context, Result, bail};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tabiya::game::SaveStore;

/// Files larger than this are refused rather than read into memory.
const MAX_FILE: u64 = 512 * 1024 * 1024;

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The PGN file; without it, the saved games of the data directory.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Open game N (1-based) at once instead of the list.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    #[command(flatten)]
    pub common: CommonArgs,
}

pub fn run(args: ReviewArgs) -> Result<ExitCode> {
    let (title, source) = match &args.file {
        Some(path) => (path.display().to_string(), read_file(path)?),
        None => saved_games(&args.common)?,
    };
    let (mut app, wake) = build_app(&args.common)?;
    app.open_review(&title, source, args.game).map_err(anyhow::Error::msg)?;
    run_terminal(&mut app, wake)?;
    Ok(ExitCode::SUCCESS)
}

fn read_file(path: &PathBuf) -> Result<Vec<u8>> {
    let meta = std::fs::metadata(path).with_context(|| format!("{}: cannot read", path.display()))?;
    if meta.len() > MAX_FILE {
        bail!("{}: {} bytes is too large to review (at most {MAX_FILE})", path.display(), meta.len());
    }
    std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
}

/// All of tabiya's saved games, newest first, as one PGN text.
fn saved_games(common: &CommonArgs) -> Result<(String, Vec<u8>)> {
    let store = match &common.data_dir {
        Some(dir) => SaveStore::open(dir.join("games")),
        None => SaveStore::open_default(),
    }
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let listing = store.list().map_err(|e| anyhow::anyhow!("{e}"))?;
    if listing.games.is_empty() {
        bail!("no saved games in {} yet; give a PGN file: tabiya review FILE", store.dir().display());
    }
    let mut source = Vec::new();
    for game in &listing.games {
        let bytes = std::fs::read(&game.path).with_context(|| format!("{}: cannot read", game.path.display()))?;
        source.extend_from_slice(&bytes);
        source.extend_from_slice(b"\n\n");
    }
    Ok((format!("saved games in {}", store.dir().display()), source))
}

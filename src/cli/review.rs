//! `tabiya review [FILE] [--game N]`: step through the games of a PGN file, or of the saved games.

use super::play::{CommonArgs, build_app, run_terminal};
use anyhow::{Context, Result, bail};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tabiya::game::SaveStore;
use tabiya::game::pgn::read_file;
use tabiya::text::clean;

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
    let (mut app, wake) = build_app(&args.common)?;
    match &args.file {
        Some(path) => {
            let name = clean(&path.display().to_string());
            let bytes = read_file(path).with_context(|| format!("{name}: cannot read"))?;
            app.open_review(&name, bytes, args.game)
        }
        None => {
            let (title, files) = saved_games(&args.common)?;
            app.open_saved_games(&title, files, args.game)
        }
    }
    .map_err(anyhow::Error::msg)?;
    run_terminal(&mut app, wake)?;
    Ok(ExitCode::SUCCESS)
}

/// Saved games' files with their bytes.
type SavedFiles = Vec<(PathBuf, Vec<u8>)>;

/// All of tabiya's saved games, newest first, each with its file (so an unfinished one can be resumed).
fn saved_games(common: &CommonArgs) -> Result<(String, SavedFiles)> {
    let store = match &common.data_dir {
        Some(dir) => SaveStore::open(dir.join("games")),
        None => SaveStore::open_default(),
    }
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let listing = store.list().map_err(|e| anyhow::anyhow!("{e}"))?;
    if listing.games.is_empty() {
        bail!("no saved games in {} yet; give a PGN file: tabiya review FILE", store.dir().display());
    }
    let mut files = Vec::new();
    for game in &listing.games {
        let bytes = read_file(&game.path).with_context(|| format!("{}: cannot read", game.path.display()))?;
        files.push((game.path.clone(), bytes));
    }
    Ok((format!("saved games in {}", store.dir().display()), files))
}

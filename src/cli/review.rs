//! `tabiya review [FILE] [--game N]`: step through the games of a PGN file, or of the saved games.

use super::play::{CommonArgs, build_app, run_terminal};
use anyhow::{Context, Result};
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

fn no_saved_games(dir: &std::path::Path) -> anyhow::Error {
    anyhow::anyhow!("no saved games in {} yet; give a PGN file: tabiya review FILE", clean(&dir.display().to_string()))
}

/// Saved games' files with their bytes.
type SavedFiles = Vec<(PathBuf, Vec<u8>)>;

/// All of tabiya's saved games, newest first, each with its file (so an unfinished one can be resumed).
fn saved_games(common: &CommonArgs) -> Result<(String, SavedFiles)> {
    let dir = match &common.data_dir {
        Some(dir) => dir.join("games"),
        None => SaveStore::default_dir().context("no data directory for saved games (give --data-dir DIR)")?,
    };
    // Reviewing makes nothing on disk: a folder that is not there holds no games.
    if !dir.is_dir() {
        return Err(no_saved_games(&dir));
    }
    let store = SaveStore::open(dir).map_err(|e| anyhow::anyhow!("{e}"))?;
    let files = store.game_files().map_err(|e| anyhow::anyhow!("{e}"))?;
    if files.is_empty() {
        return Err(no_saved_games(store.dir()));
    }
    Ok((format!("saved games in {}", store.dir().display()), files))
}

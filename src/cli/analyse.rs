//! `tabiya analyse FILE`: every position of each game's main line analysed by an engine, and the games
//! written back as annotated PGN — `[%eval …]` on every move, `?!`/`?`/`??` with a comment in words and the
//! better line on each inaccuracy, mistake and blunder, each side's accuracy and average centipawn loss as
//! tags. The game's own comments, NAGs and variations are kept. Output goes to stdout, or to a new file
//! (never over an existing one); progress goes to stderr when it is a terminal; Ctrl+C stops and writes what
//! is done. Complete analyses are kept beside the saved games and used again, as the review screen does.

use super::new_file::Output;
use anyhow::{Context, Result, bail};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tabiya::game::analysis::{
    AnalysisCache, AnalysisEngine, AnalysisRequest, AnalysisService, AnalysisUpdate, CacheKey, DEFAULT_GAME_NODES,
    PositionAnalysis, PositionLimit, annotate, figure_tags,
};
use tabiya::game::engine_spec::{EngineCatalog, EngineSpec};
use tabiya::game::pgn::{PgnFile, PgnGame, WriteOptions, read_file, write_game};
use tabiya::game::saves::{SaveStore, TAG_BLACK_PLAYER, TAG_CLOCKS, TAG_MARKER, TAG_STATE, TAG_WHITE_PLAYER};
use tabiya::text::clean;
use tabiya::tui::config::Config;

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The PGN file.
    pub file: PathBuf,
    /// Only this game (1-based); all games when not given.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Search each position this many nodes (the default: 600000, or 600 ms when that comes first).
    #[arg(long, value_name = "N", conflicts_with_all = ["movetime", "depth"],
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub nodes: Option<u64>,
    /// Search each position for this many milliseconds instead.
    #[arg(long, value_name = "MS", conflicts_with = "depth",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Search each position to this depth instead.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The engine: the name of an [[engines]] entry of the configuration, or uci:COMMAND; the built-in one
    /// when not given.
    #[arg(long, value_name = "NAME|uci:COMMAND")]
    pub engine: Option<String>,
    /// A UCI option for an external engine, e.g. --engine-option "Threads=2" (repeatable; over the
    /// configuration's [[engines]] options).
    #[arg(long = "engine-option", value_name = "NAME=VALUE", value_parser = super::play::parse_engine_option)]
    pub engine_option: Vec<(String, String)>,
    /// Write the annotated games to this new file instead of standard output (an existing file is never
    /// replaced).
    #[arg(long, short, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Read the configuration (for [[engines]] and the hash size) from FILE.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Keep analyses in DIR/analysis, shared with the review screen, instead of the data directory (also:
    /// TABIYA_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Analyse again even where an analysis of the same game with the same engine and limit is kept.
    #[arg(long)]
    pub fresh: bool,
}

pub fn run(args: AnalyseArgs) -> Result<ExitCode> {
    let name = clean(&args.file.display().to_string());
    let bytes = read_file(&args.file).with_context(|| name.clone())?;
    // Games are read one at a time as they are analysed, so a file of many games costs the memory of one.
    let file = PgnFile::from_bytes(bytes);
    if file.is_empty() {
        bail!("{name}: no games found");
    }
    let wanted = match args.game {
        Some(n) if n == 0 || n > file.len() => bail!("{name}: there is no game {n} (the file has {})", file.len()),
        Some(n) => n - 1..n,
        None => 0..file.len(),
    };
    let config = load_config(&args);
    let engine = analysis_engine(&args, &config)?;
    let mut out = Output::open("--output", args.output.as_deref())?;
    let service = AnalysisService::start_with(&engine, config.engine.timeouts(), None)
        .context("cannot start the analysis engine")?;
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    // A second Ctrl+C is not caught again, so it ends the program at once as usual.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let (limit, setting) = position_limit(&args);
    let kept = Kept { cache: analysis_cache(&args), engine: &engine, limit, fresh: args.fresh };
    let mut status = ExitCode::SUCCESS;
    for mut game in wanted.filter_map(|i| file.game(i)) {
        if interrupted.load(Ordering::SeqCst) {
            break;
        }
        let game = &mut game;
        if let Some(e) = &game.error {
            eprintln!("tabiya analyse: {name}: game {} not analysed: {}", game.number, clean(&e.to_string()));
            status = ExitCode::FAILURE;
            continue;
        }
        let positions = match kept.load(game) {
            Some(positions) => positions,
            None => {
                let positions = analyse_game(&service, game, limit, &interrupted)?;
                if !interrupted.load(Ordering::SeqCst) {
                    kept.store(game, &positions);
                }
                positions
            }
        };
        write_annotated(&mut out, game, &positions, &setting)?;
    }
    out.finish()?;
    if interrupted.load(Ordering::SeqCst) {
        eprintln!("tabiya analyse: stopped; what was analysed is written");
        return Ok(ExitCode::from(130));
    }
    Ok(status)
}

/// The search per position the arguments ask for, and its words for the `Annotator` tag.
fn position_limit(args: &AnalyseArgs) -> (PositionLimit, String) {
    let limit = match (args.depth, args.movetime, args.nodes) {
        (Some(d), ..) => PositionLimit::Depth(d),
        (_, Some(ms), _) => PositionLimit::Time(Duration::from_millis(ms)),
        (.., nodes) => PositionLimit::nodes(nodes.unwrap_or(DEFAULT_GAME_NODES)),
    };
    let words = match limit {
        PositionLimit::Depth(_) => limit.to_string(),
        _ => format!("{limit} a position"),
    };
    (limit, words)
}

/// The folder of kept analyses: `--data-dir`, else the data directory's; none when there is no home.
fn analysis_cache(args: &AnalyseArgs) -> Option<AnalysisCache> {
    let games = match &args.data_dir {
        Some(dir) => dir.join("games"),
        None => SaveStore::default_dir()?,
    };
    Some(AnalysisCache::beside_saves(&games))
}

/// Analyses kept between runs, the same ones the review screen keeps and shows: a game analysed once with
/// the same engine and limit (in either place) is not analysed again.
struct Kept<'a> {
    cache: Option<AnalysisCache>,
    engine: &'a AnalysisEngine,
    limit: PositionLimit,
    fresh: bool,
}

impl Kept<'_> {
    fn key(&self, game: &PgnGame) -> CacheKey {
        let moves: Vec<_> = game.tree.moves().collect();
        CacheKey::new(&game.tree.start, &moves, self.engine, self.limit)
    }

    fn load(&self, game: &PgnGame) -> Option<Vec<PositionAnalysis>> {
        let cache = self.cache.as_ref().filter(|_| !self.fresh)?;
        let moves: Vec<_> = game.tree.moves().collect();
        let positions = cache.load(&self.key(game), &game.tree.start, &moves)?;
        eprintln!(
            "tabiya analyse: game {}: the analysis kept in {} is used (--fresh analyses again)",
            game.number,
            clean(&cache.dir().display().to_string())
        );
        Some(positions)
    }

    /// Keeps a complete analysis; failing to keep it costs only the next run's time, so it is a warning.
    fn store(&self, game: &PgnGame, positions: &[PositionAnalysis]) {
        let Some(cache) = &self.cache else { return };
        let moves: Vec<_> = game.tree.moves().collect();
        if positions.len() != moves.len() + 1 {
            return;
        }
        if let Err(e) = cache.store(&self.key(game), &game.tree.start, &moves, positions) {
            let dir = clean(&cache.dir().display().to_string());
            eprintln!("tabiya analyse: game {}: analysis not kept in {dir}: {}", game.number, clean(&e.to_string()));
        }
    }
}

/// The configuration (`--config`, else the usual places). The screens show its errors in their notice line;
/// here they go to stderr, and the analysis goes on with what the file set correctly (the defaults elsewhere),
/// as the screens do.
fn load_config(args: &AnalyseArgs) -> Config {
    let loaded = tabiya::tui::config::load(args.config.as_deref());
    for error in &loaded.errors {
        eprintln!("tabiya analyse: warning: {}", clean(&error.to_string()));
    }
    loaded.config
}

/// The engine named by `--engine`, resolved through the configuration's [[engines]] first.
fn analysis_engine(args: &AnalyseArgs, config: &Config) -> Result<AnalysisEngine> {
    let (hash_mb, threads) = (config.engine.hash_mb, config.engine.threads);
    let Some(wanted) = &args.engine else {
        if !args.engine_option.is_empty() {
            bail!("--engine-option is for an external engine: give one with --engine");
        }
        return Ok(AnalysisEngine::Builtin { hash_mb, threads });
    };
    let configured = config.engines.iter().map(|e| e.spec()).collect();
    let catalog = EngineCatalog::new(configured);
    let text = wanted.strip_prefix("uci:").unwrap_or(wanted);
    if let Some(spec) = catalog.resolve(text).or_else(|| catalog.resolve(wanted)) {
        return Ok(AnalysisEngine::External(spec.clone().with_more_options(&args.engine_option)));
    }
    if wanted.starts_with("uci:") {
        let spec = EngineSpec::from_command_line(text).map_err(anyhow::Error::msg).context("--engine")?;
        return Ok(AnalysisEngine::External(spec.with_more_options(&args.engine_option)));
    }
    bail!("--engine: no engine '{}' in the configuration's [[engines]] (or give uci:COMMAND)", clean(wanted))
}

/// Every position of the main line, or those done before Ctrl+C.
fn analyse_game(
    service: &AnalysisService,
    game: &PgnGame,
    limit: PositionLimit,
    interrupted: &AtomicBool,
) -> Result<Vec<PositionAnalysis>> {
    let id = game.number as u64;
    let moves: Vec<_> = game.tree.moves().collect();
    let total = moves.len() + 1;
    service.request(AnalysisRequest::Game { id, start: game.tree.start.clone(), moves, limit });
    let progress = std::io::stderr().is_terminal();
    let mut stop_sent = false;
    loop {
        if interrupted.load(Ordering::SeqCst) && !stop_sent {
            service.request(AnalysisRequest::Stop);
            stop_sent = true;
        }
        match service.recv_timeout(Duration::from_millis(100)) {
            Some(AnalysisUpdate::GameProgress { id: i, done, .. }) if i == id && progress => {
                draw_progress(game.number, done, total, "positions");
            }
            Some(AnalysisUpdate::GameRechecked { id: i, done, total, .. }) if i == id && progress => {
                draw_progress(game.number, done, total, "near-blunders checked deeper");
            }
            Some(AnalysisUpdate::GameDone { id: i, positions, .. }) if i == id => {
                if progress {
                    eprint!("\r\x1b[K");
                }
                return Ok(positions);
            }
            Some(AnalysisUpdate::Failed { message }) => bail!("the analysis engine failed: {}", clean(&message)),
            _ => {}
        }
    }
}

fn draw_progress(game: usize, done: usize, total: usize, what: &str) {
    const WIDTH: usize = 30;
    let filled = WIDTH * done / total.max(1);
    eprint!("\r\x1b[Kgame {game}: [{}{}] {done}/{total} {what}", "#".repeat(filled), "-".repeat(WIDTH - filled));
    let _ = std::io::stderr().flush();
}

fn write_annotated(
    out: &mut dyn Write,
    game: &mut PgnGame,
    positions: &[PositionAnalysis],
    setting: &str,
) -> Result<()> {
    let report = annotate(&mut game.tree, positions);
    let mut tags = super::pgn::export_tags(game);
    // The figures are measured again; tabiya's save-state tags would make the annotated copy look like a game
    // still to be resumed.
    const SAVE_TAGS: [&str; 5] = [TAG_MARKER, TAG_STATE, TAG_CLOCKS, TAG_WHITE_PLAYER, TAG_BLACK_PLAYER];
    tags.retain(|(k, _)| {
        !matches!(k.as_str(), "WhiteAccuracy" | "BlackAccuracy" | "WhiteACPL" | "BlackACPL")
            && !SAVE_TAGS.contains(&k.as_str())
    });
    tags.extend(figure_tags(&report));
    if !tags.iter().any(|(k, _)| k == "Annotator") {
        tags.push(("Annotator".into(), format!("tabiya analyse, {setting}")));
    }
    let mut text = String::new();
    write_game(&mut text, &tags, &game.tree, &game.result, WriteOptions { annotations: true, precise_clocks: true });
    out.write_all(text.as_bytes())?;
    Ok(())
}

//! `tabiya play` and plain `tabiya`: load the configuration, set up the game (or the new-game screen, or
//! the offer to resume an unfinished game), take over the terminal and run the event loop.

use anyhow::{Context, Result, bail};
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tabiya::game::SaveStore;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::quit::GameOnExit;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::{config, event_loop, terminal};

/// The environment variable naming a configuration file (like `--config`).
pub const CONFIG_ENV: &str = "TABIYA_CONFIG";

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays White: human, computer, computer:LEVEL (1–12) or uci:COMMAND.
    #[arg(long, value_name = "PLAYER")]
    pub white: Option<PlayerSpec>,
    /// Who plays Black: human, computer, computer:LEVEL (1–12) or uci:COMMAND.
    #[arg(long, value_name = "PLAYER")]
    pub black: Option<PlayerSpec>,
    /// Time control: 5+3 (minutes + seconds per move), 5d3 / 5b3 (simple / Bronstein delay), 40/90,30+30
    /// (stages), or untimed.
    #[arg(long, value_name = "CONTROL")]
    pub time: Option<TimeControlSpec>,
    /// Chess960: a start position 0–959, or random (the default when no value is given).
    #[arg(long, value_name = "N|random", num_args = 0..=1, default_missing_value = "random")]
    pub chess960: Option<String>,
    /// Start from this position (FEN, X-FEN or Shredder-FEN).
    #[arg(long, value_name = "FEN", conflicts_with = "chess960")]
    pub fen: Option<String>,
    /// A UCI option for the engines given as uci:… players, e.g. --engine-option "Skill Level=5"
    /// (repeatable; over the configuration's [[engines]] options).
    #[arg(long = "engine-option", value_name = "NAME=VALUE", value_parser = parse_engine_option)]
    pub engine_option: Vec<(String, String)>,
    #[command(flatten)]
    pub common: CommonArgs,
    /// Plain `tabiya`: open the new-game screen (or the resume offer) instead of starting at once.
    #[arg(skip = false)]
    pub setup_screen: bool,
}

/// Options shared by `play` and `review`.
#[derive(Args, Debug, Default, Clone)]
pub struct CommonArgs {
    /// Read the configuration from FILE instead of the configuration directory (also: TABIYA_CONFIG).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Keep saved games in DIR/games instead of the data directory (also: TABIYA_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

impl Default for PlayArgs {
    fn default() -> Self {
        PlayArgs {
            white: None,
            black: None,
            time: None,
            chess960: None,
            fen: None,
            engine_option: Vec::new(),
            common: CommonArgs::default(),
            setup_screen: true,
        }
    }
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let (mut app, wake) = build_app(&args.common)?;
    app.engine_options = args.engine_option.clone();
    if args.setup_screen {
        offer_resume(&mut app);
    } else {
        let spec = game_spec(&args, &app)?;
        app.start_game(&spec).map_err(anyhow::Error::msg).context("cannot start the game")?;
    }
    run_terminal(&mut app, wake)?;
    Ok(report_exit(&app))
}

/// Tells what became of the game, truthfully: exit status 1 when it is not saved anywhere.
fn report_exit(app: &App) -> ExitCode {
    let shown = |p: &std::path::Path| tabiya::text::clean(&p.display().to_string());
    match app.game_on_exit() {
        GameOnExit::NothingToSay => ExitCode::SUCCESS,
        GameOnExit::Saved(path) => {
            println!("The game is saved in {}; `tabiya` offers to resume it.", shown(&path));
            ExitCode::SUCCESS
        }
        GameOnExit::SavedElsewhere(path) => {
            println!("The game is saved as PGN in {} (its own save file could not be written).", shown(&path));
            ExitCode::SUCCESS
        }
        GameOnExit::NotSaved(reason) => {
            eprintln!("tabiya: the game was NOT saved: {}", tabiya::text::clean(&reason));
            ExitCode::FAILURE
        }
    }
}

/// The app with its configuration, save folder and wake-up channel.
pub fn build_app(common: &CommonArgs) -> Result<(App, tokio::sync::mpsc::UnboundedReceiver<()>)> {
    let config_path = common.config.clone().or_else(|| std::env::var_os(CONFIG_ENV).map(PathBuf::from));
    let mut loaded = config::load(config_path.as_deref());
    loaded.config.display.colors = loaded.config.display.colors.resolve(|name| std::env::var(name).ok());
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let notify: tabiya::game::Notifier = Arc::new(move || {
        let _ = tx.send(());
    });
    // Without a terminal nothing is played (`run_terminal` refuses), so no save folder is made for nothing;
    // errors in the arguments and files are still reported first.
    let (saves, save_problem) = if has_terminal() { open_saves(common) } else { (None, None) };
    let options = AppOptions { saves, notify: Some(notify), time: None };
    let mut app = App::new(loaded.config, loaded.keymap, loaded.errors, options);
    if app.startup_notice.is_none() {
        app.startup_notice = save_problem.as_ref().map(|e| format!("Games will not be saved: {e}"));
    }
    app.save_problem = save_problem;
    Ok((app, rx))
}

/// The save folder, made and checked now, so a folder that cannot be written is reported before the first
/// move; or the reason there is none.
fn open_saves(common: &CommonArgs) -> (Option<SaveStore>, Option<String>) {
    let saves = match &common.data_dir {
        Some(dir) => SaveStore::open(dir.join("games")),
        None => SaveStore::open_default(),
    };
    match saves.and_then(|s| s.check_writable().map(|()| s)) {
        Ok(s) => (Some(s), None),
        Err(e) => (None, Some(e.to_string())),
    }
}

/// Whether standard input and output are a terminal to play in.
fn has_terminal() -> bool {
    std::io::stdout().is_terminal() && std::io::stdin().is_terminal()
}

fn offer_resume(app: &mut App) {
    app.offer_unfinished();
}

fn game_spec(args: &PlayArgs, app: &App) -> Result<NewGameSpec> {
    let g = &app.config.game;
    let start = if let Some(spec) = &args.chess960 {
        StartSpec::Chess960(chess960_number(spec)?)
    } else if let Some(fen) = &args.fen {
        tabiya::rules::Position::from_fen(fen).map_err(|e| anyhow::anyhow!("--fen: {e}"))?;
        StartSpec::Fen(fen.clone())
    } else {
        StartSpec::Standard
    };
    let level = |p: PlayerSpec| match p {
        PlayerSpec::Computer(None) => PlayerSpec::Computer(Some(g.level)),
        other => other,
    };
    Ok(NewGameSpec {
        white: level(args.white.clone().unwrap_or_else(|| g.white.clone())),
        black: level(args.black.clone().unwrap_or_else(|| g.black.clone())),
        time: args.time.clone().unwrap_or_else(|| g.time_control.clone()),
        start,
    })
}

/// Reads `--chess960 N|random`.
fn chess960_number(spec: &str) -> Result<u16> {
    if spec.eq_ignore_ascii_case("random") {
        return Ok(tabiya::rules::chess960::random_number(&mut rand::rng()));
    }
    match spec.trim().parse::<u16>() {
        Ok(n) if n <= 959 => Ok(n),
        Ok(n) => bail!("--chess960: {n} is out of range; start positions are numbered 0–959"),
        Err(_) => bail!("--chess960: '{spec}' is not a number 0–959 or 'random'"),
    }
}

/// Takes over the terminal, runs the loop, and gives the terminal back whatever happens.
pub fn run_terminal(app: &mut App, wake: tokio::sync::mpsc::UnboundedReceiver<()>) -> Result<()> {
    if !has_terminal() {
        bail!("tabiya needs a terminal to play in (standard input and output are not one)");
    }
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().context("cannot start the event loop")?;
    let mut guard = terminal::init().context("cannot set up the terminal")?;
    let result = runtime.block_on(event_loop::run(&mut guard.terminal, app, wake));
    drop(guard);
    result.context("terminal")
}

/// `--engine-option NAME=VALUE`, checked as the configuration's options are.
pub fn parse_engine_option(text: &str) -> Result<(String, String), String> {
    tabiya::game::engine_spec::parse_option(text)
}

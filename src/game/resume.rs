//! The save folder's contents, and resuming an unfinished game from its file.
//!
//! Listing reads the folder's files, within bounds (at most `MAX_SAVE_FILES` files, the newest by name, and
//! `MAX_SAVE_BYTES` each): tabiya's games in progress and finished games are listed; anything else (a file
//! without the `TabiyaSave` tag, one that does not parse or is too large, a leftover temporary file) is
//! reported as a problem and left exactly as it is.

use super::clock::{Clock, ClockState};
use super::controller::{ControllerOptions, GameController, MoveRecord};
use super::engine_spec::EngineCatalog;
use super::error::GameError;
use super::pgn::{Headers, PgnGame, read_games};
use super::player::PlayerKind;
use super::save_lock::GameLock;
use super::saves::{
    STATE_IN_PROGRESS, SaveSlot, SaveStore, TAG_BLACK_PLAYER, TAG_CLOCKS, TAG_MARKER, TAG_STATE, TAG_WHITE_PLAYER,
};
use super::setup::{GameSetup, StartPosition};
use super::time_control::TimeControl;
use crate::rules::{Color, to_uci};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// At most this many files of the save folder are read (the newest, by name); the rest are counted.
pub const MAX_SAVE_FILES: usize = 1000;
/// A save file larger than this is reported, not read: a long game with clocks is some 30 KB.
pub const MAX_SAVE_BYTES: u64 = 1024 * 1024;
/// At most this many names of the folder are looked at, so a folder of millions of files cannot hang a start.
const MAX_DIR_ENTRIES: usize = 20_000;

/// A game of tabiya's in the save folder.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub path: PathBuf,
    pub headers: Headers,
    pub in_progress: bool,
    pub plies: usize,
    /// What each side's clock (White, Black) showed at the last save; None when untimed.
    pub clocks: Option<[Duration; 2]>,
    /// Another tabiya has the game open now.
    pub open_elsewhere: bool,
}

impl SavedGame {
    /// `2026.11.21 Ann – tabiya level 4, 23 plies (in progress)` for a list.
    pub fn describe(&self) -> String {
        let state = if self.in_progress {
            "in progress".to_string()
        } else {
            self.headers.get("Result").unwrap_or("*").to_string()
        };
        format!(
            "{} {}, {} ({state})",
            self.headers.get("Date").unwrap_or("?"),
            self.headers.players(),
            crate::text::count(self.plies, "ply", "plies")
        )
    }
}

/// A file in the save folder that is not one of tabiya's games, and why; it is never touched.
#[derive(Clone, Debug)]
pub struct SaveProblem {
    pub path: PathBuf,
    pub reason: String,
}

#[derive(Clone, Debug, Default)]
pub struct SaveListing {
    /// Newest first (by file name, which starts with the date and time).
    pub games: Vec<SavedGame>,
    pub problems: Vec<SaveProblem>,
    /// Files beyond the `MAX_SAVE_FILES` newest, not read.
    pub not_scanned: usize,
}

impl SaveListing {
    pub fn unfinished(&self) -> impl Iterator<Item = &SavedGame> {
        self.games.iter().filter(|g| g.in_progress)
    }
}

impl SaveStore {
    /// Reads the folder: tabiya's games, and the files that are not.
    ///
    /// # Errors
    /// `Save` when the folder cannot be read.
    pub fn list(&self) -> Result<SaveListing, GameError> {
        let entries = std::fs::read_dir(self.dir())
            .map_err(|source| GameError::SaveFolder { path: self.dir().to_path_buf(), source })?;
        let mut listing = SaveListing::default();
        let mut paths: Vec<PathBuf> = entries
            .take(MAX_DIR_ENTRIES)
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
            .map(|e| e.path())
            .collect();
        paths.sort();
        paths.reverse();
        listing.not_scanned = paths.len().saturating_sub(MAX_SAVE_FILES);
        paths.truncate(MAX_SAVE_FILES);
        for path in paths {
            match inspect(&path) {
                Ok(game) => listing.games.push(game),
                Err(_) if being_started(&path) => {}
                Err(reason) => listing.problems.push(SaveProblem { path, reason }),
            }
        }
        Ok(listing)
    }

    /// Each saved game's file with its bytes, newest first, for review (a file that went away since the
    /// listing is left out).
    ///
    /// # Errors
    /// `Save` when the folder cannot be read.
    pub fn game_files(&self) -> Result<Vec<(PathBuf, Vec<u8>)>, GameError> {
        let listing = self.list()?;
        let read = |g: &SavedGame| crate::game::pgn::read_file(&g.path).ok().map(|bytes| (g.path.clone(), bytes));
        Ok(listing.games.iter().filter_map(read).collect())
    }
}

/// A new game's file is made empty, locked, a moment before its first save lands: it is nobody's problem.
fn being_started(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) && GameLock::is_held_elsewhere(path)
}

/// Reads one file of the folder as a tabiya game, or says why it is not one.
pub(super) fn inspect(path: &Path) -> Result<SavedGame, String> {
    let game = read_saved(path)?;
    Ok(SavedGame {
        path: path.to_path_buf(),
        headers: game.headers.clone(),
        in_progress: game.headers.get(TAG_STATE) == Some(STATE_IN_PROGRESS),
        plies: game.tree.mainline.moves.len(),
        clocks: super::unfinished::clocks_at_save(&game),
        open_elsewhere: GameLock::is_held_elsewhere(path),
    })
}

/// Reads one file of the folder, bounded, as the single tabiya game it must hold, or says why it is not one.
pub(super) fn read_saved(path: &Path) -> Result<PgnGame, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if name.ends_with(".tmp") {
        return Err("a temporary file left by an interrupted save (the game file itself is intact)".into());
    }
    if !name.ends_with(".pgn") {
        return Err("not a PGN file".into());
    }
    let bytes = read_bounded(path).map_err(|e| format!("cannot be read: {e}"))?;
    if bytes.is_empty() {
        return Err("empty: no move of a game was ever saved in it".into());
    }
    let mut games = read_games(&bytes);
    if games.len() != 1 {
        return Err(format!("holds {} games; tabiya's files hold one", games.len()));
    }
    let game = games.remove(0);
    if game.headers.get(TAG_MARKER).is_none() {
        return Err(format!("not written by tabiya (no {TAG_MARKER} tag)"));
    }
    if let Some(e) = &game.error {
        return Err(format!("corrupt: {e}"));
    }
    Ok(game)
}

/// A regular file's bytes, at most `MAX_SAVE_BYTES` of them (however the file reports its size).
fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::files::read_bounded(path, MAX_SAVE_BYTES)
}

impl GameController {
    /// Resumes an unfinished game from its save file, clocks included, and keeps saving to that file. An
    /// external engine is found by the reference the file names in `options.engines`, never run from the file.
    ///
    /// # Errors
    /// `Save` when the file is not a tabiya game in progress (it is then left untouched), `UnknownEngine` when
    /// it names an engine the catalog does not know and gives no stand-in, or engine errors.
    pub fn resume(path: &Path, options: ControllerOptions) -> Result<GameController, GameError> {
        let err = |reason: String| GameError::NotResumable { path: path.to_path_buf(), reason };
        // Locked before it is read, so what we read is what nobody else is writing.
        let slot = SaveSlot::existing(path.to_path_buf(), options.saves.as_ref())?;
        let game = read_saved(path).map_err(err)?;
        if game.headers.get(TAG_STATE) != Some(STATE_IN_PROGRESS) {
            return Err(err("the game is finished".into()));
        }
        if game.tree.mainline_passes() {
            return Err(err("its moves include a null move (a pass); it can be reviewed, not played on".into()));
        }
        let h = &game.headers;
        let player = |color: Color| saved_player(h, color, &options.engines);
        let time_control = match h.get("TimeControl") {
            None => TimeControl::untimed(),
            Some(tc) => TimeControl::from_pgn(tc).map_err(|e| err(e.to_string()))?,
        };
        let start = game.tree.start.clone();
        let setup = GameSetup {
            white: player(Color::White)?,
            black: player(Color::Black)?,
            time_control: time_control.clone(),
            start: StartPosition::Fen(start.to_fen()),
            event: h.get("Event").map(str::to_string),
        };
        // A number that is not this start's is ignored: the controller then works it out from the FEN.
        let chess960 = [super::record::TAG_CHESS960, super::record::TAG_CHESS960_OLD]
            .iter()
            .find_map(|t| h.get(t).and_then(|n| n.trim().parse::<u16>().ok()))
            .filter(|&n| crate::rules::chess960::start_position(n).is_some_and(|p| p.to_fen() == start.to_fen()));
        let mut g = GameController::blank(setup, start, chess960, options);
        if let Some(t) = started_at(h) {
            g.started = t;
        }
        g.replay(game.tree.mainline.moves.iter().map(|n| (n.mv, n.clock, n.emt)), &time_control);
        if let Some(shown) = h.get(TAG_CLOCKS).and_then(parse_clocks) {
            let mut state = g.clock.state();
            // Never more than the last move left the side: the tag can only add the current move's time used.
            for (i, left) in shown.into_iter().enumerate() {
                state.remaining[i] = state.remaining[i].min(left);
            }
            let now = g.now();
            let side = g.side_to_move();
            g.clock.restore(state, side, now);
        }
        g.save = Some(slot);
        g.start_players()?;
        let mut events = Vec::new();
        g.after_change(&mut events);
        Ok(g)
    }

    /// Plays saved moves back, rebuilding the records and the clock at every ply from the `%clk` values.
    pub(super) fn replay(
        &mut self,
        moves: impl Iterator<Item = (crate::rules::Move, Option<Duration>, Option<Duration>)>,
        tc: &TimeControl,
    ) {
        let first = tc.stages.first().map(|s| s.time).unwrap_or_default();
        let mut state = ClockState { remaining: [first; 2], moves_made: [0; 2] };
        for (m, clock, emt) in moves {
            let pos = self.history.position();
            let color = pos.side_to_move();
            let clock_after = if tc.is_untimed() { None } else { clock.or(Some(state.remaining[color.index()])) };
            let san = crate::rules::to_san(pos, m);
            let uci = to_uci(pos, m);
            self.records.push(MoveRecord { mv: m, san, uci, color, spent: emt.unwrap_or_default(), clock_after });
            self.history.play(m);
            if let Some(c) = clock_after {
                state.remaining[color.index()] = c;
            }
            state.moves_made[color.index()] += 1;
            self.clock_states.push(state);
        }
        let now = self.now();
        self.clock = Clock::with_start(tc.clone(), self.options.clock_start);
        self.clock.restore(state, self.side_to_move(), now);
    }
}

/// A side's player from the file: a person or level as saved, an engine only through the user's catalog (a
/// reference it does not know is played by the catalog's stand-in, or refused). A file never starts a program.
///
/// # Errors
/// `UnknownEngine` with the reference, when there is no stand-in.
fn saved_player(h: &Headers, color: Color, catalog: &EngineCatalog) -> Result<PlayerKind, GameError> {
    let (tag, name) = match color {
        Color::White => (TAG_WHITE_PLAYER, "White"),
        Color::Black => (TAG_BLACK_PLAYER, "Black"),
    };
    let fallback = || PlayerKind::human(h.get(name).unwrap_or("?"));
    let Some(spec) = h.get(tag) else { return Ok(fallback()) };
    match PlayerKind::resolve_spec(spec, catalog) {
        Ok(player) => Ok(player.unwrap_or_else(fallback)),
        Err(reference) => match &catalog.stand_in {
            Some(stand_in) => Ok(stand_in.clone()),
            None => Err(GameError::UnknownEngine { color, reference }),
        },
    }
}

/// The engines a saved game names that `catalog` does not know, by side (for the offer to resume it).
pub fn unknown_engines(path: &Path, catalog: &EngineCatalog) -> Vec<(Color, String)> {
    let Ok(saved) = inspect(path) else { return Vec::new() };
    let catalog = EngineCatalog { stand_in: None, ..catalog.clone() };
    [Color::White, Color::Black]
        .into_iter()
        .filter_map(|color| match saved_player(&saved.headers, color, &catalog) {
            Err(GameError::UnknownEngine { reference, .. }) => Some((color, reference)),
            _ => None,
        })
        .collect()
}

/// `TabiyaClocks`: White's and Black's milliseconds.
pub(super) fn parse_clocks(text: &str) -> Option<[Duration; 2]> {
    let mut it = text.split_whitespace().map(|n| n.parse::<u64>().ok().map(Duration::from_millis));
    let (w, b) = (it.next()??, it.next()??);
    Some([w, b])
}

/// When a saved game started, from its `Date` and `UTCTime` tags.
pub(super) fn started_at(h: &Headers) -> Option<SystemTime> {
    let date: Vec<i64> = h.get("Date")?.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    let time: Vec<u64> =
        h.get("UTCTime").unwrap_or("00:00:00").split(':').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    let (&[y, m, d], &[hh, mm, ss]) = (date.as_slice(), time.as_slice()) else { return None };
    let days = days_from_civil(y, m, d);
    let secs = u64::try_from(days).ok()? * 86_400 + hh * 3600 + mm * 60 + ss;
    Some(UNIX_EPOCH + Duration::from_secs(secs))
}

/// Howard Hinnant's civil-to-days algorithm (days since 1970-01-01).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::saves::civil_date_time;

    #[test]
    fn start_times_round_trip_through_tags() {
        let t = UNIX_EPOCH + Duration::from_secs(1_763_700_123);
        let (date, time) = civil_date_time(t);
        let mut h = Headers::default();
        h.set("Date", date);
        h.set("UTCTime", time);
        assert_eq!(started_at(&h), Some(t));
    }
}

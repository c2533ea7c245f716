//! The unfinished games of the save folder, for a front end to offer: each with what a person needs to pick
//! one (players, moves so far, each clock, when it began), and giving one up.
//!
//! Giving up ("abandoning") never deletes anything: the file is rewritten, atomically and with every move and
//! clock, as a finished PGN game with result `*`, `Termination "abandoned"` and `TabiyaState "abandoned"`, so
//! it is reviewable forever and never offered again. Reading is bounded by [`SaveStore::list`]; a file that
//! cannot be read is listed as such, never fatal.

use super::error::GameError;
use super::pgn::PgnGame;
use super::pgn::writer::{WriteOptions, write_game};
use super::resume::{SaveProblem, parse_clocks, read_saved, started_at};
use super::save_lock::GameLock;
use super::saves::{STATE_ABANDONED, STATE_IN_PROGRESS, SaveStore, TAG_CLOCKS, TAG_STATE};
use super::time_control::TimeControl;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// One unfinished game, as a list shows it. Text comes from a file: a front end cleans it before showing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedGame {
    pub path: PathBuf,
    pub white: String,
    pub black: String,
    /// Half-moves played so far.
    pub plies: usize,
    /// White's and Black's clocks at the last save; None for an untimed game.
    pub clocks: Option<[Duration; 2]>,
    /// When the game began (its `Date` and `UTCTime` tags), if they say.
    pub started: Option<SystemTime>,
    /// The `TimeControl` tag as written (`300+3`, `-`).
    pub time_control: String,
    /// Another tabiya has the game open now: it cannot be resumed or abandoned here.
    pub open_elsewhere: bool,
}

/// The unfinished games, newest first, and the files that could not be read.
#[derive(Clone, Debug, Default)]
pub struct UnfinishedList {
    pub games: Vec<UnfinishedGame>,
    /// Files that may be games but could not be read (too large, corrupt, unreadable), with the reason.
    pub unreadable: Vec<SaveProblem>,
    /// Files skipped because they are not tabiya's games (another program's PGN, a file of noise).
    pub others: usize,
    /// Files not looked at because the folder holds more than the listing reads.
    pub not_scanned: usize,
}

impl SaveStore {
    /// The unfinished games of the folder, newest first (by start, then by last save), leaving out `except`
    /// (the game this process is playing). Files that are not tabiya's games are counted in `others`;
    /// tabiya's files that cannot be read are in `unreadable`, with the reason.
    ///
    /// # Errors
    /// `SaveFolder` when the folder cannot be read.
    pub fn unfinished(&self, except: Option<&Path>) -> Result<UnfinishedList, GameError> {
        let listing = self.list()?;
        let mut games: Vec<(UnfinishedGame, Option<SystemTime>)> = listing
            .games
            .iter()
            .filter(|g| g.in_progress && Some(g.path.as_path()) != except)
            .map(|g| {
                let h = &g.headers;
                let game = UnfinishedGame {
                    path: g.path.clone(),
                    white: h.get("White").unwrap_or("?").to_string(),
                    black: h.get("Black").unwrap_or("?").to_string(),
                    plies: g.plies,
                    clocks: g.clocks,
                    started: started_at(h),
                    time_control: h.get("TimeControl").unwrap_or("-").to_string(),
                    open_elsewhere: g.open_elsewhere,
                };
                let saved = std::fs::metadata(&g.path).and_then(|m| m.modified()).ok();
                (game, saved)
            })
            .collect();
        games.sort_by(|(a, a_saved), (b, b_saved)| (b.started, b_saved, &b.path).cmp(&(a.started, a_saved, &a.path)));
        let (unreadable, skipped): (Vec<_>, Vec<_>) =
            listing.problems.into_iter().partition(|p| may_be_a_game(&p.reason));
        Ok(UnfinishedList {
            games: games.into_iter().map(|(g, _)| g).collect(),
            unreadable,
            others: skipped.iter().filter(|p| !p.reason.starts_with("a temporary file")).count(),
            not_scanned: listing.not_scanned,
        })
    }

    /// Gives up an unfinished game: its file becomes a finished game with result `*`, marked abandoned, every
    /// move and clock kept. Written through the store's sink, all or nothing.
    ///
    /// # Errors
    /// `OpenElsewhere` when another tabiya has it open; `NotResumable` when the file is not a tabiya game in
    /// progress (it is then left untouched); `Save` when it cannot be written.
    pub fn abandon(&self, path: &Path) -> Result<(), GameError> {
        // Locked first, so no other tabiya resumes it while it is rewritten.
        let _lock = GameLock::acquire(path)?;
        let err = |reason: String| GameError::NotResumable { path: path.to_path_buf(), reason };
        let game = read_saved(path).map_err(err)?;
        if game.headers.get(TAG_STATE) != Some(STATE_IN_PROGRESS) {
            return Err(err("the game is not in progress".into()));
        }
        let text = abandoned_pgn(game, SystemTime::now());
        self.sink().write(path, text.as_bytes()).map_err(|source| GameError::Save { path: path.to_path_buf(), source })
    }
}

/// The PGN of a game in progress, given up at `when`.
fn abandoned_pgn(mut game: PgnGame, when: SystemTime) -> String {
    let h = &mut game.headers;
    h.set(TAG_STATE, STATE_ABANDONED);
    h.set("Termination", "abandoned");
    h.pairs.retain(|(k, _)| k != "Result");
    let (date, _) = super::saves::civil_date_time(when);
    let note = format!("Abandoned on {date}, unfinished");
    let comment = match game.tree.mainline.moves.last_mut() {
        Some(last) => &mut last.comment,
        None => &mut game.tree.mainline.comment,
    };
    *comment = Some(match comment.take() {
        Some(c) if !c.trim().is_empty() => format!("{c} {note}"),
        _ => note,
    });
    let mut out = String::new();
    let opts = WriteOptions { annotations: true, precise_clocks: true };
    write_game(&mut out, &game.headers.pairs, &game.tree, "*", opts);
    out
}

/// Whether a listing problem is about a file that may be one of tabiya's games (so the user should hear of
/// it), rather than a file that plainly is not (another program's PGN, a leftover temporary file).
fn may_be_a_game(reason: &str) -> bool {
    !(reason.starts_with("not written by tabiya")
        || reason.starts_with("a temporary file")
        || reason == "not a PGN file")
}

/// Each side's clock at the last save: the last `%clk` each side wrote (or the starting time), no more than
/// the `TabiyaClocks` tag says (it adds the time used on the move in progress). None when untimed.
pub(super) fn clocks_at_save(game: &PgnGame) -> Option<[Duration; 2]> {
    let tc = TimeControl::from_pgn(game.headers.get("TimeControl")?).ok()?;
    let first = tc.stages.first()?.time;
    let mut clocks = [first; 2];
    let mut side = game.tree.start.side_to_move();
    for node in &game.tree.mainline.moves {
        if let Some(c) = node.clock {
            clocks[side.index()] = c;
        }
        side = !side;
    }
    if let Some(tag) = game.headers.get(TAG_CLOCKS).and_then(parse_clocks) {
        for (shown, saved) in clocks.iter_mut().zip(tag) {
            *shown = (*shown).min(saved);
        }
    }
    Some(clocks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_games;

    const SAVE: &str = "[Event \"Casual game\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"*\"]\n\
        [TimeControl \"300+3\"]\n[TabiyaSave \"1\"]\n[TabiyaState \"in progress\"]\n[TabiyaClocks \"290000 301000\"]\n\n\
        1. e4 {[%clk 0:05:01]} e5 {[%clk 0:05:02]} 2. Nf3 {[%clk 0:04:58]} *\n";

    #[test]
    fn clocks_are_the_last_of_each_side_capped_by_the_tag() {
        let game = read_games(SAVE.as_bytes()).remove(0);
        let clocks = clocks_at_save(&game).unwrap();
        assert_eq!(clocks, [Duration::from_secs(290), Duration::from_secs(301)]);
    }

    #[test]
    fn an_abandoned_game_keeps_its_moves_and_says_so() {
        let game = read_games(SAVE.as_bytes()).remove(0);
        let text = abandoned_pgn(game, SystemTime::UNIX_EPOCH);
        let again = read_games(text.as_bytes()).remove(0);
        assert!(again.error.is_none(), "{text}");
        assert_eq!(again.tree.mainline.moves.len(), 3);
        assert_eq!(again.headers.get(TAG_STATE), Some(STATE_ABANDONED));
        assert_eq!(again.headers.get("Result"), Some("*"));
        assert!(text.contains("Abandoned on 1970.01.01"), "{text}");
        assert_eq!(again.tree.mainline.moves[2].clock, Some(Duration::from_secs(298)));
    }
}

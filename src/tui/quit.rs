//! Leaving tabiya without losing a game: quitting while the game is not saved asks first (save it as PGN
//! elsewhere, quit anyway, or keep playing), and what became of the game is told truthfully on the way out.

use super::app::App;
use super::dialog::Dialog;
use crate::game::SaveStatus;
use std::path::PathBuf;
use std::time::Duration;

/// How long quitting waits for a save still being written before calling it unsaved.
const FLUSH_WAIT: Duration = Duration::from_secs(3);

/// What became of the game in play when tabiya quit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameOnExit {
    /// No game, a finished game that is saved, or a game with nothing in it yet.
    NothingToSay,
    /// An unfinished game on disk, to be offered for resuming.
    Saved(PathBuf),
    /// The game's own file could not be written, but the user saved it as PGN here.
    SavedElsewhere(PathBuf),
    /// The game is not on disk, and why.
    NotSaved(String),
}

impl App {
    /// Ctrl+Q: quits at once when nothing would be lost, else asks. Asked again from the question, it quits.
    pub(super) fn request_quit(&mut self) {
        if matches!(self.dialog, Some(Dialog::QuitUnsaved { .. })) {
            self.quit = true;
            return;
        }
        match self.unsaved_reason() {
            Some(reason) => self.dialog = Some(Dialog::QuitUnsaved { reason }),
            None => self.quit = true,
        }
    }

    /// Why the game in play would be lost by quitting now; None when it is safe (or holds nothing yet).
    pub fn unsaved_reason(&self) -> Option<String> {
        let play = self.play.as_ref()?;
        if play.game.moves().is_empty() && !play.game.is_over() {
            return None;
        }
        match play.game.flush_saves(FLUSH_WAIT) {
            None => self.save_problem.clone(),
            Some(SaveStatus::Saved) => None,
            Some(SaveStatus::Pending) => Some("the last save is still being written".into()),
            Some(SaveStatus::Failed(e)) => Some(e),
        }
    }

    /// The warning the play screen keeps showing while the game is not saved.
    pub fn unsaved_warning(&self) -> Option<String> {
        let play = self.play.as_ref()?;
        play.game.save_problem().or_else(|| self.save_problem.clone().filter(|_| play.game.save_status().is_none()))
    }

    /// Where the game stands as tabiya ends, for the message printed after the terminal is restored.
    pub fn game_on_exit(&self) -> GameOnExit {
        let Some(play) = &self.play else { return GameOnExit::NothingToSay };
        if let Some(reason) = self.unsaved_reason() {
            return match &self.saved_elsewhere {
                Some(path) => GameOnExit::SavedElsewhere(path.clone()),
                None => GameOnExit::NotSaved(reason),
            };
        }
        match play.game.save_path() {
            Some(path) if !play.game.is_over() => GameOnExit::Saved(path.to_path_buf()),
            _ => GameOnExit::NothingToSay,
        }
    }
}

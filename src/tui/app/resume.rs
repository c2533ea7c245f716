//! Unfinished games: finding and offering them, resuming one (with a stand-in for an engine that is gone),
//! and the controller options every game starts with.

use super::*;

impl App {
    /// Opens the list of unfinished games when the save folder has any (at start); false when it has none.
    pub fn offer_unfinished(&mut self) -> bool {
        let Some(store) = self.options.saves.clone() else { return false };
        let screen = UnfinishedScreen::open(store, None);
        self.unfinished_count = screen.list.games.len();
        if screen.list.games.is_empty() && screen.list.unreadable.is_empty() {
            return false;
        }
        self.screen = Screen::Unfinished(Box::new(screen));
        true
    }

    /// The new-game screen's keys for saved games: `u unfinished games` when there are some, and `g saved
    /// games` where games are saved.
    pub fn saved_games_hints(&self) -> Vec<String> {
        let unfinished = (self.unfinished_count > 0).then_some("u unfinished games");
        let hints = unfinished.into_iter().chain(Some("g saved games"));
        if self.options.saves.is_some() { hints.map(String::from).collect() } else { Vec::new() }
    }

    /// The saved games on the list screen (`g` on the new-game screen), to review or resume.
    ///
    /// # Errors
    /// Why there is nothing to list.
    pub fn open_saved_list(&mut self) -> Result<(), String> {
        let Some(store) = self.options.saves.clone() else { return Err("There is no save folder".into()) };
        let files = store.game_files().map_err(|e| e.to_string())?;
        let folder = crate::text::clean(&store.dir().display().to_string());
        if files.is_empty() {
            return Err(format!("No saved games in {folder} yet"));
        }
        // The list even for one game, so that Esc from the game comes back to it.
        self.list = Some(GameList::saved(&format!("saved games in {folder}"), files));
        self.review_file = None;
        self.screen = Screen::List;
        Ok(())
    }

    /// Opens the list of unfinished games (the `u` key of the new-game screen), leaving out the game in play.
    pub fn open_unfinished(&mut self) {
        let Some(store) = self.options.saves.clone() else { return };
        let playing = self.play.as_ref().and_then(|p| p.game.save_path()).map(Path::to_path_buf);
        self.screen = Screen::Unfinished(Box::new(UnfinishedScreen::open(store, playing)));
    }

    /// Resumes a game picked from a list: refused when another tabiya has it open; when its file names an
    /// engine the configuration lacks, the offer asks who plays that side instead.
    ///
    /// # Errors
    /// Why it cannot be resumed (the file is then left as it is).
    pub fn resume_listed(&mut self, path: &Path, summary: String) -> Result<(), String> {
        if crate::game::save_lock::GameLock::is_held_elsewhere(path) {
            return Err("That game is open in another tabiya; it cannot be resumed here".into());
        }
        if crate::game::resume::unknown_engines(path, &self.engine_catalog()).is_empty() {
            return self.resume(path);
        }
        self.offer_resume(path, crate::text::clean(&summary));
        Ok(())
    }

    /// The newest unfinished game in the save folder, with a description for the resume offer.
    pub fn find_unfinished(&self) -> Option<(std::path::PathBuf, String)> {
        let listing = self.options.saves.as_ref()?.list().ok()?;
        let game = listing.unfinished().next()?;
        Some((game.path.clone(), game.describe()))
    }

    /// Resumes a saved unfinished game.
    ///
    /// # Errors
    /// Why the game cannot be resumed (the file is then left as it is).
    pub fn resume(&mut self, path: &Path) -> Result<(), String> {
        self.resume_with(path, None)
    }

    /// Resumes a saved game, with `stand_in` playing a side whose engine the configuration does not have.
    pub(super) fn resume_with(&mut self, path: &Path, stand_in: Option<PlayerKind>) -> Result<(), String> {
        let mut options = self.controller_options();
        options.engines.stand_in = stand_in;
        let game = GameController::resume(path, options).map_err(|e| capitalize(&e.to_string()))?;
        let human_black_only = game.player(Color::Black).is_human() && !game.player(Color::White).is_human();
        let flipped = human_black_only && self.config.display.flip_for_black;
        self.play = Some(PlayState::new(game, flipped));
        self.screen = Screen::Play;
        self.startup_notice = None;
        Ok(())
    }

    pub(super) fn controller_options(&self) -> ControllerOptions {
        let mut options = ControllerOptions::default()
            .with_engine_hash_mb(self.config.engine.hash_mb)
            .with_engine_threads(self.config.engine.threads);
        options.engine_book = Some(&self.config.engine.book).filter(|b| !b.is_empty()).map(std::path::PathBuf::from);
        if let Some(time) = &self.options.time {
            options = options.with_time(time.clone());
        }
        if let Some(notify) = &self.options.notify {
            options = options.with_notify(notify.clone());
        }
        if let Some(saves) = &self.options.saves {
            options = options.with_saves(saves.clone());
        }
        options.engines = self.engine_catalog();
        options.clock_start = match self.config.game.clock_starts {
            crate::tui::config::ClockStarts::AfterFirstMoves => crate::game::ClockStart::AfterFirstMoves,
            crate::tui::config::ClockStarts::AtOnce => crate::game::ClockStart::AtOnce,
        };
        options.engine_timeouts = self.config.engine.timeouts();
        options
    }
}

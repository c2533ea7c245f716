//! Starting things: a new game from the new-game screen's choices, a PGN file or the saved games for review,
//! the offer of an unfinished game found at start-up.

use super::*;

impl App {
    /// Starts a game; on failure stays on (or returns to) the new-game screen with the reason.
    pub fn start_game(&mut self, spec: &NewGameSpec) -> Result<(), String> {
        let setup = self.game_setup(spec)?;
        let game = GameController::new(setup, self.controller_options()).map_err(|e| capitalize(&e.to_string()))?;
        let human_black_only = game.player(Color::Black).is_human() && !game.player(Color::White).is_human();
        let flipped = human_black_only && self.config.display.flip_for_black;
        let mut play = PlayState::new(game, flipped);
        // A configuration problem must be seen even when the game starts at once.
        if let Some(notice) = self.startup_notice.take() {
            play.set_notice(notice, StatusKind::Error);
        }
        self.play = Some(play);
        self.screen = Screen::Play;
        Ok(())
    }

    pub(super) fn game_setup(&self, spec: &NewGameSpec) -> Result<GameSetup, String> {
        let level = self.config.game.level;
        let people = [&spec.white, &spec.black].iter().filter(|p| ***p == PlayerSpec::Human).count();
        let person = if people == 1 { "You" } else { "Human" };
        let catalog = self.engine_catalog();
        // `uci:TEXT` names a configured engine, or is a command line the user typed.
        let player = |p: &PlayerSpec| match p {
            PlayerSpec::Human => Ok::<_, String>(PlayerKind::human(person)),
            PlayerSpec::Computer(l) => Ok(PlayerKind::Engine { level: l.unwrap_or(level) }),
            PlayerSpec::Uci(text) => {
                let engine = match catalog.resolve(text) {
                    Some(engine) => engine.clone(),
                    None => EngineSpec::from_command_line(text).map_err(|e| capitalize(&e))?,
                };
                Ok(PlayerKind::External(engine.with_more_options(&self.engine_options)))
            }
        };
        let time = time_control(&spec.time);
        let start = match &spec.start {
            StartSpec::Standard => StartPosition::Standard,
            StartSpec::Chess960(n) => StartPosition::Chess960(*n),
            StartSpec::Fen(fen) => StartPosition::Fen(fen.clone()),
        };
        Ok(GameSetup::new(player(&spec.white)?, player(&spec.black)?).with_time_control(time).with_start(start))
    }

    /// The engines the user controls: the configuration's `[[engines]]` (first, so their names win), its
    /// `[game]` players, and the engines of the game in play (given on this command line). Saved games may name
    /// only these.
    pub fn engine_catalog(&self) -> EngineCatalog {
        let configured = self.config.engines.iter().map(|e| e.spec());
        let mut catalog = EngineCatalog::new(configured.collect());
        for p in [&self.config.game.white, &self.config.game.black] {
            if let PlayerSpec::Uci(text) = p
                && let Ok(engine) = EngineSpec::from_command_line(text)
            {
                catalog.add(engine);
            }
        }
        for color in [Color::White, Color::Black] {
            if let Some(PlayerKind::External(engine)) = self.play.as_ref().map(|p| p.game.player(color)) {
                catalog.add(engine.clone());
            }
        }
        catalog
    }

    /// Opens a PGN text for review: the list when it has several games, the game itself when one.
    pub fn open_review(&mut self, title: &str, source: Vec<u8>, game_number: Option<usize>) -> Result<(), String> {
        self.open_list(title, GameList::new(title, source), game_number)
    }

    /// Opens tabiya's saved games (each file with its bytes) for review; `r` on an unfinished one resumes it.
    pub fn open_saved_games(
        &mut self,
        title: &str,
        files: Vec<(std::path::PathBuf, Vec<u8>)>,
        game_number: Option<usize>,
    ) -> Result<(), String> {
        self.open_list(title, GameList::saved(title, files), game_number)
    }

    pub(super) fn open_list(&mut self, title: &str, list: GameList, game_number: Option<usize>) -> Result<(), String> {
        if list.entries.is_empty() {
            return Err(format!("{title}: no games found"));
        }
        let pick = match game_number {
            Some(n) if n == 0 || n > list.entries.len() => {
                return Err(format!("{title}: there is no game {n} (the file has {})", list.entries.len()));
            }
            Some(n) => Some(n - 1),
            None if list.entries.len() == 1 => Some(0),
            None => None,
        };
        let single = list.entries.len() == 1;
        self.list = Some(list);
        self.review_file = Some(std::path::PathBuf::from(title)).filter(|p| p.is_file());
        match pick {
            Some(i) => self.open_listed(i, !single),
            None => self.screen = Screen::List,
        }
        Ok(())
    }

    pub(super) fn open_listed(&mut self, i: usize, from_list: bool) {
        if let Some(game) = self.list.as_ref().and_then(|l| l.open(i)) {
            let back = if from_list { BackTo::List } else { BackTo::Nowhere };
            let mut review = ReviewState::new(game, back, OpenAt::default());
            review.show_kept_analysis(&self.analysis_settings());
            self.screen = Screen::Review(Box::new(review));
        }
    }

    /// Opens the play screen's finished game for review at its last move (its kept analysis too, if it has
    /// one); Esc comes back to it.
    pub(super) fn review_finished_game(&mut self) {
        let Some(play) = &self.play else { return };
        let pgn = play.game.to_pgn();
        let Some(game) = crate::game::pgn::read_games(pgn.as_bytes()).into_iter().next() else { return };
        self.review_file = play.game.save_path().map(Path::to_path_buf);
        let mut review = ReviewState::new(game, BackTo::Play, OpenAt::End);
        review.show_kept_analysis(&self.analysis_settings());
        self.screen = Screen::Review(Box::new(review));
    }

    /// Offers to resume an unfinished game found at start-up. When its file names an engine the user has not
    /// configured, says so and asks who plays that side instead (nothing from the file is ever run).
    pub fn offer_resume(&mut self, path: &Path, summary: String) {
        if crate::game::save_lock::GameLock::is_held_elsewhere(path) {
            self.dialog = Some(Dialog::OpenElsewhere { path: path.to_path_buf(), summary });
            return;
        }
        let catalog = self.engine_catalog();
        let unknown = crate::game::resume::unknown_engines(path, &catalog);
        self.dialog = Some(match unknown.first() {
            None => Dialog::Resume { path: path.to_path_buf(), summary },
            Some((color, reference)) => {
                let error = crate::game::GameError::UnknownEngine { color: *color, reference: reference.clone() };
                let picker = Picker::opponents(self.config.game.level, &catalog.engines, vec![Choice::Review]);
                Dialog::UnknownEngine {
                    path: path.to_path_buf(),
                    summary,
                    message: capitalize(&error.to_string()),
                    picker,
                }
            }
        });
    }
}

pub(super) fn time_control(spec: &TimeControlSpec) -> TimeControl {
    match spec {
        TimeControlSpec::Untimed => TimeControl::untimed(),
        TimeControlSpec::Timed { base_ms, increment_ms } => {
            TimeControl::fischer(Duration::from_millis(*base_ms), Duration::from_millis(*increment_ms))
        }
        TimeControlSpec::Other { control, .. } => control.clone(),
    }
}

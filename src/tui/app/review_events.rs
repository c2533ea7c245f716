//! The review screens' events: the list of games, the unfinished games, one game under review, its
//! analysis and "continue from here".

use super::open::time_control;
use super::*;

impl App {
    pub(super) fn list_action(&mut self, action: Action) {
        let Some(list) = &mut self.list else { return };
        match action {
            Action::Cursor(Dir::Up) | Action::Type('k') => list.move_selection(-1),
            Action::Cursor(Dir::Down) | Action::Type('j') => list.move_selection(1),
            Action::Nav(Nav::PageUp) => list.move_selection(-10),
            Action::Nav(Nav::PageDown) => list.move_selection(10),
            Action::Nav(Nav::First) => list.selected = 0,
            Action::Nav(Nav::Last) => list.move_selection(isize::MAX / 2),
            Action::Mouse { kind: MouseKind::ScrollUp, .. } => list.move_selection(-3),
            Action::Mouse { kind: MouseKind::ScrollDown, .. } => list.move_selection(3),
            Action::Select | Action::Submit => {
                let i = list.selected;
                self.open_listed(i, true);
            }
            Action::Cancel => self.screen = Screen::NewGame(NewGameForm::from_config(&self.config)),
            Action::Type('r' | 'R') => {
                let Some((path, summary)) = list.resumable(list.selected) else {
                    list.notice = Some("Only an unfinished saved game can be resumed".into());
                    return;
                };
                if self.play.as_ref().and_then(|p| p.game.save_path()) == Some(path.as_path()) {
                    list.notice = Some("That is the game in progress: Esc twice goes back to it".into());
                    return;
                }
                if let Err(e) = self.resume_listed(&path, summary)
                    && let Some(list) = &mut self.list
                {
                    list.notice = Some(e);
                }
            }
            _ => {}
        }
    }

    /// The list of unfinished games: resume, review or abandon one; Esc goes to the new-game screen.
    pub(super) fn unfinished_action(&mut self, action: Action) {
        let Screen::Unfinished(screen) = &mut self.screen else { return };
        let outcome = screen.handle(&action);
        self.unfinished_count = screen.list.games.len();
        let summary = screen
            .chosen()
            .map(|g| format!("{} – {}, {}", g.white, g.black, crate::text::count(g.plies, "ply", "plies")));
        let result = match outcome {
            UnfinishedOutcome::Stay => Ok(()),
            UnfinishedOutcome::NewGame => {
                self.screen = Screen::NewGame(NewGameForm::from_config(&self.config));
                Ok(())
            }
            UnfinishedOutcome::Resume(path) => self.resume_listed(&path, summary.unwrap_or_default()),
            UnfinishedOutcome::Review(path) => crate::game::pgn::read_file(&path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| self.open_review(&path.display().to_string(), bytes, Some(1))),
        };
        if let Err(e) = result
            && let Screen::Unfinished(screen) = &mut self.screen
        {
            screen.notice = Some(crate::text::clean(&e));
        }
    }

    /// The review screen handles its own actions; this carries out what it asks of the app.
    pub(super) fn review_action(&mut self, action: Action) {
        let cx = ReviewContext {
            area: Rect::new(0, 0, self.size.0, self.size.1),
            coordinates: self.config.display.coordinates,
            analysis: self.analysis_settings(),
        };
        let Screen::Review(review) = &mut self.screen else { return };
        match review.handle(action, &cx) {
            ReviewOutcome::Stay => {}
            ReviewOutcome::Back(BackTo::List) => self.screen = Screen::List,
            ReviewOutcome::Back(BackTo::Play) if self.play.is_some() => self.screen = Screen::Play,
            ReviewOutcome::Back(_) => {}
            ReviewOutcome::NewGame => self.screen = Screen::NewGame(NewGameForm::from_config(&self.config)),
            ReviewOutcome::Output(bytes) => self.output.push(bytes),
            ReviewOutcome::SaveAnalysed(pgn) => {
                let said = match self.save_analysed(&pgn) {
                    Ok(path) => {
                        format!("Saved the analysed game to {}", crate::text::clean(&path.display().to_string()))
                    }
                    Err(e) => format!("Cannot save the analysed game: {e}"),
                };
                if let Screen::Review(review) = &mut self.screen {
                    review.notice = Some(said);
                }
            }
            ReviewOutcome::Continue(line) => {
                if let Err(e) = self.continue_from(*line)
                    && let Screen::Review(review) = &mut self.screen
                {
                    review.notice = Some(format!("Cannot play on from here: {e}"));
                }
            }
        }
    }

    /// The engine and limits the configuration asks analysis to use: `[analysis] engine` names an
    /// `[[engines]]` entry (one that is not is a configuration error), or is empty for the built-in engine.
    pub fn analysis_settings(&self) -> AnalysisSettings {
        let a = &self.config.analysis;
        let engine = match self.engine_catalog().resolve(&a.engine) {
            Some(spec) if !a.engine.trim().is_empty() => AnalysisEngine::External(spec.clone()),
            _ => AnalysisEngine::Builtin { hash_mb: self.config.engine.hash_mb, threads: self.config.engine.threads },
        };
        AnalysisSettings {
            engine,
            lines: a.lines.clamp(1, 5),
            game_limit: a.game_limit(),
            // Kept beside the saved games, in the data directory (`analysis/` next to `games/`).
            cache: self.options.saves.as_ref().map(|s| crate::game::analysis::AnalysisCache::beside_saves(s.dir())),
            notify: self.notify(),
            timeouts: self.config.engine.timeouts(),
        }
    }

    /// Writes `<file>-analysed.pgn` into `analysed_folder`, `-analysed-2.pgn` and on when taken: a file is
    /// never replaced.
    pub(super) fn save_analysed(&self, pgn: &str) -> Result<std::path::PathBuf, String> {
        use std::io::Write;
        let (dir, stem) = self.analysed_folder()?;
        for n in 1..1000 {
            let name = if n == 1 { format!("{stem}-analysed.pgn") } else { format!("{stem}-analysed-{n}.pgn") };
            let path = dir.join(name);
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    return match file.write_all(pgn.as_bytes()).and_then(|()| file.sync_all()) {
                        Ok(()) => Ok(path),
                        Err(e) => {
                            let _ = std::fs::remove_file(&path);
                            Err(format!("{}: {e}", crate::text::clean(&path.display().to_string())))
                        }
                    };
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", crate::text::clean(&path.display().to_string()))),
            }
        }
        Err("too many analysed copies already".into())
    }

    /// Where an analysed copy goes, and its name's stem: beside the reviewed file; for a game of the save
    /// folder (or text that came from no file), `analysed/` beside that folder, so that it holds only tabiya's
    /// own game files.
    fn analysed_folder(&self) -> Result<(std::path::PathBuf, String), String> {
        let saves = self.options.saves.as_ref().map(|s| s.dir());
        let same =
            |a: &Path, b: &Path| a == b || a.canonicalize().ok().is_some_and(|a| b.canonicalize().ok() == Some(a));
        let in_saves = |f: &Path| f.parent().zip(saves).is_some_and(|(p, s)| same(p, s));
        let stem = |f: &Path| f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
        match (&self.review_file, saves) {
            (Some(f), _) if !in_saves(f) => Ok((f.parent().map(Path::to_path_buf).unwrap_or_default(), stem(f))),
            (file, Some(saves)) => {
                let dir = saves.parent().unwrap_or(saves).join("analysed");
                std::fs::create_dir_all(&dir)
                    .map_err(|e| format!("{}: {e}", crate::text::clean(&dir.display().to_string())))?;
                Ok((dir, file.as_deref().map_or_else(|| "review".to_string(), stem)))
            }
            (_, None) => Err("the game came from no file and there is no save folder".into()),
        }
    }

    /// "Continue from here": a new game with the reviewed line's start and moves, its players (people, under
    /// the file's names, at this keyboard) and the configured time control.
    pub(super) fn continue_from(&mut self, line: Continuation) -> Result<(), String> {
        let start = match line.chess960 {
            Some(n) => StartPosition::Chess960(n),
            None => StartPosition::Fen(line.start.to_fen()),
        };
        let mut setup = GameSetup::new(PlayerKind::human(line.white), PlayerKind::human(line.black))
            .with_time_control(time_control(&self.config.game.time_control))
            .with_start(start);
        setup.event = line.event;
        let options = self.controller_options();
        let game = GameController::continue_from(setup, line.start, &line.moves, options)
            .map_err(|e| capitalize(&e.to_string()))?;
        self.play = Some(PlayState::new(game, false));
        self.screen = Screen::Play;
        Ok(())
    }
}

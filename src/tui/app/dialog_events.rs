//! The open dialog's events: each dialog's answers, and what they do to the game or the screen.

use super::*;

impl App {
    pub(super) fn dialog_action(&mut self, action: Action) {
        let Some(dialog) = self.dialog.take() else { return };
        let keep = match dialog {
            Dialog::Help => None,
            Dialog::ConfirmResign => self.answer_resign(&action),
            Dialog::TakebackRequested { by } => {
                self.answer(&action, GameCommand::AcceptTakeback(!by), GameCommand::DeclineTakeback(!by), dialog)
            }
            Dialog::Promotion { moves, index } => self.promotion_action(action, moves, index),
            Dialog::SavePath { text, error, then_quit } => self.save_path_action(action, text, error, then_quit),
            Dialog::QuitUnsaved { reason } => self.quit_unsaved_action(&action, reason),
            Dialog::Resume { path, summary } => self.resume_action(&action, path, summary),
            Dialog::OpenElsewhere { path, summary } => self.open_elsewhere_action(&action, path, summary),
            Dialog::UnknownEngine { path, summary, message, picker } => {
                self.unknown_engine_action(&action, path, summary, message, picker)
            }
            Dialog::EngineFailed { color, message, picker } => {
                self.engine_failed_action(&action, color, message, picker)
            }
        };
        if self.dialog.is_none() {
            self.dialog = keep;
        }
    }

    pub(super) fn answer_resign(&mut self, action: &Action) -> Option<Dialog> {
        match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => {
                if let Some(play) = &mut self.play {
                    let me = play.me();
                    let events = play.command(GameCommand::Resign(me));
                    self.absorb(events);
                }
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::ConfirmResign),
        }
    }

    pub(super) fn answer(
        &mut self,
        action: &Action,
        yes: GameCommand,
        no: GameCommand,
        dialog: Dialog,
    ) -> Option<Dialog> {
        let command = match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => yes,
            Action::Cancel | Action::Type('n' | 'N') => no,
            _ => return Some(dialog),
        };
        if let Some(play) = &mut self.play {
            let events = play.command(command);
            self.absorb(events);
        }
        None
    }

    pub(super) fn promotion_action(
        &mut self,
        action: Action,
        moves: Vec<crate::rules::Move>,
        index: usize,
    ) -> Option<Dialog> {
        let chosen = match action {
            Action::Cursor(Dir::Left | Dir::Up) => return Some(Dialog::Promotion { moves, index: (index + 3) % 4 }),
            Action::Cursor(Dir::Right | Dir::Down) | Action::Tab => {
                return Some(Dialog::Promotion { moves, index: (index + 1) % 4 });
            }
            Action::Select | Action::Submit => Dialog::chosen_promotion(&moves, index),
            Action::Type(c) => match Role::from_char(c) {
                Some(role) => {
                    PROMOTION_ROLES.iter().position(|r| *r == role).and_then(|i| Dialog::chosen_promotion(&moves, i))
                }
                None => return Some(Dialog::Promotion { moves, index }),
            },
            Action::Mouse { kind: MouseKind::Down, column, row } => {
                let area = Rect::new(0, 0, self.size.0, self.size.1);
                match crate::tui::views::dialogs::promotion_choice_at(area, self, column, row) {
                    Some(i) => Dialog::chosen_promotion(&moves, i),
                    None => return Some(Dialog::Promotion { moves, index }),
                }
            }
            Action::Cancel => None,
            _ => return Some(Dialog::Promotion { moves, index }),
        };
        if let (Some(m), Some(play)) = (chosen, &mut self.play) {
            let events = play.play(m);
            self.absorb(events);
        } else if let Some(play) = &mut self.play {
            play.clear_selection();
        }
        None
    }

    pub(super) fn save_path_action(
        &mut self,
        action: Action,
        mut text: String,
        error: Option<String>,
        then_quit: bool,
    ) -> Option<Dialog> {
        match action {
            Action::Type(c) if text.chars().count() < 400 => text.push(c),
            Action::Backspace => {
                text.pop();
            }
            Action::ClearLine => text.clear(),
            Action::Submit | Action::Select => match self.save_pgn(&text) {
                Ok(path) => {
                    let message = format!("Saved the game to {}", crate::text::clean(&path.display().to_string()));
                    if let Some(play) = &mut self.play {
                        play.set_notice(message, StatusKind::Normal);
                    }
                    self.saved_elsewhere = Some(path);
                    self.quit |= then_quit;
                    return None;
                }
                Err(e) => return Some(Dialog::SavePath { text, error: Some(e), then_quit }),
            },
            Action::Cancel => return None,
            _ => return Some(Dialog::SavePath { text, error, then_quit }),
        }
        Some(Dialog::SavePath { text, error: None, then_quit })
    }

    pub(super) fn quit_unsaved_action(&mut self, action: &Action, reason: String) -> Option<Dialog> {
        match action {
            Action::Type('s' | 'S') | Action::Select | Action::Submit => {
                let text = self.play.as_ref().map(default_pgn_name).unwrap_or_default();
                Some(Dialog::SavePath { text, error: None, then_quit: true })
            }
            Action::Type('q' | 'Q') => {
                self.quit = true;
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::QuitUnsaved { reason }),
        }
    }

    /// Writes the PGN to a new file; an existing file is never replaced.
    pub(super) fn save_pgn(&self, path_text: &str) -> Result<std::path::PathBuf, String> {
        let Some(play) = &self.play else { return Err("no game to save".into()) };
        let path = Path::new(path_text.trim());
        if path_text.trim().is_empty() {
            return Err("type a file name".into());
        }
        if path.exists() {
            return Err(format!("{} exists; choose another name (tabiya never overwrites a file)", path.display()));
        }
        let pgn = play.game.to_pgn();
        crate::game::saves::write_atomic(path, pgn.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.to_path_buf())
    }

    pub(super) fn resume_action(
        &mut self,
        action: &Action,
        path: std::path::PathBuf,
        summary: String,
    ) -> Option<Dialog> {
        match action {
            Action::Select | Action::Submit | Action::Type('y' | 'Y') => {
                if let Err(e) = self.resume(&path)
                    && let Screen::NewGame(form) = &mut self.screen
                {
                    form.error = Some(e);
                }
                None
            }
            Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::Resume { path, summary }),
        }
    }

    /// The game is open in another tabiya: it can only be reviewed here.
    pub(super) fn open_elsewhere_action(
        &mut self,
        action: &Action,
        path: std::path::PathBuf,
        summary: String,
    ) -> Option<Dialog> {
        match action {
            Action::Type('r' | 'R') => {
                self.review_saved(&path);
                None
            }
            Action::Select | Action::Submit | Action::Cancel | Action::Type('n' | 'N') => None,
            _ => Some(Dialog::OpenElsewhere { path, summary }),
        }
    }

    /// Opens a saved game's file for review; a failure is shown on the new-game screen.
    pub(super) fn review_saved(&mut self, path: &Path) {
        let opened = crate::game::pgn::read_file(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| self.open_review(&path.display().to_string(), bytes, Some(1)));
        if let Err(e) = opened
            && let Screen::NewGame(form) = &mut self.screen
        {
            form.error = Some(crate::text::clean(&e));
        }
    }

    /// The resume offer for a file naming an unknown engine: the choice plays that side, or the game is
    /// reviewed; Esc leaves it for a new game.
    pub(super) fn unknown_engine_action(
        &mut self,
        action: &Action,
        path: std::path::PathBuf,
        summary: String,
        message: String,
        mut picker: Picker,
    ) -> Option<Dialog> {
        if picker.navigate(action) {
            return Some(Dialog::UnknownEngine { path, summary, message, picker });
        }
        let stand_in = match (action, picker.chosen()) {
            (Action::Cancel, _) => return None,
            (Action::Select | Action::Submit, Some(Choice::Review)) => {
                self.review_saved(&path);
                return None;
            }
            (Action::Select | Action::Submit, Some(choice)) => choice_player(choice),
            _ => None,
        };
        if let Some(player) = stand_in {
            if let Err(e) = self.resume_with(&path, Some(player))
                && let Screen::NewGame(form) = &mut self.screen
            {
                form.error = Some(e);
            }
            return None;
        }
        Some(Dialog::UnknownEngine { path, summary, message, picker })
    }

    /// After an engine broke down: another player takes over, or the game is scored, or tabiya quits (the game
    /// stays saved). The dialog stays until one is chosen; a replacement that cannot start says why.
    pub(super) fn engine_failed_action(
        &mut self,
        action: &Action,
        color: Color,
        message: String,
        mut picker: Picker,
    ) -> Option<Dialog> {
        if picker.navigate(action) {
            return Some(Dialog::EngineFailed { color, message, picker });
        }
        let command = match (action, picker.chosen()) {
            (Action::Select | Action::Submit, Some(Choice::Quit)) => {
                self.quit = true;
                return None;
            }
            (Action::Select | Action::Submit, Some(Choice::ScoreLoss)) => Some(GameCommand::ScoreEngineLoss(color)),
            (Action::Select | Action::Submit, Some(choice)) => {
                choice_player(choice).map(|player| GameCommand::ReplacePlayer { color, player })
            }
            _ => None,
        };
        let (Some(command), Some(play)) = (command, &mut self.play) else {
            return Some(Dialog::EngineFailed { color, message, picker });
        };
        match play.game.apply(command) {
            Ok(events) => {
                play.set_notice(format!("{} continues", color.name()), StatusKind::Normal);
                self.absorb(events);
                None
            }
            Err(e) => Some(Dialog::EngineFailed { color, message: capitalize(&e.to_string()), picker }),
        }
    }
}

/// The player a choice stands for, if it is one.
fn choice_player(choice: &Choice) -> Option<PlayerKind> {
    match choice {
        Choice::Level(level) => Some(PlayerKind::Engine { level: *level }),
        Choice::Engine(engine) => Some(PlayerKind::External(engine.clone())),
        Choice::Person => Some(PlayerKind::human("Human")),
        Choice::Review | Choice::ScoreLoss | Choice::Quit => None,
    }
}

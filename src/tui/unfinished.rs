//! The screen of unfinished games: offered at start when there are any, and from the new-game screen (`u`).
//! One game is selected; Enter resumes it, `v` reviews it, `a` abandons it (after a `y`), Esc goes to the
//! new-game screen. The screen handles its own actions and says what the app must do beyond it; abandoning is
//! the game layer's [`SaveStore::abandon`], after which the list is read again.

use crate::game::{SaveStore, UnfinishedGame, UnfinishedList};
use crate::tui::action::{Action, Dir, MouseKind, Nav};
use std::path::PathBuf;

/// What the app must do after an action.
#[derive(Debug, PartialEq, Eq)]
pub enum UnfinishedOutcome {
    Stay,
    /// Leave for the new-game screen.
    NewGame,
    Resume(PathBuf),
    Review(PathBuf),
}

pub struct UnfinishedScreen {
    store: SaveStore,
    /// The game this process plays, left out of the list.
    except: Option<PathBuf>,
    pub list: UnfinishedList,
    pub selected: usize,
    /// `a` was pressed: the next `y` abandons the selected game.
    pub confirm_abandon: bool,
    /// What the last request did or why it could not be done, already cleaned.
    pub notice: Option<String>,
}

impl UnfinishedScreen {
    /// Reads the folder's unfinished games; a folder that cannot be read is an empty list with the reason.
    pub fn open(store: SaveStore, except: Option<PathBuf>) -> UnfinishedScreen {
        let mut screen = UnfinishedScreen {
            store,
            except,
            list: UnfinishedList::default(),
            selected: 0,
            confirm_abandon: false,
            notice: None,
        };
        screen.reload();
        screen
    }

    /// Reads the list again, keeping the selection in range.
    pub fn reload(&mut self) {
        match self.store.unfinished(self.except.as_deref()) {
            Ok(list) => self.list = list,
            Err(e) => {
                self.list = UnfinishedList::default();
                self.notice = Some(crate::text::clean(&e.to_string()));
            }
        }
        self.selected = self.selected.min(self.list.games.len().saturating_sub(1));
    }

    pub fn chosen(&self) -> Option<&UnfinishedGame> {
        self.list.games.get(self.selected)
    }

    fn step(&mut self, delta: isize) {
        let last = self.list.games.len().saturating_sub(1) as isize;
        self.selected = (self.selected as isize + delta).clamp(0, last.max(0)) as usize;
        self.confirm_abandon = false;
    }

    /// Carries out one action on this screen.
    pub fn handle(&mut self, action: &Action) -> UnfinishedOutcome {
        if self.confirm_abandon {
            return self.answer_abandon(action);
        }
        match action {
            Action::Cursor(Dir::Up) | Action::Type('k') => self.step(-1),
            Action::Cursor(Dir::Down) | Action::Type('j') | Action::Tab => self.step(1),
            Action::Nav(Nav::First) => self.step(isize::MIN / 2),
            Action::Nav(Nav::Last) => self.step(isize::MAX / 2),
            Action::Nav(Nav::PageUp) => self.step(-10),
            Action::Nav(Nav::PageDown) => self.step(10),
            Action::Mouse { kind: MouseKind::ScrollUp, .. } => self.step(-1),
            Action::Mouse { kind: MouseKind::ScrollDown, .. } => self.step(1),
            Action::Cancel | Action::Type('n' | 'N' | 'q') => return UnfinishedOutcome::NewGame,
            Action::Select | Action::Submit | Action::Type('r' | 'R') => return self.resume(),
            Action::Type('v' | 'V') => {
                if let Some(g) = self.chosen() {
                    return UnfinishedOutcome::Review(g.path.clone());
                }
            }
            Action::Type('a' | 'A') => match self.chosen() {
                Some(g) if g.open_elsewhere => self.notice = Some(open_elsewhere_note()),
                Some(_) => {
                    self.confirm_abandon = true;
                    self.notice = None;
                }
                None => {}
            },
            _ => {}
        }
        UnfinishedOutcome::Stay
    }

    fn resume(&mut self) -> UnfinishedOutcome {
        match self.chosen() {
            Some(g) if g.open_elsewhere => {
                self.notice = Some(open_elsewhere_note());
                UnfinishedOutcome::Stay
            }
            Some(g) => UnfinishedOutcome::Resume(g.path.clone()),
            None => UnfinishedOutcome::NewGame,
        }
    }

    fn answer_abandon(&mut self, action: &Action) -> UnfinishedOutcome {
        self.confirm_abandon = false;
        if !matches!(action, Action::Type('y' | 'Y')) {
            self.notice = Some("Kept: nothing was abandoned".into());
            return UnfinishedOutcome::Stay;
        }
        let Some(path) = self.chosen().map(|g| g.path.clone()) else { return UnfinishedOutcome::Stay };
        let name = path.file_name().map(|n| crate::text::clean(&n.to_string_lossy())).unwrap_or_default();
        self.notice = Some(match self.store.abandon(&path) {
            Ok(()) => format!("Abandoned {name}: kept as a finished PGN (result *), `tabiya review` shows it"),
            Err(e) => format!("Not abandoned: {}", crate::text::clean(&e.to_string())),
        });
        self.reload();
        UnfinishedOutcome::Stay
    }
}

fn open_elsewhere_note() -> String {
    "That game is open in another tabiya: finish or quit it there first (v reviews it here)".into()
}

//! The boxes that ask something over the current screen: help, confirmations, takeback answers,
//! the promotion picker, the save path, the resume offer, and the choice of an opponent when a saved game
//! names an unknown engine or an engine breaks down. Only one is open at a time.

use crate::game::EngineSpec;
use crate::rules::{Color, Move, Role};
use crate::text::clean;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    Help,
    ConfirmResign,
    /// The opponent asks to take back: Enter agrees, Esc refuses.
    TakebackRequested {
        by: Color,
    },
    /// Which piece to promote to; the moves are the four promotions of one gesture.
    Promotion {
        moves: Vec<Move>,
        index: usize,
    },
    /// Where to save the PGN; `then_quit` when it was asked for on the way out.
    SavePath {
        text: String,
        error: Option<String>,
        then_quit: bool,
    },
    /// The unfinished game found at start-up is open in another tabiya: review it, or start a new game.
    OpenElsewhere {
        path: PathBuf,
        summary: String,
    },
    /// Quitting while the game is not saved: save it elsewhere, quit anyway, or keep playing.
    QuitUnsaved {
        reason: String,
    },
    /// An unfinished game was found at start-up.
    Resume {
        path: PathBuf,
        summary: String,
    },
    /// An unfinished game was found whose file names an engine the configuration does not have: nothing is
    /// run; the user picks who plays that side instead, or reviews the game.
    UnknownEngine {
        path: PathBuf,
        summary: String,
        /// "The file names an engine that is not in your configuration: …", already cleaned.
        message: String,
        picker: Picker,
    },
    /// `color`'s engine broke down mid-game; the clocks are stopped until the user picks.
    EngineFailed {
        color: Color,
        /// Names the engine and what it did, already cleaned.
        message: String,
        picker: Picker,
    },
}

/// One answer to "who plays this side now?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Level(u8),
    Engine(EngineSpec),
    Person,
    /// Open the saved game for review instead of resuming it.
    Review,
    /// Score the game as the broken engine's loss.
    ScoreLoss,
    /// Quit tabiya; the game stays saved to resume.
    Quit,
}

impl Choice {
    pub fn label(&self, color: Color) -> String {
        match self {
            Choice::Level(n) => format!("Computer level {n}"),
            Choice::Engine(e) => format!("Engine: {}", clean(&e.name)),
            Choice::Person => "A person at this keyboard".into(),
            Choice::Review => "Review the game instead".into(),
            Choice::ScoreLoss => format!("Score it as {}'s loss", color.name()),
            Choice::Quit => "Quit (the game stays saved to resume)".into(),
        }
    }
}

/// A list of choices with one highlighted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    pub choices: Vec<Choice>,
    pub index: usize,
}

impl Picker {
    /// Levels 1–`MAX_LEVEL` (the configured one first), then the configured engines, then `extra`.
    pub fn opponents(level: u8, engines: &[EngineSpec], extra: Vec<Choice>) -> Picker {
        let mut choices = vec![Choice::Level(level)];
        choices.extend((1..=crate::engine::MAX_LEVEL).filter(|&n| n != level).map(Choice::Level));
        choices.extend(engines.iter().cloned().map(Choice::Engine));
        choices.extend(extra);
        Picker { choices, index: 0 }
    }

    pub fn chosen(&self) -> Option<&Choice> {
        self.choices.get(self.index)
    }

    /// Moves the highlight by `delta`, wrapping around.
    pub fn step(&mut self, delta: isize) {
        let n = self.choices.len().max(1) as isize;
        self.index = (self.index as isize + delta).rem_euclid(n) as usize;
    }

    /// Moves the highlight for ↑/k and ↓/j/Tab; false when the action is not one of those.
    pub fn navigate(&mut self, action: &crate::tui::action::Action) -> bool {
        use crate::tui::action::{Action, Dir};
        match action {
            Action::Cursor(Dir::Up) | Action::Type('k') => self.step(-1),
            Action::Cursor(Dir::Down) | Action::Tab | Action::Type('j') => self.step(1),
            _ => return false,
        }
        true
    }
}

/// The promotion choices in picker order.
pub const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Dialog {
    /// Whether the dialog has a text field (so letters are typed into it).
    pub fn takes_text(&self) -> bool {
        matches!(self, Dialog::SavePath { .. })
    }

    pub fn promotion(moves: Vec<Move>) -> Dialog {
        Dialog::Promotion { moves, index: 0 }
    }

    /// The promotion move currently chosen in the picker.
    pub fn chosen_promotion(moves: &[Move], index: usize) -> Option<Move> {
        let role = PROMOTION_ROLES.get(index)?;
        moves.iter().copied().find(|m| m.promotion() == Some(*role))
    }
}

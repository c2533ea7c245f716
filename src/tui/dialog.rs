//! The boxes that ask something over the current screen: help, confirmations, draw and takeback answers,
//! the promotion picker, the save path, the resume offer. Only one is open at a time.

use crate::rules::{Color, Move, Role};
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    Help,
    ConfirmResign,
    /// The opponent offers a draw: Enter accepts, Esc declines.
    DrawOffered {
        by: Color,
    },
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
    /// Quitting while the game is not saved: save it elsewhere, quit anyway, or keep playing.
    QuitUnsaved {
        reason: String,
    },
    /// An unfinished game was found at start-up.
    Resume {
        path: PathBuf,
        summary: String,
    },
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

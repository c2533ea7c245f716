//! Turning what the user did into a move: the move line being typed and edited (as a shell's line is: Ctrl+U,
//! Ctrl+W), read by the rules core's move-text reader, and the from/to squares of a cursor or mouse gesture.
//! No chess rules are decided here: the reader and the gesture helpers live in `rules::move_text`.

use crate::rules::{Move, Position, read_move};

pub use crate::rules::move_text::{destinations, king_destination, moves_between, pick_promotion};

/// The move being typed, and why the last attempt was refused (shown under it; the text stays to be edited).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveLine {
    text: String,
    error: Option<String>,
}

/// Longest move text worth keeping (`exd6e.p.+` and friends fit easily).
const MAX_LEN: usize = 16;

impl MoveLine {
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Adds a typed character. A space is kept only between words (`exd6 e.p.`), never first or doubled.
    pub fn push(&mut self, c: char) {
        let space_fits = !self.text.is_empty() && !self.text.ends_with(' ');
        if self.text.chars().count() < MAX_LEN && !c.is_control() && (c != ' ' || space_fits) {
            self.text.push(c);
        }
        self.error = None;
    }

    /// Ctrl+W: deletes the word before the end and the spaces after it, as readline's `unix-word-rubout`.
    pub fn delete_word(&mut self) {
        let kept = self.text.trim_end().trim_end_matches(|c: char| c != ' ').len();
        self.text.truncate(kept);
        self.error = None;
    }

    pub fn backspace(&mut self) {
        self.text.pop();
        self.error = None;
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.error = None;
    }

    pub fn set_error(&mut self, reason: String) {
        self.error = Some(reason);
    }
}

/// Reads a typed move with the rules core's reader (SAN, forgiving of case and marks, or UCI).
///
/// # Errors
/// The reader's one-line reason: not a move, illegal here (with the legal moves of that piece), ambiguous
/// (with the candidates), or a lower-case `b` that is both a bishop and a pawn move.
pub fn parse_typed(pos: &Position, text: &str) -> Result<Move, String> {
    read_move(pos, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Role, Square};
    use proptest::prelude::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn san_and_uci_are_both_read() {
        let pos = Position::startpos();
        let e4 = parse_typed(&pos, "e4").unwrap();
        assert_eq!(parse_typed(&pos, "e2e4").unwrap(), e4);
        assert_eq!(parse_typed(&pos, " Nf3 ").unwrap(), parse_typed(&pos, "g1f3").unwrap());
        assert_eq!(parse_typed(&pos, "nf3").unwrap(), parse_typed(&pos, "g1f3").unwrap());
        assert!(parse_typed(&pos, "e5").unwrap_err().contains("e5"));
        assert!(parse_typed(&pos, "e2e5").unwrap_err().contains("not a legal move"));
    }

    #[test]
    fn ambiguity_is_explained() {
        let pos = Position::from_fen("1k6/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let err = parse_typed(&pos, "Rd1").unwrap_err();
        assert!(!err.is_empty() && !err.contains('\n'), "{err}");
        assert!(parse_typed(&pos, "Rad1").is_ok());
    }

    #[test]
    fn promotion_gesture_gives_four_moves() {
        let pos = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let moves = moves_between(&pos, sq("e7"), sq("e8"));
        assert_eq!(moves.len(), 4);
        assert!(pick_promotion(&moves, Role::Knight).is_some());
        assert!(parse_typed(&pos, "e7e8n").unwrap().promotion() == Some(Role::Knight));
    }

    #[test]
    fn chess960_castling_by_rook_square_and_by_king_two_squares() {
        // A Chess960 set-up with the king on e1 and rooks on b1 and g1, the way cleared.
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1").unwrap();
        pos.set_chess960(true);
        let onto_rook = moves_between(&pos, sq("e1"), sq("g1"));
        assert_eq!(onto_rook.len(), 1);
        assert!(onto_rook[0].is_castle());
        // King e1 -> c1 is two squares: only castling can mean that.
        let long = moves_between(&pos, sq("e1"), sq("c1"));
        assert!(long.len() == 1 && long[0].is_castle());
        // King e1 -> f1 is an ordinary king move.
        assert!(!moves_between(&pos, sq("e1"), sq("f1"))[0].is_castle());
        assert!(parse_typed(&pos, "O-O").unwrap().is_castle());
        assert!(parse_typed(&pos, "e1c1").unwrap().is_castle());
        assert!(destinations(&pos, sq("e1")).contains(&sq("b1")));
    }

    #[test]
    fn move_line_edits() {
        let mut line = MoveLine::default();
        for c in "Nf3x".chars() {
            line.push(c);
        }
        line.backspace();
        assert_eq!(line.text(), "Nf3");
        line.set_error("nope".into());
        line.push('+');
        assert_eq!(line.error(), None);
        for _ in 0..40 {
            line.push('a');
        }
        assert_eq!(line.text().len(), MAX_LEN);
    }

    #[test]
    fn spaces_separate_words_and_ctrl_w_deletes_one() {
        let mut line = MoveLine::default();
        for c in " exd6  e.p.".chars() {
            line.push(c);
        }
        assert_eq!(line.text(), "exd6 e.p.");
        line.delete_word();
        assert_eq!(line.text(), "exd6 ");
        line.delete_word();
        assert_eq!(line.text(), "");
        line.delete_word();
        assert_eq!(line.text(), "");
    }

    proptest! {
        #[test]
        fn typed_text_never_panics(s in "\\PC{0,12}") {
            let _ = parse_typed(&Position::startpos(), &s);
        }
    }
}

//! Turning what the user did into a move: the typed move line (SAN or UCI, read by the rules core) and
//! the from/to squares of a cursor or mouse gesture. No chess rules are decided here: candidates are always
//! taken from the position's legal moves.

use crate::rules::{CastleSide, Move, Position, Role, SanError, Square, parse_san, parse_uci};

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

    pub fn push(&mut self, c: char) {
        if self.text.chars().count() < MAX_LEN && !c.is_control() && c != ' ' {
            self.text.push(c);
        }
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

/// Reads a typed move, UCI when it is shaped like one (`e2e4`, `e7e8q`, `e1h1`), SAN otherwise.
///
/// # Errors
/// A one-line reason: not a move, illegal here (with the legal moves of that piece), or ambiguous (with the
/// candidates).
pub fn parse_typed(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    if looks_like_uci(t) {
        if let Ok(m) = parse_uci(pos, t) {
            return Ok(m);
        }
        // Chess960: the king two squares over, where that can only mean castling.
        if let (Some(from), Some(to)) = (Square::parse(&t[0..2]), Square::parse(&t[2..4])) {
            let found = moves_between(pos, from, to);
            if found.len() == 1 && t.len() == 4 {
                return Ok(found[0]);
            }
        }
        return Err(format!("{t} is not a legal move here"));
    }
    parse_san(pos, t).map_err(|e| describe_san_error(&e))
}

fn looks_like_uci(t: &str) -> bool {
    let b = t.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && matches!(b[0], b'a'..=b'h')
        && matches!(b[1], b'1'..=b'8')
        && matches!(b[2], b'a'..=b'h')
        && matches!(b[3], b'1'..=b'8')
}

fn describe_san_error(e: &SanError) -> String {
    let text = e.to_string();
    // Keep it to one line for the status area.
    text.lines().next().unwrap_or("not a move").to_string()
}

/// The legal moves a gesture from `from` to `to` can mean: the ordinary moves (four when promoting), or,
/// when there are none, castling with the king dropped onto its own rook or on its castling square.
pub fn moves_between(pos: &Position, from: Square, to: Square) -> Vec<Move> {
    let legal = pos.legal_move_vec();
    let direct: Vec<Move> =
        legal.iter().copied().filter(|m| !m.is_castle() && m.from() == from && m.to() == to).collect();
    if !direct.is_empty() {
        return direct;
    }
    legal
        .into_iter()
        .filter(|m| m.is_castle() && m.from() == from && (m.to() == to || king_destination(*m) == to))
        .collect()
}

/// Where the king lands when castling (`Move::to` is the rook's square).
pub fn king_destination(m: Move) -> Square {
    let side = if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen };
    Square::new(side.king_dest_file(), m.from().rank()).unwrap_or(m.to())
}

/// The squares a piece on `from` can move to (for highlighting); castling shows the king's landing square
/// and the rook.
pub fn destinations(pos: &Position, from: Square) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for m in pos.legal_move_vec().into_iter().filter(|m| m.from() == from) {
        let squares = if m.is_castle() { vec![king_destination(m), m.to()] } else { vec![m.to()] };
        for s in squares {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Among the moves of one gesture, the one promoting to `role` (or the only move when it does not promote).
pub fn pick_promotion(moves: &[Move], role: Role) -> Option<Move> {
    moves.iter().copied().find(|m| m.promotion() == Some(role))
}

#[cfg(test)]
mod tests {
    use super::*;
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

    proptest! {
        #[test]
        fn typed_text_never_panics(s in "\\PC{0,12}") {
            let _ = parse_typed(&Position::startpos(), &s);
        }
    }
}

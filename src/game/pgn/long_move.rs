//! Moves written from square to square in movetext (`g8f6`, `g1-f3`, `Ng1f3`, `e7e8q`, `e1g1`), which
//! python-chess and many tools accept. SAN reads some of them already, but takes a missing piece letter for a
//! pawn, so `g8f6` would be rejected with the pawns' moves; read here, the piece is the one on the square, and
//! an illegal move is reported with that piece's legal moves.

use crate::rules::{Move, Position, Role, Square, parse_uci, to_san};

/// A move written from square to square (`g8f6`, `g1-f3`, `Ng1f3`, `e7e8q`, `e1g1`), as python-chess and
/// many tools read them in movetext.
pub struct LongMove {
    role: Option<Role>,
    from: Square,
    to: Square,
    promotion: Option<char>,
}

/// Reads a token shaped like a long-algebraic move; None for anything else (SAN reads those).
pub fn long_algebraic(token: &str) -> Option<LongMove> {
    let t = token.trim_end_matches(['+', '#']).as_bytes();
    let (role, t) = match t.first() {
        Some(&c) if c.is_ascii_uppercase() => (Some(Role::from_char(c as char)?), &t[1..]),
        _ => (None, t),
    };
    let square = |b: &[u8]| match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Square::from_chars(*f as char, *r as char),
        _ => None,
    };
    let from = square(t)?;
    let rest = t.get(2..)?;
    let rest = rest.strip_prefix(b"-").or_else(|| rest.strip_prefix(b"x")).unwrap_or(rest);
    let to = square(rest)?;
    let promotion = match rest.get(2..)? {
        [] => None,
        [p] | [b'=', p] if b"qrbnQRBN".contains(p) => Some(p.to_ascii_lowercase() as char),
        _ => return None,
    };
    Some(LongMove { role, from, to, promotion })
}

impl LongMove {
    /// The legal move it names, or why there is none, naming the legal moves of the piece on its square.
    pub fn find(&self, pos: &Position, token: &str) -> Result<Move, String> {
        let piece = pos.piece_at(self.from).filter(|p| p.color == pos.side_to_move());
        let Some(piece) = piece else {
            return Err(format!("'{token}': {} has no piece on {}", pos.side_to_move().name(), self.from));
        };
        if let Some(role) = self.role.filter(|&r| r != piece.role) {
            return Err(format!(
                "'{token}': the piece on {} is a {}, not a {}",
                self.from,
                piece.role.name(),
                role.name()
            ));
        }
        let uci = format!("{}{}{}", self.from, self.to, self.promotion.map(String::from).unwrap_or_default());
        parse_uci(pos, &uci).map_err(|_| {
            let moves: Vec<String> =
                pos.legal_move_vec().into_iter().filter(|m| m.from() == self.from).map(|m| to_san(pos, m)).collect();
            let what = format!("the {} on {}", piece.role.name(), self.from);
            if moves.is_empty() {
                format!("'{token}' is not a legal move here ({what} has no legal moves)")
            } else {
                format!("'{token}' is not a legal move here (legal moves of {what}: {})", moves.join(", "))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert!(long_algebraic("g8f6").is_some_and(|m| m.role.is_none() && m.promotion.is_none()));
        assert!(long_algebraic("Ng1-f3+").is_some_and(|m| m.role == Some(Role::Knight)));
        assert!(long_algebraic("e7e8=Q").is_some_and(|m| m.promotion == Some('q')));
        for not_long in ["Nf3", "e4", "O-O", "e2e4e5", "e7e8k", "ab", "Zg1f3", "e2e9"] {
            assert!(long_algebraic(not_long).is_none(), "{not_long}");
        }
    }
}

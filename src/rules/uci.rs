//! UCI (long algebraic) move notation: `e2e4`, `e7e8q`, and castling as `e1g1` in standard chess or as
//! king-takes-own-rook (`e1h1`) in Chess960 — the convention of the UCI protocol's `UCI_Chess960` mode.

use super::makemove::castle_destinations;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::types::{Role, Square};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    #[error(
        "'{0}' is not a UCI move (expected from-square, to-square and an optional promotion letter, like e2e4 or e7e8q)"
    )]
    Syntax(String),
    #[error("{0} is not a legal move here")]
    Illegal(String),
}

/// Writes a move in UCI notation for `pos` (the position before the move).
pub fn to_uci(pos: &Position, m: Move) -> String {
    if m == Move::NONE {
        return "0000".to_string();
    }
    let to =
        if m.is_castle() && !pos.is_chess960() { Square(castle_destinations(m.from().0, m.to().0).0) } else { m.to() };
    let mut s = format!("{}{}", m.from(), to);
    if let Some(r) = m.promotion() {
        s.push(r.lower_char());
    }
    s
}

/// Reads a UCI move and finds it among the legal moves of `pos`.
///
/// # Errors
/// `Syntax` when the text is not shaped like a UCI move, `Illegal` when no legal move matches.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, UciError> {
    let t = text.trim();
    let syntax = || UciError::Syntax(clip(t));
    if !(4..=5).contains(&t.len()) || !t.is_ascii() {
        return Err(syntax());
    }
    let from = Square::parse(&t[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&t[2..4]).ok_or_else(syntax)?;
    let promo = match t.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
            _ => return Err(syntax()),
        },
    };
    pos.legal_move_vec()
        .into_iter()
        .find(|&m| m.from() == from && m.promotion() == promo && uci_target_matches(pos, m, to))
        .ok_or_else(|| UciError::Illegal(t.to_string()))
}

/// Castling matches king-takes-rook always, and the king's two-square move too in standard chess.
fn uci_target_matches(pos: &Position, m: Move, to: Square) -> bool {
    if m.to() == to {
        return true;
    }
    m.kind() == MoveKind::Castle && !pos.is_chess960() && castle_destinations(m.from().0, m.to().0).0 == to.0
}

fn clip(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_in_both_conventions() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = parse_uci(&pos, "e1g1").unwrap();
        assert!(short.is_castle());
        assert_eq!(parse_uci(&pos, "e1h1").unwrap(), short);
        assert_eq!(to_uci(&pos, short), "e1g1");
        let mut c960 = pos.clone();
        c960.set_chess960(true);
        assert_eq!(to_uci(&c960, short), "e1h1");
        assert!(parse_uci(&c960, "e1g1").is_err_and(|e| matches!(e, UciError::Illegal(_))));
    }

    #[test]
    fn bad_strings() {
        let pos = Position::startpos();
        for bad in ["", "e2", "e2e9", "e2e4x", "e7e8k", "zzzz", "e2e4qq", "é2e4"] {
            assert!(matches!(parse_uci(&pos, bad), Err(UciError::Syntax(_))), "{bad}");
        }
        assert!(matches!(parse_uci(&pos, "e2e5"), Err(UciError::Illegal(_))));
        assert_eq!(to_uci(&pos, parse_uci(&pos, "g1f3").unwrap()), "g1f3");
    }
}

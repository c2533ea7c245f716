//! Standard Algebraic Notation in and out.
//!
//! Writing follows the PGN standard: minimal disambiguation (file, then rank, then both), `x` for captures,
//! `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#`. Reading is forgiving in the ways real files need: `0-0`,
//! superfluous or missing `+`/`#`, `e.p.`, trailing `!?` marks, long forms like `Ng1f3` or `e2-e4`, and a
//! promotion without `=`. Illegal and ambiguous moves are distinct errors, each listing what could be meant.

use super::moves::Move;
use super::position::Position;
use super::types::{Role, Square};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanError {
    #[error("'{text}' is not a move in SAN: {reason}")]
    Syntax { text: String, reason: String },
    #[error("'{text}' is not a legal move here{}", candidate_suffix("legal moves of that piece", .candidates))]
    Illegal { text: String, candidates: Vec<String> },
    #[error("'{text}' is ambiguous: it could be {}", .candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

fn candidate_suffix(label: &str, candidates: &[String]) -> String {
    if candidates.is_empty() { String::new() } else { format!(" ({label}: {})", candidates.join(", ")) }
}

/// Writes `m` (legal in `pos`) in SAN, with its check or mate sign.
pub fn to_san(pos: &Position, m: Move) -> String {
    let mut s = san_without_suffix(pos, m);
    let mut after = pos.clone();
    after.make_move(m);
    if after.in_check() {
        s.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    s
}

/// SAN without `+` or `#` (cheaper: no move is made).
pub fn san_without_suffix(pos: &Position, m: Move) -> String {
    if m.is_castle() {
        return if m.to().file() > m.from().file() { "O-O".into() } else { "O-O-O".into() };
    }
    let mut s = String::with_capacity(8);
    let role = m.role();
    if role == Role::Pawn {
        if m.is_capture() {
            s.push(m.from().file_char());
            s.push('x');
        }
    } else {
        s.push(role.upper_char());
        s.push_str(&disambiguation(pos, m));
        if m.is_capture() {
            s.push('x');
        }
    }
    s.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.upper_char());
    }
    s
}

fn disambiguation(pos: &Position, m: Move) -> String {
    let rivals: Vec<Square> = pos
        .legal_move_vec()
        .into_iter()
        .filter(|o| o.role() == m.role() && o.to() == m.to() && o.from() != m.from() && !o.is_castle())
        .map(|o| o.from())
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|r| r.file() != m.from().file()) {
        m.from().file_char().to_string()
    } else if rivals.iter().all(|r| r.rank() != m.from().rank()) {
        m.from().rank_char().to_string()
    } else {
        m.from().to_string()
    }
}

/// What a SAN string asks for, before it is matched against the legal moves.
#[derive(Debug, Default)]
struct SanPattern {
    role: Option<Role>,
    castle_king_side: Option<bool>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    promotion: Option<Role>,
}

/// Reads a move in SAN (leniently, see the module notes) and finds it among the legal moves of `pos`.
///
/// # Errors
/// `Syntax` when the text cannot be SAN, `Illegal` when nothing legal matches, `Ambiguous` when several do.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let shown: String = text.trim().chars().filter(|c| !c.is_control()).take(24).collect();
    let pattern = parse_pattern(text.trim()).map_err(|reason| SanError::Syntax { text: shown.clone(), reason })?;
    let legal = pos.legal_move_vec();
    let matches: Vec<Move> = legal.iter().copied().filter(|&m| pattern_matches(&pattern, m)).collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(illegal(pos, &pattern, &legal, shown)),
        // Several matches, including "e8" for a promotion without its piece letter.
        _ => Err(SanError::Ambiguous { text: shown, candidates: matches.iter().map(|&m| to_san(pos, m)).collect() }),
    }
}

fn illegal(pos: &Position, p: &SanPattern, legal: &[Move], text: String) -> SanError {
    let role = p.role.or(p.castle_king_side.map(|_| Role::King)).unwrap_or(Role::Pawn);
    let candidates = legal.iter().filter(|m| m.role() == role).take(16).map(|&m| to_san(pos, m)).collect();
    SanError::Illegal { text, candidates }
}

fn pattern_matches(p: &SanPattern, m: Move) -> bool {
    if let Some(king_side) = p.castle_king_side {
        return m.is_castle() && (m.to().file() > m.from().file()) == king_side;
    }
    if m.is_castle() {
        return false;
    }
    p.role == Some(m.role())
        && p.to == Some(m.to())
        && p.from_file.is_none_or(|f| f == m.from().file())
        && p.from_rank.is_none_or(|r| r == m.from().rank())
        && (p.promotion.is_none() || p.promotion == m.promotion())
}

fn parse_pattern(text: &str) -> Result<SanPattern, String> {
    let core = strip_suffixes(text);
    if core.is_empty() {
        return Err("nothing left after the annotation marks".into());
    }
    let castle = core.replace('0', "O").to_ascii_uppercase();
    if castle == "O-O" || castle == "OO" {
        return Ok(SanPattern { castle_king_side: Some(true), ..Default::default() });
    }
    if castle == "O-O-O" || castle == "OOO" {
        return Ok(SanPattern { castle_king_side: Some(false), ..Default::default() });
    }
    if !core.is_ascii() {
        return Err("contains characters SAN never uses".into());
    }
    let mut chars: Vec<char> = core.chars().collect();
    let mut pattern = SanPattern { promotion: take_promotion(&mut chars)?, ..Default::default() };
    if chars.len() < 2 {
        return Err("no destination square".into());
    }
    let rank = chars.pop().unwrap_or(' ');
    let file = chars.pop().unwrap_or(' ');
    pattern.to = Some(Square::from_chars(file, rank).ok_or("it does not end in a square")?);
    let mut rest = chars.as_slice();
    pattern.role = Some(Role::Pawn);
    if let Some((&first, tail)) = rest.split_first()
        && first.is_ascii_uppercase()
    {
        pattern.role = Some(Role::from_char(first).ok_or(format!("'{first}' is not a piece letter"))?);
        rest = tail;
    }
    for &c in rest {
        match c {
            'a'..='h' if pattern.from_file.is_none() && pattern.from_rank.is_none() => {
                pattern.from_file = Some(c as u8 - b'a')
            }
            '1'..='8' if pattern.from_rank.is_none() => pattern.from_rank = Some(c as u8 - b'1'),
            'x' | 'X' | ':' | '-' => {}
            _ => return Err(format!("unexpected '{c}'")),
        }
    }
    if pattern.promotion.is_some() && pattern.role != Some(Role::Pawn) {
        return Err("only pawns promote".into());
    }
    Ok(pattern)
}

/// Removes check/mate signs, `!?` marks and an `e.p.` tag from the end.
fn strip_suffixes(text: &str) -> &str {
    let mut s = text.trim();
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?']).trim_end();
        for tag in ["e.p.", "ep", "e.p"] {
            if let Some(stripped) = s.strip_suffix(tag)
                && stripped.ends_with(|c: char| c.is_ascii_digit() || c.is_whitespace())
            {
                s = stripped.trim_end();
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// Takes a trailing promotion (`=Q`, `Q`, `q`, `(Q)`, `/Q`) off `chars`.
fn take_promotion(chars: &mut Vec<char>) -> Result<Option<Role>, String> {
    if chars.last() == Some(&')') && chars.len() >= 3 && chars[chars.len() - 3] == '(' {
        chars.pop();
        let c = chars.pop().unwrap_or(' ');
        chars.pop();
        chars.push(c);
    }
    let Some(&last) = chars.last() else { return Ok(None) };
    if !last.is_ascii_alphabetic() || chars.len() < 3 {
        return Ok(None);
    }
    let before = chars[chars.len() - 2];
    let promo_follows_square = before == '1' || before == '8';
    let marked = before == '=' || before == '/';
    if !(promo_follows_square || marked) {
        return Ok(None);
    }
    let role = match Role::from_char(last) {
        Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => r,
        _ if last.is_ascii_lowercase() && !marked => return Ok(None),
        _ => return Err(format!("'{last}' is not a piece a pawn can promote to")),
    };
    chars.pop();
    if marked {
        chars.pop();
    }
    Ok(Some(role))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san(fen: &str, text: &str) -> Result<String, SanError> {
        let pos = Position::from_fen(fen).unwrap();
        parse_san(&pos, text).map(|m| to_san(&pos, m))
    }

    const START: &str = super::super::fen::START_FEN;

    #[test]
    fn lenient_forms_read_back_as_standard_san() {
        assert_eq!(san(START, "Nf3").unwrap(), "Nf3");
        assert_eq!(san(START, "Ng1f3").unwrap(), "Nf3");
        assert_eq!(san(START, "Ng1-f3").unwrap(), "Nf3");
        assert_eq!(san(START, "Nf3+").unwrap(), "Nf3");
        assert_eq!(san(START, "e2-e4").unwrap(), "e4");
        assert_eq!(san(START, "e4!?").unwrap(), "e4");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(castle, "0-0").unwrap(), "O-O");
        assert_eq!(san(castle, "O-O-O").unwrap(), "O-O-O");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san(ep, "exd6 e.p.").unwrap(), "exd6");
        assert_eq!(san(ep, "exd6e.p.").unwrap(), "exd6");
        let promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san(promo, "b8=Q").unwrap(), "b8=Q+");
        assert_eq!(san(promo, "b8Q").unwrap(), "b8=Q+");
        assert_eq!(san(promo, "b8=N").unwrap(), "b8=N");
        assert_eq!(san(promo, "b8(R)").unwrap(), "b8=R+");
    }

    #[test]
    fn disambiguation_is_minimal() {
        // Knights on b1 and f1 can both reach d2: file. Rooks a1/a5 on the same file: rank.
        let pos = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
        assert_eq!(san(pos, "Nbd2").unwrap(), "Nbd2");
        assert_eq!(san(pos, "R1a3").unwrap(), "R1a3");
        // Three queens: a1, a3, c1 all reach b2: both file and rank for a1.
        let q = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
        assert_eq!(san(q, "Qa1b2").unwrap(), "Qa1b2");
    }

    #[test]
    fn illegal_and_ambiguous_are_distinct() {
        let pos = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
        match san(pos, "Nd2") {
            Err(SanError::Ambiguous { candidates, .. }) => assert_eq!(candidates, ["Nbd2", "Nfd2"]),
            other => panic!("{other:?}"),
        }
        match san(START, "Nf5") {
            Err(SanError::Illegal { candidates, .. }) => assert!(candidates.contains(&"Nf3".to_string())),
            other => panic!("{other:?}"),
        }
        assert!(matches!(san(START, "Zf3"), Err(SanError::Syntax { .. })));
        assert!(matches!(san(START, "Nf3f3f3"), Err(SanError::Syntax { .. })));
        assert!(matches!(san(START, ""), Err(SanError::Syntax { .. })));
    }

    #[test]
    fn mate_sign() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(san(fen, "Qh4").unwrap(), "Qh4#");
    }
}

//! The one reader of moves typed by a person, for every part of tabiya that takes one (the play screen's
//! move line, the game controller's `MoveText` command), and the gesture helpers the play screen needs to
//! turn a from/to pair into a move.
//!
//! People type SAN the way lichess lets them: in lower case (`nf3`, `qxd8`, `o-o`), with or without `x`,
//! with `0-0`, `e8q`/`e8=q`, `exd6ep`/`exd6 e.p.`, and with `+`/`#`/`!?` left on. They also type UCI (`g1f3`,
//! `e7e8q`, Chess960's king-takes-rook `e1h1`). The one real clash of lower case is the letter `b`: `bxc3` is
//! the b-pawn's capture in SAN but a bishop's move to a lichess-style typist. The reader plays whichever of
//! the two is legal, and when both are it refuses, naming both, rather than guess and move the wrong piece.
//!
//! PGN files are not read here: they go through the strict `san::parse_san` (see `game::pgn::reader`), where
//! a lower-case piece letter means a broken file, not a typing habit.

use super::makemove::castle_destinations;
use super::moves::Move;
use super::position::Position;
use super::san::{SanError, parse_san, san_without_suffix};
use super::types::{Role, Square};
use super::uci::{parse_uci, to_uci};
use thiserror::Error;

/// Why typed text is not a move here. Every variant names the text (cleaned and clipped) it is about.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveTextError {
    #[error("no move was typed")]
    Empty,
    #[error("'{text}…' is too long to be a move")]
    TooLong { text: String },
    /// A lower-case `b` that reads as a bishop move and as a b-pawn capture, both legal.
    #[error("{text} could be {} or {pawn}: type B for the bishop, {pawn_uci} for the pawn", .bishop.join(" or "))]
    BishopOrPawn { text: String, bishop: Vec<String>, pawn: String, pawn_uci: String },
    /// Not SAN, not legal, or ambiguous, as the SAN reader found it.
    #[error(transparent)]
    San(#[from] SanError),
}

/// Longest text worth reading: `Ng1xf3e.p.!?` and friends are far shorter.
const MAX_LEN: usize = 32;

/// Reads a typed move (SAN, forgiving as the module notes say, or UCI) and finds it among the legal moves.
///
/// # Errors
/// `Empty`, `TooLong`, `BishopOrPawn` (both readings of a lower-case `b` legal), or the SAN reader's `Syntax`,
/// `Illegal` (with the legal moves of the piece meant) or `Ambiguous` (with the candidates).
pub fn read_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let t = text.trim();
    let shown: String = crate::text::clean(t).chars().take(24).collect();
    if t.is_empty() {
        return Err(MoveTextError::Empty);
    }
    if t.chars().count() > MAX_LEN {
        return Err(MoveTextError::TooLong { text: shown });
    }
    if t.chars().any(char::is_control) {
        // No reading would match, and the SAN reader's "unexpected '…'" must not echo one to a terminal.
        return Err(SanError::Syntax { text: shown, reason: "it contains control characters".into() }.into());
    }
    if let Some(m) = read_uci(pos, t) {
        return Ok(m);
    }
    let as_typed = parse_san(pos, t);
    let Some(capitalised) = capitalise_piece(t) else { return as_typed.map_err(Into::into) };
    let as_piece = parse_san(pos, &capitalised);
    match (as_typed, as_piece) {
        (Ok(a), Ok(b)) if a == b => Ok(a),
        (Ok(pawn), Ok(bishop)) => Err(bishop_or_pawn(pos, shown, vec![san_without_suffix(pos, bishop)], pawn)),
        (Ok(pawn), Err(SanError::Ambiguous { candidates, .. })) => Err(bishop_or_pawn(pos, shown, candidates, pawn)),
        (Ok(m), Err(_)) | (Err(_), Ok(m)) => Ok(m),
        (Err(typed), Err(piece)) => Err(both_failed(typed, piece, shown).into()),
    }
}

/// UCI, when the text is shaped like it and means a legal move; Chess960's king two squares over too, where
/// that can only mean castling.
fn read_uci(pos: &Position, t: &str) -> Option<Move> {
    let b = t.as_bytes();
    let square = |f: u8, r: u8| matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8');
    if !(b.len() == 4 || b.len() == 5) || !square(b[0], b[1]) || !square(b[2], b[3]) {
        return None;
    }
    if let Ok(m) = parse_uci(pos, t) {
        return Some(m);
    }
    let (from, to) = (Square::parse(&t[0..2])?, Square::parse(&t[2..4])?);
    match moves_between(pos, from, to).as_slice() {
        [m] if b.len() == 4 && m.is_castle() => Some(*m),
        _ => None,
    }
}

/// The text with a lower-case piece letter at its start made upper case (`nf3` → `Nf3`), if it has one.
fn capitalise_piece(t: &str) -> Option<String> {
    let first = t.chars().next()?;
    matches!(first, 'n' | 'b' | 'r' | 'q' | 'k' | 'p').then(|| first.to_ascii_uppercase().to_string() + &t[1..])
}

/// `bishop` holds the bishop reading's SAN (or its candidates, when that reading is itself ambiguous).
fn bishop_or_pawn(pos: &Position, text: String, bishop: Vec<String>, pawn: Move) -> MoveTextError {
    MoveTextError::BishopOrPawn { text, bishop, pawn: san_without_suffix(pos, pawn), pawn_uci: to_uci(pos, pawn) }
}

/// Neither reading is a legal move: say the most useful thing. An ambiguity beats an illegal move, which
/// beats a syntax error; two illegal readings list the legal moves of both pieces.
fn both_failed(typed: SanError, piece: SanError, shown: String) -> SanError {
    use SanError::*;
    match (typed, piece) {
        (_, Ambiguous { candidates, .. }) | (Ambiguous { candidates, .. }, _) => Ambiguous { text: shown, candidates },
        (Illegal { candidates: a, .. }, Illegal { candidates: b, .. }) => {
            let mut candidates = b;
            candidates.extend(a.into_iter().filter(|c| !candidates.contains(c)).collect::<Vec<_>>());
            candidates.truncate(16);
            Illegal { text: shown, candidates }
        }
        (_, Illegal { candidates, .. }) | (Illegal { candidates, .. }, _) => Illegal { text: shown, candidates },
        // Both are syntax errors: the reading with a piece letter explains `nf9` better than "unexpected 'n'".
        (_, Syntax { reason, .. }) => Syntax { text: shown, reason },
    }
}

/// Where the king lands when `m` castles (`Move::to` is its own rook's square); any other move's `to`.
pub fn king_destination(m: Move) -> Square {
    if m.is_castle() { Square(castle_destinations(m.from().0, m.to().0).0) } else { m.to() }
}

/// The legal moves a gesture from `from` to `to` can mean: the ordinary moves (four when promoting), or,
/// when there are none, castling with the king dropped onto its own rook or on its landing square.
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

/// Among the moves of one gesture, the one promoting to `role`.
pub fn pick_promotion(moves: &[Move], role: Role) -> Option<Move> {
    moves.iter().copied().find(|m| m.promotion() == Some(role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::san::to_san;
    use proptest::prelude::*;

    /// What `text` plays in `fen`, in SAN.
    fn read(fen: &str, text: &str) -> Result<String, MoveTextError> {
        let pos = Position::from_fen(fen).unwrap();
        read_move(&pos, text).map(|m| to_san(&pos, m))
    }

    const START: &str = crate::rules::START_FEN;
    const PROMOTE: &str = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /// A b-pawn and a bishop can both take the knight on c3.
    const BOTH_TAKE: &str = "4k3/8/8/8/8/2n5/1P6/K3B3 w - - 0 1";

    #[test]
    fn lower_case_piece_letters() {
        assert_eq!(read(START, "nf3").unwrap(), "Nf3");
        assert_eq!(read(START, "ng1f3").unwrap(), "Nf3");
        assert_eq!(read("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", "qxd8").unwrap(), "Qxd8+");
        assert_eq!(read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "ra8").unwrap(), "Ra8+");
        assert_eq!(read("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "kd2").unwrap(), "Kd2");
    }

    #[test]
    fn castling_promotion_and_en_passant_in_every_spelling() {
        for (text, san) in [("o-o", "O-O"), ("0-0", "O-O"), ("O-O", "O-O"), ("O-O-O", "O-O-O"), ("0-0-0", "O-O-O")] {
            assert_eq!(read(CASTLE, text).unwrap(), san, "{text}");
        }
        for text in ["e8q", "e8=q", "e8=Q", "e8Q", "e7e8q"] {
            assert_eq!(read(PROMOTE, text).unwrap(), "e8=Q+", "{text}");
        }
        assert_eq!(read(PROMOTE, "e8n").unwrap(), "e8=N");
        for text in ["exd6ep", "exd6 e.p.", "exd6e.p.", "exd6", "ed6", "e5d6"] {
            assert_eq!(read(EN_PASSANT, text).unwrap(), "exd6", "{text}");
        }
    }

    #[test]
    fn capture_marks_and_suffixes_are_optional() {
        assert_eq!(read(START, "Nxf3").unwrap(), "Nf3");
        assert_eq!(read("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5").unwrap(), "exd5");
        for text in ["nf3+", "Nf3!?", "Nf3#", "nf3 ", " g1f3"] {
            assert_eq!(read(START, text).unwrap(), "Nf3", "{text}");
        }
    }

    #[test]
    fn uci_and_chess960_castling() {
        assert_eq!(read(START, "g1f3").unwrap(), "Nf3");
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1").unwrap();
        pos.set_chess960(true);
        let short = read_move(&pos, "e1g1").unwrap();
        assert!(short.is_castle() && short.to() == Square::parse("g1").unwrap());
        assert_eq!(king_destination(short), Square::parse("g1").unwrap());
        // Queen side: onto the rook, or the king two squares over (only castling can mean that).
        let long = read_move(&pos, "e1b1").unwrap();
        assert!(long.is_castle());
        assert_eq!(read_move(&pos, "e1c1").unwrap(), long);
        assert_eq!(king_destination(long), Square::parse("c1").unwrap());
        assert!(!read_move(&pos, "e1f1").unwrap().is_castle());
    }

    #[test]
    fn b_plays_the_legal_reading() {
        // Only the pawn can take.
        assert_eq!(read("4k3/8/8/8/8/2n5/1P6/K7 w - - 0 1", "bxc3").unwrap(), "bxc3");
        // Only the bishop can.
        assert_eq!(read("4k3/8/8/8/8/2n5/8/K3B3 w - - 0 1", "bxc3").unwrap(), "Bxc3");
        assert_eq!(read("4k3/8/8/8/8/2n5/8/K3B3 w - - 0 1", "bc3").unwrap(), "Bxc3");
        // Upper case is always the bishop, the square pair always the pawn.
        assert_eq!(read(BOTH_TAKE, "Bxc3").unwrap(), "Bxc3");
        assert_eq!(read(BOTH_TAKE, "b2c3").unwrap(), "bxc3");
    }

    #[test]
    fn b_with_both_readings_legal_is_refused_naming_both() {
        let err = read(BOTH_TAKE, "bxc3").unwrap_err();
        assert_eq!(err.to_string(), "bxc3 could be Bxc3 or bxc3: type B for the bishop, b2c3 for the pawn");
        // Two bishops: the bishop reading is itself ambiguous, and both are named.
        let err = read("4k3/8/8/8/1B6/2n5/1P6/K3B3 w - - 0 1", "bxc3").unwrap_err();
        match err {
            MoveTextError::BishopOrPawn { bishop, pawn, .. } => {
                assert_eq!((bishop.len(), pawn.as_str()), (2, "bxc3"), "{bishop:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(read(START, "  "), Err(MoveTextError::Empty));
        assert!(matches!(read(START, &"N".repeat(40)), Err(MoveTextError::TooLong { .. })));
        let illegal = read(START, "nf5").unwrap_err().to_string();
        assert!(illegal.contains("'nf5' is not a legal move") && illegal.contains("Nf3"), "{illegal}");
        assert!(read(START, "nf9").unwrap_err().to_string().contains("'nf9'"));
        assert!(read(START, "zz").unwrap_err().to_string().contains("'zz'"));
        // Neither reading of b legal: the bishop's and the pawn's moves are both offered.
        let both = read(START, "bxc3").unwrap_err().to_string();
        assert!(both.contains("b3") && both.contains("not a legal move"), "{both}");
        let rooks = "1k6/8/8/8/8/8/4K3/R6R w - - 0 1";
        let ambiguous = read(rooks, "rd1").unwrap_err().to_string();
        assert!(
            ambiguous.contains("ambiguous") && ambiguous.contains("Rad1") && ambiguous.contains("Rhd1"),
            "{ambiguous}"
        );
        for hostile in ["e4\u{1b}[2J", "N\u{1}f3", "e\u{7f}4", "nf3\u{9b}"] {
            let said = read(START, hostile).unwrap_err().to_string();
            assert!(!said.chars().any(char::is_control), "{said:?}");
        }
    }

    /// A position reached by playing the legal moves picked by `picks` from a standard or Chess960 start.
    fn random_position(start: Option<u16>, picks: &[usize]) -> Position {
        let mut pos = match start {
            Some(n) => crate::rules::chess960::start_position(n).unwrap(),
            None => Position::startpos(),
        };
        for &pick in picks {
            let legal = pos.legal_move_vec();
            if legal.is_empty() {
                break;
            }
            pos.make_move(legal[pick % legal.len()]);
        }
        pos
    }

    /// The lower-cased SAN of `m` reads back, unless it is one of the two clashes: a `b` that also reads as
    /// a bishop (then refused naming the move), or a bishop's `B1c3` whose lower case is another legal UCI move.
    fn lower_case_reads_back(pos: &Position, m: Move) -> Result<(), TestCaseError> {
        let lower = to_san(pos, m).to_ascii_lowercase();
        match read_move(pos, &lower) {
            Ok(read) if read == m => Ok(()),
            Ok(read) => {
                prop_assert!(parse_uci(pos, &lower) == Ok(read), "{lower} read as another move");
                Ok(())
            }
            Err(MoveTextError::BishopOrPawn { pawn, bishop, .. }) => {
                let mine = san_without_suffix(pos, m);
                prop_assert!(pawn == mine || bishop.contains(&mine), "{lower}: {pawn} {bishop:?}");
                Ok(())
            }
            Err(e) => Err(TestCaseError::fail(format!("{lower}: {e}"))),
        }
    }

    proptest! {
        #[test]
        fn every_legal_move_reads_back(
            start in proptest::option::of(0u16..960),
            picks in proptest::collection::vec(0usize..256, 0..40),
        ) {
            let pos = random_position(start, &picks);
            for m in pos.legal_move_vec() {
                let san = to_san(&pos, m);
                match read_move(&pos, &san) {
                    Ok(read) => prop_assert_eq!(read, m, "{}", san),
                    // A b-pawn's capture where a bishop can take too is refused, naming it.
                    Err(MoveTextError::BishopOrPawn { pawn, .. }) => prop_assert_eq!(pawn, san.trim_end_matches(['+', '#'])),
                    Err(e) => return Err(TestCaseError::fail(format!("{san}: {e}"))),
                }
                prop_assert_eq!(read_move(&pos, &to_uci(&pos, m)), Ok(m));
                lower_case_reads_back(&pos, m)?;
            }
        }

        #[test]
        fn any_text_is_read_without_panic(s in ".{0,40}", picks in proptest::collection::vec(0usize..64, 0..12)) {
            let pos = random_position(None, &picks);
            if let Err(e) = read_move(&pos, &s) {
                prop_assert!(!e.to_string().chars().any(char::is_control));
            }
        }

        #[test]
        fn move_like_text_is_read_without_panic(s in "[nbrqkpNBRQKOo0a-h1-8x=+#!?. -]{0,12}") {
            let _ = read_move(&Position::startpos(), &s);
        }
    }
}

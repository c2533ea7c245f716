//! FEN in and out, with X-FEN and Shredder-FEN castling fields.
//!
//! Reading accepts `KQkq` (outermost rook on that side), file letters `A`–`H`/`a`–`h` (Shredder-FEN and X-FEN's
//! way of naming an inner rook), and FENs without the two move counters (EPD style). Writing produces X-FEN:
//! `KQkq` unless a right belongs to a rook that is not the outermost on its side, which gets its file letter.
//! The en passant square is written only when an en passant capture is legal.

use super::position::Position;
use super::setup::{PositionError, Setup};
use super::types::{CastleSide, Color, Piece, Role, Square};
use std::fmt;
use thiserror::Error;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The part of a FEN an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    Board,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board field",
            FenField::Side => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock field",
            FenField::Fullmove => "fullmove number field",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN has {0} fields; expected 4 (EPD style) or 6")]
    FieldCount(usize),
    #[error("{field}: {reason}")]
    Field { field: FenField, reason: String },
}

fn field_err(field: FenField, reason: impl Into<String>) -> FenError {
    FenError::Field { field, reason: reason.into() }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        let field = match e {
            PositionError::Castling(_) => FenField::Castling,
            PositionError::EnPassant(_) => FenField::EnPassant,
            _ => FenField::Board,
        };
        field_err(field, e.to_string())
    }
}

impl Position {
    /// Reads a FEN, X-FEN or Shredder-FEN (the two counters may be left out).
    ///
    /// # Errors
    /// A `FenError` naming the field and what is wrong with it.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&parse_setup(fen)?)?)
    }

    /// Writes X-FEN (plain FEN for standard chess).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        write_board(self, &mut s);
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        s.push_str(&castling_field(self));
        s.push(' ');
        match self.ep_square() {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// The FEN without the move counters: what identifies a position for opening books and EPD files.
    pub fn to_epd(&self) -> String {
        let fen = self.to_fen();
        fen.splitn(5, ' ').take(4).collect::<Vec<_>>().join(" ")
    }
}

/// Parses a FEN into an unvalidated setup.
///
/// # Errors
/// A `FenError` naming the field that is malformed.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() != 4 && fields.len() != 6 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup)?;
    setup.side = match fields[1] {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(field_err(FenField::Side, format!("'{}' is not 'w' or 'b'", clip(other)))),
    };
    parse_castling(fields[2], &mut setup)?;
    setup.ep = parse_ep(fields[3])?;
    if fields.len() == 6 {
        setup.halfmove = parse_counter(fields[4], FenField::Halfmove)?;
        setup.fullmove = parse_counter(fields[5], FenField::Fullmove)?;
        if setup.fullmove == 0 {
            return Err(field_err(FenField::Fullmove, "must be at least 1"));
        }
    }
    Ok(setup)
}

/// Keeps error messages one line and short when the input is hostile.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(20).collect();
    if s.chars().count() > 20 {
        out.push('…');
    }
    out
}

fn parse_board(field: &str, setup: &mut Setup) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(field_err(FenField::Board, format!("has {} ranks; expected 8", ranks.len())));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as u8;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if let Some(sq) = Square::new(file, rank) {
                    setup.board[sq.to_64()] = Some(p);
                }
                file += 1;
            } else {
                return Err(field_err(
                    FenField::Board,
                    format!("unexpected '{}' in rank {}", clip(&c.to_string()), rank + 1),
                ));
            }
            if file > 8 {
                return Err(field_err(FenField::Board, format!("rank {} has more than 8 squares", rank + 1)));
            }
        }
        if file < 8 {
            return Err(field_err(FenField::Board, format!("rank {} has only {file} squares", rank + 1)));
        }
    }
    Ok(())
}

fn parse_castling(field: &str, setup: &mut Setup) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let rank = color.back_rank();
        let name = color.name().to_lowercase();
        let king = Square::all()
            .find(|&sq| sq.rank() == rank && setup.piece_at(sq) == Some(Piece::new(color, Role::King)))
            .ok_or_else(|| {
                field_err(FenField::Castling, format!("'{c}' but the {name} king is not on its first rank"))
            })?;
        let is_rook =
            |f: u8| Square::new(f, rank).and_then(|sq| setup.piece_at(sq)) == Some(Piece::new(color, Role::Rook));
        let (side, file) = match c.to_ascii_lowercase() {
            'k' => {
                let file = (king.file() + 1..8).rev().find(|&f| is_rook(f)).ok_or_else(|| {
                    field_err(FenField::Castling, format!("no {name} rook on h{} for '{c}'", rank + 1))
                })?;
                (CastleSide::King, file)
            }
            'q' => {
                let file = (0..king.file()).find(|&f| is_rook(f)).ok_or_else(|| {
                    field_err(FenField::Castling, format!("no {name} rook on a{} for '{c}'", rank + 1))
                })?;
                (CastleSide::Queen, file)
            }
            letter @ 'a'..='h' => {
                let file = letter as u8 - b'a';
                if !is_rook(file) {
                    return Err(field_err(
                        FenField::Castling,
                        format!("no {name} rook on {letter}{} for '{c}'", rank + 1),
                    ));
                }
                if file == king.file() {
                    return Err(field_err(FenField::Castling, format!("'{c}' names the king's own file")));
                }
                (if file > king.file() { CastleSide::King } else { CastleSide::Queen }, file)
            }
            _ => return Err(field_err(FenField::Castling, format!("unexpected '{}'", clip(&c.to_string())))),
        };
        let slot = &mut setup.castling[color.index()][side as usize];
        if slot.is_some() {
            return Err(field_err(FenField::Castling, format!("a second {name} right on the same side ('{c}')")));
        }
        *slot = Some(file);
        if king.file() != 4 || file != if side == CastleSide::King { 7 } else { 0 } {
            setup.chess960 = true;
        }
    }
    Ok(())
}

fn parse_ep(field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    Square::parse(field)
        .map(Some)
        .ok_or_else(|| field_err(FenField::EnPassant, format!("'{}' is not a square or '-'", clip(field))))
}

fn parse_counter(field: &str, which: FenField) -> Result<u32, FenError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(field_err(which, format!("'{}' is not a whole number", clip(field))));
    }
    field.parse::<u32>().map_err(|_| field_err(which, format!("'{}' is too large", clip(field))))
}

fn write_board(pos: &Position, s: &mut String) {
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match Piece::from_code(pos.board[(rank * 16 + file) as usize]) {
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
}

/// X-FEN castling: `K`/`Q` when the right's rook is the outermost rook on that side, else its file letter.
fn castling_field(pos: &Position) -> String {
    let mut s = String::new();
    for color in Color::BOTH {
        let rank = color.back_rank();
        let rook = Piece::new(color, Role::Rook).code();
        for side in CastleSide::BOTH {
            let Some(sq) = pos.castle_rook(color, side) else { continue };
            let outer_files: Vec<u8> = match side {
                CastleSide::King => (sq.file() + 1..8).collect(),
                CastleSide::Queen => (0..sq.file()).collect(),
            };
            let outermost = outer_files.iter().all(|&f| pos.board[(rank * 16 + f) as usize] != rook);
            let c = if outermost {
                if side == CastleSide::King { 'K' } else { 'Q' }
            } else {
                sq.file_char().to_ascii_uppercase()
            };
            s.push(if color == Color::White { c } else { c.to_ascii_lowercase() });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn start_position_round_trips_and_has_polyglot_key() {
        let pos = Position::from_fen(START_FEN).unwrap();
        assert_eq!(pos.to_fen(), START_FEN);
        assert_eq!(pos.key(), 0x463b96181691fc9c);
        assert_eq!(pos, Position::startpos());
    }

    #[test]
    fn epd_style_fen_is_accepted() {
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(pos.to_fen(), START_FEN);
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3 w KQkq - 0 1"),
            "castling field: no white rook on h1 for 'K'"
        );
        assert_eq!(err(""), "FEN is empty");
        assert_eq!(err("8/8 w - -"), "board field: has 2 ranks; expected 8");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
            "side-to-move field: 'x' is not 'w' or 'b'"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
            "en passant field: 'e9' is not a square or '-'"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
            "halfmove clock field: 'x' is not a whole number"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
            "fullmove number field: must be at least 1"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"),
            "FEN has 5 fields; expected 4 (EPD style) or 6"
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "board field: unexpected '9' in rank 6"
        );
        assert_eq!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w - - 0 1"), "board field: no white king");
        assert_eq!(err("k7/8/8/8/8/8/8/K6r b - - 0 1"), "board field: the side not to move (White) is in check");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"),
            "en passant field: e3 is not on rank 6 where White could capture en passant"
        );
        assert_eq!(err("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), "board field: pawn on a8, a back rank");
    }

    #[test]
    fn en_passant_square_is_kept_only_when_the_capture_is_legal() {
        // 1.e4: no black pawn can take, so no ep square is written.
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(pos.ep_square(), None);
        assert_eq!(pos.key(), 0x823c9b50fd114196);
        // A pawn that could take but is pinned along the rank: still no ep square.
        let pinned = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
        assert_eq!(pinned.ep_square(), None);
        let legal = Position::from_fen("8/8/8/3pP3/8/8/8/K6k w - d6 0 1").unwrap();
        assert_eq!(legal.ep_square().map(|s| s.to_string()), Some("d6".into()));
    }

    #[test]
    fn shredder_and_xfen_castling() {
        let shredder = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(shredder.to_fen(), START_FEN);
        // Inner rook needs a file letter; the outer one gets K.
        let pos = Position::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K2R w BKq - 0 1").unwrap();
        assert!(pos.is_chess960());
        assert_eq!(pos.castle_rook(Color::White, CastleSide::Queen).unwrap().to_string(), "b1");
        assert_eq!(pos.to_fen(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBq - 0 1");
    }
}

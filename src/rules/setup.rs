//! An unvalidated position (what a FEN or a board editor describes) and the rules that make it legal.
//!
//! Keeping `Setup` apart from `Position` means a `Position` is always valid: every constructor goes through
//! `Setup::validate`, and the errors say which rule was broken.

use super::types::{CastleSide, Color, Piece, Role, Square};
use thiserror::Error;

/// Why a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("no {} king", .0.name().to_lowercase())]
    MissingKing(Color),
    #[error("more than one {} king", .0.name().to_lowercase())]
    TooManyKings(Color),
    #[error("{} has {} pieces (at most 16)", .0.name(), .1)]
    TooManyPieces(Color, usize),
    #[error("{} has {} pawns (at most 8)", .0.name(), .1)]
    TooManyPawns(Color, usize),
    #[error("pawn on {0}, a back rank")]
    PawnOnBackRank(Square),
    #[error("the side not to move ({}) is in check", .0.name())]
    OpponentInCheck(Color),
    #[error("{0}")]
    Castling(String),
    #[error("{0}")]
    EnPassant(String),
}

/// A position as described, before it is checked. Board squares are indexed a1 = 0 … h8 = 63.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub side: Color,
    /// The file (0–7) of the rook of each castling right: `[color][CastleSide]`.
    pub castling: [[Option<u8>; 2]; 2],
    pub ep: Option<Square>,
    pub halfmove: u32,
    pub fullmove: u32,
    pub chess960: bool,
}

impl Setup {
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            side: Color::White,
            castling: [[None; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            chess960: false,
        }
    }

    /// A start position with the given back rank (white's pieces from a to h; black mirrors them), all four
    /// castling rights on the outer rooks.
    pub fn from_back_rank(rank: [Role; 8]) -> Setup {
        let mut s = Setup::empty();
        for (file, &role) in rank.iter().enumerate() {
            s.board[file] = Some(Piece::new(Color::White, role));
            s.board[8 + file] = Some(Piece::new(Color::White, Role::Pawn));
            s.board[48 + file] = Some(Piece::new(Color::Black, Role::Pawn));
            s.board[56 + file] = Some(Piece::new(Color::Black, role));
        }
        let king = rank.iter().position(|&r| r == Role::King).unwrap_or(4) as u8;
        let h_rook = (king + 1..8).rev().find(|&f| rank[f as usize] == Role::Rook);
        let a_rook = (0..king).find(|&f| rank[f as usize] == Role::Rook);
        for c in 0..2 {
            s.castling[c] = [h_rook, a_rook];
        }
        s.chess960 = rank != STANDARD_BACK_RANK;
        s
    }

    pub fn standard() -> Setup {
        Setup::from_back_rank(STANDARD_BACK_RANK)
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.to_64()]
    }

    fn king_square(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::King)))
    }

    /// Checks the board-level rules (the one about checks needs attack tests and is made by `Position`).
    ///
    /// # Errors
    /// The first broken rule, as a `PositionError`.
    pub fn validate(&self) -> Result<(), PositionError> {
        for color in Color::BOTH {
            let mine = || self.board.iter().flatten().filter(move |p| p.color == color);
            match mine().filter(|p| p.role == Role::King).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
            let n = mine().count();
            if n > 16 {
                return Err(PositionError::TooManyPieces(color, n));
            }
            let pawns = mine().filter(|p| p.role == Role::Pawn).count();
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(color, pawns));
            }
        }
        if let Some(sq) = Square::all()
            .filter(|sq| sq.rank() == 0 || sq.rank() == 7)
            .find(|&sq| self.piece_at(sq).is_some_and(|p| p.role == Role::Pawn))
        {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        self.validate_castling()?;
        self.validate_ep()
    }

    fn validate_castling(&self) -> Result<(), PositionError> {
        for color in Color::BOTH {
            let rank = color.back_rank();
            let name = color.name().to_lowercase();
            for side in CastleSide::BOTH {
                let Some(file) = self.castling[color.index()][side as usize] else { continue };
                let king = self.king_square(color).filter(|k| k.rank() == rank).ok_or_else(|| {
                    PositionError::Castling(format!("{name} may castle but its king is not on its first rank"))
                })?;
                let rook_sq = Square::new(file, rank)
                    .filter(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::Rook)))
                    .ok_or_else(|| {
                        let sq = Square::new(file.min(7), rank).map(|s| s.to_string()).unwrap_or_default();
                        PositionError::Castling(format!("no {name} rook on {sq} to castle with"))
                    })?;
                let on_correct_side = match side {
                    CastleSide::King => rook_sq.file() > king.file(),
                    CastleSide::Queen => rook_sq.file() < king.file(),
                };
                if !on_correct_side {
                    return Err(PositionError::Castling(format!(
                        "the {name} rook on {rook_sq} is on the wrong side of its king for that right"
                    )));
                }
            }
        }
        Ok(())
    }

    fn validate_ep(&self) -> Result<(), PositionError> {
        let Some(ep) = self.ep else { return Ok(()) };
        let (rank, pusher) = match self.side {
            Color::White => (5, Color::Black),
            Color::Black => (2, Color::White),
        };
        if ep.rank() != rank {
            return Err(PositionError::EnPassant(format!(
                "{ep} is not on rank {} where {} could capture en passant",
                rank + 1,
                self.side.name()
            )));
        }
        let dir: i8 = if pusher == Color::White { 1 } else { -1 };
        let pawn_sq = Square::new(ep.file(), (ep.rank() as i8 + dir) as u8);
        let origin = Square::new(ep.file(), (ep.rank() as i8 - dir) as u8);
        let pawn_there = pawn_sq.is_some_and(|s| self.piece_at(s) == Some(Piece::new(pusher, Role::Pawn)));
        if !pawn_there || self.piece_at(ep).is_some() || origin.is_none_or(|s| self.piece_at(s).is_some()) {
            return Err(PositionError::EnPassant(format!(
                "{ep} is not behind a {} pawn that has just moved two squares",
                pusher.name().to_lowercase()
            )));
        }
        Ok(())
    }
}

pub const STANDARD_BACK_RANK: [Role; 8] =
    [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];

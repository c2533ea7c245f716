//! The packed move type and the fixed-capacity move list the generator fills.
//!
//! A move is 32 bits: from (bits 0–7), to (8–15), kind (16–19), captured role (20–23), moving role (24–27).
//! Carrying the captured and moving roles costs nothing at generation time and lets search order moves
//! (MVV-LVA) without looking at the board. Castling is stored as *king takes own rook* (`to` is the rook's
//! square) so that Chess960 castling is never ambiguous; notation modules translate it for the outside world.

use super::types::{Role, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// What kind of move this is, beyond from and to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MoveKind {
    Normal = 0,
    DoublePush = 1,
    EnPassant = 2,
    Castle = 3,
    PromoteKnight = 4,
    PromoteBishop = 5,
    PromoteRook = 6,
    PromoteQueen = 7,
}

impl MoveKind {
    #[inline]
    fn from_bits(b: u32) -> MoveKind {
        match b {
            0 => MoveKind::Normal,
            1 => MoveKind::DoublePush,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::PromoteKnight,
            5 => MoveKind::PromoteBishop,
            6 => MoveKind::PromoteRook,
            _ => MoveKind::PromoteQueen,
        }
    }

    pub fn promotion(role: Role) -> Option<MoveKind> {
        Some(match role {
            Role::Knight => MoveKind::PromoteKnight,
            Role::Bishop => MoveKind::PromoteBishop,
            Role::Rook => MoveKind::PromoteRook,
            Role::Queen => MoveKind::PromoteQueen,
            _ => return None,
        })
    }
}

/// A move in a particular position. Only moves produced by the generator (or found among its moves by the
/// notation parsers) are meaningful to `Position::make_move`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u32);

impl Move {
    /// A value that is never a legal move; useful as "no move" in tables.
    pub const NONE: Move = Move(0);

    #[inline]
    pub(crate) fn new(from: u8, to: u8, kind: MoveKind, moving: u8, captured: u8) -> Move {
        Move(
            from as u32
                | (to as u32) << 8
                | (kind as u32) << 16
                | ((captured & 7) as u32) << 20
                | ((moving & 7) as u32) << 24,
        )
    }

    #[inline]
    pub fn from(self) -> Square {
        Square((self.0 & 0xff) as u8)
    }

    /// The destination square; for castling, the square of the rook the king castles with.
    #[inline]
    pub fn to(self) -> Square {
        Square(((self.0 >> 8) & 0xff) as u8)
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        MoveKind::from_bits((self.0 >> 16) & 0xf)
    }

    /// The role of the piece taken, if any (a pawn for en passant).
    #[inline]
    pub fn captured(self) -> Option<Role> {
        Role::from_code(((self.0 >> 20) & 7) as u8)
    }

    /// The role of the piece that moves (a pawn for promotions, the king for castling).
    #[inline]
    pub fn role(self) -> Role {
        Role::from_code(((self.0 >> 24) & 7) as u8).unwrap_or(Role::Pawn)
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        (self.0 >> 20) & 7 != 0
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        self.kind() == MoveKind::Castle
    }

    #[inline]
    pub fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }

    /// Neither a capture nor a promotion: the moves search treats as "quiet".
    #[inline]
    pub fn is_quiet(self) -> bool {
        // One test of the bits instead of two: no captured role (bits 20–22) and not a promotion (the
        // promotion kinds are 4–7, the kinds with bit 18 set).
        self.0 & (7 << 20 | 4 << 16) == 0
    }

    /// The raw 32-bit encoding (stable within a build; used by transposition tables).
    #[inline]
    pub fn bits(self) -> u32 {
        self.0
    }

    #[inline]
    pub fn from_bits(bits: u32) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Move::NONE {
            return write!(f, "Move::NONE");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(r) = self.promotion() {
            write!(f, "{}", r.lower_char())?;
        }
        if self.is_castle() {
            write!(f, "(castle)")?;
        }
        Ok(())
    }
}

/// Enough room for the most moves any legal position has (218).
pub type MoveList = ArrayVec<Move, 256>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit test in `is_quiet` means what its name says, for every kind and captured role.
    #[test]
    fn quiet_means_no_capture_and_no_promotion() {
        let kinds = [
            MoveKind::Normal,
            MoveKind::DoublePush,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::PromoteKnight,
            MoveKind::PromoteBishop,
            MoveKind::PromoteRook,
            MoveKind::PromoteQueen,
        ];
        for kind in kinds {
            for captured in 0..7 {
                for moving in 1..7 {
                    let m = Move::new(0x14, 0x34, kind, moving, captured);
                    assert_eq!(m.is_quiet(), !m.is_capture() && m.promotion().is_none(), "{kind:?} {captured}");
                }
            }
        }
    }

    #[test]
    fn packing_round_trips() {
        let m = Move::new(0x14, 0x77, MoveKind::PromoteQueen, 1, 4);
        assert_eq!(m.from().to_string(), "e2");
        assert_eq!(m.to().to_string(), "h8");
        assert_eq!(m.kind(), MoveKind::PromoteQueen);
        assert_eq!(m.captured(), Some(Role::Rook));
        assert_eq!(m.role(), Role::Pawn);
        assert_eq!(m.promotion(), Some(Role::Queen));
        assert!(!m.is_quiet());
        assert_eq!(Move::from_bits(m.bits()), m);
    }
}

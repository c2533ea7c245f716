//! Colours, piece roles, pieces and 0x88 squares: the vocabulary every other rules module speaks.
//!
//! A square is an index into a 128-entry 0x88 array: `rank * 16 + file`. The left half of each 16-wide row is
//! the real board; a square is off the board exactly when `sq & 0x88 != 0`, which is what makes the 0x88 layout
//! cheap to walk and gives every pair of squares a unique difference (`to - from + 119` indexes the attack tables).

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank (0-based) of this side's back rank.
    #[inline]
    pub fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opposite()
    }
}

/// What a piece is, regardless of colour. The discriminants are the low three bits of a board code.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 1,
    Knight = 2,
    Bishop = 3,
    Rook = 4,
    Queen = 5,
    King = 6,
}

impl Role {
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    #[inline]
    pub fn from_code(code: u8) -> Option<Role> {
        Some(match code & 7 {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            6 => Role::King,
            _ => return None,
        })
    }

    /// Upper-case letter as used in SAN and FEN (`P` for pawns).
    pub fn upper_char(self) -> char {
        b"?PNBRQK"[self as usize] as char
    }

    pub fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Reads a piece letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The byte stored on the board: role in bits 0–2, bit 3 set for black. 0 is an empty square.
    #[inline]
    pub fn code(self) -> u8 {
        self.role as u8 | ((self.color as u8) << 3)
    }

    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        let role = Role::from_code(code)?;
        let color = if code & 8 != 0 { Color::Black } else { Color::White };
        Some(Piece { color, role })
    }

    /// FEN letter: upper case for white, lower case for black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

/// A square of the 0x88 board. Only on-board squares are ever wrapped in this type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// `file` and `rank` are 0-based (a = 0, rank 1 = 0).
    #[inline]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then(|| Square(rank * 16 + file))
    }

    /// The 0x88 index (0–119).
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    #[inline]
    pub fn from_index(sq: u8) -> Option<Square> {
        (sq & 0x88 == 0).then_some(Square(sq))
    }

    #[inline]
    pub fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// 0–63 in a1, b1, …, h8 order (the order Polyglot and most tables use).
    #[inline]
    pub fn to_64(self) -> usize {
        (self.rank() * 8 + self.file()) as usize
    }

    pub fn from_64(i: usize) -> Option<Square> {
        (i < 64).then(|| Square(((i / 8) * 16 + i % 8) as u8))
    }

    /// Every square in a1, b1, …, h8 order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(|i| Square(((i / 8) * 16 + i % 8) as u8))
    }

    /// True for the light squares (h1 and a8 are light).
    pub fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// Reads `e4`-style names.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::from_chars(b[0] as char, b[1] as char)
    }

    pub fn from_chars(file: char, rank: char) -> Option<Square> {
        let f = (file as u32).wrapping_sub('a' as u32);
        let r = (rank as u32).wrapping_sub('1' as u32);
        Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The same file and rank seen from the other side (a1 ↔ a8).
    pub fn flip_rank(self) -> Square {
        Square(self.0 ^ 0x70)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Which rook a castling right refers to: the one towards the h-file or towards the a-file.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CastleSide {
    /// Towards the h-file: O-O; king ends on g, rook on f.
    King = 0,
    /// Towards the a-file: O-O-O; king ends on c, rook on d.
    Queen = 1,
}

impl CastleSide {
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The file the king lands on.
    pub fn king_dest_file(self) -> u8 {
        match self {
            CastleSide::King => 6,
            CastleSide::Queen => 2,
        }
    }

    /// The file the rook lands on.
    pub fn rook_dest_file(self) -> u8 {
        match self {
            CastleSide::King => 5,
            CastleSide::Queen => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
        assert_eq!(Square::parse("é1"), None);
    }

    #[test]
    fn piece_codes_round_trip() {
        for color in Color::BOTH {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
    }

    #[test]
    fn square_colours() {
        assert!(Square::parse("h1").unwrap().is_light());
        assert!(!Square::parse("a1").unwrap().is_light());
    }
}

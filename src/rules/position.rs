//! The position: a 0x88 mailbox board with piece lists, plus everything else a FEN records.
//!
//! Pieces are kept twice: on the 128-entry board (what is on a square) and in a list of squares per colour
//! (where the pieces are), with `index[sq]` pointing into the list so a capture removes a piece in O(1). The
//! king is always entry 0 of its list. Castling rights are stored per rook square, which is what Chess960 and
//! X-FEN need; `castle_mask` says which rights survive a move from or to each square.

use super::makemove::castle_destinations;
use super::setup::{PositionError, Setup};
use super::tables::{ATTACK_MASK, CODE_ATTACK_BIT, SLIDER_BITS, STEP, diff_index};
use super::types::{CastleSide, Color, Piece, Role, Square};
use super::zobrist::ZOBRIST;

/// Marks "no square" in 0x88 fields (it is off the board by the 0x88 test).
pub(crate) const NO_SQUARE: u8 = 0x88;

/// A legal chess position (standard or Chess960). Build one from a FEN, a `Setup`, or a Chess960 number.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [u8; 128],
    pub(crate) index: [u8; 128],
    pub(crate) list: [[u8; 16]; 2],
    pub(crate) count: [u8; 2],
    /// `roles[color][role]`: bit `i` set when `list[color][i]` holds a piece of that role. Kept in step with
    /// the lists by every change, so move generation groups pieces by role without looking at the board.
    pub(crate) roles: [[u16; 8]; 2],
    pub(crate) side: Color,
    /// Bit `2 * color + side`: white O-O, white O-O-O, black O-O, black O-O-O.
    pub(crate) castling: u8,
    /// The rook square of each castling right, same indexing as the bits; `NO_SQUARE` when unknown.
    pub(crate) castle_rook: [u8; 4],
    /// For each castling right, the squares of the back rank that must be empty to castle (all between the
    /// king, the rook and their destinations, but for those two), one byte per file: a whole-rank test is then
    /// one 8-byte load.
    pub(crate) castle_span: [u64; 4],
    /// `castling &= castle_mask[from] & castle_mask[to]` after every move.
    pub(crate) castle_mask: [u8; 128],
    /// Set only when an en passant capture is legal.
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    pub(crate) chess960: bool,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.active_castle_rooks() == other.active_castle_rooks()
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

#[inline]
pub(crate) fn castle_bit(color: Color, side: CastleSide) -> u8 {
    1 << (2 * color as u8 + side as u8)
}

/// The byte mask (one byte per file of the back rank) of the squares that must be empty for the king on `king`
/// to castle with the rook on `rook`: every square between them and their destinations, but for those two.
fn castle_span(king: u8, rook: u8) -> u64 {
    let (kdest, rdest) = castle_destinations(king, rook);
    let files = [king, rook, kdest, rdest].map(|s| s & 7);
    let (lo, hi) = (*files.iter().min().unwrap_or(&0), *files.iter().max().unwrap_or(&0));
    (lo..=hi).filter(|&f| f != king & 7 && f != rook & 7).fold(0, |mask, f| mask | 0xff << (8 * f))
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_setup(&Setup::standard()).expect("the standard start position is valid")
    }

    /// Validates a setup into a position.
    ///
    /// # Errors
    /// Returns the first rule the setup breaks (missing king, pawn on a back rank, side not to move in check,
    /// castling right without its rook, impossible en passant square…).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position::empty(setup.side);
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.to_64()] {
                pos.add_piece_setup(sq.0, p.code());
            }
        }
        pos.halfmove = setup.halfmove;
        pos.fullmove = setup.fullmove.max(1);
        pos.chess960 = setup.chess960;
        pos.init_castling(setup);
        if let Some(ep) = setup.ep {
            pos.ep = if pos.any_legal_ep_capture(ep.0) { ep.0 } else { NO_SQUARE };
        }
        if pos.is_attacked(pos.king_square(!pos.side).0, pos.side) {
            return Err(PositionError::OpponentInCheck(!pos.side));
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    fn empty(side: Color) -> Position {
        Position {
            board: [0; 128],
            index: [0; 128],
            list: [[NO_SQUARE; 16]; 2],
            count: [0; 2],
            roles: [[0; 8]; 2],
            side,
            castling: 0,
            castle_rook: [NO_SQUARE; 4],
            castle_span: [0; 4],
            castle_mask: [0xf; 128],
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960: false,
        }
    }

    /// Places kings first in their lists, so `list[c][0]` is always the king.
    fn add_piece_setup(&mut self, sq: u8, code: u8) {
        let c = ((code >> 3) & 1) as usize;
        self.add_piece(sq, code);
        if code & 7 == Role::King as u8 {
            let i = self.index[sq as usize] as usize;
            self.list[c].swap(0, i);
            self.index[self.list[c][0] as usize] = 0;
            self.index[self.list[c][i] as usize] = i as u8;
            let other = (self.board[self.list[c][i] as usize] & 7) as usize;
            // The two pieces traded list slots 0 and `i`: swap their bits in their role masks.
            let swapped = 1 | 1 << i;
            self.roles[c][Role::King as usize] ^= swapped;
            self.roles[c][other] ^= swapped;
        }
    }

    fn init_castling(&mut self, setup: &Setup) {
        for color in Color::BOTH {
            let ksq = self.king_square(color).0;
            for side in CastleSide::BOTH {
                if let Some(file) = setup.castling[color.index()][side as usize] {
                    let bit = castle_bit(color, side);
                    let rook = color.back_rank() * 16 + file;
                    self.castling |= bit;
                    self.castle_rook[bit.trailing_zeros() as usize] = rook;
                    self.castle_span[bit.trailing_zeros() as usize] = castle_span(ksq, rook);
                    self.castle_mask[rook as usize] &= !bit;
                    self.castle_mask[ksq as usize] &= !bit;
                }
            }
        }
    }

    // ----- piece-list primitives (shared by setup and make/unmake) -----

    #[inline]
    pub(crate) fn add_piece(&mut self, sq: u8, code: u8) {
        let c = ((code >> 3) & 1) as usize;
        let n = self.count[c];
        self.list[c][n as usize] = sq;
        self.index[sq as usize] = n;
        self.count[c] = n + 1;
        self.board[sq as usize] = code;
        self.roles[c][(code & 7) as usize] |= 1 << n;
    }

    #[inline]
    pub(crate) fn remove_piece(&mut self, sq: u8) {
        let code = self.board[sq as usize];
        let c = ((code >> 3) & 1) as usize;
        let i = self.index[sq as usize] as usize;
        let last = self.count[c] as usize - 1;
        let moved = self.list[c][last];
        self.list[c][i] = moved;
        self.index[moved as usize] = i as u8;
        self.count[c] = last as u8;
        // The last piece of the list fills slot `i`: its role mask loses bit `last` and gains bit `i`.
        let moved_role = (self.board[moved as usize] & 7) as usize;
        self.roles[c][(code & 7) as usize] &= !(1 << i);
        self.roles[c][moved_role] = (self.roles[c][moved_role] & !(1 << last)) | (u16::from(i != last) << i);
        self.board[sq as usize] = 0;
    }

    /// Changes the role of the piece on `sq` (promotion and its undo), keeping the role masks in step.
    #[inline]
    pub(crate) fn set_piece_code(&mut self, sq: u8, code: u8) {
        let c = ((code >> 3) & 1) as usize;
        let bit = 1 << self.index[sq as usize];
        self.roles[c][(self.board[sq as usize] & 7) as usize] &= !bit;
        self.roles[c][(code & 7) as usize] |= bit;
        self.board[sq as usize] = code;
    }

    #[inline]
    pub(crate) fn move_piece(&mut self, from: u8, to: u8) {
        let code = self.board[from as usize];
        let c = ((code >> 3) & 1) as usize;
        let i = self.index[from as usize];
        self.list[c][i as usize] = to;
        self.index[to as usize] = i;
        self.board[to as usize] = code;
        self.board[from as usize] = 0;
    }

    // ----- read access -----

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.0 as usize])
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square(self.list[color.index()][0])
    }

    /// The squares of one side's pieces, king first, in no other particular order.
    #[inline]
    pub fn piece_squares(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        let c = color.index();
        self.list[c][..self.count[c] as usize].iter().map(|&s| Square(s))
    }

    #[inline]
    pub fn piece_count(&self, color: Color) -> usize {
        self.count[color.index()] as usize
    }

    /// The Zobrist key (Polyglot numbers; see the `zobrist` module for the en passant convention).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The en passant target square, present only when an en passant capture is legal.
    pub fn ep_square(&self) -> Option<Square> {
        Square::from_index(self.ep)
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether castling is written Chess960-style (king takes rook in UCI, file letters in X-FEN when needed).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Marks the game as Chess960 (for notation); the castling rules themselves are the same for both.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    pub fn has_castling_right(&self, color: Color, side: CastleSide) -> bool {
        self.castling & castle_bit(color, side) != 0
    }

    /// The rook a castling right belongs to, if the right is still held.
    pub fn castle_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        let bit = castle_bit(color, side);
        (self.castling & bit != 0).then(|| Square(self.castle_rook[bit.trailing_zeros() as usize]))
    }

    fn active_castle_rooks(&self) -> [u8; 4] {
        let mut r = self.castle_rook;
        for (i, sq) in r.iter_mut().enumerate() {
            if self.castling & (1 << i) == 0 {
                *sq = NO_SQUARE;
            }
        }
        r
    }

    /// True when the side to move is in check. Asked at every node of a search: pawns, most of the enemy's
    /// list, are looked for on the two squares they could check from instead of being walked.
    pub fn in_check(&self) -> bool {
        let ksq = self.list[self.side.index()][0];
        let them = !self.side;
        if self.pawn_attacks(ksq, them) {
            return true;
        }
        let c = them.index();
        // (A side may have 16 pieces, so the shift is done in 32 bits.)
        let others = ((1u32 << self.count[c]) - 1) as u16 & !self.roles[c][Role::Pawn as usize];
        self.squares_in(them, others).any(|p| piece_attacks_on(&self.board, p, ksq))
    }

    /// The squares of `color`'s pieces whose list indices are set in `mask`, in list order.
    #[inline(always)]
    pub(crate) fn squares_in(&self, color: Color, mut mask: u16) -> impl Iterator<Item = u8> + '_ {
        let list = &self.list[color.index()];
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(list[i & 15])
        })
    }

    /// Does a pawn of `by` attack `sq`?
    #[inline]
    pub(crate) fn pawn_attacks(&self, sq: u8, by: Color) -> bool {
        let pawn = Piece::new(by, Role::Pawn).code();
        let from = match by {
            Color::White => [sq.wrapping_sub(15), sq.wrapping_sub(17)],
            Color::Black => [sq.wrapping_add(15), sq.wrapping_add(17)],
        };
        from.iter().any(|&s| s & 0x88 == 0 && self.board[s as usize] == pawn)
    }

    // ----- attacks -----

    /// Is `sq` attacked by any piece of `by`?
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u8, by: Color) -> bool {
        self.is_attacked_on(&self.board, sq, by)
    }

    /// The same test on a modified copy of the board (a piece lifted or moved). Pieces of `by` whose square
    /// is empty on `board` are treated as gone, which is how a capture is simulated.
    #[inline]
    pub(crate) fn is_attacked_on(&self, board: &[u8; 128], sq: u8, by: Color) -> bool {
        let c = by.index();
        self.list[c][..self.count[c] as usize].iter().any(|&p| piece_attacks_on(board, p, sq))
    }

    /// Whether `color` has a piece on `sq` that attacks `target` (blockers considered).
    pub fn attacks(&self, from: Square, target: Square) -> bool {
        piece_attacks_on(&self.board, from.0, target.0)
    }

    /// Is `sq` attacked by `by`? (Public form of the attack test, for evaluation and UIs.)
    pub fn is_square_attacked(&self, sq: Square, by: Color) -> bool {
        self.is_attacked(sq.0, by)
    }

    // ----- en passant legality -----

    /// Could the side to move capture en passant onto `ep`, legally, with any pawn?
    pub(crate) fn any_legal_ep_capture(&self, ep: u8) -> bool {
        let us = self.side;
        let pawn = Piece::new(us, Role::Pawn).code();
        ep_capturer_squares(us, ep)
            .into_iter()
            .flatten()
            .any(|from| self.board[from as usize] == pawn && self.ep_capture_is_legal(from, ep))
    }

    /// Does capturing en passant from `from` onto `ep` leave the mover's king safe? Simulated on a board copy,
    /// because the capture empties two squares at once (the classic rank pin through both pawns).
    pub(crate) fn ep_capture_is_legal(&self, from: u8, ep: u8) -> bool {
        let mut board = self.board;
        board[ep as usize] = board[from as usize];
        board[from as usize] = 0;
        board[(ep ^ 0x10) as usize] = 0;
        !self.is_attacked_on(&board, self.list[self.side.index()][0], !self.side)
    }

    // ----- keys -----

    /// The Zobrist key computed from scratch (make/unmake keep `key` up to date incrementally).
    pub fn compute_key(&self) -> u64 {
        let z = &ZOBRIST;
        let mut key = 0;
        for sq in Square::all() {
            key ^= z.piece[self.board[sq.0 as usize] as usize][sq.0 as usize];
        }
        key ^= z.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            key ^= z.ep_file[(self.ep & 7) as usize];
        }
        if self.side == Color::White {
            key ^= z.white_to_move;
        }
        key
    }

    /// Checks the internal invariants (lists, index, key). For tests and debug assertions.
    pub fn is_consistent(&self) -> bool {
        for c in 0..2 {
            for i in 0..self.count[c] as usize {
                let sq = self.list[c][i];
                let code = self.board[sq as usize];
                if code == 0 || ((code >> 3) & 1) as usize != c || self.index[sq as usize] as usize != i {
                    return false;
                }
            }
            if self.board[self.list[c][0] as usize] & 7 != Role::King as u8 {
                return false;
            }
            for role in 0..8 {
                let expected = (0..self.count[c] as usize)
                    .filter(|&i| (self.board[self.list[c][i] as usize] & 7) as usize == role)
                    .fold(0u16, |mask, i| mask | 1 << i);
                if self.roles[c][role] != expected {
                    return false;
                }
            }
        }
        let on_board = self.board.iter().filter(|&&c| c != 0).count();
        on_board == (self.count[0] + self.count[1]) as usize && self.key == self.compute_key()
    }
}

/// Does the piece on `from` (as `board` has it; an empty square attacks nothing) attack `to`?
#[inline(always)]
fn piece_attacks_on(board: &[u8; 128], from: u8, to: u8) -> bool {
    let bit = CODE_ATTACK_BIT[board[from as usize] as usize];
    let d = diff_index(from, to);
    ATTACK_MASK[d] & bit != 0 && (bit & SLIDER_BITS == 0 || ray_is_clear(board, from, to, STEP[d]))
}

/// Are all squares strictly between `from` and `to` (walking by `step`) empty?
#[inline]
pub(crate) fn ray_is_clear(board: &[u8; 128], from: u8, to: u8, step: i8) -> bool {
    let mut s = from.wrapping_add(step as u8);
    while s != to {
        if board[s as usize] != 0 {
            return false;
        }
        s = s.wrapping_add(step as u8);
    }
    true
}

/// The two squares from which a pawn of `us` could capture onto `ep`.
#[inline]
pub(crate) fn ep_capturer_squares(us: Color, ep: u8) -> [Option<u8>; 2] {
    let behind = match us {
        Color::White => ep.wrapping_sub(16),
        Color::Black => ep.wrapping_add(16),
    };
    let left = behind.wrapping_sub(1);
    let right = behind.wrapping_add(1);
    [(left & 0x88 == 0).then_some(left), (right & 0x88 == 0).then_some(right)]
}

#[cfg(test)]
mod tests {
    use super::castle_span;

    /// One byte per file that must be empty, `a` in the lowest byte.
    fn files(mask: u64) -> String {
        (0..8).filter(|f| mask >> (8 * f) & 0xff == 0xff).map(|f| char::from(b'a' + f as u8)).collect()
    }

    #[test]
    fn castle_span_covers_the_squares_between_king_rook_and_their_destinations() {
        // Standard: e1 with h1 (f1 g1), e1 with a1 (b1 c1 d1).
        assert_eq!(files(castle_span(0x04, 0x07)), "fg");
        assert_eq!(files(castle_span(0x04, 0x00)), "bcd");
        // Chess960: king b1 and rook a1 go to c1 and d1; king g1 stays and rook h1 goes to f1.
        assert_eq!(files(castle_span(0x01, 0x00)), "cd");
        assert_eq!(files(castle_span(0x06, 0x07)), "f");
        // King f1 and rook c1 go to c1 and d1: d1 and e1 must be empty (c1 is the rook's own square).
        assert_eq!(files(castle_span(0x05, 0x02)), "de");
    }
}

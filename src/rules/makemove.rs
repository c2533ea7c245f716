//! Make and unmake: apply a legal move in place and take it back exactly.
//!
//! The Zobrist key is updated incrementally; unmake restores the key and the other irreversible fields from
//! the `Undo` record instead of recomputing them. After a double pawn push the en passant square is kept only
//! if the opponent can really capture (see `Position::ep`).

use super::moves::{Move, MoveKind};
use super::position::{NO_SQUARE, Position, ep_capturer_squares};
use super::types::{CastleSide, Color, Piece, Role};
use super::zobrist::ZOBRIST;

/// What `make_move` must hand back to `unmake_move`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    castling: u8,
    ep: u8,
    halfmove: u32,
    key: u64,
}

/// Where the king and rook of a castling move end up: `(king destination, rook destination)`.
#[inline]
pub(crate) fn castle_destinations(king: u8, rook: u8) -> (u8, u8) {
    let side = if rook > king { CastleSide::King } else { CastleSide::Queen };
    let base = king & 0x70;
    (base + side.king_dest_file(), base + side.rook_dest_file())
}

impl Position {
    /// Plays a legal move (one from `legal_moves` or a notation parser). Passing anything else corrupts
    /// the position.
    pub fn make_move(&mut self, m: Move) -> Undo {
        let z = &ZOBRIST;
        let undo = Undo { captured: 0, castling: self.castling, ep: self.ep, halfmove: self.halfmove, key: self.key };
        let mut undo = undo;
        let mut key = self.key ^ z.white_to_move;
        if self.ep != NO_SQUARE {
            key ^= z.ep_file[(self.ep & 7) as usize];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        let (from, to) = (m.from().0, m.to().0);
        if m.kind() == MoveKind::Castle {
            key ^= self.castle_pieces(from, to, false);
        } else {
            let code = self.board[from as usize];
            let cap_sq = if m.kind() == MoveKind::EnPassant { to ^ 0x10 } else { to };
            let captured = self.board[cap_sq as usize];
            if captured != 0 {
                key ^= z.piece[captured as usize][cap_sq as usize];
                self.remove_piece(cap_sq);
                self.halfmove = 0;
                undo.captured = captured;
            }
            key ^= z.piece[code as usize][from as usize] ^ z.piece[code as usize][to as usize];
            self.move_piece(from, to);
            if code & 7 == Role::Pawn as u8 {
                self.halfmove = 0;
                if let Some(role) = m.promotion() {
                    let promoted = Piece::new(self.side, role).code();
                    self.set_piece_code(to, promoted);
                    key ^= z.piece[code as usize][to as usize] ^ z.piece[promoted as usize][to as usize];
                }
            }
        }
        let rights = self.castling & self.castle_mask[from as usize] & self.castle_mask[to as usize];
        key ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
        self.castling = rights;
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        if m.kind() == MoveKind::DoublePush {
            let ep = (from + to) / 2;
            if self.any_legal_ep_capture_near(ep) {
                self.ep = ep;
                key ^= z.ep_file[(ep & 7) as usize];
            }
        }
        self.key = key;
        undo
    }

    /// The key `make_move(m)` would give, computed without making the move, except in two cases it does not
    /// follow: castling (the key is left as if only the side to move changed) and a double push that makes
    /// an en passant capture possible (that file's number is left out). A guess good enough to fetch the
    /// hash table's entry for the position ahead of time; `make_move` gives the key to store under.
    #[inline]
    pub fn key_after_guess(&self, m: Move) -> u64 {
        let z = &ZOBRIST;
        let mut key = self.key ^ z.white_to_move;
        if self.ep != NO_SQUARE {
            key ^= z.ep_file[(self.ep & 7) as usize];
        }
        if m.kind() == MoveKind::Castle {
            return key;
        }
        let (from, to) = (m.from().0, m.to().0);
        let code = self.board[from as usize];
        let cap_sq = if m.kind() == MoveKind::EnPassant { to ^ 0x10 } else { to };
        let captured = self.board[cap_sq as usize];
        if captured != 0 {
            key ^= z.piece[captured as usize][cap_sq as usize];
        }
        let placed = match m.promotion() {
            Some(role) => Piece::new(self.side, role).code(),
            None => code,
        };
        key ^= z.piece[code as usize][from as usize] ^ z.piece[placed as usize][to as usize];
        let rights = self.castling & self.castle_mask[from as usize] & self.castle_mask[to as usize];
        key ^ z.castling[self.castling as usize] ^ z.castling[rights as usize]
    }

    /// Takes back `m`, which must be the last move made, with the `Undo` its `make_move` returned.
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (m.from().0, m.to().0);
        if m.kind() == MoveKind::Castle {
            self.castle_pieces(from, to, true);
        } else {
            if m.promotion().is_some() {
                self.set_piece_code(to, Piece::new(self.side, Role::Pawn).code());
            }
            self.move_piece(to, from);
            if undo.captured != 0 {
                let cap_sq = if m.kind() == MoveKind::EnPassant { to ^ 0x10 } else { to };
                self.add_piece(cap_sq, undo.captured);
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Passes the move: only the side to move changes (and the en passant square lapses). For null-move
    /// pruning in search; never legal in a game. Must not be called while in check.
    pub fn make_null_move(&mut self) -> Undo {
        let undo = Undo { captured: 0, castling: self.castling, ep: self.ep, halfmove: self.halfmove, key: self.key };
        let z = &ZOBRIST;
        self.key ^= z.white_to_move;
        if self.ep != NO_SQUARE {
            self.key ^= z.ep_file[(self.ep & 7) as usize];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        self.side = !self.side;
        undo
    }

    /// A null move as a game record writes it (`--` in PGN, inside analysis): the side to move passes and the
    /// move counters advance as for a move (unlike `make_null_move`, which search takes back at once). There is
    /// no taking it back: replay from an earlier position instead. The caller checks it is legal: the side to
    /// move must not be in check.
    pub fn pass(&mut self) {
        let _ = self.make_null_move();
        if self.side == Color::White {
            self.fullmove += 1;
        }
    }

    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side = !self.side;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Moves king and rook for castling (or back, when `undo`), and returns the key change of the pieces.
    /// Both are lifted before either is placed, because in Chess960 their squares can overlap.
    fn castle_pieces(&mut self, king: u8, rook: u8, undo: bool) -> u64 {
        let z = &ZOBRIST;
        let c = self.side.index();
        let (kdest, rdest) = castle_destinations(king, rook);
        let (kfrom, kto, rfrom, rto) = if undo { (kdest, king, rdest, rook) } else { (king, kdest, rook, rdest) };
        let kcode = self.board[kfrom as usize];
        let rcode = self.board[rfrom as usize];
        let ri = self.index[rfrom as usize];
        self.board[kfrom as usize] = 0;
        self.board[rfrom as usize] = 0;
        self.board[kto as usize] = kcode;
        self.board[rto as usize] = rcode;
        self.list[c][0] = kto;
        self.index[kto as usize] = 0;
        self.list[c][ri as usize] = rto;
        self.index[rto as usize] = ri;
        z.piece[kcode as usize][kfrom as usize]
            ^ z.piece[kcode as usize][kto as usize]
            ^ z.piece[rcode as usize][rfrom as usize]
            ^ z.piece[rcode as usize][rto as usize]
    }

    /// After a double push: is there an enemy pawn beside the pushed one that can legally take it?
    #[inline]
    fn any_legal_ep_capture_near(&self, ep: u8) -> bool {
        let pawn = Piece::new(self.side, Role::Pawn).code();
        let [a, b] = ep_capturer_squares(self.side, ep);
        let candidate = |sq: Option<u8>| sq.is_some_and(|s| self.board[s as usize] == pawn);
        if !candidate(a) && !candidate(b) {
            return false;
        }
        self.any_legal_ep_capture(ep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveList;

    /// Along pseudo-random games from positions with castling, en passant and promotions, the guess is the
    /// key `make_move` gives for every legal move outside its two stated exceptions, and it is exact for
    /// most moves (which is what makes it worth fetching by).
    #[test]
    fn key_guess_matches_the_made_key_outside_its_exceptions() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2P3k1/8/8/8/8/1p4K1/8 w - - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let (mut exact, mut checked) = (0, 0);
        for (n, fen) in fens.iter().enumerate() {
            let mut seed = 0x9e37_79b9_u64 + n as u64;
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..120 {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                for &m in list.iter() {
                    let guess = pos.key_after_guess(m);
                    let mut after = pos.clone();
                    after.make_move(m);
                    let excepted =
                        m.kind() == MoveKind::Castle || (m.kind() == MoveKind::DoublePush && after.ep != NO_SQUARE);
                    if !excepted {
                        assert_eq!(guess, after.key(), "{fen}: {m:?}");
                    }
                    exact += usize::from(guess == after.key());
                    checked += 1;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                pos.make_move(list[(seed >> 33) as usize % list.len()]);
            }
        }
        assert!(exact * 100 >= checked * 95, "{exact} of {checked} exact");
    }
}

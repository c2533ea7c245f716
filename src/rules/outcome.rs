//! How a game ends by the rules: checkmate, stalemate, dead positions, and the draw rules that need the
//! game's history (threefold/fivefold repetition, fifty/seventy-five moves).
//!
//! `History` is a position plus the moves that led to it. Repetition compares Zobrist keys, which cover the
//! pieces, the side to move, the castling rights and a *legal* en passant capture — exactly what FIDE means by
//! "the same position". Only the positions since the last capture or pawn move can repeat, so only those
//! are scanned.

use super::makemove::Undo;
use super::moves::Move;
use super::position::Position;
use super::types::{Color, Role};

/// The state of the game in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Checkmate {
        winner: Color,
    },
    Stalemate,
    /// Neither side can ever checkmate (a dead position of the common kinds).
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// Draws the player to move may claim but that do not end the game by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    ThreefoldRepetition,
    FiftyMoves,
}

/// A position with the moves that led to it from a start position.
#[derive(Clone, Debug)]
pub struct History {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// `keys[i]` is the key after `i` moves; `keys[0]` the start's.
    keys: Vec<u64>,
}

impl History {
    pub fn new(start: Position) -> History {
        let key = start.key();
        History { pos: start.clone(), start, moves: Vec::new(), undos: Vec::new(), keys: vec![key] }
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move that must be legal in the current position (check with `Position::is_legal`).
    pub fn play(&mut self, m: Move) {
        let undo = self.pos.make_move(m);
        self.moves.push(m);
        self.undos.push(undo);
        self.keys.push(self.pos.key());
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.keys.pop();
        self.pos.unmake_move(m, undo);
        Some(m)
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let n = self.keys.len();
        let current = self.keys[n - 1];
        let window = (self.pos.halfmove_clock() as usize).min(n - 1);
        (0..=window).step_by(2).filter(|&back| self.keys[n - 1 - back] == current).count()
    }

    /// Whether the game is over by rule. A checkmate stands even on the 75th move.
    pub fn status(&self) -> Status {
        if !self.pos.has_legal_moves() {
            return if self.pos.in_check() {
                Status::Checkmate { winner: !self.pos.side_to_move() }
            } else {
                Status::Stalemate
            };
        }
        if self.repetitions() >= 5 {
            Status::FivefoldRepetition
        } else if self.pos.halfmove_clock() >= 150 {
            Status::SeventyFiveMoves
        } else if self.pos.is_insufficient_material() {
            Status::InsufficientMaterial
        } else {
            Status::Ongoing
        }
    }

    /// The draws the player to move could claim now.
    pub fn claimable(&self) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if self.repetitions() >= 3 {
            claims.push(DrawClaim::ThreefoldRepetition);
        }
        if self.pos.halfmove_clock() >= 100 {
            claims.push(DrawClaim::FiftyMoves);
        }
        claims
    }

    /// The draws the player to move could claim by announcing `m` (legal here) and then claiming: FIDE allows
    /// a claim about the position the player's next move will produce.
    pub fn claimable_with(&self, m: Move) -> Vec<DrawClaim> {
        let mut after = self.clone();
        after.play(m);
        let mut claims = self.claimable();
        for c in after.claimable() {
            if !claims.contains(&c) {
                claims.push(c);
            }
        }
        claims
    }

    /// Draws claimable now or by some legal move.
    pub fn claimable_any(&self) -> Vec<DrawClaim> {
        let mut claims = self.claimable();
        for m in self.pos.legal_move_vec() {
            for c in self.claimable_with(m) {
                if !claims.contains(&c) {
                    claims.push(c);
                }
            }
        }
        claims
    }
}

/// What one side has besides its king, for the material rules.
struct Material {
    pawns: u32,
    knights: u32,
    bishops_light: u32,
    bishops_dark: u32,
    rooks_queens: u32,
    queens: u32,
}

impl Position {
    fn material(&self, color: Color) -> Material {
        let mut m = Material { pawns: 0, knights: 0, bishops_light: 0, bishops_dark: 0, rooks_queens: 0, queens: 0 };
        for sq in self.piece_squares(color) {
            match self.piece_at(sq).map(|p| p.role) {
                Some(Role::Pawn) => m.pawns += 1,
                Some(Role::Knight) => m.knights += 1,
                Some(Role::Bishop) if sq.is_light() => m.bishops_light += 1,
                Some(Role::Bishop) => m.bishops_dark += 1,
                Some(Role::Rook) => m.rooks_queens += 1,
                Some(Role::Queen) => {
                    m.rooks_queens += 1;
                    m.queens += 1
                }
                _ => {}
            }
        }
        m
    }

    /// True when `color` cannot checkmate by any sequence of legal moves (the usual material patterns: a lone
    /// king; one knight against a lone king or king and queens; bishops that all stand on one colour when the
    /// board has no knights, pawns or bishops of the other colour). This is the test for a flag fall.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let us = self.material(color);
        let them = self.material(!color);
        if us.pawns + us.rooks_queens > 0 {
            return false;
        }
        if us.knights > 0 {
            let their_blockers =
                them.pawns + them.knights + them.bishops_light + them.bishops_dark + (them.rooks_queens - them.queens);
            return us.knights == 1 && us.bishops_light + us.bishops_dark == 0 && their_blockers == 0;
        }
        if us.bishops_light + us.bishops_dark > 0 {
            let light = us.bishops_light + them.bishops_light;
            let dark = us.bishops_dark + them.bishops_dark;
            return (light == 0 || dark == 0) && them.pawns == 0 && them.knights == 0;
        }
        true
    }

    /// A dead position: neither side can checkmate.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }
}

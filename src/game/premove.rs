//! Premoves: one move the person queues while the computer (or an external engine) thinks, played the instant
//! the turn comes back if it is legal then, dropped with a one-line note if not.
//!
//! A premove is read against the position as if it were already the person's move (the opponent passes), so
//! `Nf3` means what it would mean a move later. Since the opponent's move changes the board, a piece may also
//! be aimed at any square it attacks now: a recapture on a square one's own piece holds, or a pawn capture
//! onto an empty square (as lichess allows). Nothing is decided until the turn comes: then the queued move is
//! looked up among the legal moves, and only a move the rules core generated is ever played. The opponent's
//! clock is not touched, and the person's clock runs only from the opponent's move to the premove: no time.

use super::controller::GameController;
use super::error::GameError;
use super::events::GameEvent;
use crate::rules::{CastleSide, Color, Move, MoveKind, Position, Role, Square, read_move, to_san};

/// The move queued, and how it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Premove {
    /// Who will play it.
    pub color: Color,
    /// From, to (the rook's square when castling, as the rules core writes castling) and promotion; its
    /// other fields describe the board as it was, so it is only ever compared, never played.
    pub mv: Move,
    /// SAN as if it were played now (`Nf3`), or the squares (`e4d5`) for an aim at a square that may change.
    pub text: String,
}

impl Premove {
    /// The squares to mark: from and to (where the king lands, for castling).
    pub fn squares(&self) -> (Square, Square) {
        (self.mv.from(), shown_to(self.mv))
    }
}

/// Whether a legal move is the move a premove describes.
fn same_move(legal: Move, queued: Move) -> bool {
    legal.from() == queued.from()
        && legal.to() == queued.to()
        && legal.promotion() == queued.promotion()
        && legal.is_castle() == queued.is_castle()
}

/// Where the piece is seen to land: the king's square when castling, else `to`.
fn shown_to(m: Move) -> Square {
    if !m.is_castle() {
        return m.to();
    }
    let side = if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen };
    Square::new(side.king_dest_file(), m.from().rank()).unwrap_or(m.to())
}

impl GameController {
    /// Who may queue a premove now: the person, while the computer is to move (and the game goes on).
    pub fn premover(&self) -> Option<Color> {
        let side = self.side_to_move();
        let open = self.result.is_none() && self.engine_failure.is_none();
        (open && self.player(side).is_computer() && self.player(!side).is_human()).then_some(!side)
    }

    /// The queued premove, if any.
    pub fn premove(&self) -> Option<&Premove> {
        self.premove.as_ref()
    }

    /// The position as if the computer had passed: what a premove is read against.
    fn premove_position(&self) -> Option<Position> {
        self.premover()?;
        let mut pos = self.position().clone();
        // `pass` leaves an illegal position when the computer is in check (its king could be taken); the
        // moves that take a king are left out below, and nothing is played from this position.
        pos.pass();
        Some(pos)
    }

    /// The moves a gesture from `from` to `to` can queue as a premove (four when promoting; castling by the
    /// king onto its rook or its landing square); empty when none.
    pub fn premove_moves(&self, from: Square, to: Square) -> Vec<Move> {
        let Some(pos) = self.premove_position() else { return Vec::new() };
        let legal: Vec<Move> =
            pos.legal_move_vec().into_iter().filter(|m| m.from() == from && m.captured() != Some(Role::King)).collect();
        let direct: Vec<Move> = legal.iter().copied().filter(|m| !m.is_castle() && m.to() == to).collect();
        if !direct.is_empty() {
            return direct;
        }
        let castles: Vec<Move> =
            legal.into_iter().filter(|m| m.is_castle() && (m.to() == to || shown_to(*m) == to)).collect();
        if !castles.is_empty() {
            return castles;
        }
        aimed_moves(&pos, from, to)
    }

    /// The squares a piece on `from` can be premoved to (for highlighting).
    pub fn premove_targets(&self, from: Square) -> Vec<Square> {
        Square::all().filter(|&to| to != from && !self.premove_moves(from, to).is_empty()).collect()
    }

    /// Reads a typed premove: SAN against the position as if it were the person's move, or squares
    /// (`e4d5`, `e7e8q`) for any move `premove_moves` allows.
    ///
    /// # Errors
    /// `IllegalMove` with the reason: no premove now, not a move, or a promotion without its piece.
    pub fn parse_premove(&self, text: &str) -> Result<Move, GameError> {
        let pos = self.premove_position().ok_or_else(not_now)?;
        let t = text.trim();
        if let Some((from, to, promotion)) = squares_of(t) {
            let moves = self.premove_moves(from, to);
            return match moves.iter().find(|m| m.promotion() == promotion) {
                Some(m) => Ok(*m),
                None if moves.is_empty() => Err(GameError::IllegalMove(format!("{t} cannot be premoved"))),
                None => Err(GameError::IllegalMove(format!("{t}: add the piece to promote to, e.g. {t}q"))),
            };
        }
        match read_move(&pos, t) {
            Ok(m) if m.captured() != Some(Role::King) => Ok(m),
            Ok(_) => Err(GameError::IllegalMove(format!("{t} cannot be premoved"))),
            Err(e) => self.aimed_reading(&pos, t).ok_or_else(|| {
                GameError::IllegalMove(e.to_string().lines().next().unwrap_or("not a move").to_string())
            }),
        }
    }

    /// A typed capture aimed at a square that holds one's own piece or nothing (`Qxd2` to recapture on d2,
    /// `exd5` onto an empty square): the text is compared with the ways SAN could write each move a gesture
    /// onto that square may queue; exactly one move must fit (exact case first, then any case).
    fn aimed_reading(&self, pos: &Position, t: &str) -> Option<Move> {
        let to = last_square(t)?;
        if pos.piece_at(to).is_some_and(|p| p.color != pos.side_to_move()) {
            return None;
        }
        let typed: String = t.trim_end_matches(['+', '#', '!', '?']).chars().filter(|&c| c != '=').collect();
        let candidates: Vec<Move> = pos
            .piece_squares(pos.side_to_move())
            .flat_map(|from| self.premove_moves(from, to))
            .filter(|m| !m.is_castle() && m.to() == to)
            .collect();
        let fitting = |same: &dyn Fn(&str) -> bool| -> Vec<Move> {
            candidates.iter().copied().filter(|&m| aimed_spellings(pos, m).iter().any(|f| same(f))).collect()
        };
        let exact = fitting(&|f| f == typed);
        let found = if exact.is_empty() { fitting(&|f| f.eq_ignore_ascii_case(&typed)) } else { exact };
        match found[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Queues `m` (one of `premove_moves`), replacing any premove queued before.
    pub(super) fn set_premove(&mut self, m: Move) -> Result<(), GameError> {
        let color = self.premover().ok_or_else(not_now)?;
        let Some(found) = self.premove_moves(m.from(), m.to()).into_iter().find(|&c| same_move(c, m)) else {
            return Err(GameError::IllegalMove(format!("{}{} cannot be premoved", m.from(), m.to())));
        };
        let text = match self.premove_position() {
            Some(pos) if pos.is_legal(found) => to_san(&pos, found),
            _ => format!(
                "{}{}{}",
                found.from(),
                found.to(),
                found.promotion().map(|r| r.lower_char().to_string()).unwrap_or_default()
            ),
        };
        self.premove = Some(Premove { color, mv: found, text });
        Ok(())
    }

    /// Forgets the queued premove; whether there was one.
    pub(super) fn cancel_premove(&mut self) -> bool {
        self.premove.take().is_some()
    }

    /// When the turn has come back: plays the queued premove if it is legal now (true), else drops it with a
    /// note. Kept while the computer is still to move; dropped without a word when a person took its place.
    pub(super) fn play_premove(&mut self, events: &mut Vec<GameEvent>) -> bool {
        let Some(p) = self.premove.take() else { return false };
        let side = self.side_to_move();
        if p.color != side {
            if self.player(side).is_computer() {
                self.premove = Some(p);
            }
            return false;
        }
        match self.position().legal_move_vec().into_iter().find(|&m| same_move(m, p.mv)) {
            Some(m) => {
                self.play(m, events);
                true
            }
            None => {
                let after = self.last_move().map(|r| format!(" after {}", r.san)).unwrap_or_default();
                events.push(GameEvent::PremoveDropped(format!("Premove {} dropped: not legal{after}", p.text)));
                false
            }
        }
    }
}

fn not_now() -> GameError {
    GameError::IllegalMove("a premove is queued only while the computer is to move".into())
}

/// `e4d5` or `e7e8q`: from, to and the promotion piece.
fn squares_of(t: &str) -> Option<(Square, Square, Option<Role>)> {
    if !(t.len() == 4 || t.len() == 5) || !t.is_ascii() {
        return None;
    }
    let from = Square::parse(&t[0..2])?;
    let to = Square::parse(&t[2..4])?;
    let promotion = match t[4..].chars().next() {
        None => None,
        Some(c) => Some(Role::from_char(c).filter(|r| !matches!(r, Role::Pawn | Role::King))?),
    };
    Some((from, to, promotion))
}

/// The last square named in a move's text (`d5` in `exd5+`, `e8` in `e8=Q`).
fn last_square(t: &str) -> Option<Square> {
    let b = t.as_bytes();
    (0..b.len().saturating_sub(1)).rev().find_map(|i| match (b[i], b[i + 1]) {
        (f @ b'a'..=b'h', r @ b'1'..=b'8') => Square::new(f - b'a', r - b'1'),
        _ => None,
    })
}

/// The ways SAN could write `m` as a capture or a plain move onto its square, with every level of
/// disambiguation (`Qxd2`, `Qd2`, `Qdxd2`, `Q1xd2`, `Qd1xd2`; `exd5`, `ed5`; `exd8Q`), `=` left out.
fn aimed_spellings(pos: &Position, m: Move) -> Vec<String> {
    let Some(piece) = pos.piece_at(m.from()) else { return Vec::new() };
    let (from, to) = (m.from().to_string(), m.to().to_string());
    let promotion = m.promotion().map(|r| r.upper_char().to_string()).unwrap_or_default();
    let origins: Vec<String> = if piece.role == Role::Pawn {
        vec![from[..1].to_string()]
    } else {
        let letter = piece.role.upper_char().to_string();
        ["", &from[..1], &from[1..], &from].iter().map(|o| format!("{letter}{o}")).collect()
    };
    origins.iter().flat_map(|o| [format!("{o}x{to}{promotion}"), format!("{o}{to}{promotion}")]).collect()
}

/// Moves aimed at a square the piece attacks now, for what the opponent's move may put there or take away: a
/// recapture on a square one's own piece holds, a pawn capture onto an empty square. Never at a king.
fn aimed_moves(pos: &Position, from: Square, to: Square) -> Vec<Move> {
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == pos.side_to_move()) else { return Vec::new() };
    if from == to || pos.piece_at(to).is_some_and(|p| p.role == Role::King) || !pos.attacks(from, to) {
        return Vec::new();
    }
    let last_rank = if piece.color == Color::White { 7 } else { 0 };
    let kinds: Vec<MoveKind> = if piece.role == Role::Pawn && to.rank() == last_rank {
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].into_iter().filter_map(MoveKind::promotion).collect()
    } else {
        vec![MoveKind::Normal]
    };
    // Only compared with the legal moves when the turn comes (`same_move`), never played.
    kinds.into_iter().map(|k| Move::new(from.0, to.0, k, piece.role as u8, 0)).collect()
}

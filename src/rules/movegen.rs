//! Fully legal move generation.
//!
//! One pass over the enemy pieces (with the 0x88 difference tables) finds the checkers, the squares that
//! answer a single check, and our pinned pieces; then each of our pieces generates only moves that respect
//! them. King moves are tested against a board with the king lifted (so it cannot hide behind itself), en
//! passant by simulation. Nothing is generated and then thrown away by make/unmake.

use super::makemove::castle_destinations;
use super::moves::{Move, MoveKind, MoveList};
use super::position::{NO_SQUARE, Position, ep_capturer_squares};
use super::tables::{
    ATTACK_MASK, BISHOP_STEPS, CODE_ATTACK_BIT, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS, SLIDER_BITS, STEP, diff_index,
};
use super::types::{CastleSide, Color, Role};

#[inline]
fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// What the king's situation allows: how many pieces give check, which squares a non-king move must land
/// on (all of them when not in check), and which of our pieces are pinned.
struct CheckInfo {
    checkers: u32,
    targets: u128,
    pinned: u128,
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gen {
    All,
    /// Captures and queen promotions (plus every evasion when in check): what quiescence search looks at.
    Tactical,
}

impl Position {
    /// Appends every legal move to `out` (which is cleared first).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, Gen::All);
    }

    /// Captures and promotions to a queen; all evasions when in check.
    pub fn tactical_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, Gen::Tactical);
    }

    /// A convenience for callers outside hot paths.
    pub fn legal_move_vec(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.to_vec()
    }

    pub fn has_legal_moves(&self) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        !list.is_empty()
    }

    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(&m)
    }

    fn generate(&self, out: &mut MoveList, gen_type: Gen) {
        let us = self.side;
        let ksq = self.list[us.index()][0];
        let info = self.check_info(us, ksq);
        let gen_type = if info.checkers > 0 { Gen::All } else { gen_type };
        if info.checkers < 2 {
            let c = us.index();
            for i in 1..self.count[c] as usize {
                let from = self.list[c][i];
                let code = self.board[from as usize];
                match code & 7 {
                    1 => self.pawn_moves(out, from, ksq, &info, gen_type),
                    2 => self.piece_moves(out, from, &KNIGHT_STEPS, false, ksq, &info, gen_type),
                    3 => self.piece_moves(out, from, &BISHOP_STEPS, true, ksq, &info, gen_type),
                    4 => self.piece_moves(out, from, &ROOK_STEPS, true, ksq, &info, gen_type),
                    _ => self.piece_moves(out, from, &KING_STEPS, true, ksq, &info, gen_type),
                }
            }
            if self.ep != NO_SQUARE {
                self.ep_moves(out);
            }
            if info.checkers == 0 && gen_type == Gen::All {
                self.castling_moves(out, ksq);
            }
        }
        self.king_moves(out, ksq, gen_type);
    }

    fn check_info(&self, us: Color, ksq: u8) -> CheckInfo {
        let them = (!us).index();
        let mut info = CheckInfo { checkers: 0, targets: !0, pinned: 0 };
        for &p in &self.list[them][..self.count[them] as usize] {
            let abit = CODE_ATTACK_BIT[self.board[p as usize] as usize];
            let d = diff_index(p, ksq);
            if ATTACK_MASK[d] & abit == 0 {
                continue;
            }
            if abit & SLIDER_BITS == 0 {
                info.checkers += 1;
                info.targets = bit(p);
                continue;
            }
            let step = STEP[d];
            let mut between = bit(p);
            let mut blocker = NO_SQUARE;
            let mut s = p.wrapping_add(step as u8);
            let mut blocked_twice = false;
            while s != ksq {
                if self.board[s as usize] != 0 {
                    if blocker != NO_SQUARE {
                        blocked_twice = true;
                        break;
                    }
                    blocker = s;
                }
                between |= bit(s);
                s = s.wrapping_add(step as u8);
            }
            if blocked_twice {
                continue;
            }
            if blocker == NO_SQUARE {
                info.checkers += 1;
                info.targets = between;
            } else if (self.board[blocker as usize] >> 3) as usize == us.index() {
                info.pinned |= bit(blocker);
            }
        }
        info
    }

    /// May a piece on `from` (possibly pinned) go to `to` without exposing its king or ignoring a check?
    #[inline]
    fn allowed(&self, from: u8, to: u8, ksq: u8, info: &CheckInfo) -> bool {
        info.targets & bit(to) != 0
            && (info.pinned & bit(from) == 0 || STEP[diff_index(ksq, to)] == STEP[diff_index(ksq, from)])
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn piece_moves(
        &self,
        out: &mut MoveList,
        from: u8,
        steps: &[i8],
        slides: bool,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let code = self.board[from as usize];
        let color_bit = code & 8;
        if !slides && info.pinned & bit(from) != 0 {
            return; // a pinned knight never moves
        }
        for &step in steps {
            let mut to = from;
            loop {
                to = to.wrapping_add(step as u8);
                if to & 0x88 != 0 {
                    break;
                }
                let target = self.board[to as usize];
                if target == 0 {
                    if gen_type == Gen::All && self.allowed(from, to, ksq, info) {
                        out.push(Move::new(from, to, MoveKind::Normal, code, 0));
                    }
                } else {
                    if target & 8 != color_bit && self.allowed(from, to, ksq, info) {
                        out.push(Move::new(from, to, MoveKind::Normal, code, target));
                    }
                    break;
                }
                if !slides {
                    break;
                }
            }
        }
    }

    fn pawn_moves(&self, out: &mut MoveList, from: u8, ksq: u8, info: &CheckInfo, gen_type: Gen) {
        let white = self.side == Color::White;
        let fwd: u8 = if white { 16 } else { 16u8.wrapping_neg() };
        let start_rank = if white { 1 } else { 6 };
        let last_rank = if white { 7 } else { 0 };
        let code = self.board[from as usize];
        let to = from.wrapping_add(fwd);
        if self.board[to as usize] == 0 {
            if to >> 4 == last_rank {
                if self.allowed(from, to, ksq, info) {
                    push_promotions(out, from, to, code, 0, gen_type);
                }
            } else if gen_type == Gen::All {
                if self.allowed(from, to, ksq, info) {
                    out.push(Move::new(from, to, MoveKind::Normal, code, 0));
                }
                let to2 = to.wrapping_add(fwd);
                if from >> 4 == start_rank && self.board[to2 as usize] == 0 && self.allowed(from, to2, ksq, info) {
                    out.push(Move::new(from, to2, MoveKind::DoublePush, code, 0));
                }
            }
        }
        for side in [to.wrapping_sub(1), to.wrapping_add(1)] {
            if side & 0x88 != 0 {
                continue;
            }
            let target = self.board[side as usize];
            if target != 0 && target & 8 != code & 8 && self.allowed(from, side, ksq, info) {
                if side >> 4 == last_rank {
                    push_promotions(out, from, side, code, target, gen_type);
                } else {
                    out.push(Move::new(from, side, MoveKind::Normal, code, target));
                }
            }
        }
    }

    fn ep_moves(&self, out: &mut MoveList) {
        let pawn = Role::Pawn as u8 | ((self.side as u8) << 3);
        for from in ep_capturer_squares(self.side, self.ep).into_iter().flatten() {
            if self.board[from as usize] == pawn && self.ep_capture_is_legal(from, self.ep) {
                out.push(Move::new(from, self.ep, MoveKind::EnPassant, pawn, pawn ^ 8));
            }
        }
    }

    fn king_moves(&self, out: &mut MoveList, ksq: u8, gen_type: Gen) {
        let code = self.board[ksq as usize];
        let them = !self.side;
        let mut board = self.board;
        board[ksq as usize] = 0;
        for &step in &KING_STEPS {
            let to = ksq.wrapping_add(step as u8);
            if to & 0x88 != 0 {
                continue;
            }
            let target = self.board[to as usize];
            let quiet_ok = target == 0 && gen_type == Gen::All;
            let capture_ok = target != 0 && target & 8 != code & 8;
            if (quiet_ok || capture_ok) && !self.is_attacked_on(&board, to, them) {
                out.push(Move::new(ksq, to, MoveKind::Normal, code, target));
            }
        }
    }

    /// Castling by the Chess960 rules, which include standard castling: every square between the king, the
    /// rook and their destinations empty (but for those two), and no square the king stands on, crosses or
    /// reaches attacked — tested with both pieces lifted, so a rook that shielded its king's destination on
    /// the back rank cannot make an illegal castle look legal.
    fn castling_moves(&self, out: &mut MoveList, ksq: u8) {
        let us = self.side;
        for side in CastleSide::BOTH {
            let bit = 1u8 << (2 * us as u8 + side as u8);
            if self.castling & bit == 0 {
                continue;
            }
            let rsq = self.castle_rook[bit.trailing_zeros() as usize];
            let (kdest, rdest) = castle_destinations(ksq, rsq);
            let lo = ksq.min(rsq).min(kdest).min(rdest);
            let hi = ksq.max(rsq).max(kdest).max(rdest);
            if (lo..=hi).any(|s| s != ksq && s != rsq && self.board[s as usize] != 0) {
                continue;
            }
            let mut board = self.board;
            board[ksq as usize] = 0;
            board[rsq as usize] = 0;
            let (klo, khi) = (ksq.min(kdest), ksq.max(kdest));
            if (klo..=khi).any(|s| self.is_attacked_on(&board, s, !us)) {
                continue;
            }
            out.push(Move::new(ksq, rsq, MoveKind::Castle, Role::King as u8, 0));
        }
    }
}

#[inline]
fn push_promotions(out: &mut MoveList, from: u8, to: u8, code: u8, captured: u8, gen_type: Gen) {
    out.push(Move::new(from, to, MoveKind::PromoteQueen, code, captured));
    if gen_type == Gen::All {
        out.push(Move::new(from, to, MoveKind::PromoteRook, code, captured));
        out.push(Move::new(from, to, MoveKind::PromoteBishop, code, captured));
        out.push(Move::new(from, to, MoveKind::PromoteKnight, code, captured));
    }
}

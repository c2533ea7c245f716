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
    ATTACK_MASK, BISHOP_STEPS, CODE_ATTACK_BIT, KING_STEPS, KNIGHT_STEPS, NEAR_MASK, ROOK_STEPS, SLIDER_BITS, STEP,
    diff_index,
};
use super::types::{CastleSide, Color, Role};
use arrayvec::ArrayVec;

#[inline]
fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// The squares from `from` up to, not including, `to`, walking by `step`.
#[inline]
fn squares_from(from: u8, to: u8, step: i8) -> u128 {
    let mut mask = 0;
    let mut s = from;
    while s != to {
        mask |= bit(s);
        s = s.wrapping_add(step as u8);
    }
    mask
}

/// Where generated moves go: a list, or just a count.
trait MoveSink {
    fn push(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m)
    }
}

struct MoveCounter(usize);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// What the king's situation allows: how many pieces give check, which squares a non-king move must land
/// on (all of them when not in check), and which of our pieces are pinned.
struct CheckInfo {
    checkers: u32,
    targets: u128,
    pinned: u128,
    /// Enemy pieces that could attack a square next to the king (filled only when the king can move at all).
    near: [u8; 16],
    near_count: usize,
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

    /// The number of legal moves, without building the list (perft's bulk counting at the leaves).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter, Gen::All);
        counter.0
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

    fn generate(&self, out: &mut impl MoveSink, gen_type: Gen) {
        let us = self.side;
        let ksq = self.list[us.index()][0];
        let info = self.check_info(us, ksq);
        let gen_type = if info.checkers > 0 { Gen::All } else { gen_type };
        if info.checkers < 2 {
            // Sort the pieces by role first (branch-free), so the generation loops below are predictable
            // instead of an indirect jump per piece.
            let c = us.index();
            let mut by_role = [[0u8; 16]; 8];
            let mut n = [0usize; 8];
            for &from in &self.list[c][1..self.count[c] as usize] {
                let role = (self.board[from as usize] & 7) as usize;
                by_role[role][n[role]] = from;
                n[role] += 1;
            }
            for &from in &by_role[1][..n[1]] {
                self.pawn_moves(out, from, ksq, &info, gen_type);
            }
            for &from in &by_role[2][..n[2]] {
                self.piece_moves(out, from, &KNIGHT_STEPS, false, ksq, &info, gen_type);
            }
            for &from in &by_role[3][..n[3]] {
                self.piece_moves(out, from, &BISHOP_STEPS, true, ksq, &info, gen_type);
            }
            for &from in &by_role[4][..n[4]] {
                self.piece_moves(out, from, &ROOK_STEPS, true, ksq, &info, gen_type);
            }
            for &from in &by_role[5][..n[5]] {
                self.piece_moves(out, from, &KING_STEPS, true, ksq, &info, gen_type);
            }
            if self.ep != NO_SQUARE {
                self.ep_moves(out);
            }
            if info.checkers == 0 && gen_type == Gen::All {
                self.castling_moves(out, ksq, &info);
            }
        }
        self.king_moves(out, ksq, &info, gen_type);
    }

    fn check_info(&self, us: Color, ksq: u8) -> CheckInfo {
        let them = (!us).index();
        let mut info = CheckInfo { checkers: 0, targets: !0, pinned: 0, near: [0; 16], near_count: 0 };
        // Castling tests its path against this list too, and may happen with the king boxed in (its rook beside
        // it), so the list is built whenever a castling path is clear.
        let want_near = self.king_has_room(ksq) || self.castling_path_clear(us, ksq);
        for &p in &self.list[them][..self.count[them] as usize] {
            let abit = CODE_ATTACK_BIT[self.board[p as usize] as usize];
            let d = diff_index(p, ksq);
            if want_near && NEAR_MASK[d] & abit != 0 {
                info.near[info.near_count] = p;
                info.near_count += 1;
            }
            if ATTACK_MASK[d] & abit == 0 {
                continue;
            }
            if abit & SLIDER_BITS == 0 {
                info.checkers += 1;
                info.targets = bit(p);
                continue;
            }
            let step = STEP[d];
            match self.blockers_between(p, ksq, step) {
                (0, _) => {
                    info.checkers += 1;
                    info.targets = squares_from(p, ksq, step);
                }
                (1, blocker) if (self.board[blocker as usize] >> 3) as usize == us.index() => {
                    info.pinned |= bit(blocker);
                }
                _ => {}
            }
        }
        info
    }

    /// Has the king any neighbouring square that is empty or holds an enemy piece?
    #[inline]
    fn king_has_room(&self, ksq: u8) -> bool {
        let own = self.board[ksq as usize] & 8;
        KING_STEPS.iter().any(|&d| {
            let to = ksq.wrapping_add(d as u8);
            to & 0x88 == 0 && {
                let t = self.board[to as usize];
                t == 0 || t & 8 != own
            }
        })
    }

    /// How many pieces stand strictly between `from` and `to` (0, 1, or 2 meaning "two or more"), and the
    /// first of them.
    #[inline]
    fn blockers_between(&self, from: u8, to: u8, step: i8) -> (u32, u8) {
        let mut s = from.wrapping_add(step as u8);
        let mut found = (0, NO_SQUARE);
        while s != to {
            if self.board[s as usize] != 0 {
                if found.0 == 1 {
                    return (2, found.1);
                }
                found = (1, s);
            }
            s = s.wrapping_add(step as u8);
        }
        found
    }

    /// May a piece on `from` (possibly pinned) go to `to` without exposing its king or ignoring a check?
    #[inline]
    fn allowed(&self, from: u8, to: u8, ksq: u8, info: &CheckInfo) -> bool {
        info.targets & bit(to) != 0
            && (info.pinned & bit(from) == 0 || STEP[diff_index(ksq, to)] == STEP[diff_index(ksq, from)])
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn piece_moves(
        &self,
        out: &mut impl MoveSink,
        from: u8,
        steps: &[i8],
        slides: bool,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let pinned = info.pinned & bit(from) != 0;
        if !slides && pinned {
            return; // a pinned knight never moves
        }
        if info.checkers == 0 && !pinned {
            self.step_moves::<true>(out, from, steps, slides, ksq, info, gen_type);
        } else {
            self.step_moves::<false>(out, from, steps, slides, ksq, info, gen_type);
        }
    }

    /// The moves of a knight, bishop, rook or queen. `FREE` (no check, no pin: the common case) skips the
    /// legality filter, every pseudo-legal move then being legal; it is a constant so each case compiles to
    /// its own loop.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn step_moves<const FREE: bool>(
        &self,
        out: &mut impl MoveSink,
        from: u8,
        steps: &[i8],
        slides: bool,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let code = self.board[from as usize];
        for &step in steps {
            let mut to = from;
            loop {
                to = to.wrapping_add(step as u8);
                if to & 0x88 != 0 {
                    break;
                }
                let target = self.board[to as usize];
                if target == 0 {
                    if gen_type == Gen::All && (FREE || self.allowed(from, to, ksq, info)) {
                        out.push(Move::new(from, to, MoveKind::Normal, code, 0));
                    }
                } else {
                    if target & 8 != code & 8 && (FREE || self.allowed(from, to, ksq, info)) {
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

    fn pawn_moves(&self, out: &mut impl MoveSink, from: u8, ksq: u8, info: &CheckInfo, gen_type: Gen) {
        let free = info.checkers == 0 && info.pinned & bit(from) == 0;
        let ok = |to: u8| free || self.allowed(from, to, ksq, info);
        let white = self.side == Color::White;
        let fwd: u8 = if white { 16 } else { 16u8.wrapping_neg() };
        let start_rank = if white { 1 } else { 6 };
        let last_rank = if white { 7 } else { 0 };
        let code = self.board[from as usize];
        let to = from.wrapping_add(fwd);
        if self.board[to as usize] == 0 {
            if to >> 4 == last_rank {
                if ok(to) {
                    push_promotions(out, from, to, code, 0, gen_type);
                }
            } else if gen_type == Gen::All {
                if ok(to) {
                    out.push(Move::new(from, to, MoveKind::Normal, code, 0));
                }
                let to2 = to.wrapping_add(fwd);
                if from >> 4 == start_rank && self.board[to2 as usize] == 0 && ok(to2) {
                    out.push(Move::new(from, to2, MoveKind::DoublePush, code, 0));
                }
            }
        }
        for side in [to.wrapping_sub(1), to.wrapping_add(1)] {
            if side & 0x88 != 0 {
                continue;
            }
            let target = self.board[side as usize];
            if target != 0 && target & 8 != code & 8 && ok(side) {
                if side >> 4 == last_rank {
                    push_promotions(out, from, side, code, target, gen_type);
                } else {
                    out.push(Move::new(from, side, MoveKind::Normal, code, target));
                }
            }
        }
    }

    fn ep_moves(&self, out: &mut impl MoveSink) {
        let pawn = Role::Pawn as u8 | ((self.side as u8) << 3);
        for from in ep_capturer_squares(self.side, self.ep).into_iter().flatten() {
            if self.board[from as usize] == pawn && self.ep_capture_is_legal(from, self.ep) {
                out.push(Move::new(from, self.ep, MoveKind::EnPassant, pawn, pawn ^ 8));
            }
        }
    }

    /// King moves, each destination tested only against the enemy pieces that could reach the king's
    /// neighbourhood at all; the king's own square counts as empty so it cannot shield itself.
    fn king_moves(&self, out: &mut impl MoveSink, ksq: u8, info: &CheckInfo, gen_type: Gen) {
        let code = self.board[ksq as usize];
        let near = &info.near[..info.near_count];
        for &step in &KING_STEPS {
            let to = ksq.wrapping_add(step as u8);
            if to & 0x88 != 0 {
                continue;
            }
            let target = self.board[to as usize];
            let quiet_ok = target == 0 && gen_type == Gen::All;
            let capture_ok = target != 0 && target & 8 != code & 8;
            if (quiet_ok || capture_ok) && !self.attacked_by_any(near, to, ksq) {
                out.push(Move::new(ksq, to, MoveKind::Normal, code, target));
            }
        }
    }

    /// Does any piece on `attackers` attack `sq`, with `hole` treated as empty?
    #[inline]
    fn attacked_by_any(&self, attackers: &[u8], sq: u8, hole: u8) -> bool {
        self.attacked_through(attackers, sq, hole, hole)
    }

    /// Does any piece on `attackers` attack `sq`, with the squares `hole_a` and `hole_b` treated as empty?
    #[inline]
    fn attacked_through(&self, attackers: &[u8], sq: u8, hole_a: u8, hole_b: u8) -> bool {
        attackers.iter().any(|&p| {
            let abit = CODE_ATTACK_BIT[self.board[p as usize] as usize];
            let d = diff_index(p, sq);
            if p == sq || ATTACK_MASK[d] & abit == 0 {
                return false;
            }
            if abit & SLIDER_BITS == 0 {
                return true;
            }
            let step = STEP[d];
            let mut s = p.wrapping_add(step as u8);
            while s != sq {
                if s != hole_a && s != hole_b && self.board[s as usize] != 0 {
                    return false;
                }
                s = s.wrapping_add(step as u8);
            }
            true
        })
    }

    /// Is `sq` attacked by `by`, looking outward from `sq` (with `hole_a`, `hole_b` treated as empty)? Cheaper
    /// than walking the enemy piece list when only a few squares near the back rank are asked about.
    fn attacked_outward(&self, sq: u8, by: Color, hole_a: u8, hole_b: u8) -> bool {
        let color_bit = (by as u8) << 3;
        let piece = |s: u8| if s == hole_a || s == hole_b { 0 } else { self.board[s as usize] };
        let is = |s: u8, role: Role| s & 0x88 == 0 && piece(s) == role as u8 | color_bit;
        let pawn_from: [u8; 2] = match by {
            Color::White => [sq.wrapping_sub(15), sq.wrapping_sub(17)],
            Color::Black => [sq.wrapping_add(15), sq.wrapping_add(17)],
        };
        if pawn_from.iter().any(|&s| is(s, Role::Pawn))
            || KNIGHT_STEPS.iter().any(|&d| is(sq.wrapping_add(d as u8), Role::Knight))
            || KING_STEPS.iter().any(|&d| is(sq.wrapping_add(d as u8), Role::King))
        {
            return true;
        }
        for (i, &d) in KING_STEPS.iter().enumerate() {
            let diagonal = i % 2 == 1;
            let mut s = sq.wrapping_add(d as u8);
            while s & 0x88 == 0 {
                let code = piece(s);
                if code != 0 {
                    let role = code & 7;
                    let slider = if diagonal { Role::Bishop } else { Role::Rook } as u8;
                    if code & 8 == color_bit && (role == slider || role == Role::Queen as u8) {
                        return true;
                    }
                    break;
                }
                s = s.wrapping_add(d as u8);
            }
        }
        false
    }

    /// Is some castling right of `us` unobstructed (every square it needs empty but for king and rook)?
    #[inline]
    fn castling_path_clear(&self, us: Color, ksq: u8) -> bool {
        CastleSide::BOTH.iter().any(|&side| self.castle_span_empty(us, side, ksq).is_some())
    }

    /// For a castling right held by `us`: `(rook, king destination)` when all squares between the king, the
    /// rook and their destinations are empty but for those two.
    #[inline]
    fn castle_span_empty(&self, us: Color, side: CastleSide, ksq: u8) -> Option<(u8, u8)> {
        let bit = 1u8 << (2 * us as u8 + side as u8);
        if self.castling & bit == 0 {
            return None;
        }
        let rsq = self.castle_rook[bit.trailing_zeros() as usize];
        let (kdest, rdest) = castle_destinations(ksq, rsq);
        let lo = ksq.min(rsq).min(kdest).min(rdest);
        let hi = ksq.max(rsq).max(kdest).max(rdest);
        let clear = (lo..=hi).all(|s| s == ksq || s == rsq || self.board[s as usize] == 0);
        clear.then_some((rsq, kdest))
    }

    /// Castling by the Chess960 rules, which include standard castling: every square between the king, the
    /// rook and their destinations empty (but for those two), and no square the king stands on, crosses or
    /// reaches attacked — tested with both pieces lifted, so a rook that shielded its king's destination on
    /// the back rank cannot make an illegal castle look legal.
    fn castling_moves(&self, out: &mut impl MoveSink, ksq: u8, info: &CheckInfo) {
        let us = self.side;
        for side in CastleSide::BOTH {
            let Some((rsq, kdest)) = self.castle_span_empty(us, side, ksq) else { continue };
            // The king's own square is known safe (no check) unless the king stays on it.
            let (klo, khi) = (ksq.min(kdest), ksq.max(kdest));
            let must_test = |s: u8| s != ksq || s == kdest;
            let attacked = |s: u8| {
                if s.abs_diff(ksq) <= 2 {
                    self.attacked_through(&info.near[..info.near_count], s, ksq, rsq)
                } else {
                    self.attacked_outward(s, !us, ksq, rsq)
                }
            };
            if (klo..=khi).any(|s| must_test(s) && attacked(s)) {
                continue;
            }
            out.push(Move::new(ksq, rsq, MoveKind::Castle, Role::King as u8, 0));
        }
    }
}

#[inline]
fn push_promotions(out: &mut impl MoveSink, from: u8, to: u8, code: u8, captured: u8, gen_type: Gen) {
    out.push(Move::new(from, to, MoveKind::PromoteQueen, code, captured));
    if gen_type == Gen::All {
        out.push(Move::new(from, to, MoveKind::PromoteRook, code, captured));
        out.push(Move::new(from, to, MoveKind::PromoteBishop, code, captured));
        out.push(Move::new(from, to, MoveKind::PromoteKnight, code, captured));
    }
}

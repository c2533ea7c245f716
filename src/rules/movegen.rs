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
    /// A sink that only counts: the generator may then count some moves without making them.
    const COUNTS_ONLY: bool = false;
    fn push(&mut self, m: Move);
    /// Adds `n` moves at once; called only when `COUNTS_ONLY`.
    fn add_count(&mut self, n: usize);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m)
    }

    fn add_count(&mut self, _: usize) {
        unreachable!("a move list is never given bare counts")
    }
}

struct MoveCounter(usize);

impl MoveSink for MoveCounter {
    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add_count(&mut self, n: usize) {
        self.0 += n;
    }
}

/// What the king's situation allows: how many pieces give check, which squares a non-king move must land
/// on (all of them when not in check), and which of our pieces are pinned.
struct CheckInfo {
    checkers: u32,
    targets: u128,
    pinned: u128,
    /// Enemy pieces that could attack a square next to the king, or two files away on its rank.
    near: [u8; 16],
    near_count: usize,
}

impl CheckInfo {
    /// Is our piece on `sq` pinned? (Pins are rare: the first test spares the 128-bit shift.)
    #[inline(always)]
    fn is_pinned(&self, sq: u8) -> bool {
        self.pinned != 0 && self.pinned & bit(sq) != 0
    }
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

    // Inlined into each caller, so that the sink and `gen_type` are constants in the generation loops.
    #[inline(always)]
    fn generate(&self, out: &mut impl MoveSink, gen_type: Gen) {
        let us = self.side;
        let ksq = self.list[us.index()][0];
        let info = self.check_info(us, ksq);
        let gen_type = if info.checkers > 0 { Gen::All } else { gen_type };
        if info.checkers < 2 {
            // Neither check nor pin (the usual case): every pseudo-legal move of a piece other than the king is
            // legal, and this is settled once for all pieces instead of once per piece.
            if info.checkers == 0 && info.pinned == 0 {
                self.piece_and_pawn_moves::<true, _>(out, ksq, &info, gen_type);
            } else {
                self.piece_and_pawn_moves::<false, _>(out, ksq, &info, gen_type);
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

    /// The moves of every piece but the king. `UNCONSTRAINED`: no check and no pin, so no move needs the
    /// legality filter (a constant, so that case compiles to its own loops).
    #[inline(always)]
    fn piece_and_pawn_moves<const UNCONSTRAINED: bool, O: MoveSink>(
        &self,
        out: &mut O,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let us = self.side;
        // Group the pieces by role (the masks of list indices the position keeps), so the generation loops
        // below are predictable instead of an indirect jump per piece; each mask is walked in list order.
        let masks = &self.roles[us.index()];
        if O::COUNTS_ONLY && UNCONSTRAINED && gen_type == Gen::All {
            out.add_count(self.free_pawn_moves_by_rank());
        } else {
            for from in self.squares_in(us, masks[Role::Pawn as usize]) {
                self.pawn_moves::<UNCONSTRAINED, _>(out, from, ksq, info, gen_type);
            }
        }
        for from in self.squares_in(us, masks[Role::Knight as usize]) {
            self.piece_moves::<UNCONSTRAINED, _>(out, from, &KNIGHT_STEPS, false, ksq, info, gen_type);
        }
        for from in self.squares_in(us, masks[Role::Bishop as usize]) {
            self.piece_moves::<UNCONSTRAINED, _>(out, from, &BISHOP_STEPS, true, ksq, info, gen_type);
        }
        for from in self.squares_in(us, masks[Role::Rook as usize]) {
            self.piece_moves::<UNCONSTRAINED, _>(out, from, &ROOK_STEPS, true, ksq, info, gen_type);
        }
        for from in self.squares_in(us, masks[Role::Queen as usize]) {
            self.piece_moves::<UNCONSTRAINED, _>(out, from, &KING_STEPS, true, ksq, info, gen_type);
        }
    }

    #[inline(always)]
    fn check_info(&self, us: Color, ksq: u8) -> CheckInfo {
        let them = (!us).index();
        let mut info = CheckInfo { checkers: 0, targets: !0, pinned: 0, near: [0; 16], near_count: 0 };
        for &p in &self.list[them][..self.count[them] as usize] {
            let abit = CODE_ATTACK_BIT[self.board[p as usize] as usize];
            let d = diff_index(p, ksq);
            // `NEAR_MASK` includes the king's own square, so a piece outside it neither checks nor pins: most
            // pieces stop here, after one look-up.
            if NEAR_MASK[d] & abit == 0 {
                continue;
            }
            // King moves and castling test their squares against this list, which is cheaper to build always
            // than to first ask whether the king can move at all. `& 15` only spares the bounds check: before
            // the k-th piece `near_count <= k < 16`.
            info.near[info.near_count & 15] = p;
            info.near_count += 1;
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
            && (!info.is_pinned(from) || STEP[diff_index(ksq, to)] == STEP[diff_index(ksq, from)])
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn piece_moves<const UNCONSTRAINED: bool, O: MoveSink>(
        &self,
        out: &mut O,
        from: u8,
        steps: &[i8],
        slides: bool,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let pinned = !UNCONSTRAINED && info.is_pinned(from);
        if !slides && pinned {
            return; // a pinned knight never moves
        }
        let free = UNCONSTRAINED || (info.checkers == 0 && !pinned);
        if O::COUNTS_ONLY && !slides && free && gen_type == Gen::All {
            out.add_count(self.free_leaper_move_count(from, steps));
            return;
        }
        if free {
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

    #[inline(always)]
    fn pawn_moves<const UNCONSTRAINED: bool, O: MoveSink>(
        &self,
        out: &mut O,
        from: u8,
        ksq: u8,
        info: &CheckInfo,
        gen_type: Gen,
    ) {
        let free = UNCONSTRAINED || (info.checkers == 0 && !info.is_pinned(from));
        if O::COUNTS_ONLY && free && gen_type == Gen::All {
            out.add_count(self.free_pawn_move_count(from));
            return;
        }
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

    /// The number of moves of a pawn that is neither pinned nor facing a check (so every pseudo-legal move
    /// is legal), counted without branches: at the leaves of perft these tests are too random to predict.
    #[inline(always)]
    fn free_pawn_move_count(&self, from: u8) -> usize {
        let white = self.side == Color::White;
        let fwd: u8 = if white { 16 } else { 16u8.wrapping_neg() };
        let (start_rank, last_rank) = if white { (1, 7) } else { (6, 0) };
        let code = self.board[from as usize];
        // A pawn never stands on its last rank, so `to` is on the board.
        let to = from.wrapping_add(fwd);
        let single = self.board[to as usize] == 0;
        let on_start = from >> 4 == start_rank;
        // Off the start rank `to2` may be off the board: `& 0x7f` keeps the look-up inside, and `on_start`
        // discards it.
        let to2 = to.wrapping_add(fwd) & 0x7f;
        let double = single & on_start & (self.board[to2 as usize] == 0);
        // The squares beside `to` may be off the board: `& 0x7f` keeps the look-up inside the array, and the
        // off-board half of the 0x88 array is always empty, so it never counts as an enemy.
        let enemy_bit = (code & 8) ^ 8;
        let mut captures = 0;
        for side in [to.wrapping_sub(1), to.wrapping_add(1)] {
            let target = self.board[(side & 0x7f) as usize];
            // With the enemy's colour bit flipped away, its pieces are 1..=6, empty is 0 or 8, ours 9..=14.
            captures += usize::from((target ^ enemy_bit).wrapping_sub(1) < 6);
        }
        // Each move onto the last rank is four promotions.
        let per_move = if to >> 4 == last_rank { 4 } else { 1 };
        per_move * (usize::from(single) + captures) + usize::from(double)
    }

    /// The number of moves of all of the side to move's pawns when none is pinned and there is no check (en
    /// passant aside), counted a rank at a time: each rank of the board is read as one 8-byte word, one byte
    /// per file, and the pawns, empty squares and enemy pieces of a rank become byte masks, so a rank of pawns
    /// costs a few word operations instead of a walk per pawn.
    #[inline(always)]
    fn free_pawn_moves_by_rank(&self) -> usize {
        let white = self.side == Color::White;
        let pawn = Role::Pawn as u8 | ((self.side as u8) << 3);
        let mut count = 0;
        for rank in 1..7usize {
            let pawns = bytes_equal(self.rank_word(rank), pawn);
            if pawns == 0 {
                continue;
            }
            let ahead_rank = if white { rank + 1 } else { rank - 1 };
            let ahead = self.rank_word(ahead_rank);
            let enemies = if white { black_bytes(ahead) } else { white_bytes(ahead) };
            let pushes = pawns & zero_bytes(ahead);
            let captures = ((pawns << 8) & enemies).count_ones() + ((pawns >> 8) & enemies).count_ones();
            let singles = pushes.count_ones() + captures;
            if ahead_rank == 0 || ahead_rank == 7 {
                count += 4 * singles as usize;
                continue;
            }
            count += singles as usize;
            if rank == if white { 1 } else { 6 } {
                let beyond = if white { rank + 2 } else { rank - 2 };
                count += (pushes & zero_bytes(self.rank_word(beyond))).count_ones() as usize;
            }
        }
        count
    }

    /// The 8 squares of `rank` as one little-endian word: file a in the lowest byte.
    #[inline(always)]
    fn rank_word(&self, rank: usize) -> u64 {
        let start = (rank & 7) * 16;
        u64::from_le_bytes(self.board[start..start + 8].try_into().expect("a rank is 8 bytes"))
    }

    /// The number of moves of a knight (`steps` of one square) that is neither pinned nor facing a check,
    /// counted without branches.
    #[inline(always)]
    fn free_leaper_move_count(&self, from: u8, steps: &[i8]) -> usize {
        let code = self.board[from as usize];
        steps
            .iter()
            .map(|&step| {
                let to = from.wrapping_add(step as u8);
                let target = self.board[(to & 0x7f) as usize];
                usize::from((to & 0x88 == 0) & ((target == 0) | ((target ^ code) & 8 != 0)))
            })
            .sum()
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
            // (A piece on `sq` itself is being captured: the table has no attack at distance 0.)
            if ATTACK_MASK[d] & abit == 0 {
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
        // (The holes are the king's and the rook's squares, never a pawn's.)
        if self.pawn_attacks(sq, by)
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

    /// For a castling right held by `us`: `(rook, king destination)` when all squares between the king, the
    /// rook and their destinations are empty but for those two (the position's byte mask of those squares
    /// against the back rank read as one word).
    #[inline]
    fn castle_span_empty(&self, us: Color, side: CastleSide, ksq: u8) -> Option<(u8, u8)> {
        let bit = 1u8 << (2 * us as u8 + side as u8);
        if self.castling & bit == 0 {
            return None;
        }
        let right = bit.trailing_zeros() as usize;
        if self.rank_word((ksq >> 4) as usize) & self.castle_span[right] != 0 {
            return None;
        }
        let rsq = self.castle_rook[right];
        Some((rsq, castle_destinations(ksq, rsq).0))
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

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that is zero (exact: no carry crosses a byte).
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    !(((word & LOW7) + LOW7) | word) & HIGH
}

/// The high bit of each byte of `word` equal to `value`.
#[inline(always)]
fn bytes_equal(word: u64, value: u8) -> u64 {
    zero_bytes(word ^ (u64::from(value) * 0x0101_0101_0101_0101))
}

/// The high bit of each byte holding a black piece (piece codes have bit 3 set for black).
#[inline(always)]
fn black_bytes(word: u64) -> u64 {
    (word << 4) & HIGH
}

/// The high bit of each byte holding a white piece: not empty, and bit 3 clear.
#[inline(always)]
fn white_bytes(word: u64) -> u64 {
    !zero_bytes(word) & !black_bytes(word) & HIGH
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

#[cfg(test)]
mod tests {
    use super::{black_bytes, bytes_equal, white_bytes, zero_bytes};
    use proptest::prelude::*;

    /// The byte mask made one byte at a time: 0x80 where `keep` holds.
    fn reference(word: u64, keep: impl Fn(u8) -> bool) -> u64 {
        word.to_le_bytes().iter().enumerate().filter(|&(_, &b)| keep(b)).fold(0, |m, (i, _)| m | 0x80 << (8 * i))
    }

    /// A rank as the board stores it: each byte empty or a piece code (1–6 white, 9–14 black).
    fn rank_word() -> impl Strategy<Value = u64> {
        proptest::collection::vec(prop_oneof![Just(0u8), 1u8..=6, 9u8..=14], 8)
            .prop_map(|bytes| u64::from_le_bytes(bytes.try_into().expect("8 bytes")))
    }

    proptest! {
        #[test]
        fn byte_masks_match_a_byte_by_byte_look(word in rank_word(), value in 0u8..16) {
            prop_assert_eq!(zero_bytes(word), reference(word, |b| b == 0));
            prop_assert_eq!(bytes_equal(word, value), reference(word, |b| b == value));
            prop_assert_eq!(black_bytes(word), reference(word, |b| b & 8 != 0));
            prop_assert_eq!(white_bytes(word), reference(word, |b| b != 0 && b & 8 == 0));
        }

        #[test]
        fn zero_bytes_is_exact_for_any_word(word in any::<u64>()) {
            prop_assert_eq!(zero_bytes(word), reference(word, |b| b == 0));
        }
    }
}

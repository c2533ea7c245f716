//! Move ordering: the transposition-table move first, then winning and even captures (MVV-LVA, with SEE
//! sorting out the losing ones), queen promotions, two killer moves per ply, and quiet moves by history;
//! losing captures and under-promotions last. Moves are picked lazily by selection, since a cutoff often
//! comes after the first few.
//!
//! Quiet moves are scored by three tables: the butterfly history (from-square, to-square) and two
//! continuation histories, which remember how well a move (piece, to-square) answered the move one ply and
//! two plies before it (at full strength, and four plies before it too: one table serves all three). The
//! continuation tables are what tell a good reply to *this* threat from a move that is merely often good.

use super::Selectivity;
use super::correction::Correction;
use super::eval_cache::EvalCache;
use crate::engine::info::MAX_PLY;
use crate::engine::see::{SEE_VALUE, see};
use crate::rules::{Color, Move, MoveList, Position, Role};
use arrayvec::ArrayVec;

const TT_MOVE: i32 = 10_000_000;
const GOOD_CAPTURE: i32 = 8_000_000;
const KILLER_1: i32 = 7_000_000;
const KILLER_2: i32 = 6_900_000;
const BAD_CAPTURE: i32 = -3_000_000;
const UNDER_PROMOTION: i32 = -4_000_000;
/// History scores stay within ±HISTORY_MAX.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// The history bonus of a quiet move that caused a cutoff at `depth` (the quiet moves tried before it lose as
/// much). At full strength it grows linearly, 200 a ply up to 3000, so that the histories learn quickly at the
/// shallow depths where most cutoffs happen (600 at depth 3, where 8 × depth² gives 72): +31 ± 19 Elo over 600
/// self-play games (sessions 26–27). The levels keep the bonus they were measured with, 8 × depth² up to 8192.
/// The capture history learns by the same bonus (session 28).
pub(crate) fn quiet_bonus(depth: i32, selectivity: Selectivity) -> i32 {
    match selectivity {
        Selectivity::Full => (200 * depth).min(3000),
        Selectivity::Levels => (depth * depth * 8).min(HISTORY_MAX / 2),
    }
}

/// A move as the continuation tables see it: the moving piece's code (role | colour << 3) and its
/// to-square, packed as `piece * 64 + to`. 0 stands for "no move" (the root's parent, a null move).
pub(crate) type PieceTo = usize;

/// The moves a quiet move's continuation histories are read by: one, two and four plies back. The
/// four-ply move (the side's own move before last) is read at full strength only (session 70); the levels
/// pass 0 there, an entry never written, so their ordering is as when their Elo was measured.
pub(crate) type Prev = [PieceTo; 3];

/// The `PieceTo` of `m`, played by `side`.
#[inline]
pub(crate) fn piece_to(side: Color, m: Move) -> PieceTo {
    (((m.role() as usize) | side.index() << 3) * 64 + m.to().to_64()) & (PIECE_TO - 1)
}

const PIECE_TO: usize = 16 * 64;
/// Pawn structures the pawn history tells apart (a power of two).
const PAWN_SLOTS: usize = 512;
/// Entries of the continuation table (a power of two, so a masked index needs no bounds check).
const CONTINUATION: usize = PIECE_TO * PIECE_TO;

/// Killer moves and the history tables, kept across the iterations of one search (history is aged between
/// searches).
pub(crate) struct Heuristics {
    pub killers: [[Move; 2]; MAX_PLY + 2],
    history: [[[i32; 64]; 64]; 2],
    /// `continuation[previous PieceTo * PIECE_TO + this PieceTo]`, shared by the one- and two-ply tables'
    /// lookups (a flat vector: 2 MB is too large for the stack).
    continuation: Box<[i16; CONTINUATION]>,
    /// `pawn[pawn structure slot * PIECE_TO + PieceTo]`: how well a quiet move has done with these pawns on
    /// the board (full strength only; it stays zero, and orders nothing, for the levels).
    pawn: Vec<i16>,
    /// `capture[PieceTo * 8 + captured role]`: how often a capture caused a cutoff, to order captures of
    /// equal victims.
    capture: Vec<i16>,
    /// How far the static evaluation has been off, per pawn structure.
    pub correction: Correction,
    /// Static evaluations of positions seen lately.
    pub eval_cache: EvalCache,
    /// The evaluation network's sums for the last position this thread evaluated.
    pub network: crate::engine::eval::nnue::Accumulator,
}

impl Heuristics {
    pub fn new() -> Box<Heuristics> {
        Box::new(Heuristics {
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            history: [[[0; 64]; 64]; 2],
            continuation: vec![0; CONTINUATION].into_boxed_slice().try_into().expect("the length is CONTINUATION"),
            pawn: vec![0; PAWN_SLOTS * PIECE_TO],
            capture: vec![0; PIECE_TO * 8],
            correction: Correction::new(),
            eval_cache: EvalCache::new(),
            network: Default::default(),
        })
    }

    pub fn clear(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.history = [[[0; 64]; 64]; 2];
        self.continuation.fill(0);
        self.capture.fill(0);
        self.pawn.fill(0);
        self.correction.clear();
    }

    #[cfg(test)]
    pub fn pawn_history_is_empty(&self) -> bool {
        self.pawn.iter().all(|&h| h == 0)
    }

    /// Rewards 1.Nf3 under some pawn structure, so the pawn history holds something.
    #[cfg(test)]
    pub fn learn_pawn_history_for_test(&mut self) {
        let pos = Position::startpos();
        let m = crate::rules::parse_uci(&pos, "g1f3").unwrap();
        self.reward(pos.side_to_move(), 1, m, &[], 400, [0; 3], Some(7));
    }

    /// Keeps what was learnt but lets new searches overrule it quickly.
    pub fn age(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.history.iter_mut().flatten().flatten().for_each(|h| *h /= 4);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
        self.capture.iter_mut().for_each(|h| *h /= 2);
        self.pawn.iter_mut().for_each(|h| *h /= 2);
    }

    #[inline(always)]
    fn pawn_index(side: Color, m: Move, pawn_key: u64) -> usize {
        (pawn_key as usize & (PAWN_SLOTS - 1)) * PIECE_TO + piece_to(side, m)
    }

    /// A quiet move's place in the move order: its `quiet_score` plus its pawn-structure history.
    #[inline(always)]
    pub fn ordering_score(&self, side: Color, m: Move, prev: Prev, pawn_key: u64) -> i32 {
        self.quiet_score(side, m, prev) + self.pawn[Self::pawn_index(side, m, pawn_key)] as i32
    }

    #[inline]
    fn capture_index(side: Color, m: Move) -> usize {
        piece_to(side, m) * 8 + m.captured().map_or(0, |r| r as usize)
    }

    #[inline]
    pub fn capture_score(&self, side: Color, m: Move) -> i32 {
        self.capture[Self::capture_index(side, m)] as i32
    }

    /// After a cutoff: rewards the capture that caused it (if it was one) and punishes the captures tried
    /// before it.
    pub fn reward_captures(&mut self, side: Color, best: Move, tried: &[Move], bonus: i32) {
        for &m in tried.iter().chain(std::iter::once(&best)) {
            if m.is_quiet() {
                continue;
            }
            let h = &mut self.capture[Self::capture_index(side, m)];
            let mut v = *h as i32;
            gravity(&mut v, if m == best { bonus } else { -bonus });
            *h = v as i16;
        }
    }

    #[inline]
    pub fn history(&self, side: Color, m: Move) -> i32 {
        self.history[side.index()][m.from().to_64() & 63][m.to().to_64() & 63]
    }

    /// The continuation table's entry for a move (`pt`) after a move `previous` (both `PieceTo`).
    #[inline(always)]
    fn continuation_at(previous: PieceTo, pt: PieceTo) -> usize {
        (previous * PIECE_TO + pt) & (CONTINUATION - 1)
    }

    /// The ordering score of a quiet move: its history plus its continuation scores after the moves one,
    /// two and four plies back (`prev`; an absent move's entries are never written, so they read 0).
    #[inline(always)]
    pub fn quiet_score(&self, side: Color, m: Move, prev: Prev) -> i32 {
        let pt = piece_to(side, m);
        self.history(side, m)
            + self.continuation[Self::continuation_at(prev[0], pt)] as i32
            + self.continuation[Self::continuation_at(prev[1], pt)] as i32
            + self.continuation[Self::continuation_at(prev[2], pt)] as i32
    }

    /// Rewards the quiet move that caused a cutoff and punishes the quiet moves tried before it, by `bonus`
    /// (see `quiet_bonus`).
    /// `pawn_key` is the pawn structure's key at full strength (`None` for the levels, whose search was
    /// measured without the pawn-structure history).
    #[allow(clippy::too_many_arguments)]
    pub fn reward(
        &mut self,
        side: Color,
        ply: usize,
        best: Move,
        tried: &[Move],
        bonus: i32,
        prev: Prev,
        pawn_key: Option<u64>,
    ) {
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
        self.reward_quiet(side, best, bonus, prev);
        for &m in tried {
            if m != best {
                self.reward_quiet(side, m, -bonus, prev);
            }
        }
        if let Some(key) = pawn_key {
            for &m in tried.iter().chain(std::iter::once(&best)) {
                let h = &mut self.pawn[Self::pawn_index(side, m, key)];
                let mut v = *h as i32;
                gravity(&mut v, if m == best { bonus } else { -bonus });
                *h = v as i16;
            }
        }
    }

    /// Rewards one quiet move by `bonus` (a penalty if negative) in the history and continuation tables,
    /// killers untouched. The "gravity" update: the closer to the bound, the smaller the step.
    pub fn reward_quiet(&mut self, side: Color, m: Move, bonus: i32, prev: Prev) {
        gravity(&mut self.history[side.index()][m.from().to_64() & 63][m.to().to_64() & 63], bonus);
        let pt = piece_to(side, m);
        for p in prev {
            if p != 0 {
                let h = &mut self.continuation[Self::continuation_at(p, pt)];
                let mut v = *h as i32;
                gravity(&mut v, bonus);
                *h = v as i16;
            }
        }
    }
}

#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// Hands out the moves of a node best-first.
pub(crate) struct MovePicker {
    moves: ArrayVec<(Move, i32), 256>,
    next: usize,
}

// A picker is made empty where it is used and filled there: built in a call and returned, or moved into an
// iterator adapter, its 2 KB of moves were copied once or twice per node.
impl MovePicker {
    #[inline(always)]
    pub fn empty() -> MovePicker {
        MovePicker { moves: ArrayVec::new(), next: 0 }
    }

    /// Takes the moves of `list`, each scored for ordering; quiet moves by their histories under the last two
    /// moves `prev` and the pawn structure `pawn_key`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn fill(
        &mut self,
        pos: &Position,
        list: &MoveList,
        tt_move: Move,
        heur: &Heuristics,
        ply: usize,
        prev: Prev,
        pawn_key: u64,
    ) {
        let killers = heur.killers[ply];
        for &m in list.iter() {
            let score = if m == tt_move {
                TT_MOVE
            } else if !m.is_quiet() {
                tactical_score(pos, m) + heur.capture_score(pos.side_to_move(), m) / 16
            } else if m == killers[0] {
                KILLER_1
            } else if m == killers[1] {
                KILLER_2
            } else {
                heur.ordering_score(pos.side_to_move(), m, prev, pawn_key)
            };
            self.moves.push((m, score));
        }
    }

    /// Takes the captures of `list`, by MVV-LVA (quiescence search prunes the losing ones itself).
    #[inline(always)]
    pub fn fill_tactical(&mut self, list: &MoveList) {
        for &m in list.iter() {
            self.moves.push((m, mvv_lva(m)));
        }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let first = self.next;
        let rest = self.moves.get(first..).filter(|r| !r.is_empty())?;
        // The last of the highest scores, as `max_by_key` picks; chosen with conditional moves rather than
        // branches, since which move beats the best so far is a coin toss the processor mispredicts.
        let (mut best, mut best_score) = (0, i32::MIN);
        for (i, &(_, score)) in rest.iter().enumerate() {
            let better = score >= best_score;
            best = if better { i } else { best };
            best_score = if better { score } else { best_score };
        }
        let best = best + first;
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1].0)
    }
}

#[inline]
pub(crate) fn mvv_lva(m: Move) -> i32 {
    let victim = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    let promo = m.promotion().map_or(0, |r| SEE_VALUE[r as usize]);
    (victim + promo) * 8 - m.role() as i32
}

fn tactical_score(pos: &Position, m: Move) -> i32 {
    match m.promotion() {
        Some(Role::Queen) | None => {}
        Some(_) => return UNDER_PROMOTION + mvv_lva(m),
    }
    let victim = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    let attacker = if m.promotion().is_some() { 0 } else { SEE_VALUE[m.role() as usize] };
    if victim >= attacker || see(pos, m) >= 0 { GOOD_CAPTURE + mvv_lva(m) } else { BAD_CAPTURE + mvv_lva(m) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_uci;

    /// The picker hands out moves in the order repeated `max_by_key` (the last of equal scores) gives, ties
    /// included: the order the search was tuned and measured with.
    #[test]
    fn picks_as_max_by_key_does() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for len in [1usize, 2, 5, 17, 40, 90] {
            let moves: Vec<(Move, i32)> = (0..len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    // Few distinct scores, so ties are common; the move number tells equal scores apart.
                    (Move::from_bits(i as u32 + 1), (seed % 5) as i32 - 2)
                })
                .collect();
            let mut picker = MovePicker::empty();
            picker.moves.extend(moves.iter().copied());
            let picked: Vec<Move> = picker.collect();
            let mut rest = moves.clone();
            let mut expected = Vec::new();
            for next in 0..len {
                let best = rest[next..].iter().enumerate().max_by_key(|(_, (_, s))| *s).unwrap().0 + next;
                rest.swap(next, best);
                expected.push(rest[next].0);
            }
            assert_eq!(picked, expected, "{len} moves");
        }
    }

    /// The pawn history learns a cutoff's move under its pawn structure only, and only when given one: the
    /// levels pass none and keep ordering as when their Elo was measured.
    #[test]
    fn the_pawn_history_learns_per_structure_and_only_at_full_strength() {
        let pos = Position::from_fen("4k3/pppp4/8/8/8/8/PPPP4/4K1N1 w - - 0 1").unwrap();
        let (best, tried) = (parse_uci(&pos, "g1f3").unwrap(), parse_uci(&pos, "e1f2").unwrap());
        let (us, prev, keys) = (pos.side_to_move(), [0; 3], [7u64, 8u64]);
        let mut heur = Heuristics::new();
        let before: Vec<i32> = keys.iter().map(|&k| heur.ordering_score(us, best, prev, k)).collect();
        heur.reward(us, 1, best, &[tried], 400, prev, None);
        assert!(heur.pawn.iter().all(|&h| h == 0), "no pawn key: the table is untouched");
        let plain = heur.ordering_score(us, best, prev, keys[0]) - before[0];
        heur.reward(us, 1, best, &[tried], 400, prev, Some(keys[0]));
        let learnt = heur.ordering_score(us, best, prev, keys[0]) - before[0];
        let elsewhere = heur.ordering_score(us, best, prev, keys[1]) - before[1];
        assert!(learnt > elsewhere, "the structure it was learnt in gains more: {learnt} vs {elsewhere}");
        assert!(elsewhere > plain, "the move's own history still grows under any structure");
        assert!(heur.ordering_score(us, tried, prev, keys[0]) < heur.ordering_score(us, tried, prev, keys[1]));
    }
}

//! Quiescence search: at the horizon, only captures and queen promotions (all evasions when in check) are
//! searched, so that the evaluation is never taken in the middle of an exchange. The side to move may
//! "stand pat" on the static evaluation; losing captures (by SEE) and captures that cannot reach alpha are
//! skipped.
//!
//! A bare king with no move is stalemate, not the lost position its evaluation says: at full strength that is
//! checked here (a king's moves are few), so that a search near its horizon does not stalemate a bare king
//! it means to mate. Seen in match games where a short search under time pressure took a last piece with
//! stalemate (session 68).

use super::correction::pawn_key_change;
use super::ordering::MovePicker;
use super::{PathMove, Searcher, Selectivity};
use crate::engine::eval::evaluate;
use crate::engine::info::{INFINITE, MATE, MAX_PLY};
use crate::engine::see::{SEE_VALUE, see_non_negative};
use crate::engine::tt::Bound;
use crate::rules::{Move, MoveList};

/// Margin for delta pruning: a capture must be able to bring the score within this of alpha.
const DELTA_MARGIN: i32 = 150;

impl Searcher<'_> {
    pub(super) fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        // No line is followed here: a parent that takes this move must not copy an older sibling's tail.
        self.pv.clear(ply);
        self.visit(ply);
        if self.ctl.stopped {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(&self.pos);
        }
        let key = self.pos.key();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            }
        {
            return e.score;
        }
        let alpha_orig = alpha;
        let in_check = self.in_check();
        if !in_check && self.bare_king_stalemated() {
            return 0;
        }
        let mut best = -INFINITE;
        let raw_eval = match (in_check, entry) {
            (true, _) => -INFINITE,
            (false, Some(e)) => e.eval,
            (false, None) => self.static_eval(key),
        };
        let stand_pat = if in_check { raw_eval } else { self.pruning_eval(raw_eval, entry, ply) };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut list = MoveList::new();
        self.pos.tactical_moves(&mut list);
        if in_check && list.is_empty() {
            return -MATE + ply as i32;
        }
        let mut best_move = Move::NONE;
        let mut picker = MovePicker::empty();
        picker.fill_tactical(&list);
        for m in picker.by_ref() {
            if !in_check {
                let gain = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
                if m.promotion().is_none() && stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            // Before the SEE test, so that the bucket is on its way while SEE runs.
            self.tt.prefetch(self.pos.key_after_guess(m));
            if !in_check && !see_non_negative(&self.pos, m) {
                continue;
            }
            let pawn_key = self.pawn_key;
            // The correction history reads the move that led to a position.
            self.path[ply] = PathMove::new(self.pos.side_to_move(), m);
            self.pawn_key ^= pawn_key_change(self.pos.side_to_move(), m);
            let undo = self.pos.make_move(m);
            let score = -self.quiesce(ply + 1, -beta, -alpha);
            self.pos.unmake_move(m, undo);
            self.pawn_key = pawn_key;
            if self.ctl.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, raw_eval, 0, bound);
        best
    }

    /// Is the side to move (not in check) a bare king without a legal move? Full strength only: the levels
    /// keep the search their Elo was measured with.
    fn bare_king_stalemated(&self) -> bool {
        let bare_king = self.pos.count[self.pos.side_to_move().index()] == 1;
        self.selectivity == Selectivity::Full && bare_king && !self.pos.has_legal_moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::ordering::Heuristics;
    use crate::engine::search::{Control, NoInterrupt};
    use crate::engine::tt::Tt;
    use crate::rules::Position;

    /// Black's bare king on a8 has no move (queen b6, king c6): quiescence and a shallow null-window search
    /// (where razoring asks quiescence) score it as the draw it is, at full strength.
    #[test]
    fn a_stalemated_bare_king_is_a_draw_near_the_horizon() {
        let pos = Position::from_fen("k7/8/1QK5/8/8/8/8/8 b - - 0 1").unwrap();
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none);
        let mut s = Searcher::new(pos, Vec::new(), &tt, &mut heur, ctl);
        assert_eq!(s.quiesce(1, -INFINITE, INFINITE), 0);
        assert_eq!(s.alphabeta(2, 1, -1, 0, true, false), 0);
        s.selectivity = Selectivity::Levels;
        assert!(s.quiesce(1, -INFINITE, INFINITE) < -500, "the levels keep their search");
    }
}

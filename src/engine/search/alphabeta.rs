//! The interior nodes: principal variation search. The first move gets the full window; the others a null
//! window (reduced when late and quiet), re-searched only when they beat alpha. Results go to the
//! transposition table; cutoffs teach the killer and history tables.
//!
//! Every non-PV node is also labelled *cut* (expected to fail high) or not: the first move's child flips the
//! label, a later move's null-window child is a cut node (but an unreduced one under a cut node is not), and
//! the null move's child flips it. At full strength (session 59) a cut node reduces its late quiet moves
//! two plies more, since the move that fails high is nearly always among the first; and a reduced move that
//! beats alpha is searched again a ply deeper when it beat the best score by far, a ply shallower when only
//! just.
//!
//! Singular extensions: when the transposition table's move is much better than every other move (a search
//! of the others at half depth fails well below the table's score), that move is searched a ply deeper,
//! since the line depends on it alone.

use super::ordering::{MovePicker, Prev, quiet_bonus};
use super::pruning::{bad_capture_prune, futile, history_prune, late_move_prune, lmr, losing_quiet_prune};
use super::{PathMove, Searcher, Selectivity};
use crate::engine::eval::evaluate;
use crate::engine::info::{INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::engine::see::{see, see_non_negative};
use crate::engine::tt::Bound;
use crate::engine::tt::TtEntry;
use crate::rules::{Color, Move, MoveList};
use arrayvec::ArrayVec;

const SINGULAR_MIN_DEPTH: i32 = 8;
const SINGULAR_MIN_DEPTH_FULL: i32 = 6;
/// Internal iterative reduction from this depth at non-PV nodes, and at PV nodes.
const IIR_MIN_DEPTH: i32 = 4;
const IIR_PV_MIN_DEPTH: i32 = 6;

/// The verdict of a singular-extension search.
enum Singular {
    Extend,
    No,
    Cut(i32),
}

/// Whether a move gives check, and whether that check is extended (see `extends_check`).
#[derive(Clone, Copy)]
struct Check {
    gives: bool,
    extended: bool,
}

/// What a node knows before its move loop.
struct Node {
    depth: i32,
    ply: usize,
    pv: bool,
    /// Expected to fail high (a cut node; the module doc says which nodes are).
    cut: bool,
    in_check: bool,
    /// The static evaluation as the evaluation gives it (what the table keeps)...
    raw_eval: i32,
    /// ...and corrected by the correction history (what pruning reads).
    eval: i32,
    improving: bool,
    tt_move: Move,
    /// Extra depth for the transposition table's move (singular extension).
    tt_move_extension: i32,
    /// The side to move and the moves one, two and four plies back: what a quiet move's history is read by.
    us: Color,
    prev: Prev,
}

impl Searcher<'_> {
    pub(super) fn alphabeta(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
        cut: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.quiesce(ply, alpha, beta);
        }
        self.pv.clear(ply);
        self.visit(ply);
        if self.ctl.stopped {
            return 0;
        }
        if self.is_draw() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv = beta - alpha > 1;
        let key = self.pos.key();
        let excluding = self.excluded[ply] != Move::NONE;
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && !pv
            && !excluding
            && e.depth >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            }
        {
            // A quiet move that still beats beta here is a good one: the histories learn it as from a cutoff.
            if self.selectivity == Selectivity::Full && e.score >= beta && e.mv != Move::NONE && e.mv.is_quiet() {
                let (us, prev) = (self.pos.side_to_move(), self.previous_moves(ply));
                let pawn_key = Some(self.pawn_key);
                self.heur.reward(us, ply, e.mv, &[], quiet_bonus(depth, self.selectivity), prev, pawn_key);
            }
            return e.score;
        }
        let in_check = self.in_check();
        let raw_eval = match (in_check, entry) {
            (true, _) => -INFINITE,
            (false, Some(e)) => e.eval,
            (false, None) => self.static_eval(key),
        };
        let eval = if in_check { raw_eval } else { self.pruning_eval(raw_eval, entry, ply) };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        if !pv
            && !in_check
            && !excluding
            && let Some(score) = self.prune_node(depth, ply, beta, eval, improving, allow_null, cut)
        {
            return score;
        }
        let tt_move = entry.map_or(Move::NONE, |e| e.mv);
        // Without a move to try first, a node is searched one ply shallower (internal iterative reduction):
        // the table knows no good move here, so the node is likely unimportant, and the next iteration will
        // have the move. Non-PV nodes from depth 4, PV nodes (which matter more) from depth 6.
        let iir_depth = match (pv, self.selectivity) {
            (true, _) => IIR_PV_MIN_DEPTH,
            (false, Selectivity::Full) => IIR_MIN_DEPTH,
            (false, Selectivity::Levels) => i32::MAX,
        };
        let depth = if tt_move == Move::NONE && depth >= iir_depth { depth - 1 } else { depth };
        let tt_move_extension = match entry {
            Some(e) if ply > 0 && !excluding && self.singular_candidate(&e, depth) => {
                match self.singular(&e, depth, ply, beta, cut) {
                    Singular::Extend => 1,
                    Singular::No => 0,
                    Singular::Cut(score) => return score,
                }
            }
            _ => 0,
        };
        let (us, prev) = (self.pos.side_to_move(), self.previous_moves(ply));
        let node =
            Node { depth, ply, pv, cut, in_check, raw_eval, eval, improving, tt_move, tt_move_extension, us, prev };
        self.move_loop(&node, alpha, beta, tt_move)
    }

    fn singular_candidate(&self, e: &TtEntry, depth: i32) -> bool {
        let min_depth = match self.selectivity {
            Selectivity::Full => SINGULAR_MIN_DEPTH_FULL,
            Selectivity::Levels => SINGULAR_MIN_DEPTH,
        };
        depth >= min_depth
            && e.mv != Move::NONE
            && e.bound != Bound::Upper
            && e.depth >= depth - 3
            && e.score.abs() < MATE_BOUND
    }

    /// Searches every move but the table's at reduced depth against a bound below the table's score.
    fn singular(&mut self, e: &TtEntry, depth: i32, ply: usize, beta: i32, cut: bool) -> Singular {
        let singular_beta = e.score - 2 * depth;
        self.excluded[ply] = e.mv;
        let score = self.alphabeta((depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, cut);
        self.excluded[ply] = Move::NONE;
        if self.ctl.stopped {
            Singular::No
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            // Another move also beats beta: more than one move fails high, so this node surely does.
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    fn move_loop(&mut self, node: &Node, mut alpha: i32, beta: i32, tt_move: Move) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        if list.is_empty() {
            return if node.in_check { -MATE + ply as i32 } else { 0 };
        }
        let alpha_orig = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures: ArrayVec<Move, 32> = ArrayVec::new();
        let (us, prev) = (node.us, node.prev);
        let mut picker = MovePicker::empty();
        picker.fill(&self.pos, &list, tt_move, self.heur, ply, prev, self.pawn_key);
        let excluded = self.excluded[ply];
        for (i, m) in picker.by_ref().filter(|&m| m != excluded).enumerate() {
            self.tt.prefetch(self.pos.key_after_guess(m));
            let quiet = m.is_quiet();
            let prunable = ply > 0 && !node.in_check && best > -MATE + MAX_PLY as i32;
            if prunable && !quiet && !see_non_negative(&self.pos, m) && bad_capture_prune(depth, see(&self.pos, m)) {
                continue;
            }
            // Asked before the move is made, so that a pruned move costs no make and unmake.
            let gives_check = self.pos.gives_check(m);
            if prunable
                && quiet
                && !gives_check
                && (late_move_prune(depth, i, node.improving)
                    || futile(depth, node.eval, alpha)
                    || history_prune(depth, || self.heur.quiet_score(us, m, prev))
                    || (self.selectivity == Selectivity::Full && losing_quiet_prune(depth, || see(&self.pos, m))))
            {
                continue;
            }
            let check = Check { gives: gives_check, extended: gives_check && self.extends_check(m) };
            let undo = self.make(m);
            self.path[ply] = PathMove::new(us, m);
            self.remember_check(gives_check);
            let score = self.search_move(node, m, i, check, alpha, beta, best);
            self.unmake(m, undo);
            if self.ctl.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    self.pv.update(ply, m);
                    if score >= beta {
                        let bonus = quiet_bonus(depth, self.selectivity);
                        if quiet {
                            let pawn_key = (self.selectivity == Selectivity::Full).then_some(self.pawn_key);
                            self.heur.reward(us, ply, m, &quiets, bonus, prev, pawn_key);
                        }
                        self.heur.reward_captures(us, m, &captures, bonus);
                        break;
                    }
                }
            }
            if quiet && !quiets.is_full() {
                quiets.push(m);
            } else if !quiet && !captures.is_full() {
                captures.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded == Move::NONE {
            self.tt.store(self.pos.key(), ply, best_move, best, node.raw_eval, depth, bound);
            self.learn_correction(node, best, best_move, bound);
            if bound == Bound::Upper {
                self.reward_unrefuted(ply, depth);
            }
        }
        best
    }

    /// Every reply to the move that led here failed low: at full strength that quiet move is rewarded in the
    /// histories of the side that made it, as if it had caused a cutoff a ply higher (session 70).
    pub(super) fn reward_unrefuted(&mut self, ply: usize, depth: i32) {
        if self.selectivity != Selectivity::Full || ply == 0 {
            return;
        }
        let m = self.path[ply - 1].mv;
        if m == Move::NONE || !m.is_quiet() {
            return;
        }
        let them = self.pos.side_to_move().opposite();
        let prev = self.previous_moves(ply - 1);
        self.heur.reward_quiet(them, m, quiet_bonus(depth + 1, self.selectivity), prev);
    }

    /// Teaches the correction history how far the static evaluation was from the search's score, where the
    /// score says something about it: not in check, no capture or promotion as the best move (those change
    /// the material, not the judgement of the position), and a bound on the right side of the evaluation.
    fn learn_correction(&mut self, node: &Node, best: i32, best_move: Move, bound: Bound) {
        let telling = match bound {
            Bound::Exact => true,
            Bound::Lower => best > node.eval,
            Bound::Upper => best < node.eval,
        };
        if self.selectivity == Selectivity::Levels
            || node.in_check
            || !telling
            || !(best_move == Move::NONE || best_move.is_quiet())
            || best.abs() >= MATE_BOUND
        {
            return;
        }
        let side = self.pos.side_to_move();
        self.heur.correction.update(side, self.pawn_key, node.prev[0], node.depth, best - node.raw_eval);
    }

    /// Does `m` (not yet made), a checking move, earn a ply more? At full strength only when it does not
    /// lose material by SEE: a check by a piece that is simply taken seldom changes the outcome and costs
    /// depth elsewhere (+14 ± 18 Elo over 700 self-play games, session 30; +21 ± 32 over 200 in session 20).
    /// The levels extend every check, as when their Elo was measured.
    fn extends_check(&self, m: Move) -> bool {
        self.selectivity == Selectivity::Levels || see_non_negative(&self.pos, m)
    }

    /// Searches move number `i` (already made): full window for the first, else a reduced null window,
    /// widened as it succeeds.
    #[allow(clippy::too_many_arguments)]
    fn search_move(&mut self, node: &Node, m: Move, i: usize, check: Check, alpha: i32, beta: i32, best: i32) -> i32 {
        let ply = node.ply;
        let gives_check = check.gives;
        let extension =
            if m == node.tt_move { node.tt_move_extension.max(check.extended as i32) } else { check.extended as i32 };
        let new_depth = node.depth - 1 + extension;
        if i == 0 {
            return -self.alphabeta(new_depth, ply + 1, -beta, -alpha, true, !node.pv && !node.cut);
        }
        let mut r = 0;
        if node.depth >= 3 && i >= 2 && m.is_quiet() && !node.in_check && !gives_check {
            r = lmr(node.depth, i);
            r -= node.pv as i32;
            r += !node.improving as i32;
            if self.heur.killers[ply].contains(&m) {
                r -= 1;
            }
            // At a node expected to fail high, a late move is unlikely to be the one that does.
            if node.cut && self.selectivity == Selectivity::Full && self.heur.killers[ply][0] != m {
                r += 2;
            }
            // When the table's best move here is a capture, the quiet moves are less likely to matter.
            if self.selectivity == Selectivity::Full && node.tt_move != Move::NONE && !node.tt_move.is_quiet() {
                r += 1;
            }
            // The history as it was when the move was chosen: nothing has been searched since.
            r -= self.heur.quiet_score(node.us, m, node.prev) / 8000;
            r = r.clamp(0, new_depth - 1);
        }
        let mut score = -self.alphabeta(new_depth - r, ply + 1, -alpha - 1, -alpha, true, r > 0 || !node.cut);
        if score > alpha && r > 0 {
            // How far the reduced search beat the best so far decides the re-search's depth: well above it
            // goes a ply deeper, barely above it a ply shallower.
            let full = if self.selectivity == Selectivity::Full {
                new_depth + (score > best + 40 + 2 * new_depth) as i32 - (score < best + 8) as i32
            } else {
                new_depth
            };
            if full > new_depth - r {
                score = -self.alphabeta(full, ply + 1, -alpha - 1, -alpha, true, !node.cut);
            }
        }
        if score > alpha && score < beta {
            score = -self.alphabeta(new_depth, ply + 1, -beta, -alpha, true, false);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::ordering::Heuristics;
    use crate::engine::search::{Control, NoInterrupt};
    use crate::engine::tt::Tt;
    use crate::rules::{Position, parse_uci};

    /// Qd7+ is taken by the king; Qe2+ is safe. At full strength only the safe check is extended; the levels
    /// extend both, as when their Elo was measured.
    #[test]
    fn only_a_check_that_keeps_its_piece_is_extended_at_full_strength() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1").unwrap();
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none);
        let mut s = Searcher::new(pos.clone(), Vec::new(), &tt, &mut heur, ctl);
        let mv = |uci| parse_uci(&pos, uci).unwrap();
        assert!(s.pos.gives_check(mv("d2e2")) && s.pos.gives_check(mv("d2d7")));
        assert!(s.extends_check(mv("d2e2")));
        assert!(!s.extends_check(mv("d2d7")));
        s.selectivity = Selectivity::Levels;
        assert!(s.extends_check(mv("d2d7")), "the levels extend every check");
    }
}

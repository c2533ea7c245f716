//! The interior nodes: principal variation search. The first move gets the full window; the others a null
//! window (reduced when late and quiet), re-searched only when they beat alpha. Results go to the
//! transposition table; cutoffs teach the killer and history tables.

use super::Searcher;
use super::ordering::MovePicker;
use super::pruning::{bad_capture_prune, futile, late_move_prune, lmr};
use crate::engine::eval::evaluate;
use crate::engine::info::{INFINITE, MATE, MAX_PLY};
use crate::engine::see::{see, see_non_negative};
use crate::engine::tt::Bound;
use crate::rules::{Move, MoveList};
use arrayvec::ArrayVec;

/// What a node knows before its move loop.
struct Node {
    depth: i32,
    ply: usize,
    pv: bool,
    in_check: bool,
    eval: i32,
    improving: bool,
}

impl Searcher<'_> {
    pub(super) fn alphabeta(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32, allow_null: bool) -> i32 {
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
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && !pv
            && e.depth >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            }
        {
            return e.score;
        }
        let in_check = self.pos.in_check();
        let eval = match (in_check, entry) {
            (true, _) => -INFINITE,
            (false, Some(e)) => e.eval,
            (false, None) => evaluate(&self.pos),
        };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        if !pv
            && !in_check
            && let Some(score) = self.prune_node(depth, ply, beta, eval, allow_null)
        {
            return score;
        }
        let tt_move = entry.map_or(Move::NONE, |e| e.mv);
        // Without a move to try first, a deep PV node is searched one ply shallower (internal iterative
        // reduction): the next iteration will have the move.
        let depth = if pv && tt_move == Move::NONE && depth >= 6 { depth - 1 } else { depth };
        let node = Node { depth, ply, pv, in_check, eval, improving };
        self.move_loop(&node, alpha, beta, tt_move)
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
        let picker = MovePicker::new(&self.pos, &list, tt_move, self.heur, ply);
        for (i, m) in picker.enumerate() {
            let quiet = m.is_quiet();
            let prunable = ply > 0 && !node.in_check && best > -MATE + MAX_PLY as i32;
            if prunable && !quiet && !see_non_negative(&self.pos, m) && bad_capture_prune(depth, see(&self.pos, m)) {
                continue;
            }
            let undo = self.make(m);
            let gives_check = self.pos.in_check();
            if prunable
                && quiet
                && !gives_check
                && (late_move_prune(depth, i, node.improving) || futile(depth, node.eval, alpha))
            {
                self.unmake(m, undo);
                continue;
            }
            let score = self.search_move(node, m, i, gives_check, alpha, beta);
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
                        if quiet {
                            self.heur.reward(self.pos.side_to_move(), ply, m, &quiets, depth);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets.is_full() {
                quiets.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(self.pos.key(), ply, best_move, best, node.eval, depth, bound);
        best
    }

    /// Searches move number `i` (already made): full window for the first, else a reduced null window,
    /// widened as it succeeds.
    fn search_move(&mut self, node: &Node, m: Move, i: usize, gives_check: bool, alpha: i32, beta: i32) -> i32 {
        let ply = node.ply;
        let new_depth = node.depth - 1 + gives_check as i32;
        if i == 0 {
            return -self.alphabeta(new_depth, ply + 1, -beta, -alpha, true);
        }
        let mut r = 0;
        if node.depth >= 3 && i >= 2 && m.is_quiet() && !node.in_check && !gives_check {
            r = lmr(node.depth, i);
            r -= node.pv as i32;
            r += !node.improving as i32;
            if self.heur.killers[ply].contains(&m) {
                r -= 1;
            }
            r -= self.heur.history(!self.pos.side_to_move(), m) / 6000;
            r = r.clamp(0, new_depth - 1);
        }
        let mut score = -self.alphabeta(new_depth - r, ply + 1, -alpha - 1, -alpha, true);
        if score > alpha && r > 0 {
            score = -self.alphabeta(new_depth, ply + 1, -alpha - 1, -alpha, true);
        }
        if score > alpha && score < beta {
            score = -self.alphabeta(new_depth, ply + 1, -beta, -alpha, true);
        }
        score
    }
}

//! Selectivity: the decisions to cut a node short before searching its moves (reverse futility, razoring,
//! null move), to skip a move (futility, late move pruning, bad captures, quiet moves into a losing exchange),
//! and how much to reduce late moves.

use super::{PathMove, Searcher};
use crate::engine::info::MATE_BOUND;
use std::sync::LazyLock;

/// Razoring: at depth 1–2, a static evaluation this far (per ply) below alpha is checked with quiescence
/// search alone.
const RAZOR_MARGIN: i32 = 240;
/// Reverse futility margin per ply of depth.
const RFP_MARGIN: i32 = 75;
const RFP_MAX_DEPTH: i32 = 7;
/// Quiet-move futility: base and per-ply margin.
const FUTILITY_BASE: i32 = 80;
const FUTILITY_PER_DEPTH: i32 = 90;
const FUTILITY_MAX_DEPTH: i32 = 6;
const LMP_MAX_DEPTH: i32 = 6;
/// Captures losing more than this per ply of depth are skipped near the leaves.
const SEE_CAPTURE_MARGIN: i32 = 100;
const NULL_MIN_DEPTH: i32 = 3;
/// Quiet moves whose history score is below −this per ply of depth are skipped near the leaves.
const HISTORY_PRUNE_PER_DEPTH: i32 = 3000;
const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;
/// Quiet moves that lose more than this per ply of depth in the exchange on their square are skipped.
const QUIET_SEE_MARGIN: i32 = 60;
const QUIET_SEE_MAX_DEPTH: i32 = 8;

/// `LMR[depth][move number]`: the reduction of a late quiet move.
static LMR: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.8 + (d as f64).ln() * (m as f64).ln() / 2.2) as u8;
        }
    }
    t
});

#[inline]
pub(super) fn lmr(depth: i32, move_number: usize) -> i32 {
    LMR[(depth as usize).min(63)][move_number.min(63)] as i32
}

/// May the rest of the moves be skipped for this quiet move (late move pruning)?
#[inline]
pub(super) fn late_move_prune(depth: i32, move_number: usize, improving: bool) -> bool {
    let limit = (3 + depth * depth) / if improving { 1 } else { 2 };
    depth <= LMP_MAX_DEPTH && move_number as i32 > limit
}

/// Can this quiet move not raise alpha, judging by the static evaluation?
#[inline]
pub(super) fn futile(depth: i32, eval: i32, alpha: i32) -> bool {
    depth <= FUTILITY_MAX_DEPTH && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
}

/// Is this quiet move's history so bad, this near the leaves, that it is not worth a look? (`stat` gives the
/// history score; it is read only this near the leaves.)
#[inline]
pub(super) fn history_prune(depth: i32, stat: impl FnOnce() -> i32) -> bool {
    depth <= HISTORY_PRUNE_MAX_DEPTH && stat() < -HISTORY_PRUNE_PER_DEPTH * depth
}

/// Does this quiet move put its piece where it is lost in the exchange, this near the leaves? (`see` gives
/// the exchange's result; it is computed only this near the leaves.)
#[inline]
pub(super) fn losing_quiet_prune(depth: i32, see: impl FnOnce() -> i32) -> bool {
    depth <= QUIET_SEE_MAX_DEPTH && see() < -QUIET_SEE_MARGIN * depth
}

#[inline]
pub(super) fn bad_capture_prune(depth: i32, see: i32) -> bool {
    depth <= 4 && see < -SEE_CAPTURE_MARGIN * depth
}

impl Searcher<'_> {
    /// Tries to settle a node without searching its moves: reverse futility pruning (fail high), razoring
    /// (fail low), then null-move pruning (fail high). Only at non-PV nodes, not in check.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn prune_node(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        eval: i32,
        improving: bool,
        allow_null: bool,
        cut: bool,
    ) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving as i32) >= beta {
            return Some(eval);
        }
        if depth <= 2 && eval + RAZOR_MARGIN * depth < beta - 1 {
            let score = self.quiesce(ply, beta - 1, beta);
            if score < beta {
                return Some(score);
            }
        }
        if !allow_null || depth < NULL_MIN_DEPTH || eval < beta || !self.has_pieces() {
            return None;
        }
        let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
        self.keys.push(self.pos.key());
        self.path[ply] = PathMove::NULL;
        let undo = self.pos.make_null_move();
        self.tt.prefetch(self.pos.key());
        let score = -self.alphabeta(depth - 1 - r, ply + 1, -beta, -beta + 1, false, !cut);
        self.pos.unmake_null_move(undo);
        self.keys.pop();
        if self.ctl.stopped {
            return None;
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Does the side to move have a piece other than pawns and king? (Null move is unsafe in pawn endings,
    /// where zugzwang is common.)
    fn has_pieces(&self) -> bool {
        let c = self.pos.side_to_move().index();
        self.pos.list[c][1..self.pos.count[c] as usize].iter().any(|&sq| self.pos.board[sq as usize] & 7 != 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::see::see;
    use crate::rules::{Position, parse_uci};

    #[test]
    fn a_quiet_move_into_a_losing_exchange_is_skipped_near_the_leaves_only() {
        // A black pawn on e4 guards f3, not e2.
        let pos = Position::from_fen("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1").unwrap();
        let see_of = |uci: &str| see(&pos, parse_uci(&pos, uci).unwrap());
        assert!(losing_quiet_prune(2, || see_of("g1f3")), "the knight is lost for nothing");
        assert!(!losing_quiet_prune(6, || see_of("g1f3")), "deeper, a knight is within the margin");
        assert!(!losing_quiet_prune(QUIET_SEE_MAX_DEPTH + 1, || see_of("g1f3")));
        assert!(!losing_quiet_prune(1, || see_of("g1e2")), "a safe square");
    }
}

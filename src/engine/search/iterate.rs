//! Iterative deepening and the root node: depth 1, 2, 3… each ordered by the previous one, with aspiration
//! windows around the last score. In "all moves" mode (the lower levels) every root move gets an exact score,
//! so a level can choose among the near-best ones.
//!
//! MultiPV (n lines): at each depth line 1 is searched as usual, then line k is the best of the root moves not
//! already in lines 1..k-1, searched with its own aspiration window, so each line's score is exact. With one
//! line this is exactly the single-line search.
//!
//! At full strength the root reduces late quiet moves as the tree does, a ply less (session 59): after the
//! lines, the moves are ordered by the nodes they took in the last iteration, and from the fourth on a quiet
//! move that gives no check is searched shallower first, and again at full depth if it beats alpha.

use super::control::FinishedIteration;
use super::pruning::lmr;
use super::{Searcher, Selectivity};
use crate::engine::info::{CurrentMove, INFINITE, MAX_PLY, Score, SearchInfo};
use crate::rules::{Move, MoveList};
use std::cmp::Reverse;

/// First aspiration half-window, in centipawns; it grows on every failure.
const ASPIRATION_DELTA: i32 = 18;
const ASPIRATION_MIN_DEPTH: u32 = 5;
/// Root moves from this one on (counting from 0) may be reduced when quiet (full strength only).
const ROOT_LMR_FROM: usize = 3;

/// What a finished search found.
#[derive(Clone, Debug, Default)]
pub(crate) struct SearchOutcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// In all-moves mode: every root move with its score from the last completed iteration.
    pub root_scores: Vec<(Move, i32)>,
    /// True when the search ended because someone asked it to stop.
    pub interrupted: bool,
}

/// How the root is searched: which moves, how many lines, and whether every move needs an exact score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootSpec<'m> {
    /// Only these root moves (all of them when empty or when none is legal).
    pub only: &'m [Move],
    /// How many lines (MultiPV); 0 counts as 1, more than there are moves as all of them.
    pub lines: usize,
    /// Every root move gets an exact score (the lower levels choose among them).
    pub all_moves: bool,
}

impl Default for RootSpec<'_> {
    fn default() -> Self {
        RootSpec { only: &[], lines: 1, all_moves: false }
    }
}

struct RootMove {
    mv: Move,
    score: i32,
    /// Nodes spent on this move in the last iteration (time management: an easy move takes few).
    nodes: u64,
    /// Its principal variation (itself first), once it has been given an exact score.
    pv: Vec<Move>,
}

impl Searcher<'_> {
    /// Runs iterative deepening up to `max_depth`, calling `report` for every line of every completed
    /// iteration (line 1 first).
    pub fn iterate(&mut self, max_depth: u32, spec: RootSpec, report: &mut dyn FnMut(SearchInfo)) -> SearchOutcome {
        let mut root = self.root_moves(spec.only);
        let mut out = SearchOutcome::default();
        if root.is_empty() {
            return out;
        }
        out.best = Some(root[0].mv);
        let lines = spec.lines.clamp(1, root.len());
        let max_depth = max_depth.clamp(1, MAX_PLY as u32 - 8);
        // Iterations in a row with the same best move (time management).
        let mut stable = 0;
        let mut previous_score = 0;
        // Each line's score at the last completed depth, the centre of its next aspiration window.
        let mut line_scores = vec![0; lines];
        // A helper's finished iterations can stand in for the main thread's own (Lazy SMP), where the main
        // thread searches the plain root that the helpers search.
        let adopts = self.helper == 0 && lines == 1 && !spec.all_moves && spec.only.is_empty();
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            if skips_depth(self.helper, depth) && depth < max_depth {
                continue;
            }
            self.seldepth = 0;
            let mut overtaken = if adopts { self.ctl.start_iteration(depth) } else { None };
            let done = if overtaken.is_some() {
                0
            } else if spec.all_moves {
                self.search_root(&mut root, depth as i32, -INFINITE, INFINITE, true);
                if self.ctl.stopped { 0 } else { lines }
            } else {
                self.search_lines(&mut root[..], depth, &line_scores)
            };
            self.ctl.first_iteration_done();
            let resumed = self.ctl.resume();
            if resumed {
                overtaken = self.ctl.helper_iteration();
            }
            // Not searched to the end, for a helper's iteration that then cannot be taken (never seen).
            let cut_short = resumed || overtaken.is_some();
            if let Some(helper) = overtaken
                && adopt(&mut root, &helper)
            {
                depth = helper.depth.min(max_depth);
                self.seldepth = helper.seldepth as usize;
            } else if (self.ctl.stopped || cut_short) && depth > 1 && done == 0 {
                // A partial iteration still counts if it found a better move than the last one.
                if !spec.all_moves && root[0].score > out.score && root[0].mv != out.best.unwrap_or(Move::NONE) {
                    out.best = Some(root[0].mv);
                    out.ponder = None;
                }
                break;
            }
            // Lines searched one after another can come out of order: they are shown best first. (The main
            // thread always finishes depth 1; `max(1)` only guards a helper's stop there, which is not shown.)
            let shown = done.max(1);
            root[..shown].sort_by_key(|r| Reverse(r.score));
            if self.selectivity == Selectivity::Full && !spec.all_moves {
                // The moves after the lines, in the order of the effort they took: the late ones are reduced.
                root[shown..].sort_by_key(|r| Reverse(r.nodes));
            }
            let previous = out.best;
            out.best = root[0].pv.first().copied().or(Some(root[0].mv));
            stable = if out.best == previous { stable + 1 } else { 0 };
            out.ponder = root[0].pv.get(1).copied();
            out.score = root[0].score;
            out.depth = depth;
            if spec.all_moves {
                out.root_scores = root.iter().map(|r| (r.mv, r.score)).collect();
            }
            for (k, r) in root[..shown].iter().enumerate() {
                line_scores[k] = r.score;
                report(self.info(depth, k + 1, r.score, r.pv.clone()));
            }
            if self.helper > 0 {
                let pv = if root[0].pv.is_empty() { vec![root[0].mv] } else { root[0].pv.clone() };
                let seldepth = self.seldepth as u32;
                self.ctl.publish(FinishedIteration { depth, seldepth, score: root[0].score, pv });
            }
            let score = out.score;
            let scale = time_scale(stable, previous_score - score, best_move_effort(&root), self.selectivity);
            previous_score = score;
            let settled = root[..shown].iter().all(|r| mate_settled(r.score, depth));
            if self.ctl.stopped || !self.ctl.another_iteration(scale) || settled {
                break;
            }
        }
        out.nodes = self.nodes;
        out.interrupted = self.ctl.interrupted;
        out
    }

    /// The legal root moves (only those in `only`, if any of them is legal), the table's move first.
    fn root_moves(&mut self, only: &[Move]) -> Vec<RootMove> {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        let mut root: Vec<RootMove> =
            list.iter().map(|&mv| RootMove { mv, score: -INFINITE, nodes: 0, pv: Vec::new() }).collect();
        if root.iter().any(|r| only.contains(&r.mv)) {
            root.retain(|r| only.contains(&r.mv));
        }
        if let Some(e) = self.tt.probe(self.pos.key(), 0)
            && let Some(i) = root.iter().position(|r| r.mv == e.mv)
        {
            root.swap(0, i);
        }
        root
    }

    /// Searches lines 1..=`previous.len()` at `depth`: line k is the best of `root[k..]`, moved to `root[k]`
    /// with its exact score and line. Returns how many lines were finished before a stop.
    fn search_lines(&mut self, root: &mut [RootMove], depth: u32, previous: &[i32]) -> usize {
        for (k, &prev) in previous.iter().enumerate() {
            self.aspiration(&mut root[k..], depth, prev);
            if self.ctl.stopped {
                if depth == 1 && k == 0 {
                    root[0].pv = self.pv.line(0);
                }
                return k;
            }
            root[k].pv = self.pv.line(0);
        }
        previous.len()
    }

    fn aspiration(&mut self, root: &mut [RootMove], depth: u32, prev: i32) -> i32 {
        if depth < ASPIRATION_MIN_DEPTH {
            return self.search_root(root, depth as i32, -INFINITE, INFINITE, false);
        }
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let score = self.search_root(root, depth as i32, alpha, beta, false);
            if self.ctl.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta;
            if delta > 800 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// The root node. Moves are kept best-first across iterations; in `all_moves` mode each gets the full
    /// window (exact scores), otherwise PVS as in the tree.
    fn search_root(&mut self, root: &mut [RootMove], depth: i32, mut alpha: i32, beta: i32, all_moves: bool) -> i32 {
        self.pv.clear(0);
        self.visit(0);
        let mut best = -INFINITE;
        for i in 0..root.len() {
            let m = root[i].mv;
            self.report_current_move(depth, m, i);
            let nodes_before = self.nodes;
            self.path[0] = super::PathMove::new(self.pos.side_to_move(), m);
            let undo = self.make(m);
            let gives_check = self.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == 0 || all_moves {
                -self.alphabeta(new_depth, 1, -beta, -alpha, true, false)
            } else {
                let r = self.root_reduction(depth, i, m, gives_check, new_depth);
                let mut s = -self.alphabeta(new_depth - r, 1, -alpha - 1, -alpha, true, true);
                if s > alpha && r > 0 {
                    s = -self.alphabeta(new_depth, 1, -alpha - 1, -alpha, true, true);
                }
                if s > alpha && s < beta { -self.alphabeta(new_depth, 1, -beta, -alpha, true, false) } else { s }
            };
            self.unmake(m, undo);
            root[i].nodes = self.nodes - nodes_before;
            if self.ctl.stopped {
                break;
            }
            root[i].score = if i == 0 || score > alpha || all_moves { score } else { -INFINITE };
            if all_moves {
                root[i].pv = self.pv.line_after(m);
            }
            if score > best {
                best = score;
                if score > alpha || all_moves && i == 0 {
                    self.pv.update(0, m);
                    root[..=i].rotate_right(1);
                    if !all_moves {
                        alpha = score;
                    }
                }
                if score >= beta {
                    break;
                }
            }
        }
        if all_moves {
            root.sort_by_key(|r| -r.score);
        }
        best
    }

    /// The reduction of late root move number `i` (already made), at full strength only: a late quiet move
    /// that gives no check is searched shallower first, as in the tree but a ply less (the root is a PV
    /// node), and searched again at full depth if it beats alpha.
    fn root_reduction(&self, depth: i32, i: usize, m: Move, gives_check: bool, new_depth: i32) -> i32 {
        if self.selectivity != Selectivity::Full || depth < 3 || i < ROOT_LMR_FROM || !m.is_quiet() || gives_check {
            return 0;
        }
        (lmr(depth, i) - 1).clamp(0, new_depth - 1)
    }

    fn report_current_move(&mut self, depth: i32, mv: Move, index: usize) {
        if let Some(f) = self.on_current_move.as_mut()
            && self.ctl.elapsed() >= super::CURRENT_MOVE_AFTER
        {
            f(CurrentMove { depth: depth.max(1) as u32, mv, number: index as u32 + 1 });
        }
    }

    fn info(&self, depth: u32, line: usize, score: i32, pv: Vec<Move>) -> SearchInfo {
        let time = self.ctl.elapsed();
        let nodes = self.nodes + self.ctl.other_nodes();
        let nps = (nodes as u128 * 1_000_000 / time.as_micros().max(1)) as u64;
        SearchInfo {
            depth,
            multipv: line as u32,
            seldepth: self.seldepth as u32,
            score: Score::from_internal(score),
            nodes,
            nps,
            time,
            hashfull: self.tt.hashfull(),
            pv,
        }
    }
}

/// Takes a helper's finished iteration as this thread's: its first move goes first, with its score and line.
/// False if that move is not one of `root`'s (it always is: helpers search the same root).
fn adopt(root: &mut [RootMove], helper: &FinishedIteration) -> bool {
    let Some(i) = root.iter().position(|r| Some(&r.mv) == helper.pv.first()) else { return false };
    root[..=i].rotate_right(1);
    root[0].score = helper.score;
    root[0].pv = helper.pv.clone();
    true
}

/// Which depths Lazy SMP helper `n` (from 1; 0 is the main thread, which skips none) leaves out: in blocks of
/// `size` depths, every other block, starting at `phase`, as Stockfish 9 did. Helpers that search the same
/// depths as the main thread mostly repeat its work; spread over depths, they fill the shared table with
/// results the main thread's next iteration finds.
fn skips_depth(n: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if n == 0 {
        return false;
    }
    let i = (n - 1) % SIZE.len();
    (depth + PHASE[i]) / SIZE[i] % 2 == 1
}

/// How much of the usual time to allow before starting another iteration: more while the best move keeps
/// changing or the score is falling, less when one move has been best for a while and took nearly all the
/// effort (an obvious move).
fn time_scale(stable_iterations: u32, score_drop: i32, best_move_effort: f64, selectivity: Selectivity) -> f64 {
    let stability = match stable_iterations {
        0 => 1.4,
        1..=3 => 1.0,
        _ => 0.75,
    };
    let falling = match score_drop {
        ..=15 => 1.0,
        16..=50 => 1.25,
        _ => 1.5,
    };
    // At full strength (session 61) node-based: the less of the effort the best move took, the more the
    // other moves contested it; a usual share (70%) leaves the time as it is. The levels keep the rule their
    // Elo was measured with: only an obvious move (over 85%) shortens the time.
    let effort = match selectivity {
        Selectivity::Full => (1.0 + 2.0 * (0.7 - best_move_effort)).clamp(0.6, 1.4),
        Selectivity::Levels if best_move_effort > 0.85 => 0.7,
        Selectivity::Levels => 1.0,
    };
    stability * falling * effort
}

/// The share of the last iteration's nodes spent on the best root move (kept first).
fn best_move_effort(root: &[RootMove]) -> f64 {
    let total: u64 = root.iter().map(|r| r.nodes).sum();
    root.first().map_or(0.0, |r| r.nodes as f64 / total.max(1) as f64)
}

/// Once a mate is found and the depth is well past it, deeper search will not change the answer.
fn mate_settled(score: i32, depth: u32) -> bool {
    match Score::from_internal(score) {
        Score::Mate(n) => depth as i32 > 2 * n.abs() + 4,
        Score::Cp(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_thread_skips_no_depth_and_helpers_spread_over_them() {
        assert!((1..40).all(|d| !skips_depth(0, d)));
        // Helpers 1 and 2 search alternate depths; every helper searches some and skips some.
        assert!((1..40).all(|d| skips_depth(1, d) != skips_depth(2, d)));
        for n in 1..=64 {
            let skipped = (1..40).filter(|&d| skips_depth(n, d)).count();
            assert!((10..=30).contains(&skipped), "helper {n} skips {skipped} of 39 depths");
        }
    }

    /// A main thread that finds a helper's finished iteration as deep as the one it starts takes it as its
    /// own: its answer is the helper's move, score and line, at the helper's depth (not beyond the limit).
    #[test]
    fn the_main_thread_takes_a_deeper_helper_iteration_as_its_own() {
        use crate::engine::search::ordering::Heuristics;
        use crate::engine::search::{Control, NoInterrupt, Shared};
        use crate::engine::tt::Tt;
        use crate::rules::{Position, parse_uci};
        let pos = Position::startpos();
        let mut after = pos.clone();
        let a3 = parse_uci(&after, "a2a3").unwrap();
        after.make_move(a3);
        let line = vec![a3, parse_uci(&after, "h7h6").unwrap()];
        let shared = Shared::default();
        let mut quiet = NoInterrupt;
        let helper_ctl = Control::new(None, None, None, &mut quiet).helper_of(&shared);
        helper_ctl.publish(FinishedIteration { depth: 9, seldepth: 14, score: -123, pv: line.clone() });
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none).main_of(&shared);
        let mut s = Searcher::new(pos, Vec::new(), &tt, &mut heur, ctl);
        let mut reports = Vec::new();
        let out = s.iterate(6, RootSpec::default(), &mut |i| reports.push((i.depth, i.seldepth, i.pv)));
        assert_eq!((out.best, out.score, out.depth), (Some(line[0]), -123, 6));
        assert_eq!(reports, [(6, 14, line)], "one report, for the limit's depth");
        assert_eq!(out.nodes, 0, "nothing searched");
    }

    #[test]
    fn time_scale_stretches_for_trouble_and_shrinks_for_obvious_moves() {
        for sel in [Selectivity::Full, Selectivity::Levels] {
            let usual = time_scale(2, 0, 0.7, sel);
            assert!(time_scale(0, 0, 0.7, sel) > usual); // the best move just changed
            assert!(time_scale(2, 60, 0.7, sel) > time_scale(2, 20, 0.7, sel));
            assert!(time_scale(2, 20, 0.7, sel) > usual); // the score is falling
            assert!(time_scale(6, 0, 0.95, sel) < usual); // long stable and nearly all the effort
        }
        // At full strength a contested best move (a small share of the nodes) gets more time; the levels
        // keep their two steps.
        assert!(time_scale(2, 0, 0.3, Selectivity::Full) > time_scale(2, 0, 0.7, Selectivity::Full));
        assert_eq!(time_scale(2, 0, 0.3, Selectivity::Levels), time_scale(2, 0, 0.7, Selectivity::Levels));
    }
}

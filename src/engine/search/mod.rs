//! The search: iterative deepening over a principal variation search (alpha-beta with null windows),
//! aspiration windows, quiescence search, a transposition table, move ordering, null-move pruning, late move
//! reductions, futility pruning, check extensions, a correction history for the static evaluation, and draws
//! by repetition and the fifty-move rule.
//!
//! `Searcher` holds one search's state; the modules each hold one part of the algorithm: `iterate` (iterative
//! deepening and the root), `alphabeta` (the interior nodes), `quiescence`, `ordering`, `pruning`,
//! `correction` (the correction history and pawn keys), and `control` (limits and stop requests).

mod alphabeta;
mod control;
mod correction;
mod eval_cache;
mod iterate;
pub(crate) mod ordering;
mod pruning;
mod quiescence;

pub(crate) use control::{Control, Shared};
pub use control::{Interrupt, NoInterrupt};
pub(crate) use iterate::{RootSpec, SearchOutcome};

use super::eval::{evaluate, evaluate_full};
use super::info::{CurrentMove, MATE_BOUND, MAX_PLY};
use super::tt::{Bound, Tt, TtEntry};
use crate::rules::{Move, Position};
use ordering::{Heuristics, PieceTo, Prev};

/// The principal variation of each ply (a triangular table).
pub(crate) struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { moves: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1], len: [0; MAX_PLY + 1] }
    }

    #[inline]
    fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// `m` at `ply`, followed by the child's line.
    #[inline]
    fn update(&mut self, ply: usize, m: Move) {
        self.moves[ply][ply] = m;
        let child_len = self.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.moves[ply][i] = self.moves[ply + 1][i];
        }
        self.len[ply] = child_len;
    }

    fn line(&self, ply: usize) -> Vec<Move> {
        self.moves[ply][ply..self.len[ply]].to_vec()
    }

    /// The root move `m` followed by the line just found after it (at ply 1).
    fn line_after(&self, m: Move) -> Vec<Move> {
        let mut line = vec![m];
        line.extend_from_slice(&self.moves[1][1..self.len[1].max(1)]);
        line
    }
}

/// The selectivity a search uses. The levels below full strength keep the search their Elo was measured with
/// (the ladder of November 2026, README "Levels"): pruning added since then, which changes how strong a given
/// depth or node count plays, is for full strength only until the ladder is measured again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Selectivity {
    /// Everything: internal iterative reduction at every node without a table move, the correction
    /// history, pruning by the table's score where it bounds the evaluation, and skipping quiet moves into
    /// a losing exchange.
    #[default]
    Full,
    /// As the levels were measured: internal iterative reduction at PV nodes only, no correction history,
    /// pruning by the static evaluation alone, every quiet move kept whatever its exchange.
    Levels,
}

/// A move on the search path: the move itself, and its `PieceTo` as the continuation histories index it.
/// A null move is `NULL`.
#[derive(Clone, Copy)]
struct PathMove {
    piece_to: PieceTo,
    mv: Move,
}

impl PathMove {
    const NULL: PathMove = PathMove { piece_to: 0, mv: Move::NONE };

    /// `m`, played by `side`.
    #[inline]
    fn new(side: crate::rules::Color, m: Move) -> PathMove {
        PathMove { piece_to: ordering::piece_to(side, m), mv: m }
    }
}

/// The state of one search.
pub(crate) struct Searcher<'a> {
    pos: Position,
    /// Keys of the positions before the current one (game history, then the path from the root).
    keys: Vec<u64>,
    /// Where the root's own key goes in `keys`: entries from here on are positions of the search path.
    root: usize,
    tt: &'a Tt,
    heur: &'a mut Heuristics,
    ctl: Control<'a>,
    pv: PvTable,
    nodes: u64,
    seldepth: usize,
    /// Static evaluation per ply (for "improving").
    evals: [i32; MAX_PLY + 2],
    /// The move made at each ply on the current path, for the continuation histories and the bonus of a
    /// move that every reply failed to refute.
    path: [PathMove; MAX_PLY + 2],
    /// The move a singular-extension search leaves out at a ply (`Move::NONE` normally).
    excluded: [Move; MAX_PLY + 2],
    /// Told which root move is being searched, once the search has run `CURRENT_MOVE_AFTER`.
    on_current_move: Option<&'a mut dyn FnMut(CurrentMove)>,
    /// 0 for the main (or only) thread; a Lazy SMP helper's number, from 1, which chooses the depths it skips.
    helper: usize,
    /// The current position's pawn key (for the correction history).
    pawn_key: u64,
    selectivity: Selectivity,
    /// The key of the last position asked `in_check` and its answer: a move's "gives check" is known when the
    /// move is made, and the child node asks again on entry, so the answer is remembered.
    last_check: Option<(u64, bool)>,
}

/// Root moves are reported only after this long, as Stockfish does, so short searches stay quiet.
pub(crate) const CURRENT_MOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

impl<'a> Searcher<'a> {
    /// `history` are the keys of the game's earlier positions (oldest first), for repetition detection.
    pub fn new(
        pos: Position,
        history: Vec<u64>,
        tt: &'a Tt,
        heur: &'a mut Heuristics,
        ctl: Control<'a>,
    ) -> Searcher<'a> {
        Searcher {
            pawn_key: correction::pawn_key(&pos),
            selectivity: Selectivity::Full,
            last_check: None,
            pos,
            root: history.len(),
            keys: history,
            tt,
            heur,
            ctl,
            pv: PvTable::new(),
            nodes: 0,
            seldepth: 0,
            evals: [0; MAX_PLY + 2],
            path: [PathMove::NULL; MAX_PLY + 2],
            excluded: [Move::NONE; MAX_PLY + 2],
            on_current_move: None,
            helper: 0,
        }
    }

    /// Makes this Lazy SMP helper number `n` (from 1): it skips some depths so that the threads spread over
    /// different iterations (see `iterate::skips_depth`).
    pub fn helper(mut self, n: usize) -> Self {
        self.helper = n;
        self
    }

    /// Searches with `selectivity` instead of the full one.
    pub fn selectivity(mut self, selectivity: Selectivity) -> Self {
        self.selectivity = selectivity;
        self
    }

    /// Reports each root move as it is searched (after the first second) to `f`.
    pub fn report_current_moves(mut self, f: &'a mut dyn FnMut(CurrentMove)) -> Self {
        self.on_current_move = Some(f);
        self
    }

    /// Counts a node and checks the limits.
    #[inline]
    fn visit(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.ctl.check(self.nodes);
    }

    /// A draw by the fifty-move rule, or by repetition as the search must see it: a position repeated inside the
    /// search path (after the root) is a draw, since the side that can repeat can keep repeating; a position
    /// seen once before the root is not, since the opponent may still deviate (scoring it 0 made a losing
    /// side "find" a draw by going back to an old position); one seen twice before is threefold, a draw.
    fn is_draw(&self) -> bool {
        let h = self.pos.halfmove_clock() as usize;
        if h >= 100 {
            return self.pos.has_legal_moves() || !self.pos.in_check();
        }
        let n = self.keys.len();
        let key = self.pos.key();
        let mut before_root = 0;
        for i in (4..=h.min(n)).step_by(2) {
            if self.keys[n - i] == key {
                if n - i > self.root {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The moves one, two and four plies before a node at `ply` (for the continuation histories; the fourth
    /// at full strength only).
    #[inline]
    fn previous_moves(&self, ply: usize) -> Prev {
        let back = |n: usize| if ply >= n { self.path[ply - n].piece_to } else { 0 };
        let four = if self.selectivity == Selectivity::Full { back(4) } else { 0 };
        [back(1), back(2), four]
    }

    /// Records whether the side to move is in check, as the move that led here was known to give it.
    #[inline]
    fn remember_check(&mut self, in_check: bool) {
        self.last_check = Some((self.pos.key(), in_check));
    }

    /// Is the side to move in check? (Remembered for the last position asked; see `last_check`.)
    #[inline]
    fn in_check(&mut self) -> bool {
        let key = self.pos.key();
        match self.last_check {
            Some((k, answer)) if k == key => answer,
            _ => {
                let answer = self.pos.in_check();
                self.last_check = Some((key, answer));
                answer
            }
        }
    }

    #[inline]
    fn make(&mut self, m: Move) -> crate::rules::Undo {
        self.keys.push(self.pos.key());
        self.pawn_key ^= correction::pawn_key_change(self.pos.side_to_move(), m);
        self.pos.make_move(m)
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: crate::rules::Undo) {
        self.pos.unmake_move(m, undo);
        self.keys.pop();
        // The change is an exclusive or: applying it again (the mover is to move once more) undoes it.
        self.pawn_key ^= correction::pawn_key_change(self.pos.side_to_move(), m);
    }

    /// The static evaluation of the position (whose key is `key`), from the evaluation cache when it was met
    /// lately.
    #[inline]
    fn static_eval(&mut self, key: u64) -> i32 {
        match self.selectivity {
            Selectivity::Levels => self.heur.eval_cache.get_or(key, &self.pos, evaluate),
            // Salted: a thread's cache may hold the levels' scores of the same positions.
            Selectivity::Full => {
                let network = &mut self.heur.network;
                self.heur.eval_cache.get_or(key ^ FULL_EVAL_SALT, &self.pos, |pos| evaluate_full(pos, network))
            }
        }
    }

    /// The static evaluation `raw` plus what the correction history has learnt about this pawn structure and
    /// the move that led here (at `ply`), kept clear of mate scores.
    #[inline]
    fn corrected(&self, raw: i32, ply: usize) -> i32 {
        if self.selectivity == Selectivity::Levels {
            return raw;
        }
        let c = self.heur.correction.get(self.pos.side_to_move(), self.pawn_key, self.previous_moves(ply)[0]);
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation `raw` as pruning and stand-pat read it: corrected, and at full strength the
    /// table's score instead where the entry bounds the position more tightly. A searched score is a better
    /// guess than a static one (self-play, sessions 20 and 24: README "What made the difference").
    #[inline]
    fn pruning_eval(&self, raw: i32, entry: Option<TtEntry>, ply: usize) -> i32 {
        let eval = self.corrected(raw, ply);
        match entry {
            Some(e) if self.selectivity == Selectivity::Full && bounds_more_tightly(&e, eval) => e.score,
            _ => eval,
        }
    }
}

/// Mixed into the evaluation cache's key at full strength, whose evaluation differs from the levels'.
const FULL_EVAL_SALT: u64 = 0x5bd1_e995_7a3c_0f11;

/// Does the table's score say more about the position than the static evaluation `eval`? An exact score
/// does; a lower bound above the evaluation does, as does an upper bound below it. Mate scores are not
/// guesses of the same kind and are left out.
#[inline]
fn bounds_more_tightly(e: &TtEntry, eval: i32) -> bool {
    e.score.abs() < MATE_BOUND
        && match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.score > eval,
            Bound::Upper => e.score < eval,
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::info::{MATE, Score};

    #[test]
    fn a_table_score_replaces_the_evaluation_only_on_its_side_of_it() {
        let entry = |score, bound| TtEntry { mv: Move::NONE, score, eval: 0, depth: 5, bound };
        assert!(bounds_more_tightly(&entry(50, Bound::Exact), 80));
        assert!(bounds_more_tightly(&entry(120, Bound::Lower), 80), "at least 120: better than 80");
        assert!(!bounds_more_tightly(&entry(40, Bound::Lower), 80), "at least 40 says nothing against 80");
        assert!(bounds_more_tightly(&entry(40, Bound::Upper), 80));
        assert!(!bounds_more_tightly(&entry(120, Bound::Upper), 80));
        assert!(!bounds_more_tightly(&entry(MATE - 10, Bound::Exact), 80), "mate scores are not evaluations");
    }

    #[test]
    fn the_levels_prune_by_the_static_evaluation_alone() {
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none);
        let s = Searcher::new(Position::startpos(), Vec::new(), &tt, &mut heur, ctl);
        let e = Some(TtEntry { mv: Move::NONE, score: 140, eval: 0, depth: 5, bound: Bound::Lower });
        assert_eq!(s.pruning_eval(30, e, 0), 140);
        let s = s.selectivity(Selectivity::Levels);
        assert_eq!(s.pruning_eval(30, e, 0), 30);
        assert_eq!(s.pruning_eval(30, None, 0), 30);
    }

    #[test]
    fn the_move_four_plies_back_is_read_at_full_strength_only() {
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none);
        let mut s = Searcher::new(Position::startpos(), Vec::new(), &tt, &mut heur, ctl);
        for (ply, piece_to) in [11, 12, 13, 14, 15].into_iter().enumerate() {
            s.path[ply] = PathMove { piece_to, mv: Move::NONE };
        }
        assert_eq!(s.previous_moves(5), [15, 14, 12]);
        assert_eq!(s.previous_moves(3), [13, 12, 0], "no move four plies before ply 3");
        let s = s.selectivity(Selectivity::Levels);
        assert_eq!(s.previous_moves(5), [15, 14, 0], "the levels read one and two plies back, as measured");
    }

    /// A quiet move that every reply failed to refute gains in its mover's history, at full strength only.
    #[test]
    fn an_unrefuted_quiet_move_is_rewarded_at_full_strength_only() {
        let before = Position::startpos();
        let m = crate::rules::parse_uci(&before, "g1f3").unwrap();
        let mut after = before.clone();
        after.make_move(m);
        for (selectivity, gains) in [(Selectivity::Full, true), (Selectivity::Levels, false)] {
            let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
            let ctl = Control::new(None, None, None, &mut none);
            let mut s = Searcher::new(after.clone(), Vec::new(), &tt, &mut heur, ctl).selectivity(selectivity);
            s.path[0] = PathMove::new(crate::rules::Color::White, m);
            s.reward_unrefuted(1, 4);
            assert_eq!(s.heur.history(crate::rules::Color::White, m) > 0, gains, "{selectivity:?}");
        }
    }

    /// The score of a fixed-depth search of `fen` after the earlier positions `history` (FENs, oldest first).
    fn score_after(history: &[&str], fen: &str) -> Score {
        let keys = history.iter().map(|f| Position::from_fen(f).unwrap().key()).collect();
        let (tt, mut heur, mut none) = (Tt::new(1), Heuristics::new(), NoInterrupt);
        let ctl = Control::new(None, None, None, &mut none);
        let mut s = Searcher::new(Position::from_fen(fen).unwrap(), keys, &tt, &mut heur, ctl);
        let mut last = None;
        s.iterate(6, RootSpec::default(), &mut |i| last = Some(i.score));
        last.unwrap()
    }

    // White (a queen down) to move; Ka1-b1 goes back to a position seen before the root.
    const X: &str = "6k1/8/8/3q4/8/8/8/K7 w - - 4 3";
    const Y: &str = "6k1/8/8/3q4/8/8/8/1K6 b - - 1 1";
    const Z: &str = "7k/8/8/3q4/8/8/8/1K6 w - - 2 2";
    const V: &str = "7k/8/8/3q4/8/8/8/K7 b - - 3 2";

    #[test]
    fn going_back_to_a_position_seen_once_is_no_draw() {
        let Score::Cp(cp) = score_after(&[X, Y, Z, V], X) else { panic!("no mate expected at depth 6") };
        assert!(cp < -500, "a queen down scored {cp}");
    }

    #[test]
    fn going_back_to_a_position_seen_twice_is_a_draw() {
        // The same root, its halfmove clock long enough to reach back to the first visit.
        let root = "6k1/8/8/3q4/8/8/8/K7 w - - 8 5";
        assert_eq!(score_after(&[X, Y, Z, V, X, Y, Z, V], root), Score::Cp(0));
    }
}

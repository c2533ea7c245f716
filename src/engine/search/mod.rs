//! The search: iterative deepening over a principal variation search (alpha-beta with null windows),
//! aspiration windows, quiescence search, a transposition table, move ordering, null-move pruning, late move
//! reductions, futility pruning, check extensions, and draws by repetition and the fifty-move rule.
//!
//! `Searcher` holds one search's state; the modules each hold one part of the algorithm: `iterate` (iterative
//! deepening and the root), `alphabeta` (the interior nodes), `quiescence`, `ordering`, `pruning`, and
//! `control` (limits and stop requests).

mod alphabeta;
mod control;
mod iterate;
pub(crate) mod ordering;
mod pruning;
mod quiescence;

pub(crate) use control::Control;
pub use control::{Interrupt, NoInterrupt};
pub(crate) use iterate::RootSpec;

use super::info::MAX_PLY;
use super::tt::Tt;
use crate::rules::{Move, Position};
use ordering::{Heuristics, PieceTo};

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

/// The state of one search.
pub(crate) struct Searcher<'a> {
    pos: Position,
    /// Keys of the positions before the current one (game history, then the path from the root).
    keys: Vec<u64>,
    tt: &'a mut Tt,
    heur: &'a mut Heuristics,
    ctl: Control<'a>,
    pv: PvTable,
    nodes: u64,
    seldepth: usize,
    /// Static evaluation per ply (for "improving").
    evals: [i32; MAX_PLY + 2],
    /// The move made at each ply on the current path, for the continuation histories (0 for a null move).
    stack: [PieceTo; MAX_PLY + 2],
    /// The move a singular-extension search leaves out at a ply (`Move::NONE` normally).
    excluded: [Move; MAX_PLY + 2],
}

impl<'a> Searcher<'a> {
    /// `history` are the keys of the game's earlier positions (oldest first), for repetition detection.
    pub fn new(
        pos: Position,
        history: Vec<u64>,
        tt: &'a mut Tt,
        heur: &'a mut Heuristics,
        ctl: Control<'a>,
    ) -> Searcher<'a> {
        Searcher {
            pos,
            keys: history,
            tt,
            heur,
            ctl,
            pv: PvTable::new(),
            nodes: 0,
            seldepth: 0,
            evals: [0; MAX_PLY + 2],
            stack: [0; MAX_PLY + 2],
            excluded: [Move::NONE; MAX_PLY + 2],
        }
    }

    /// Counts a node and checks the limits.
    #[inline]
    fn visit(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.ctl.check(self.nodes);
    }

    /// Repetition of any earlier position (twofold inside the tree counts) or the fifty-move rule.
    fn is_draw(&self) -> bool {
        let h = self.pos.halfmove_clock() as usize;
        if h >= 100 {
            return self.pos.has_legal_moves() || !self.pos.in_check();
        }
        let n = self.keys.len();
        let key = self.pos.key();
        (4..=h.min(n)).step_by(2).any(|i| self.keys[n - i] == key)
    }

    /// The moves one and two plies before a node at `ply` (for the continuation histories).
    #[inline]
    fn previous_moves(&self, ply: usize) -> [PieceTo; 2] {
        [if ply >= 1 { self.stack[ply - 1] } else { 0 }, if ply >= 2 { self.stack[ply - 2] } else { 0 }]
    }

    #[inline]
    fn make(&mut self, m: Move) -> crate::rules::Undo {
        self.keys.push(self.pos.key());
        self.pos.make_move(m)
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: crate::rules::Undo) {
        self.pos.unmake_move(m, undo);
        self.keys.pop();
    }
}

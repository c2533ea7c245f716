//! Perft: count the leaf nodes of the legal move tree, the standard correctness (and speed) test of a move
//! generator. Leaves are counted in bulk: at depth 1 the size of the move list is the answer.

use super::moves::{Move, MoveList};
use super::position::Position;

pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut nodes = 0;
    for &m in &list {
        let undo = pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    nodes
}

/// Perft split by root move, in generation order (the `--divide` output).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m, undo);
            (m, n)
        })
        .collect()
}

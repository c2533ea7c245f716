//! Where the review stands in a game's tree of variations, and how the keys move it: along a line, into a
//! variation and out again. A path is a list of branches (at which move of the line above a variation
//! replaces it, and which variation) and how many moves of the innermost line are played.
//!
//! One invariant keeps every place in the tree one path: inside a variation at least one of its moves is
//! played (the position before its first move is the line above's, and is reached there).

use crate::game::pgn::{Line, MoveNode};
use crate::rules::Position;

/// A step off a line into one of the variations of its move `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The index of the move in the line above that the variation is an alternative to.
    pub at: usize,
    /// Which of that move's variations.
    pub variation: usize,
}

/// A place in the tree: the variations entered, and the moves played on the innermost line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreePath {
    pub branches: Vec<Branch>,
    /// Moves of the innermost line played (0: its start; only the main line stands at 0).
    pub ply: usize,
}

impl TreePath {
    /// The path to move `index` (0-based) of the innermost line of `self`.
    pub fn at_move(&self, index: usize) -> TreePath {
        TreePath { branches: self.branches.clone(), ply: index + 1 }
    }

    /// The path to the first move of variation `variation` of move `index` of this path's innermost line.
    pub fn into_variation(&self, index: usize, variation: usize) -> TreePath {
        let mut branches = self.branches.clone();
        branches.push(Branch { at: index, variation });
        TreePath { branches, ply: 1 }
    }
}

/// The innermost line of the branches, if they exist in `main`.
pub fn line_of<'a>(main: &'a Line, branches: &[Branch]) -> Option<&'a Line> {
    branches.iter().try_fold(main, |line, b| line.moves.get(b.at)?.variations.get(b.variation))
}

/// Whether `path` names a place in the tree (and keeps the invariant).
pub fn is_valid(main: &Line, path: &TreePath) -> bool {
    line_of(main, &path.branches)
        .is_some_and(|l| path.ply <= l.moves.len() && (path.branches.is_empty() || path.ply > 0))
}

/// The moves played from the game's start to reach `path`, in order.
pub fn played<'a>(main: &'a Line, path: &TreePath) -> Vec<&'a MoveNode> {
    let mut out = Vec::new();
    let mut line = main;
    for b in &path.branches {
        out.extend(line.moves.iter().take(b.at));
        let Some(next) = line.moves.get(b.at).and_then(|n| n.variations.get(b.variation)) else { return out };
        line = next;
    }
    out.extend(line.moves.iter().take(path.ply));
    out
}

/// The move that led to `path` (None at the game's start).
pub fn current<'a>(main: &'a Line, path: &TreePath) -> Option<&'a MoveNode> {
    path.ply.checked_sub(1).and_then(|i| line_of(main, &path.branches)?.moves.get(i))
}

/// The position at `path`.
pub fn position(start: &Position, main: &Line, path: &TreePath) -> Position {
    let mut pos = start.clone();
    for node in played(main, path) {
        node.play(&mut pos);
    }
    pos
}

/// The next move along the line (None at its end).
pub fn next(main: &Line, path: &TreePath) -> Option<TreePath> {
    let line = line_of(main, &path.branches)?;
    (path.ply < line.moves.len()).then(|| TreePath { branches: path.branches.clone(), ply: path.ply + 1 })
}

/// One move back; from a variation's first move, the position before it on the line above.
pub fn prev(path: &TreePath) -> Option<TreePath> {
    let mut p = path.clone();
    if p.ply > 1 || (p.branches.is_empty() && p.ply == 1) {
        p.ply -= 1;
        return Some(p);
    }
    let b = p.branches.pop()?;
    p.ply = b.at;
    Some(p)
}

/// The next of the moves played from the same position: the shown move's first variation, or from a
/// variation's first move the variation after it.
pub fn down(main: &Line, path: &TreePath) -> Option<TreePath> {
    let node = current(main, path)?;
    if !node.variations.is_empty() {
        return Some(path.into_variation(path.ply - 1, 0));
    }
    let b = *path.branches.last()?;
    let parent = line_of(main, &path.branches[..path.branches.len() - 1])?;
    let sibling = b.variation + 1;
    (path.ply == 1 && sibling < parent.moves.get(b.at)?.variations.len()).then(|| {
        let mut p = path.clone();
        p.branches.pop();
        p.into_variation(b.at, sibling)
    })
}

/// The previous of the moves played from the same position: from a variation's first move, the variation
/// before it, or the move of the line above that it is an alternative to.
pub fn up(path: &TreePath) -> Option<TreePath> {
    let b = *path.branches.last()?;
    if path.ply != 1 {
        return None;
    }
    let mut p = path.clone();
    p.branches.pop();
    Some(if b.variation > 0 { p.into_variation(b.at, b.variation - 1) } else { p.at_move(b.at) })
}

/// Out of the innermost variation, to the move of the line above that it is an alternative to.
pub fn leave(path: &TreePath) -> Option<TreePath> {
    let mut p = path.clone();
    let b = p.branches.pop()?;
    Some(p.at_move(b.at))
}

/// The end of the innermost line.
pub fn line_end(main: &Line, path: &TreePath) -> Option<TreePath> {
    let line = line_of(main, &path.branches)?;
    Some(TreePath { branches: path.branches.clone(), ply: line.moves.len().max(path.ply) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_game;

    const PGN: &str = "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3 *";

    #[test]
    fn into_a_variation_and_out() {
        let g = read_game(PGN.as_bytes(), 1, 1);
        let main = &g.tree.mainline;
        let mut p = next(main, &TreePath::default()).unwrap();
        p = next(main, &p).unwrap();
        assert_eq!(current(main, &p).unwrap().san, "e5");
        p = down(main, &p).unwrap();
        assert_eq!(current(main, &p).unwrap().san, "c5");
        let c5 = p.clone();
        p = down(main, &p).unwrap();
        assert_eq!(current(main, &p).unwrap().san, "e6");
        assert!(down(main, &p).is_none());
        p = up(&p).unwrap();
        assert_eq!(p, c5);
        p = next(main, &p).unwrap();
        p = down(main, &p).unwrap();
        assert_eq!(current(main, &p).unwrap().san, "c3");
        assert_eq!(played(main, &p).iter().map(|n| n.san.as_str()).collect::<Vec<_>>(), ["e4", "c5", "c3"]);
        p = leave(&p).unwrap();
        assert_eq!(current(main, &p).unwrap().san, "Nf3");
        p = prev(&prev(&p).unwrap()).unwrap();
        assert_eq!(p, TreePath { branches: vec![], ply: 1 }, "back out of the variation before its first move");
        assert!(
            is_valid(main, &p) && !is_valid(main, &TreePath { branches: vec![Branch { at: 9, variation: 0 }], ply: 1 })
        );
    }
}

//! A game as a tree for review: the mainline, and at each move the alternatives (recursive variations), with
//! comments, NAGs and the `%clk`/`%emt`/`%eval` commands found in the comments.

use crate::game::brain::EvalScore;
use crate::rules::{Move, Position};
use std::time::Duration;

/// One move of a line, with everything written after it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveNode {
    pub mv: Move,
    /// SAN as tabiya writes it (canonical, with `+`/`#`), whatever the file said.
    pub san: String,
    /// Numeric annotation glyphs: `$1`, or `!` read as 1, `?` as 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
    pub nags: Vec<u8>,
    /// The comment text after the move, with the `[%…]` commands taken out.
    pub comment: Option<String>,
    /// `[%clk]`: the mover's clock after the move.
    pub clock: Option<Duration>,
    /// `[%emt]`: the time the move took.
    pub emt: Option<Duration>,
    /// `[%eval]`: from White's point of view.
    pub eval: Option<EvalScore>,
    /// The depth the file gave with `[%eval]` (`[%eval 0.23,18]`), written back with it.
    pub eval_depth: Option<u16>,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<Line>,
}

impl MoveNode {
    pub fn new(mv: Move, san: String) -> MoveNode {
        MoveNode {
            mv,
            san,
            nags: Vec::new(),
            comment: None,
            clock: None,
            emt: None,
            eval: None,
            eval_depth: None,
            variations: Vec::new(),
        }
    }

    /// A null move (`--`): the side to move passes. Only inside variations, and never while in check.
    pub fn null() -> MoveNode {
        MoveNode::new(Move::NONE, NULL_SAN.to_string())
    }

    pub fn is_null(&self) -> bool {
        self.mv == Move::NONE
    }

    /// Plays this move on `pos` (the position before it).
    pub fn play(&self, pos: &mut Position) {
        play_or_pass(pos, self.mv);
    }
}

/// Plays `m` on `pos`, or passes for a null move (`Move::NONE`, as a game record holds one).
pub fn play_or_pass(pos: &mut Position, m: Move) {
    if m == Move::NONE {
        pos.pass();
    } else {
        pos.make_move(m);
    }
}

/// `moves` from `start` (a null move written `Move::NONE`) as the position after the last null move and the
/// moves after it.
pub fn split_at_last_pass(start: &Position, moves: &[Move]) -> (Position, Vec<Move>) {
    let cut = moves.iter().rposition(|&m| m == Move::NONE).map_or(0, |i| i + 1);
    let mut pos = start.clone();
    for &m in &moves[..cut] {
        play_or_pass(&mut pos, m);
    }
    (pos, moves[cut..].to_vec())
}

/// How tabiya writes a null move (the form python-chess, lichess and ChessBase all read).
pub const NULL_SAN: &str = "--";

/// A sequence of moves, with a comment that may stand before the first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub comment: Option<String>,
    pub moves: Vec<MoveNode>,
}

/// A whole game: where it starts and its mainline.
#[derive(Clone, Debug)]
pub struct GameTree {
    pub start: Position,
    pub mainline: Line,
}

impl GameTree {
    pub fn new(start: Position) -> GameTree {
        GameTree { start, mainline: Line::default() }
    }

    /// The mainline's moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.mainline.moves.iter().map(|n| n.mv)
    }

    /// Whether the main line has a null move (a pass): such a game can be reviewed and analysed, not resumed.
    pub fn mainline_passes(&self) -> bool {
        self.mainline.moves.iter().any(MoveNode::is_null)
    }

    /// The position after the main line's last null move (the start when there is none) and the moves after
    /// it: the part of the game that a rules history, an engine or a new game can take.
    pub fn after_last_pass(&self) -> (Position, Vec<Move>) {
        split_at_last_pass(&self.start, &self.moves().collect::<Vec<_>>())
    }

    /// The position after the first `ply` mainline moves (clamped to the game's length).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for node in self.mainline.moves.iter().take(ply) {
            node.play(&mut pos);
        }
        pos
    }

    /// How many moves, variations included (a measure of a game's size).
    pub fn node_count(&self) -> usize {
        fn count(line: &Line) -> usize {
            line.moves.iter().map(|n| 1 + n.variations.iter().map(count).sum::<usize>()).sum()
        }
        count(&self.mainline)
    }
}

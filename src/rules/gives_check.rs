//! Does a move give check? Answered before the move is made, so that a search can decide to skip a move
//! (most of its pruning spares moves that check) without making and unmaking it.
//!
//! A move checks directly (the piece on its destination attacks the enemy king, with its origin empty) or
//! by discovery (its origin was the only piece between the king and one of the mover's sliders, and the
//! destination leaves that line). Castling and en passant, which move or remove two pieces, are played on
//! a copy instead.

use super::moves::{Move, MoveKind};
use super::position::{Position, ray_is_clear};
use super::tables::{ATTACK_MASK, CODE_ATTACK_BIT, QUEEN_BIT, SLIDER_BITS, STEP, diff_index};
use super::types::Piece;

impl Position {
    /// Whether the legal move `m` gives check: the same answer as `in_check` after `make_move(m)`.
    pub fn gives_check(&self, m: Move) -> bool {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant) {
            let mut after = self.clone();
            after.make_move(m);
            return after.in_check();
        }
        let (from, to) = (m.from().0, m.to().0);
        let king = self.list[(!self.side).index()][0];
        let code = match m.promotion() {
            Some(role) => Piece::new(self.side, role).code(),
            None => self.board[from as usize],
        };
        self.checks_from(code, from, to, king) || self.uncovers_check(from, to, king)
    }

    /// Does the piece `code`, arriving on `to` from `from`, attack `king`?
    fn checks_from(&self, code: u8, from: u8, to: u8, king: u8) -> bool {
        let bit = CODE_ATTACK_BIT[code as usize];
        let d = diff_index(to, king);
        if ATTACK_MASK[d] & bit == 0 {
            return false;
        }
        if bit & SLIDER_BITS == 0 {
            return true;
        }
        // The ray as it will be: `from` is empty once the piece has left it (a pawn promoting on the king's
        // file checks through the square it came from).
        let step = STEP[d] as u8;
        let mut s = to.wrapping_add(step);
        while s != king {
            if s != from && self.board[s as usize] != 0 {
                return false;
            }
            s = s.wrapping_add(step);
        }
        true
    }

    /// Does leaving `from` for `to` open a line from one of the mover's sliders to `king`?
    fn uncovers_check(&self, from: u8, to: u8, king: u8) -> bool {
        let d = diff_index(king, from);
        if ATTACK_MASK[d] & QUEEN_BIT == 0 {
            return false;
        }
        let step = STEP[d];
        let dt = diff_index(king, to);
        // A destination on the same side of the king along the same line still blocks it.
        if ATTACK_MASK[dt] & QUEEN_BIT != 0 && STEP[dt] == step {
            return false;
        }
        if !ray_is_clear(&self.board, king, from, step) {
            return false;
        }
        let mut s = from.wrapping_add(step as u8);
        while s & 0x88 == 0 {
            let code = self.board[s as usize];
            if code != 0 {
                // A piece's code carries its colour in bit 3 (`Piece::code`).
                let ours = code >> 3 == self.side as u8;
                return ours && CODE_ATTACK_BIT[code as usize] & ATTACK_MASK[diff_index(s, king)] & SLIDER_BITS != 0;
            }
            s = s.wrapping_add(step as u8);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{MoveList, Position};

    /// Compares `gives_check` with making the move, for every move of every position of the tree below `pos`.
    fn compare_tree(pos: &mut Position, depth: u32, checked: &mut u64, checks: &mut u64) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for &m in list.iter() {
            let predicted = pos.gives_check(m);
            let undo = pos.make_move(m);
            let actual = pos.in_check();
            assert_eq!(predicted, actual, "the move that led to {}", pos.to_fen());
            *checked += 1;
            *checks += actual as u64;
            if depth > 1 {
                compare_tree(pos, depth - 1, checked, checks);
            }
            pos.unmake_move(m, undo);
        }
    }

    #[test]
    fn agrees_with_making_the_move_on_the_perft_positions() {
        let (mut checked, mut checks) = (0, 0);
        for line in include_str!("../../tests/data/perft.epd").lines().filter(|l| !l.starts_with('#')) {
            let mut fields = line.split(';');
            let Ok(mut pos) = Position::from_fen(fields.next().unwrap_or("").trim()) else {
                continue;
            };
            // Four plies where the tree is small (most positions, Chess960 ones included), else three.
            let d4: u64 = fields.find_map(|f| f.trim().strip_prefix("D4 ")?.parse().ok()).unwrap_or(u64::MAX);
            compare_tree(&mut pos, if d4 < 1_000_000 { 4 } else { 3 }, &mut checked, &mut checks);
        }
        assert!(checked > 4_000_000 && checks > 20_000, "{checked} moves, {checks} checks");
    }

    #[test]
    fn a_promotion_checks_through_the_square_it_came_from() {
        let (mut checked, mut checks) = (0, 0);
        let mut pos = Position::from_fen("8/4P3/8/8/8/8/4k3/K7 w - - 0 1").unwrap();
        compare_tree(&mut pos, 1, &mut checked, &mut checks);
        assert_eq!(checks, 2, "e8=Q and e8=R");
        let mut pos = Position::from_fen("8/8/8/4K3/8/8/4p3/k7 b - - 0 1").unwrap();
        compare_tree(&mut pos, 1, &mut checked, &mut checks);
        assert_eq!(checks, 4, "e1=Q and e1=R");
    }

    /// Random games reach the endings and the odd placements the perft positions lack.
    #[test]
    fn agrees_with_making_the_move_along_random_games() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let (mut checked, mut checks) = (0, 0);
        for game in 0..300 {
            let fen = if game % 3 == 0 {
                crate::rules::START_FEN
            } else {
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
            };
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..300 {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                compare_tree(&mut pos, 1, &mut checked, &mut checks);
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                pos.make_move(list[(seed >> 33) as usize % list.len()]);
            }
        }
        assert!(checks > 10_000, "{checked} moves, {checks} checks");
    }
}

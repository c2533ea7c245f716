//! Move ordering: the transposition-table move first, then winning and even captures (MVV-LVA, with SEE
//! sorting out the losing ones), queen promotions, two killer moves per ply, and quiet moves by history;
//! losing captures and under-promotions last. Moves are picked lazily by selection, since a cutoff often
//! comes after the first few.

use crate::engine::info::MAX_PLY;
use crate::engine::see::{SEE_VALUE, see};
use crate::rules::{Color, Move, MoveList, Position, Role};
use arrayvec::ArrayVec;

const TT_MOVE: i32 = 10_000_000;
const GOOD_CAPTURE: i32 = 8_000_000;
const KILLER_1: i32 = 7_000_000;
const KILLER_2: i32 = 6_900_000;
const BAD_CAPTURE: i32 = -3_000_000;
const UNDER_PROMOTION: i32 = -4_000_000;
/// History scores stay within ±HISTORY_MAX.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Killer moves and the history table, kept across the iterations of one search (history is aged between
/// searches).
pub(crate) struct Heuristics {
    pub killers: [[Move; 2]; MAX_PLY + 2],
    history: [[[i32; 64]; 64]; 2],
}

impl Heuristics {
    pub fn new() -> Box<Heuristics> {
        Box::new(Heuristics { killers: [[Move::NONE; 2]; MAX_PLY + 2], history: [[[0; 64]; 64]; 2] })
    }

    pub fn clear(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.history = [[[0; 64]; 64]; 2];
    }

    /// Keeps what was learnt but lets new searches overrule it quickly.
    pub fn age(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.history.iter_mut().flatten().flatten().for_each(|h| *h /= 4);
    }

    #[inline]
    pub fn history(&self, side: Color, m: Move) -> i32 {
        self.history[side.index()][m.from().to_64()][m.to().to_64()]
    }

    /// Rewards the quiet move that caused a cutoff and punishes the quiet moves tried before it.
    pub fn reward(&mut self, side: Color, ply: usize, best: Move, tried: &[Move], depth: i32) {
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
        let bonus = (depth * depth * 8).min(HISTORY_MAX / 2);
        self.update(side, best, bonus);
        for &m in tried {
            if m != best {
                self.update(side, m, -bonus);
            }
        }
    }

    /// The "gravity" update: the closer to the bound, the smaller the step.
    fn update(&mut self, side: Color, m: Move, bonus: i32) {
        let h = &mut self.history[side.index()][m.from().to_64()][m.to().to_64()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// Hands out the moves of a node best-first.
pub(crate) struct MovePicker {
    moves: ArrayVec<(Move, i32), 256>,
    next: usize,
}

impl MovePicker {
    pub fn new(pos: &Position, list: &MoveList, tt_move: Move, heur: &Heuristics, ply: usize) -> MovePicker {
        let killers = heur.killers[ply];
        let moves = list
            .iter()
            .map(|&m| {
                let score = if m == tt_move {
                    TT_MOVE
                } else if !m.is_quiet() {
                    tactical_score(pos, m)
                } else if m == killers[0] {
                    KILLER_1
                } else if m == killers[1] {
                    KILLER_2
                } else {
                    heur.history(pos.side_to_move(), m)
                };
                (m, score)
            })
            .collect();
        MovePicker { moves, next: 0 }
    }

    /// Captures only, by MVV-LVA (quiescence search prunes the losing ones itself).
    pub fn tactical(list: &MoveList) -> MovePicker {
        MovePicker { moves: list.iter().map(|&m| (m, mvv_lva(m))).collect(), next: 0 }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let rest = self.moves.get(self.next..)?;
        let best = rest.iter().enumerate().max_by_key(|(_, (_, s))| *s)?.0 + self.next;
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1].0)
    }
}

#[inline]
pub(crate) fn mvv_lva(m: Move) -> i32 {
    let victim = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    let promo = m.promotion().map_or(0, |r| SEE_VALUE[r as usize]);
    (victim + promo) * 8 - m.role() as i32
}

fn tactical_score(pos: &Position, m: Move) -> i32 {
    match m.promotion() {
        Some(Role::Queen) | None => {}
        Some(_) => return UNDER_PROMOTION + mvv_lva(m),
    }
    let victim = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    let attacker = if m.promotion().is_some() { 0 } else { SEE_VALUE[m.role() as usize] };
    if victim >= attacker || see(pos, m) >= 0 { GOOD_CAPTURE + mvv_lva(m) } else { BAD_CAPTURE + mvv_lva(m) }
}

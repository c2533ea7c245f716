//! Static exchange evaluation: the material result of the sequence of captures on one square, each side
//! always recapturing with its least valuable piece and free to stop. Used to order captures and to skip
//! losing ones in quiescence search.

use super::attacks::{could_attack, piece_attacks};
use crate::rules::{Color, Move, MoveKind, Position};

/// Piece values for exchanges (index = role; the king is "infinite").
pub(crate) const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

/// Is the exchange started by `m` at least even? Cheap when the victim is worth at least the attacker.
#[inline]
pub(crate) fn see_non_negative(pos: &Position, m: Move) -> bool {
    let victim = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    (m.promotion().is_none() && victim >= SEE_VALUE[m.role() as usize]) || see(pos, m) >= 0
}

/// The expected material gain of `m` for the side to move.
pub(crate) fn see(pos: &Position, m: Move) -> i32 {
    if m.kind() == MoveKind::Castle {
        return 0;
    }
    let (from, to) = (m.from().index(), m.to().index());
    let mut board = pos.board;
    let mut gain = [0i32; 34];
    gain[0] = m.captured().map_or(0, |r| SEE_VALUE[r as usize]);
    let mut on_square = SEE_VALUE[m.role() as usize];
    if let Some(p) = m.promotion() {
        gain[0] += SEE_VALUE[p as usize] - SEE_VALUE[1];
        on_square = SEE_VALUE[p as usize];
    }
    board[from as usize] = 0;
    if m.kind() == MoveKind::EnPassant {
        board[(to ^ 0x10) as usize] = 0;
    }
    let candidates = Candidates::new(pos, to);
    let mut side = pos.side.index() ^ 1;
    let mut d = 0;
    while d < 32 {
        let Some((sq, value)) = candidates.least_valuable(&board, side, to) else { break };
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        board[sq as usize] = 0;
        on_square = value;
        side ^= 1;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// The pieces of each side that could attack the target square on an empty board: found once per exchange,
/// so each recapture only re-checks these for blockers (which also finds x-ray attackers as the pieces in
/// front leave).
struct Candidates {
    squares: [[u8; 16]; 2],
    len: [usize; 2],
}

impl Candidates {
    /// The candidates in piece-list order (the order decides which of two equal pieces recaptures first).
    /// Pawns can attack `to` from two squares only, so those two squares are looked at instead of every
    /// pawn; the other pieces are tested one by one.
    fn new(pos: &Position, to: u8) -> Candidates {
        let mut c = Candidates { squares: [[0; 16]; 2], len: [0; 2] };
        for side in 0..2 {
            let in_list = ((1u32 << pos.count[side]) - 1) as u16;
            let mut members = in_list & !pos.roles[side][1];
            let pawn = 1 | (side as u8) << 3;
            // A white pawn attacks up the board (+15, +17), so it stands 15 or 17 below its target.
            let (left, right) = if side == 0 { (to.wrapping_sub(15), to.wrapping_sub(17)) } else { (to + 15, to + 17) };
            for sq in [left, right] {
                if sq & 0x88 == 0 && pos.board[sq as usize] == pawn {
                    members |= 1 << pos.index[sq as usize];
                }
            }
            for sq in pos.squares_in(Color::BOTH[side], members) {
                // Written always, kept when it attacks: whether a piece lines up with the square is as good as
                // random to the processor, so no branch.
                let len = c.len[side];
                c.squares[side][len & 15] = sq;
                c.len[side] = len + usize::from(sq != to && could_attack(pos.board[sq as usize], sq, to));
            }
        }
        c
    }

    /// The cheapest candidate of `side` still on `board` that attacks `to`.
    fn least_valuable(&self, board: &[u8; 128], side: usize, to: u8) -> Option<(u8, i32)> {
        let mut best: Option<(u8, i32)> = None;
        for &sq in &self.squares[side][..self.len[side]] {
            let code = board[sq as usize];
            if code == 0 {
                continue;
            }
            let value = SEE_VALUE[(code & 7) as usize];
            if best.is_some_and(|(_, v)| v <= value) {
                continue;
            }
            if piece_attacks(board, code, sq, to) {
                best = Some((sq, value));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_uci;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        see(&pos, parse_uci(&pos, mv).unwrap())
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn.
        assert_eq!(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
        // Knight takes a pawn defended by a pawn: loses the knight for a pawn.
        assert_eq!(see_of("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"), 100 - 320);
        // Queen takes a defended pawn, the x-rayed rook behind does not save it.
        assert!(see_of("4k3/4r3/8/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5") < 0);
        // Rook behind rook: RxP, RxR, RxR wins a pawn.
        assert_eq!(see_of("4k3/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5"), 100);
    }

    /// Every piece that could attack the square on an empty board, in piece-list order: the plain scan that
    /// `Candidates::new` must agree with.
    fn candidates_by_scan(pos: &Position, to: u8) -> Vec<Vec<u8>> {
        (0..2)
            .map(|side| {
                pos.list[side][..pos.count[side] as usize]
                    .iter()
                    .copied()
                    .filter(|&sq| sq != to && could_attack(pos.board[sq as usize], sq, to))
                    .collect()
            })
            .collect()
    }

    /// Along random games (Chess960 included), the candidates of every capture's square are those of the
    /// plain scan, in the same order.
    #[test]
    fn candidates_match_the_plain_scan() {
        use crate::rules::MoveList;
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        let mut checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..120 {
                    let mut list = MoveList::new();
                    pos.legal_moves(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    for m in list.iter().filter(|m| !m.is_quiet()) {
                        let to = m.to().index();
                        let fast = Candidates::new(&pos, to);
                        let fast: Vec<Vec<u8>> = (0..2).map(|s| fast.squares[s][..fast.len[s]].to_vec()).collect();
                        assert_eq!(fast, candidates_by_scan(&pos, to), "{} {m:?}", pos.to_fen());
                        checked += 1;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make_move(list[seed as usize % list.len()]);
                }
            }
        }
        assert!(checked > 10_000, "{checked} captures");
    }
}

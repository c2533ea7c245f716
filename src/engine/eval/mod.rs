//! Static evaluation: how good a position is for the side to move, in centipawns.
//!
//! A tapered evaluation: every term has a middlegame and an endgame weight, blended by the game phase (how
//! much non-pawn material is left). The terms are material and piece-square tables, pawn structure, mobility,
//! outposts, king safety, threats, rooks on open files, the bishop pair, and special knowledge of won and drawn
//! endgames. All weights live in [`params`].

mod endgame;
mod king;
mod maps;
mod mobility;
pub mod nnue;
pub mod params;
mod pawn_cache;
mod pawns;
mod psqt;
mod threats;
pub mod tuning;
mod weights;

use crate::rules::{Color, Position, Square};
use params::*;
pub use weights::WEIGHTS;

/// Middlegame and endgame sums per colour.
#[derive(Clone, Default)]
pub(crate) struct Acc {
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Acc {
    #[inline]
    pub(crate) fn add(&mut self, c: usize, mg: i32, eg: i32) {
        self.mg[c] += mg;
        self.eg[c] += eg;
    }
}

/// Counts of each role per colour, indexed `[colour][role]`.
pub(crate) type Counts = [[i32; 7]; 2];

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    from_side_to_move(pos, evaluate_white(pos), &WEIGHTS)
}

/// The network's inputs for `pos` as the side `view` (0 White) sees it: one per piece.
pub fn network_inputs(pos: &Position, view: usize) -> arrayvec::ArrayVec<u16, 32> {
    let mut inputs = arrayvec::ArrayVec::new();
    for c in 0..2 {
        for &sq in &pos.list[c][..pos.count[c] as usize] {
            let role = (pos.board[sq as usize] & 7) as usize;
            inputs.push(nnue::input(view, c, role, Square(sq).to_64()));
        }
    }
    inputs
}

/// Whether the network's correction is added to the evaluation of `pos`: not where a side has a bare king or
/// no pawn is left, the endgames whose scores the hand-written endgame knowledge sets (mates, dead draws).
pub fn network_applies(pos: &Position) -> bool {
    let pawns = |c: usize| pos.list[c][..pos.count[c] as usize].iter().any(|&sq| pos.board[sq as usize] & 7 == 1);
    pos.count[0] > 1 && pos.count[1] > 1 && (pawns(0) || pawns(1))
}

/// The shipped network (`assets/eval.net`, made by `examples/nnue_train.rs`: README "The evaluation network").
static NETWORK: std::sync::LazyLock<nnue::Network> = std::sync::LazyLock::new(|| {
    nnue::Network::from_bytes(include_bytes!("../../../assets/eval.net"))
        .expect("the embedded network is checked by a test")
});

/// The largest correction the network may make, in centipawns: a guard against a wild output, far above
/// what the shipped network gives (a mean of about 40).
const MAX_CORRECTION: i32 = 400;

/// The evaluation at full strength: `evaluate` plus the network's correction where it applies. `acc` holds
/// the network's sums for the last position this thread evaluated.
pub fn evaluate_full(pos: &Position, acc: &mut nnue::Accumulator) -> i32 {
    let base = evaluate(pos);
    if !network_applies(pos) {
        return base;
    }
    let kings = [pos.list[0][0], pos.list[1][0]];
    let correction =
        NETWORK.correction_from(acc, &pos.board, kings, pos.side as usize, (pos.count[0] + pos.count[1]) as usize);
    base + correction.clamp(-MAX_CORRECTION, MAX_CORRECTION)
}

/// `evaluate_full` without an accumulator to update, adding the position up afresh.
pub fn evaluate_full_fresh(pos: &Position) -> i32 {
    evaluate_full(pos, &mut nnue::Accumulator::default())
}

/// The evaluation from White's point of view (no tempo).
pub fn evaluate_white(pos: &Position) -> i32 {
    white_score(pos, &WEIGHTS, Pawns::Cached)
}

/// `evaluate` with other weights (for tuning).
pub fn evaluate_with(pos: &Position, p: &Params) -> i32 {
    from_side_to_move(pos, evaluate_white_with(pos, p), p)
}

/// `evaluate_white` with other weights (for tuning).
pub fn evaluate_white_with(pos: &Position, p: &Params) -> i32 {
    white_score(pos, p, Pawns::Fresh)
}

fn from_side_to_move(pos: &Position, white: i32, p: &Params) -> i32 {
    let v = if pos.side == Color::White { white } else { -white };
    v + p.tempo
}

/// Where the pawn-structure facts come from: the cache holds them for the shipped weights only.
enum Pawns {
    Cached,
    Fresh,
}

fn white_score(pos: &Position, p: &Params, source: Pawns) -> i32 {
    let mut acc = Acc::default();
    let mut maps = maps::Maps::default();
    let table = match source {
        Pawns::Cached => Some(&psqt::SHIPPED),
        Pawns::Fresh => None,
    };
    let counts = material_and_psqt(pos, p, table, &mut acc, &mut maps);
    let pawn_sets = [maps.pieces[0][1], maps.pieces[1][1]];
    let pawns = match source {
        Pawns::Cached => pawn_cache::lookup(pos, pawn_sets),
        Pawns::Fresh => pawn_cache::PawnEntry::compute(pos, pawn_sets, p),
    };
    for c in 0..2 {
        acc.add(c, pawns.score.mg[c], pawns.score.eg[c]);
    }
    let king_attacks = mobility::evaluate(pos, &pawns.info, &mut maps, p, &mut acc);
    king::evaluate(pos, &maps, &king_attacks, p, &mut acc);
    threats::evaluate(&maps, p, &mut acc);
    pawns::evaluate_passed(pos, pawns.passed, &maps, p, &mut acc);
    for (c, count) in counts.iter().enumerate() {
        if count[3] >= 2 {
            acc.add(c, p.bishop_pair_mg, p.bishop_pair_eg);
        }
    }
    let phase: i32 = (0..2).map(|c| (1..6).map(|r| counts[c][r] * PHASE_WEIGHT[r]).sum::<i32>()).sum();
    let phase = phase.min(PHASE_TOTAL);
    let mg = acc.mg[0] - acc.mg[1];
    let eg = acc.eg[0] - acc.eg[1];
    let score = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    endgame::adjust(pos, p, &counts, score)
}

/// Adds material and piece-square values (from `table` when it holds `p`'s, else added up from `p`) and
/// records where the pieces stand in `maps`; returns the piece counts.
fn material_and_psqt(
    pos: &Position,
    p: &Params,
    table: Option<&psqt::Psqt>,
    acc: &mut Acc,
    maps: &mut maps::Maps,
) -> Counts {
    let mut counts = [[0; 7]; 2];
    for (c, count) in counts.iter_mut().enumerate() {
        for &sq in &pos.list[c][..pos.count[c] as usize] {
            let code = pos.board[sq as usize];
            let role = (code & 7) as usize;
            count[role] += 1;
            maps.place(c, role, sq);
            let (mg, eg) = match table {
                Some(t) => t.get(code, sq),
                None => {
                    let file = (sq & 7) as usize;
                    let rank = if c == 0 { (sq >> 4) as usize } else { 7 - (sq >> 4) as usize };
                    (
                        p.value_mg[role] + p.pst_file_mg[role][file] + p.pst_rank_mg[role][rank],
                        p.value_eg[role] + p.pst_file_eg[role][file] + p.pst_rank_eg[role][rank],
                    )
                }
            };
            acc.add(c, mg, eg);
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(fen: &str) -> i32 {
        evaluate_white(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        assert_eq!(evaluate_white(&Position::startpos()), 0);
        // A mirrored position evaluates to the negated score.
        let a = eval_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval_fen("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, -b);
    }

    /// The shipped table and the tuner's sums agree: along random games the two evaluations are equal.
    #[test]
    fn the_shipped_table_equals_the_sums() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        along_random_games(&fens, 20, 100, 0x2545_f491_4f6c_dd1d, |pos| {
            assert_eq!(evaluate_white(pos), evaluate_white_with(pos, &WEIGHTS), "{}", pos.to_fen());
        });
    }

    /// Calls `visit` on every position of `games` random games of up to `plies` moves from each of `fens`.
    fn along_random_games(fens: &[&str], games: usize, plies: usize, mut seed: u64, mut visit: impl FnMut(&Position)) {
        use crate::rules::MoveList;
        for fen in fens {
            for _ in 0..games {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..plies {
                    visit(&pos);
                    let mut list = MoveList::new();
                    pos.legal_moves(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make_move(list[seed as usize % list.len()]);
                }
            }
        }
    }

    /// The network's sums carried from position to position equal the sums added up afresh, through random
    /// games with castling, en passant and promotions, Chess960 too, and jumps between unrelated positions.
    #[test]
    fn the_network_updated_by_difference_equals_the_network_afresh() {
        let mut acc = nnue::Accumulator::default();
        let mut applied = 0;
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "8/2P3k1/8/8/8/8/4p1K1/8 w - - 0 1",
        ];
        along_random_games(&fens, 15, 120, 0x9e37_79b9_7f4a_7c15, |pos| {
            assert_eq!(evaluate_full(pos, &mut acc), evaluate_full_fresh(pos), "{}", pos.to_fen());
            applied += network_applies(pos) as u32;
        });
        assert!(applied > 1000, "the network applied in {applied} positions");
    }

    #[test]
    fn the_network_corrects_by_a_bounded_amount() {
        let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
        let difference = evaluate_full_fresh(&pos) - evaluate(&pos);
        assert!(difference.abs() <= MAX_CORRECTION);
        // A bare king: the endgame knowledge's score stands.
        let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1").unwrap();
        assert_eq!(evaluate_full_fresh(&pos), evaluate(&pos));
    }

    #[test]
    fn extra_material_counts() {
        assert!(eval_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 900);
        assert!(eval_fen("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1") < -500);
        // Bare kings and a lone minor piece are dead draws.
        assert_eq!(eval_fen("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), 0);
        assert_eq!(eval_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn passed_pawns_are_worth_more_further_up() {
        let far = eval_fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
        let near = eval_fen("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1");
        assert!(far > near);
    }

    #[test]
    fn a_passed_pawn_outside_the_square_is_nearly_a_queen() {
        // White pawn b5; the black king is outside the square on h5 but inside it on d5.
        let runs = eval_fen("8/8/8/1P5k/8/8/8/K7 w - - 0 1");
        let caught = eval_fen("8/8/8/1P1k4/8/8/8/K7 w - - 0 1");
        assert!(runs > caught + 400, "{runs} v {caught}");
        // From f5 the king is one step too slow with White to move, in time with Black to move.
        let white_to_move = eval_fen("8/8/8/1P3k2/8/8/8/K7 w - - 0 1");
        let black_to_move = eval_fen("8/8/8/1P3k2/8/8/8/K7 b - - 0 1");
        assert!(white_to_move > black_to_move + 400, "{white_to_move} v {black_to_move}");
    }

    #[test]
    fn lone_king_is_driven_to_the_edge() {
        let centre = eval_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        let edge = eval_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(edge > centre && centre > MATING_BONUS);
    }
}

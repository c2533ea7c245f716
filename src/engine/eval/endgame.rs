//! Endgame knowledge the general terms lack: driving a bare king to the edge when mate can be forced (to a
//! corner of the bishop's colour with bishop and knight), and scaling down advantages that cannot win (no
//! pawns and at most a minor piece more).

use super::Counts;
use super::params::*;
use crate::engine::attacks::distance;
use crate::rules::{Position, Square};

/// Adjusts the White-relative score `score` for special endgames.
pub(crate) fn adjust(pos: &Position, p: &Params, counts: &Counts, score: i32) -> i32 {
    for strong in 0..2 {
        let weak = 1 - strong;
        if pos.count[weak] == 1 && can_force_mate(&counts[strong]) {
            let v = mating_score(pos, p, counts, strong);
            return if strong == 0 { v } else { -v };
        }
    }
    let strong = if score > 0 { 0 } else { 1 };
    let weak = 1 - strong;
    if counts[strong][1] > 0 {
        return score;
    }
    let npm = |c: usize| (2..6).map(|r| counts[c][r] * p.value_mg[r]).sum::<i32>();
    if npm(strong) < p.value_mg[4] {
        // A lone minor piece (or nothing) cannot mate: at best a draw for the stronger side.
        return if counts[weak][1] == 0 { 0 } else { score / 16 };
    }
    let knights_only = counts[strong][2] == 2 && npm(strong) == 2 * p.value_mg[2];
    if knights_only && pos.count[weak] == 1 {
        return 0;
    }
    if npm(strong) - npm(weak) <= p.value_mg[3] { score / 4 } else { score }
}

/// Queen, rook, two bishops or bishop and knight mate a bare king.
fn can_force_mate(c: &[i32; 7]) -> bool {
    c[5] > 0 || c[4] > 0 || c[3] >= 2 || (c[3] >= 1 && c[2] >= 1)
}

/// Material plus a bonus for the loser's king near the edge (and, with bishop and knight alone, near a
/// corner the bishop covers) and the winner's king near it.
fn mating_score(pos: &Position, p: &Params, counts: &Counts, strong: usize) -> i32 {
    let material: i32 = (1..6).map(|r| counts[strong][r] * p.value_eg[r]).sum();
    let loser = pos.list[1 - strong][0];
    let winner = pos.list[strong][0];
    let (f, r) = ((loser & 7) as i32, (loser >> 4) as i32);
    let centre_distance = (3 - f).max(f - 4) + (3 - r).max(r - 4);
    let corner = match bishop_and_knight_light(pos, counts, strong) {
        Some(light) => MATING_RIGHT_CORNER * (14 - right_corner_distance(f, r, light)),
        None => 0,
    };
    material
        + MATING_BONUS
        + MATING_EDGE * centre_distance
        + corner
        + MATING_KINGS_CLOSE * (7 - distance(winner, loser))
}

/// With exactly a bishop and a knight (no pawns, nothing else): whether the bishop is on the light squares.
fn bishop_and_knight_light(pos: &Position, counts: &Counts, strong: usize) -> Option<bool> {
    let c = &counts[strong];
    if (c[1], c[2], c[3], c[4], c[5]) != (0, 1, 1, 0, 0) {
        return None;
    }
    let pieces = &pos.list[strong][..pos.count[strong] as usize];
    let bishop = pieces.iter().find(|&&sq| pos.board[sq as usize] & 7 == 3)?;
    Square::from_index(*bishop).map(Square::is_light)
}

/// Files plus ranks from (`f`, `r`) to the nearer corner of the bishop's colour: h1 and a8 when `light`, else
/// a1 and h8.
fn right_corner_distance(f: i32, r: i32, light: bool) -> i32 {
    if light { (7 - f + r).min(f + 7 - r) } else { (f + r).min(14 - f - r) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::evaluate;

    fn eval_fen(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn corners_by_colour() {
        assert_eq!(right_corner_distance(0, 0, false), 0);
        assert_eq!(right_corner_distance(7, 7, false), 0);
        assert_eq!(right_corner_distance(0, 7, false), 7);
        assert_eq!(right_corner_distance(7, 0, true), 0);
        assert_eq!(right_corner_distance(0, 7, true), 0);
        assert_eq!(right_corner_distance(0, 0, true), 7);
    }

    /// With a light-squared bishop (f1) the black king is mated on a8 or h1, not on a1 or h8; the same kings
    /// and knight, only the bare king's corner differs.
    #[test]
    fn bishop_and_knight_drive_the_king_to_a_corner_of_the_bishops_colour() {
        let right = eval_fen("k7/8/2K5/8/8/8/8/3N1B2 w - - 0 1");
        let wrong = eval_fen("8/8/8/8/8/2K5/8/k2N1B2 w - - 0 1");
        assert!(right > wrong + 100, "a8 {right} v a1 {wrong}");
        // Along the a-file from the wrong corner to the right one the score only rises (Ke4, Bh3, Nh1).
        let scores: Vec<i32> = (0..8).map(|rank| eval_fen(&with_black_king_on_a(rank))).collect();
        assert!(scores.windows(2).all(|w| w[1] >= w[0]), "a1..a8: {scores:?}");
    }

    /// White Ke4, Bh3, Nh1 and the black king on the a-file, `rank` 0 = a1; White to move.
    fn with_black_king_on_a(rank: usize) -> String {
        let mut grid = [['1'; 8]; 8];
        grid[0][7] = 'N';
        grid[2][7] = 'B';
        grid[3][4] = 'K';
        grid[rank][0] = 'k';
        let rows: Vec<String> = grid.iter().rev().map(|row| row.iter().collect()).collect();
        format!("{} w - - 0 1", rows.join("/"))
    }

    #[test]
    fn other_mates_keep_the_plain_edge_bonus() {
        // Two bishops: any corner does; a8 and a1 score alike.
        assert_eq!(eval_fen("k7/8/2K5/8/8/8/8/2B2B2 w - - 0 1"), eval_fen("8/8/8/8/8/2K5/8/k1B2B2 w - - 0 1"));
    }
}

//! Chess960 start positions: by standard (Scharnagl) number 0–959, at random, and by the single-die
//! procedure. Number 518 is the standard position.

use super::position::Position;
use super::setup::Setup;
use super::types::Role;
use rand::Rng;

pub const STANDARD_NUMBER: u16 = 518;

/// Knight placements among the five squares left after the bishops and queen, in numbering order.
const KNIGHT_TABLE: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// White's back rank (a to h) of start position `n`, or `None` when `n > 959`.
pub fn back_rank(n: u16) -> Option<[Role; 8]> {
    if n > 959 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = n as usize;
    rank[(n % 4) * 2 + 1] = Some(Role::Bishop); // light squares: b, d, f, h
    let n = n / 4;
    rank[(n % 4) * 2] = Some(Role::Bishop); // dark squares: a, c, e, g
    let n = n / 4;
    place_on_nth_empty(&mut rank, n % 6, Role::Queen);
    let (k1, k2) = KNIGHT_TABLE[n / 6];
    place_on_nth_empty(&mut rank, k2, Role::Knight); // the later one first, so k1 still counts right
    place_on_nth_empty(&mut rank, k1, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_nth_empty(&mut rank, 0, role);
    }
    Some(rank.map(|r| r.unwrap_or(Role::Rook)))
}

fn place_on_nth_empty(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|r| r.is_none()).nth(nth) {
        *slot = Some(role);
    }
}

/// The number of a back rank, or `None` if it is not a Chess960 start.
pub fn number_of(rank: &[Role; 8]) -> Option<u16> {
    (0..960).find(|&n| back_rank(n).as_ref() == Some(rank))
}

/// Start position `n` (0–959) as a position flagged Chess960 (518 is flagged too: it is still a Chess960 game).
pub fn start_position(n: u16) -> Option<Position> {
    let mut setup = Setup::from_back_rank(back_rank(n)?);
    setup.chess960 = true;
    Position::from_setup(&setup).ok()
}

pub fn random_number(rng: &mut impl Rng) -> u16 {
    rng.random_range(0..960)
}

/// The single-die procedure: dark-square bishop (1–4 counting from the a-file; 5 and 6 are thrown again),
/// light-square bishop (likewise), queen on the nth of the six empty squares, a knight on the nth of five
/// (6 again), a knight on the nth of four (5 and 6 again), then rook, king, rook on the last three squares.
/// `roll` must return 1–6; every start position comes out with the same probability.
pub fn from_dice(mut roll: impl FnMut() -> u8) -> [Role; 8] {
    let mut throw = |max: u8| loop {
        let r = roll();
        if (1..=max).contains(&r) {
            return (r - 1) as usize;
        }
    };
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[throw(4) * 2] = Some(Role::Bishop);
    rank[throw(4) * 2 + 1] = Some(Role::Bishop);
    place_on_nth_empty(&mut rank, throw(6), Role::Queen);
    place_on_nth_empty(&mut rank, throw(5), Role::Knight);
    place_on_nth_empty(&mut rank, throw(4), Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_nth_empty(&mut rank, 0, role);
    }
    rank.map(|r| r.unwrap_or(Role::Rook))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::setup::STANDARD_BACK_RANK;
    use std::collections::HashSet;

    fn letters(n: u16) -> String {
        back_rank(n).unwrap().iter().map(|r| r.upper_char()).collect()
    }

    #[test]
    fn known_numbers() {
        assert_eq!(back_rank(518), Some(STANDARD_BACK_RANK));
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(back_rank(960), None);
        assert_eq!(start_position(518).unwrap().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    }

    #[test]
    fn all_960_are_distinct_and_valid() {
        let mut seen = HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap();
            assert!(seen.insert(rank), "duplicate at {n}");
            assert_eq!(number_of(&rank), Some(n));
            let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Bishop).collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2);
            let king = rank.iter().position(|&r| r == Role::King).unwrap();
            let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Rook).collect();
            assert!(rooks[0] < king && king < rooks[1]);
            let pos = start_position(n).unwrap();
            assert!(pos.legal_move_vec().len() >= 18);
        }
    }

    #[test]
    fn dice_reach_every_position_evenly() {
        // Enumerate every accepted throw sequence: each position must come from exactly two (the knights swap).
        let mut counts = std::collections::HashMap::new();
        for seq in 0..(4 * 4 * 6 * 5 * 4) {
            let digits = [seq % 4, seq / 4 % 4, seq / 16 % 6, seq / 96 % 5, seq / 480 % 4];
            let mut i = 0;
            let rank = from_dice(|| {
                i += 1;
                digits[i - 1] as u8 + 1
            });
            *counts.entry(rank).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 960);
        assert!(counts.values().all(|&c| c == 2));
    }
}

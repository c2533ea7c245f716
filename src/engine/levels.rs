//! Levels for people, 1 (for someone who has just learnt the moves) to 12 (full strength).
//!
//! Levels 1-10 search shallower and fewer nodes, score every root move exactly, and then pick among the
//! near-best ones with some noise, the way Stockfish's Skill Level does. The `margin` bounds how much worse
//! than the best a chosen move may be, so a level never throws away more than that in one move (level 6 never
//! hangs its queen); the lowest levels sometimes widen it by a piece, which gives the occasional human blunder.
//! Level 11 plays the full-strength search's best move, stopped at a fixed depth: it makes no chosen errors,
//! it just sees less far.
//!
//! Until November 2026 there were eight levels (8 = full strength). Their old numbers 1-8 are today's
//! 1, 2, 3, 4, 6, 8, 10 and 12 (`from_eight_level_scale`), with the same parameters; 5, 7, 9 and 11 are new,
//! so that neighbours are closer in strength.

use crate::rules::Move;
use rand::Rng;

/// The full-strength level.
pub const MAX_LEVEL: u8 = 12;

/// How one level searches and chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Maximum search depth (plies) and nodes; `None` = as the `go` says.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Candidate moves score at least `best - margin` centipawns.
    pub margin: i32,
    /// Each candidate's score gets a random bonus in 0..=noise; the highest total is played.
    pub noise: i32,
    /// Percent chance, per move, that the margin is widened to `blunder_margin`.
    pub blunder_percent: u32,
    pub blunder_margin: i32,
    /// Scores every root move exactly and chooses among them (`choose`); otherwise plays the search's best
    /// move, and margin and noise are unused.
    pub chooses: bool,
}

const fn level(depth: u32, nodes: u64, margin: i32, noise: i32, blunder_percent: u32) -> Level {
    Level { depth: Some(depth), nodes: Some(nodes), margin, noise, blunder_percent, blunder_margin: 350, chooses: true }
}

/// The full-strength search stopped at `depth`.
const fn depth_only(depth: u32) -> Level {
    Level {
        depth: Some(depth),
        nodes: None,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        blunder_margin: 0,
        chooses: false,
    }
}

const LEVELS: [Level; MAX_LEVEL as usize - 1] = [
    level(1, 1_000, 200, 400, 12),
    level(2, 3_000, 150, 250, 6),
    level(3, 10_000, 100, 150, 3),
    level(4, 30_000, 70, 90, 0),
    level(5, 50_000, 57, 70, 0),
    level(5, 80_000, 45, 50, 0),
    level(6, 140_000, 35, 37, 0),
    level(7, 250_000, 25, 25, 0),
    level(8, 450_000, 17, 17, 0),
    level(10, 800_000, 10, 10, 0),
    depth_only(11),
];

/// Today's number of a level written on the eight-level scale used until November 2026 (clamped to 1..=8).
pub fn from_eight_level_scale(old: u8) -> u8 {
    [1, 2, 3, 4, 6, 8, 10, 12][old.clamp(1, 8) as usize - 1]
}

/// The parameters of level `n` (clamped to 1..=MAX_LEVEL); `None` for full strength.
pub fn level_params(n: u8) -> Option<Level> {
    LEVELS.get(n.clamp(1, MAX_LEVEL) as usize - 1).copied()
}

/// Rough Elo of each level, for `UCI_LimitStrength`/`UCI_Elo`, on the scale of Stockfish 15.1's `UCI_Elo`
/// at 10 s + 0.1 s (tools/results, README "Level ladder"). Measured against Stockfish: 12 (55% against 2200,
/// 150 games), 11 and 10 (65% and 30% against 2000, 30 games each), 9 and 8 (85% and 70% against 1600; their
/// difference is kept, since Stockfish's 1600 plays weaker than its number). Level 9 is placed below 10 by
/// their direct match, and levels 1-7 below 8 by the ladder of neighbours, each self-play gap taken at 0.6 of
/// its size (self-play overstates gaps: 0.64 and 0.50 where both measures exist). Each step is uncertain by
/// about ±130 Elo.
pub const LEVEL_ELO: [u32; MAX_LEVEL as usize] = [830, 990, 1100, 1210, 1350, 1380, 1480, 1610, 1760, 1850, 2110, 2235];

/// The strongest level whose rough Elo does not exceed `elo`.
pub fn level_for_elo(elo: u32) -> u8 {
    LEVEL_ELO.iter().rposition(|&e| e <= elo).map_or(1, |i| i as u8 + 1)
}

/// Picks a move among `scored` (root moves with exact scores) as `level` would.
pub fn choose(scored: &[(Move, i32)], level: &Level, rng: &mut impl Rng) -> Option<Move> {
    let best = scored.iter().map(|&(_, s)| s).max()?;
    let margin = if rng.random_range(0..100) < level.blunder_percent { level.blunder_margin } else { level.margin };
    scored
        .iter()
        .filter(|&&(_, s)| s >= best.saturating_sub(margin))
        .map(|&(m, s)| (m, s + rng.random_range(0..=level.noise)))
        .max_by_key(|&(_, v)| v)
        .map(|(m, _)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn levels_get_stronger() {
        for n in 1..MAX_LEVEL - 2 {
            let (a, b) = (level_params(n).unwrap(), level_params(n + 1).unwrap());
            assert!(a.depth <= b.depth && a.nodes < b.nodes && a.margin > b.margin && a.noise > b.noise);
        }
        let (ten, eleven) = (level_params(10).unwrap(), level_params(11).unwrap());
        assert!(ten.chooses && !eleven.chooses && eleven.depth > ten.depth);
        assert_eq!(level_params(MAX_LEVEL), None);
        assert_eq!(level_params(0), level_params(1));
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(level_for_elo(100), 1);
        assert_eq!(level_for_elo(LEVEL_ELO[5]), 6);
        assert_eq!(level_for_elo(LEVEL_ELO[5] - 1), 5);
        assert_eq!(level_for_elo(3000), MAX_LEVEL);
    }

    #[test]
    fn the_eight_old_levels_keep_their_parameters() {
        let old_params = [
            (1, 1_000, 200),
            (2, 3_000, 150),
            (3, 10_000, 100),
            (4, 30_000, 70),
            (5, 80_000, 45),
            (7, 250_000, 25),
            (10, 800_000, 10),
        ];
        for (old, (depth, nodes, margin)) in (1..8).zip(old_params) {
            let l = level_params(from_eight_level_scale(old)).unwrap();
            assert_eq!((l.depth, l.nodes, l.margin), (Some(depth), Some(nodes), margin), "old level {old}");
        }
        assert_eq!(from_eight_level_scale(8), MAX_LEVEL);
        assert_eq!(from_eight_level_scale(0), 1);
    }

    #[test]
    fn never_chooses_beyond_the_margin() {
        let moves = Position::startpos().legal_move_vec();
        let scored: Vec<(Move, i32)> = moves.iter().enumerate().map(|(i, &m)| (m, -(i as i32) * 30)).collect();
        let mut rng = rand::rng();
        let level6 = level_params(6).unwrap();
        for _ in 0..200 {
            let m = choose(&scored, &level6, &mut rng).unwrap();
            let s = scored.iter().find(|&&(x, _)| x == m).unwrap().1;
            assert!(s >= -level6.margin);
        }
    }
}

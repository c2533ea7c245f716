//! Judging moves by how much they lower the mover's winning chances, by lichess's published method, so that
//! "inaccuracy", "mistake", "blunder" and "accuracy" mean the same in tabiya as on lichess.
//!
//! Sources (lichess's server, lila, read for the formulas; the code here is our own):
//! - win chances from centipawns: `modules/analyse/src/main/WinPercent.scala` — a logistic curve with the
//!   multiplier −0.00368208 (lila pull request 11148), scores capped at ±1000 cp, a mate counted as the cap;
//! - judgements: `modules/analyse/src/main/Advice.scala` — a drop of the mover's winning chances (on the
//!   −1…+1 scale) of at least 0.1 is an inaccuracy, 0.2 a mistake, 0.3 a blunder; allowing a forced mate, or
//!   losing one's own, is judged by the centipawn score on the other side of it (beyond 999: inaccuracy,
//!   beyond 700: mistake, else blunder);
//! - accuracy: `modules/analyse/src/main/AccuracyPercent.scala` and lichess.org/page/accuracy — a move's
//!   accuracy is 103.1668 · e^(−0.04354 · drop in win %) − 3.1669, plus 1 for the engine's own uncertainty,
//!   within 0–100; a game's accuracy for one side is the mean of the volatility-weighted mean and the harmonic
//!   mean of its moves' accuracies, the weights being the standard deviation of the win % over a sliding
//!   window (between 0.5 and 12).

use super::brain::EvalScore;
use crate::rules::Color;

/// Centipawn scores beyond this count as this; a mate counts as it too.
pub const CP_CEILING: i32 = 1000;
const MULTIPLIER: f64 = -0.003_682_08;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The PGN NAG: `?!` (6), `?` (2), `??` (4).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// A score as a capped centipawn value from White's view.
fn capped_cp(score: EvalScore) -> f64 {
    match score {
        EvalScore::Cp(cp) => f64::from(cp.clamp(-CP_CEILING, CP_CEILING)),
        EvalScore::Mate(n) if n > 0 => f64::from(CP_CEILING),
        EvalScore::Mate(n) if n < 0 => -f64::from(CP_CEILING),
        // Mate 0: the side to move is mated; engines rarely say it, and the caller knows who that is.
        EvalScore::Mate(_) => 0.0,
    }
}

/// White's winning chances on the −1…+1 scale.
pub fn winning_chances(score: EvalScore) -> f64 {
    (2.0 / (1.0 + (MULTIPLIER * capped_cp(score)).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// White's win percentage, 0–100.
pub fn win_percent(score: EvalScore) -> f64 {
    50.0 + 50.0 * winning_chances(score)
}

/// The accuracy of a move that took the mover's win % from `before` to `after` (both from the mover's view).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The judgement of a move by `mover`, from the evaluations (White's view) before and after it.
pub fn judge(mover: Color, before: EvalScore, after: EvalScore) -> Option<Judgement> {
    let sign = if mover == Color::White { 1 } else { -1 };
    let mate_for_mover = |s: EvalScore| match s {
        EvalScore::Mate(n) if n != 0 => Some(n * sign),
        _ => None,
    };
    let cp_for_mover = |s: EvalScore| match s {
        EvalScore::Cp(cp) => cp * sign,
        EvalScore::Mate(_) => 0,
    };
    match (mate_for_mover(before), mate_for_mover(after)) {
        // The move allowed a forced mate against the mover.
        (None, Some(n)) if n < 0 => return Some(by_cp_gap(-cp_for_mover(before))),
        // The move gave up the mover's own forced mate.
        (Some(p), None) if p > 0 => return Some(by_cp_gap(cp_for_mover(after))),
        (Some(p), Some(n)) if p > 0 && n < 0 => return Some(Judgement::Blunder),
        (Some(_), Some(_)) | (Some(_), None) | (None, Some(_)) => return None,
        (None, None) => {}
    }
    let drop = (winning_chances(before) - winning_chances(after)) * f64::from(sign);
    if drop >= 0.3 {
        Some(Judgement::Blunder)
    } else if drop >= 0.2 {
        Some(Judgement::Mistake)
    } else if drop >= 0.1 {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// For mate created or lost: how far the centipawn score on the other side was from the mate.
fn by_cp_gap(cp_beyond: i32) -> Judgement {
    if cp_beyond > 999 {
        Judgement::Inaccuracy
    } else if cp_beyond > 700 {
        Judgement::Mistake
    } else {
        Judgement::Blunder
    }
}

/// Accuracy and average centipawn loss of each side over a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideFigures {
    pub accuracy: f64,
    pub acpl: u32,
}

/// The evaluations (White's view) of every position of a game: `evals[0]` before the first move,
/// `evals[i]` after ply `i`. `first_mover` is who made ply 1. `passes[i]` is true where ply `i + 1` is a null
/// move: an annotator's device, which counts for nobody's accuracy (the positions still weigh the others').
/// Returns White's and Black's figures, None for a side without a move.
pub fn game_figures(first_mover: Color, evals: &[EvalScore], passes: &[bool]) -> [Option<SideFigures>; 2] {
    let wins: Vec<f64> = evals.iter().map(|&e| win_percent(e)).collect();
    let plies = wins.len().saturating_sub(1);
    let window = (plies / 10).clamp(2, 8);
    let weights = volatility_weights(&wins, window);
    let mut per_side: [Vec<(f64, f64, i32)>; 2] = [Vec::new(), Vec::new()];
    for ply in (0..plies).filter(|&ply| !passes.get(ply).copied().unwrap_or(false)) {
        let mover = if ply % 2 == 0 { first_mover } else { !first_mover };
        let (before, after) = (wins[ply], wins[ply + 1]);
        let (b, a) = if mover == Color::White { (before, after) } else { (100.0 - before, 100.0 - after) };
        let sign = if mover == Color::White { 1.0 } else { -1.0 };
        let loss = ((capped_cp(evals[ply]) - capped_cp(evals[ply + 1])) * sign).max(0.0);
        per_side[mover.index()].push((move_accuracy(b, a), weights[ply], loss as i32));
    }
    per_side.map(|moves| side_figures(&moves))
}

/// One weight per ply: the standard deviation of the win % over the window ending there (the first windows
/// repeat the opening's), between 0.5 and 12.
fn volatility_weights(wins: &[f64], window: usize) -> Vec<f64> {
    let window = window.min(wins.len()).max(1);
    let mut windows: Vec<&[f64]> = Vec::new();
    for _ in 0..window.saturating_sub(2) {
        windows.push(&wins[..window]);
    }
    windows.extend(wins.windows(window));
    windows.iter().map(|w| std_dev(w).clamp(0.5, 12.0)).collect()
}

fn std_dev(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

fn side_figures(moves: &[(f64, f64, i32)]) -> Option<SideFigures> {
    if moves.is_empty() {
        return None;
    }
    let weight_sum: f64 = moves.iter().map(|m| m.1).sum();
    let weighted = moves.iter().map(|m| m.0 * m.1).sum::<f64>() / weight_sum;
    let harmonic = moves.len() as f64 / moves.iter().map(|m| 1.0 / m.0.max(0.01)).sum::<f64>();
    let acpl = moves.iter().map(|m| i64::from(m.2)).sum::<i64>() / moves.len() as i64;
    Some(SideFigures { accuracy: (weighted + harmonic) / 2.0, acpl: u32::try_from(acpl).unwrap_or(0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use EvalScore::{Cp, Mate};

    #[test]
    fn win_percent_follows_the_published_curve() {
        assert!((win_percent(Cp(0)) - 50.0).abs() < 1e-9);
        // lichess.org/page/accuracy: +300 cp is about 75% for White.
        assert!((win_percent(Cp(300)) - 75.1).abs() < 0.2, "{}", win_percent(Cp(300)));
        assert_eq!(win_percent(Cp(5000)), win_percent(Cp(1000)));
        assert_eq!(win_percent(Mate(3)), win_percent(Cp(1000)));
        assert!(win_percent(Mate(-2)) < 3.0);
    }

    #[test]
    fn accuracy_is_100_without_loss_and_falls_with_it() {
        assert_eq!(move_accuracy(50.0, 60.0), 100.0);
        assert!((move_accuracy(50.0, 50.0) - 100.0).abs() < 1e-6);
        let a10 = move_accuracy(60.0, 50.0);
        assert!(a10 > 60.0 && a10 < 70.0, "{a10}");
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn judgements_follow_the_winning_chance_thresholds() {
        assert_eq!(judge(Color::White, Cp(30), Cp(10)), None);
        // On the −1…+1 scale, 0.1 is about 55 cp from equality, 0.2 about 110 and 0.3 about 170.
        assert_eq!(judge(Color::White, Cp(0), Cp(-60)), Some(Judgement::Inaccuracy));
        assert_eq!(judge(Color::White, Cp(0), Cp(-120)), Some(Judgement::Mistake));
        assert_eq!(judge(Color::White, Cp(0), Cp(-200)), Some(Judgement::Blunder));
        // Black's view is the mirror.
        assert_eq!(judge(Color::Black, Cp(0), Cp(500)), Some(Judgement::Blunder));
        assert_eq!(judge(Color::Black, Cp(0), Cp(-500)), None);
        // Already lost: a further drop hardly changes the chances.
        assert_eq!(judge(Color::White, Cp(-900), Cp(-1000)), None);
    }

    #[test]
    fn mates_are_judged_by_what_was_thrown_away() {
        // Allowing a mate from an equal position is a blunder; from a lost one only an inaccuracy.
        assert_eq!(judge(Color::White, Cp(0), Mate(-3)), Some(Judgement::Blunder));
        assert_eq!(judge(Color::White, Cp(-1200), Mate(-3)), Some(Judgement::Inaccuracy));
        // Losing one's own mate but staying far ahead is an inaccuracy; into equality, a blunder.
        assert_eq!(judge(Color::Black, Mate(-2), Cp(-1500)), Some(Judgement::Inaccuracy));
        assert_eq!(judge(Color::Black, Mate(-2), Cp(0)), Some(Judgement::Blunder));
        assert_eq!(judge(Color::White, Mate(5), Mate(4)), None);
    }

    #[test]
    fn a_clean_game_is_accurate_and_a_blunder_costs() {
        let clean = [Cp(20), Cp(25), Cp(20), Cp(22), Cp(18), Cp(20), Cp(21)];
        let [w, b] = game_figures(Color::White, &clean, &[]);
        assert!(w.unwrap().accuracy > 95.0 && b.unwrap().accuracy > 95.0, "{w:?} {b:?}");
        let blunder = [Cp(20), Cp(25), Cp(20), Cp(-600), Cp(-590), Cp(-600), Cp(-610)];
        let [w, b] = game_figures(Color::White, &blunder, &[]);
        let (w, b) = (w.unwrap(), b.unwrap());
        assert!(w.accuracy < b.accuracy - 20.0, "{w:?} {b:?}");
        assert!(w.acpl > 150 && b.acpl < 20, "{w:?} {b:?}");
        assert_eq!(game_figures(Color::White, &[Cp(0)], &[]), [None, None]);
    }

    #[test]
    fn a_pass_counts_for_nobody() {
        // White passes at ply 3 into a lost position; then both sides play on cleanly.
        let evals = [Cp(20), Cp(25), Cp(20), Cp(-600), Cp(-590), Cp(-600), Cp(-610)];
        let passes = [false, false, true, false, false, false];
        let [w, b] = game_figures(Color::White, &evals, &passes);
        let (w, b) = (w.unwrap(), b.unwrap());
        assert!(w.accuracy > 95.0 && w.acpl < 20, "{w:?}");
        assert!(b.accuracy > 95.0, "{b:?}");
        // Only a pass: no figures for its side.
        assert_eq!(game_figures(Color::White, &[Cp(0), Cp(-50)], &[true]), [None, None]);
    }
}

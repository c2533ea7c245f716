//! Texel's measure of an evaluation, shared by the tuner and the term ablation (`examples/tune.rs`,
//! `examples/eval_ablate.rs`): labelled positions (`FEN;p` per line, p the expected result for White) and the
//! mean squared difference between p and the result the evaluation predicts.

use super::evaluate_white_with;
use super::params::Params;
use crate::rules::Position;

/// Reads a `FEN;p` file; an error names the line.
pub fn load_labelled(path: &str) -> Result<Vec<(Position, f64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let (fen, p) = line.rsplit_once(';').ok_or(format!("line {}: expected 'FEN;p'", i + 1))?;
            let pos = Position::from_fen(fen).map_err(|e| format!("line {}: {e}", i + 1))?;
            let p: f64 = p.trim().parse().map_err(|_| format!("line {}: '{p}' is not a number", i + 1))?;
            Ok((pos, p))
        })
        .collect()
}

/// The mean squared error between each label and 1 / (1 + 10^(-eval/400)).
pub fn prediction_error(data: &[(Position, f64)], params: &Params) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(pos, p)| {
            let e = evaluate_white_with(pos, params) as f64;
            let predicted = 1.0 / (1.0 + 10f64.powf(-e / 400.0));
            (predicted - p) * (predicted - p)
        })
        .sum();
    sum / data.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::WEIGHTS;

    #[test]
    fn a_balanced_position_labelled_a_draw_has_no_error() {
        let data = vec![(Position::startpos(), 0.5)];
        assert!(prediction_error(&data, &WEIGHTS) < 1e-12);
        let won = vec![(Position::startpos(), 1.0)];
        assert!((prediction_error(&won, &WEIGHTS) - 0.25).abs() < 1e-9);
    }

    #[test]
    fn bad_lines_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data.txt");
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - - 0 1;0.5\nnot a fen\n").unwrap();
        let err = load_labelled(path.to_str().unwrap()).unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
    }
}

//! Tunes the evaluation weights on labelled positions and rewrites `src/engine/eval/weights.rs`.
//!
//! ```text
//! python3 tools/gen_tune_data.py --positions 20000 --out /tmp/tune.txt
//! cargo run --release --example tune -- /tmp/tune.txt [passes] [output file] [--no-psqt] [--held-out=FILE]
//! ```
//!
//! Each input line is `FEN;p`, p being the expected result for White (1 win, 0.5 draw, 0 loss, or anything
//! between). The error of a weight set is the mean squared difference between p and the expected result the
//! evaluation predicts, 1 / (1 + 10^(-eval/400)) — Texel's method. Weights are improved by local search:
//! each is moved up and down by a step and kept where the error falls; steps shrink from 4 to 1 over the
//! passes. A held-out set's error is printed, to watch for over-fitting: the positions of `--held-out=FILE`,
//! or else every tenth position of the data. Positions from the same game are alike, so a held-out tenth
//! of a file whose games are shuffled together shares games with the fitted part and flatters the fit; a
//! file of positions from other games (another seed of `tools/gen_tune_data.py`) is the honest test. The
//! result replaces `weights.rs` (default path) so the next build uses it.

use std::io::Write;
use tabiya::engine::eval::WEIGHTS;
use tabiya::engine::eval::params::Params;
use tabiya::engine::eval::tuning::{load_labelled, prediction_error as error};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // Flags may come anywhere; the rest are the data file, the passes and the output file, in that order.
    let positional: Vec<&String> = args.iter().skip(1).filter(|a| !a.starts_with("--")).collect();
    let Some(path) = positional.first() else {
        eprintln!("usage: tune <data file: FEN;p per line> [passes] [output .rs file] [--no-psqt] [--held-out=FILE]");
        std::process::exit(2);
    };
    let passes: usize = positional.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let out = positional.get(2).map_or("src/engine/eval/weights.rs".to_string(), |a| a.to_string());
    let with_psqt = !args.iter().any(|a| a == "--no-psqt");
    let held_out = args.iter().find_map(|a| a.strip_prefix("--held-out="));
    let load = |path: &str| {
        load_labelled(path).unwrap_or_else(|e| {
            eprintln!("tune: {path}: {e}");
            std::process::exit(1);
        })
    };
    let data = load(path);
    let (held, data) = match held_out {
        Some(file) => (load(file), data),
        None => {
            // Every tenth position is held out, to see whether the fit generalises.
            let (held, data): (Vec<_>, Vec<_>) = data.into_iter().enumerate().partition(|(i, _)| i % 10 == 0);
            (held.into_iter().map(|(_, d)| d).collect(), data.into_iter().map(|(_, d)| d).collect())
        }
    };
    println!("{} positions to fit, {} held out", data.len(), held.len());
    let mut params = WEIGHTS.clone();
    let mut best = error(&data, &params);
    println!("start error {best:.6}, held-out {:.6}", error(&held, &params));
    for pass in 0..passes {
        let step = [4, 2, 1].get(pass * 3 / passes.max(1)).copied().unwrap_or(1);
        let n = params.weights_mut(with_psqt).len();
        let mut improved = 0;
        for i in 0..n {
            for delta in [step, -step] {
                *params.weights_mut(with_psqt)[i] += delta;
                let e = error(&data, &params);
                if e < best {
                    best = e;
                    improved += 1;
                    break;
                }
                *params.weights_mut(with_psqt)[i] -= delta;
            }
        }
        let h = error(&held, &params);
        println!("pass {} (step {step}): error {best:.6}, held-out {h:.6}, {improved} weights changed", pass + 1);
        write(&out, &params);
    }
}

/// Writes the weights as Rust (Debug output of the struct is valid Rust), through a temporary file so a
/// failed write never leaves half a file.
fn write(path: &str, params: &Params) {
    let text = format!(
        "//! The evaluation weights in use. `cargo run --release --example tune` rewrites this file (see the README,\n\
         //! \"Tuning the evaluation\"); it may also be edited by hand.\n\n\
         use super::params::Params;\n\n\
         pub const WEIGHTS: Params = {params:#?};\n"
    );
    let tmp = format!("{path}.tmp");
    let ok = std::fs::File::create(&tmp).and_then(|mut f| f.write_all(text.as_bytes())).is_ok()
        && std::fs::rename(&tmp, path).is_ok();
    if !ok {
        eprintln!("tune: could not write {path}");
    }
}

//! Tunes the evaluation weights on labelled positions and rewrites `src/engine/eval/weights.rs`.
//!
//! ```text
//! python3 tools/gen_tune_data.py --positions 20000 --out /tmp/tune.txt
//! cargo run --release --example tune -- /tmp/tune.txt [passes] [output file] [--no-psqt]
//! ```
//!
//! Each input line is `FEN;p`, p being the expected result for White (1 win, 0.5 draw, 0 loss, or anything
//! between). The error of a weight set is the mean squared difference between p and the expected result the
//! evaluation predicts, 1 / (1 + 10^(-eval/400)) — Texel's method. Weights are improved by local search:
//! each is moved up and down by a step and kept where the error falls; steps shrink from 4 to 1 over the
//! passes. A tenth of the positions is held out and its error printed, to watch for over-fitting. The result
//! replaces `weights.rs` (default path) so the next build uses it.

use std::io::Write;
use tabiya::engine::eval::WEIGHTS;
use tabiya::engine::eval::params::Params;
use tabiya::engine::eval::tuning::{load_labelled, prediction_error as error};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: tune <data file: FEN;p per line> [passes] [output .rs file] [--no-psqt]");
        std::process::exit(2);
    };
    let passes: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(6);
    let out = args.get(3).cloned().unwrap_or_else(|| "src/engine/eval/weights.rs".to_string());
    let with_psqt = !args.iter().any(|a| a == "--no-psqt");
    let data = match load_labelled(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tune: {path}: {e}");
            std::process::exit(1);
        }
    };
    // Every tenth position is held out, to see whether the fit generalises.
    let (held, data): (Vec<_>, Vec<_>) = data.into_iter().enumerate().partition(|(i, _)| i % 10 == 0);
    let held: Vec<_> = held.into_iter().map(|(_, d)| d).collect();
    let data: Vec<_> = data.into_iter().map(|(_, d)| d).collect();
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

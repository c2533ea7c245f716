//! Prints the tuning error (see `tune`) of the shipped weights with one group of terms switched off at a time,
//! to see which terms help the evaluation predict the labels.
//!
//! ```text
//! cargo run --release --example eval_ablate -- /tmp/tune.txt
//! ```

use tabiya::engine::eval::WEIGHTS;
use tabiya::engine::eval::params::Params;
use tabiya::engine::eval::tuning::{load_labelled, prediction_error as error};

/// Switches a group of terms off in a copy of the weights.
type Switch = fn(&mut Params);

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "/tmp/tune.txt".into());
    let data = load_labelled(&path).unwrap_or_else(|e| {
        eprintln!("eval_ablate: {path}: {e}");
        std::process::exit(1);
    });
    let variants: Vec<(&str, Switch)> = vec![
        ("shipped", |_| {}),
        ("no threats", |p| {
            p.threat_by_pawn_mg = 0;
            p.threat_by_pawn_eg = 0;
            p.threat_by_minor_mg = 0;
            p.threat_by_minor_eg = 0;
            p.threat_by_rook_mg = 0;
            p.threat_by_rook_eg = 0;
        }),
        ("no hanging", |p| {
            p.hanging_mg = 0;
            p.hanging_eg = 0;
            p.hanging_pawn_mg = 0;
            p.hanging_pawn_eg = 0;
        }),
        ("no safe checks", |p| p.safe_check_units = [0; 7]),
        ("no king danger", |p| p.king_danger_per_unit2 = 0),
        ("king danger 2", |p| p.king_danger_per_unit2 = 2),
        ("king danger 1", |p| p.king_danger_per_unit2 = 1),
        ("no connected", |p| {
            p.connected_mg = [0; 8];
            p.connected_eg = [0; 8];
        }),
        ("no outposts", |p| {
            p.outpost_knight_mg = 0;
            p.outpost_knight_eg = 0;
            p.outpost_bishop_mg = 0;
            p.outpost_bishop_eg = 0;
        }),
    ];
    for (name, change) in variants {
        let mut p = WEIGHTS.clone();
        change(&mut p);
        println!("{name:16} {:.6}", error(&data, &p));
    }
}

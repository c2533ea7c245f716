//! Engine analysis as a service of the game layer: whole-game analysis with judgements and accuracy (lichess's
//! method, see `judgement`), used by `tabiya analyse` and the review screen.

pub mod annotate;

pub use annotate::{GameReport, MoveVerdict, PositionAnalysis, annotate, figure_tags, terminal_score};

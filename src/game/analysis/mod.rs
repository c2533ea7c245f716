//! Engine analysis as a service of the game layer: live analysis of a position, whole-game analysis with
//! judgements and accuracy (lichess's method, see `judgement`), and the annotations made from it. Used by
//! `tabiya analyse` and the review and play screens.

pub mod annotate;
pub mod cache;
pub mod recheck;
pub mod service;

pub use annotate::{GameReport, MoveVerdict, PositionAnalysis, annotate, figure_tags, terminal_score};
pub use cache::{AnalysisCache, CacheKey};
pub use service::{
    AnalysisEngine, AnalysisLine, AnalysisRequest, AnalysisService, AnalysisUpdate, DEFAULT_GAME_NODES, PositionLimit,
};

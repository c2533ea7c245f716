//! Drawing: pure functions of the state into a ratatui buffer. Nothing here changes state or decides rules.

pub mod board;
pub mod clocks;
pub mod dialogs;
pub mod eval_graph;
pub mod help;
pub mod hints;
pub mod layout;
pub mod move_flash;
pub mod moves;
pub mod new_game;
pub mod play;
pub mod popup;
pub mod review;
pub mod review_engine;
pub mod review_header;
pub mod review_layout;
pub mod review_moves;
pub mod review_notes;
pub mod screen;
pub mod status;
pub mod too_small;
pub mod unfinished;
pub mod wrap;

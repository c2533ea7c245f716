//! tabiya: chess in the terminal.
//!
//! The layers, each knowing only those below it: `rules` (the 0x88 rules core), `engine` (search on a
//! background thread, and the UCI protocol), `game` (one game's controller: players, clocks, PGN, saves) and
//! `tui` (the ratatui front end). The binary in `main.rs` parses the command line and dispatches.

#![forbid(unsafe_code)]

pub mod engine;
pub mod files;
pub mod game;
pub mod lines;
pub mod rules;
pub mod text;
pub mod tui;

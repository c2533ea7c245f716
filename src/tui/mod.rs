//! The terminal front end: ratatui + crossterm on a tokio event loop.
//!
//! Data flows one way: a terminal event becomes an [`action::Action`] (through the [`keymap`]), the headless
//! [`app::App`] applies it (asking the game controller, which asks the rules core), and the screen is drawn
//! again from the state by [`views`]. The loop redraws only when something changed, and ticks only while a
//! clock runs, so an idle board costs no CPU.

pub mod action;
pub mod analysis;
pub mod app;
pub mod clipboard;
pub mod config;
pub mod dialog;
pub mod event_loop;
pub mod input;
pub mod keymap;
pub mod move_flash;
pub mod new_game;
pub mod play;
pub mod quit;
pub mod review;
pub mod setup;
pub mod terminal;
pub mod theme;
pub mod unfinished;
pub mod views;

//! The built-in engine as a computer player (adapter from `engine::EngineHandle` to `Brain`).

use super::brain::Brain;
use super::error::GameError;
use super::external::Notifier;

/// Starts the built-in engine at `level`.
///
/// # Errors
/// `Engine` while the engine layer is not yet available on this branch.
pub(super) fn spawn(level: u8, _notify: Option<Notifier>) -> Result<Option<Box<dyn Brain>>, GameError> {
    Err(GameError::Engine(format!("the built-in engine (level {level}) is not available yet")))
}

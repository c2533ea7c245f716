//! The engine layer's errors: what could not be set up, in one line.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum EngineError {
    /// The operating system refused a new thread (too many threads, or no memory for its stack).
    #[error("could not start the engine thread: {0}")]
    ThreadStart(std::io::Error),
    /// The transposition table could not be allocated at this size.
    #[error("not enough memory for a {mb} MB hash table")]
    HashAlloc { mb: usize },
}

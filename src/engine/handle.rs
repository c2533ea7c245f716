//! The engine handle: one long-lived search thread, typed commands in, typed reports out.
//!
//! `send` and `try_recv` never block. A running search polls the command channel itself (every ~1000
//! nodes), so `Stop`, a new `Go` or `Quit` take effect within milliseconds, and commands that must wait
//! (a new level, a new hash size) are kept in order until the search ends. Dropping the handle sends `Quit`
//! and joins the thread.

use super::error::EngineError;
use super::info::{CurrentMove, SearchInfo};
use super::limits::SearchLimits;
use super::worker::Worker;
use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// Settings fixed at spawn time (all can be changed later with commands).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Transposition table size in MB, 1..=`MAX_HASH_MB`. A size outside that range, or more than the machine
    /// can give, is replaced by one that works and an `EngineReport::Notice` says so.
    pub hash_mb: usize,
    /// 1..=`MAX_LEVEL` (12); 12 is full strength.
    pub level: u8,
    /// Search threads, 1..=`MAX_THREADS` (clamped): more than one runs Lazy SMP helpers at full strength.
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions { hash_mb: 64, level: super::levels::MAX_LEVEL, threads: 1 }
    }
}

/// What the engine is asked to do.
// `Go` is much larger than the rest, but commands are few and the agreed API carries the request by value.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum EngineCommand {
    /// Forget everything learnt (transposition table, history): a new game starts.
    NewGame,
    /// Applies to the next `Go`.
    SetLevel(u8),
    /// Resizes (and clears) the transposition table, in MB. If the memory cannot be had, the old table is kept
    /// and an `EngineReport::Notice` says so.
    SetHash(usize),
    /// Search threads from the next `Go` on, clamped to 1..=`MAX_THREADS`.
    SetThreads(usize),
    Go(GoRequest),
    /// Ends the running search; its `BestMove` follows at once.
    Stop,
    /// A pondering search (`SearchLimits::ponder`) becomes a normal one: its clock limits start now.
    PonderHit,
    Quit,
}

/// Think about the position reached from `start` by `moves`.
#[derive(Clone, Debug)]
pub struct GoRequest {
    /// Echoed in every report of this search, so the caller can drop stale answers.
    pub id: u64,
    pub start: Position,
    /// Played in order; the first illegal one (and everything after it) is ignored.
    pub moves: Vec<Move>,
    pub limits: SearchLimits,
}

/// What the engine tells its caller.
#[derive(Clone, Debug)]
pub enum EngineReport {
    Info {
        id: u64,
        info: SearchInfo,
    },
    /// The root move being searched, after the search's first second.
    CurrentMove {
        id: u64,
        current: CurrentMove,
    },
    /// Always sent exactly once per Go (also after Stop). `best` is None only when there is no legal move.
    BestMove {
        id: u64,
        best: Option<Move>,
        ponder: Option<Move>,
    },
    /// Something the user should know that belongs to no search (a hash size that could not be had).
    Notice {
        message: String,
    },
}

/// Owns the search thread.
pub struct EngineHandle {
    commands: Sender<EngineCommand>,
    reports: Receiver<EngineReport>,
    thread: Option<JoinHandle<()>>,
}

/// The search thread's stack: the search recurses up to `MAX_PLY` plies with a few KB per frame.
pub(super) const STACK_BYTES: usize = 16 << 20;

impl EngineHandle {
    /// Starts the search thread.
    ///
    /// # Errors
    /// `ThreadStart` when the system will not start another thread.
    pub fn spawn(options: EngineOptions) -> Result<EngineHandle, EngineError> {
        Self::spawn_inner(options, None, STACK_BYTES)
    }

    /// Like `spawn`, and calls `notify` (from the engine thread) after every report it sends, so an event
    /// loop can wake up instead of polling.
    ///
    /// # Errors
    /// `ThreadStart` when the system will not start another thread.
    pub fn spawn_with_notify(
        options: EngineOptions,
        notify: Arc<dyn Fn() + Send + Sync>,
    ) -> Result<EngineHandle, EngineError> {
        Self::spawn_inner(options, Some(notify), STACK_BYTES)
    }

    fn spawn_inner(
        options: EngineOptions,
        notify: Option<Arc<dyn Fn() + Send + Sync>>,
        stack: usize,
    ) -> Result<EngineHandle, EngineError> {
        let (commands, command_rx) = mpsc::channel();
        let (report_tx, reports) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("tabiya-engine".into())
            .stack_size(stack)
            .spawn(move || {
                let send = move |r: EngineReport| {
                    // The receiver lives as long as the handle, which joins this thread before dropping it.
                    let _ = report_tx.send(r);
                    if let Some(n) = &notify {
                        n();
                    }
                };
                Worker::new(&options).run(command_rx, &send);
            })
            .map_err(EngineError::ThreadStart)?;
        Ok(EngineHandle { commands, reports, thread: Some(thread) })
    }

    /// Never blocks.
    pub fn send(&self, command: EngineCommand) {
        let _ = self.commands.send(command);
    }

    /// Never blocks.
    pub fn try_recv(&self) -> Option<EngineReport> {
        self.reports.try_recv().ok()
    }

    pub fn recv_timeout(&self, timeout: Duration) -> Option<EngineReport> {
        self.reports.recv_timeout(timeout).ok()
    }
}

impl Drop for EngineHandle {
    fn drop(&mut self) {
        let _ = self.commands.send(EngineCommand::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_that_cannot_start_is_an_error() {
        // An exbibyte of stack: no system maps that, so the thread cannot start.
        let err = EngineHandle::spawn_inner(EngineOptions::default(), None, 1 << 60).err().unwrap();
        assert!(err.to_string().starts_with("could not start the engine thread"), "{err}");
    }
}

//! Saving off the event loop: each save (two fsyncs) runs on a writer thread, so a slow or full disk never
//! holds up the board.
//!
//! Saves are whole-file snapshots, so when several are waiting only the newest matters: the thread writes
//! them in order and skips any that a newer one has replaced, and the newest is always written. The state of
//! the last finished write is shared, so the game can say "not saved" for as long as that is true, and
//! `flush` waits for the disk (before quitting, and in tests).

use super::error::GameError;
use super::external::Notifier;
use super::saves::SaveSink;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where the saving of a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    /// Every save asked for is on disk.
    Saved,
    /// A save is being written.
    Pending,
    /// The last save that finished failed (the file holds an older version, or nothing); the reason.
    Failed(String),
}

/// One snapshot to write.
struct Job {
    seq: u64,
    text: String,
}

#[derive(Default)]
struct Progress {
    /// The newest snapshot handed to the thread, and the newest one it finished (written or failed).
    submitted: u64,
    finished: u64,
    /// The reason the newest finished write failed; None when it succeeded.
    error: Option<String>,
}

struct Shared {
    progress: Mutex<Progress>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Progress> {
        // A panic elsewhere cannot leave the counters half-updated: each update is one assignment.
        self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub struct SaveWriter {
    path: PathBuf,
    jobs: Option<Sender<Job>>,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl SaveWriter {
    /// Starts the thread that writes `path` through `sink`; `notify` is called after each write so a front
    /// end can redraw the save state.
    ///
    /// # Errors
    /// `Thread` when the thread cannot be started.
    pub fn start(path: &Path, sink: Arc<dyn SaveSink>, notify: Option<Notifier>) -> Result<SaveWriter, GameError> {
        let (tx, rx) = channel();
        let shared = Arc::new(Shared { progress: Mutex::new(Progress::default()), changed: Condvar::new() });
        let thread_shared = Arc::clone(&shared);
        let thread_path = path.to_path_buf();
        let thread = std::thread::Builder::new()
            .name("tabiya-save".into())
            .spawn(move || write_loop(&rx, &thread_path, &*sink, &thread_shared, notify))
            .map_err(|source| GameError::Thread { what: "save writer", source })?;
        Ok(SaveWriter { path: path.to_path_buf(), jobs: Some(tx), shared, thread: Some(thread) })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Queues a snapshot of the game; returns at once.
    pub fn submit(&self, text: String) {
        let seq = {
            let mut p = self.shared.lock();
            p.submitted += 1;
            p.submitted
        };
        let sent = self.jobs.as_ref().is_some_and(|tx| tx.send(Job { seq, text }).is_ok());
        if !sent {
            let mut p = self.shared.lock();
            p.finished = seq;
            p.error = Some("the save thread has stopped".into());
        }
    }

    pub fn status(&self) -> SaveStatus {
        let p = self.shared.lock();
        match &p.error {
            Some(e) => SaveStatus::Failed(e.clone()),
            None if p.finished < p.submitted => SaveStatus::Pending,
            None => SaveStatus::Saved,
        }
    }

    /// Waits until every snapshot submitted so far is written (or failed), at most `timeout`; returns the
    /// status then.
    pub fn flush(&self, timeout: Duration) -> SaveStatus {
        let deadline = Instant::now() + timeout;
        let mut p = self.shared.lock();
        while p.finished < p.submitted {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            p = self.shared.changed.wait_timeout(p, left).map(|(g, _)| g).unwrap_or_else(|e| e.into_inner().0);
        }
        drop(p);
        self.status()
    }
}

impl Drop for SaveWriter {
    /// Writes what is still waiting, then stops the thread: a game dropped after its last move keeps it.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_loop(rx: &Receiver<Job>, path: &Path, sink: &dyn SaveSink, shared: &Shared, notify: Option<Notifier>) {
    while let Ok(mut job) = rx.recv() {
        // Only the newest waiting snapshot is worth writing.
        while let Ok(newer) = rx.try_recv() {
            job = newer;
        }
        let result = sink.write(path, job.text.as_bytes());
        {
            let mut p = shared.lock();
            p.finished = job.seq;
            p.error = result.err().map(|e| e.to_string());
        }
        shared.changed.notify_all();
        if let Some(n) = &notify {
            n();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A disk that is full while `full` is set, and slow, so that snapshots pile up.
    struct TestDisk {
        full: AtomicBool,
        written: Mutex<Vec<String>>,
    }

    impl SaveSink for TestDisk {
        fn write(&self, _: &Path, bytes: &[u8]) -> io::Result<()> {
            std::thread::sleep(Duration::from_millis(5));
            if self.full.load(Ordering::SeqCst) {
                return Err(io::Error::from_raw_os_error(28));
            }
            self.written.lock().unwrap().push(String::from_utf8_lossy(bytes).into_owned());
            Ok(())
        }
    }

    #[test]
    fn saves_keep_their_order_and_the_last_one_is_always_written() {
        let disk = Arc::new(TestDisk { full: AtomicBool::new(false), written: Mutex::new(Vec::new()) });
        let w = SaveWriter::start(Path::new("g.pgn"), disk.clone(), None).unwrap();
        for i in 0..50 {
            w.submit(i.to_string());
        }
        assert_eq!(w.flush(Duration::from_secs(10)), SaveStatus::Saved);
        let written = disk.written.lock().unwrap().clone();
        let numbers: Vec<u32> = written.iter().map(|s| s.parse().unwrap()).collect();
        assert!(numbers.windows(2).all(|p| p[0] < p[1]), "in order: {numbers:?}");
        assert_eq!(numbers.last(), Some(&49));
    }

    #[test]
    fn a_failure_is_reported_until_a_save_succeeds() {
        let disk = Arc::new(TestDisk { full: AtomicBool::new(true), written: Mutex::new(Vec::new()) });
        let w = SaveWriter::start(Path::new("g.pgn"), disk.clone(), None).unwrap();
        w.submit("1".into());
        assert!(matches!(w.flush(Duration::from_secs(10)), SaveStatus::Failed(e) if e.contains("space")));
        disk.full.store(false, Ordering::SeqCst);
        w.submit("2".into());
        assert_eq!(w.flush(Duration::from_secs(10)), SaveStatus::Saved);
    }

    #[test]
    fn dropping_the_writer_writes_what_waits() {
        let disk = Arc::new(TestDisk { full: AtomicBool::new(false), written: Mutex::new(Vec::new()) });
        let w = SaveWriter::start(Path::new("g.pgn"), disk.clone(), None).unwrap();
        w.submit("a".into());
        w.submit("b".into());
        drop(w);
        assert_eq!(disk.written.lock().unwrap().last().map(String::as_str), Some("b"));
    }
}

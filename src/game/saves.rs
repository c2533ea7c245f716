//! Saved games that are never lost.
//!
//! Every game in progress lives in the data directory's `games/` folder as a PGN file named by date and
//! players, rewritten after every move atomically (temporary file, fsync, rename, fsync of the folder), so a
//! crash, `kill -9` or power cut leaves either the previous or the new version, never half of one. tabiya's
//! files carry a `TabiyaSave` tag; a file without it, or one that does not parse, is reported and never
//! written to or deleted. A new game's name is reserved with an exclusive create, so no existing file is ever
//! replaced.

use super::error::GameError;
use super::save_lock::GameLock;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The tag that marks a file as written by tabiya.
pub const TAG_MARKER: &str = "TabiyaSave";
/// `in progress` while the game goes on; absent once it is over.
pub const TAG_STATE: &str = "TabiyaState";
pub const STATE_IN_PROGRESS: &str = "in progress";
/// A game the user gave up on from the list of unfinished games: finished with result `*`, kept as PGN.
pub const STATE_ABANDONED: &str = "abandoned";
/// The players, in `PlayerKind::to_spec` form, so a game resumes with the same players.
pub const TAG_WHITE_PLAYER: &str = "TabiyaWhite";
pub const TAG_BLACK_PLAYER: &str = "TabiyaBlack";
/// The clocks (White's and Black's milliseconds) at the moment of the last save of a game in progress.
pub const TAG_CLOCKS: &str = "TabiyaClocks";

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TABIYA_DATA_DIR";

/// Where the bytes of a save go. The real one writes files atomically; tests put a failing one in its place
/// to see what a full disk does.
pub trait SaveSink: Send + Sync {
    /// Replaces the content of `path` with `bytes`, all or nothing.
    ///
    /// # Errors
    /// The I/O error of the failing step; `path` is then as it was.
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()>;
}

/// The real sink: [`write_atomic`].
struct AtomicFiles;

impl SaveSink for AtomicFiles {
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        write_atomic(path, bytes)
    }
}

/// The folder games are saved in.
#[derive(Clone)]
pub struct SaveStore {
    dir: PathBuf,
    sink: Arc<dyn SaveSink>,
}

impl std::fmt::Debug for SaveStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SaveStore").field("dir", &self.dir).finish_non_exhaustive()
    }
}

/// One game's file, reserved by this process (or resumed from after checking it is tabiya's), and the lock
/// that keeps a second tabiya from writing it too. Dropping it releases the lock.
pub struct SaveSlot {
    path: PathBuf,
    sink: Arc<dyn SaveSink>,
    _lock: GameLock,
}

impl SaveStore {
    /// A store in `dir` (created if missing).
    ///
    /// # Errors
    /// `SaveFolder` when the folder cannot be created.
    pub fn open(dir: impl Into<PathBuf>) -> Result<SaveStore, GameError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(|source| GameError::SaveFolder { path: dir.clone(), source })?;
        Ok(SaveStore { dir, sink: Arc::new(AtomicFiles) })
    }

    /// The same folder with another sink (tests: a disk that fills up).
    pub fn with_sink(mut self, sink: Arc<dyn SaveSink>) -> SaveStore {
        self.sink = sink;
        self
    }

    /// Checks that games can be written here, by writing and removing a small file, so a front end can warn
    /// before the first move rather than after it.
    ///
    /// # Errors
    /// `SaveFolder` with the failing step.
    pub fn check_writable(&self) -> Result<(), GameError> {
        let probe = self.dir.join(format!(".write-check.{}.tmp", std::process::id()));
        let result = self.sink.write(&probe, b"tabiya");
        let _ = fs::remove_file(&probe);
        result.map_err(|source| GameError::SaveFolder { path: self.dir.clone(), source })
    }

    /// The default folder: `$TABIYA_DATA_DIR/games`, else the platform's data directory (e.g.
    /// `~/.local/share/tabiya/games`).
    pub fn default_dir() -> Option<PathBuf> {
        if let Some(d) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            return Some(PathBuf::from(d).join("games"));
        }
        directories::ProjectDirs::from("", "", "tabiya").map(|p| p.data_dir().join("games"))
    }

    /// The store in the default folder.
    ///
    /// # Errors
    /// `NoDataDir` when there is no home directory, `SaveFolder` when the folder cannot be created.
    pub fn open_default() -> Result<SaveStore, GameError> {
        SaveStore::open(SaveStore::default_dir().ok_or(GameError::NoDataDir)?)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub(super) fn sink(&self) -> Arc<dyn SaveSink> {
        Arc::clone(&self.sink)
    }

    /// Reserves a new file named by date, time and players, never one that exists, and locks it.
    pub(super) fn new_slot(&self, game: &super::controller::GameController) -> Result<SaveSlot, GameError> {
        let (date, time) = civil_date_time(game.started);
        let stem = format!(
            "{}-{}-{}-vs-{}",
            date.replace('.', "-"),
            time.replace(':', "").get(..4).unwrap_or("0000"),
            file_safe(&game.setup.white.name()),
            file_safe(&game.setup.black.name())
        );
        for n in 1..10_000 {
            let name = if n == 1 { format!("{stem}.pgn") } else { format!("{stem}-{n}.pgn") };
            let path = self.dir.join(name);
            // The lock comes first, so no other tabiya can open the file between its creation and our lock.
            let lock = match GameLock::acquire(&path) {
                Ok(lock) => lock,
                Err(GameError::OpenElsewhere { .. }) => continue,
                Err(e) => return Err(e),
            };
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => return Ok(SaveSlot { path, sink: self.sink(), _lock: lock }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(source) => return Err(GameError::Save { path, source }),
            }
        }
        Err(GameError::Save { path: self.dir.clone(), source: io::Error::other("no free file name") })
    }
}

impl SaveSlot {
    /// A slot for a file tabiya wrote (checked by the caller), locked for this process.
    ///
    /// # Errors
    /// `OpenElsewhere` when another tabiya has the game open.
    pub(super) fn existing(path: PathBuf, store: Option<&SaveStore>) -> Result<SaveSlot, GameError> {
        let lock = GameLock::acquire(&path)?;
        let sink = store.map_or_else(|| Arc::new(AtomicFiles) as Arc<dyn SaveSink>, SaveStore::sink);
        Ok(SaveSlot { path, sink, _lock: lock })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn sink(&self) -> Arc<dyn SaveSink> {
        Arc::clone(&self.sink)
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder: write, fsync, rename, fsync folder.
/// A symbolic link is written through (its target is replaced), not replaced by a regular file.
///
/// # Errors
/// The I/O error of the failing step; the temporary file is removed, and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => resolve_link(path)?,
        _ => path.to_path_buf(),
    };
    let path = target.as_path();
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let attempt = (|| {
        // A leftover of this name (from a process that had our pid) is removed, never written through: a link
        // or FIFO planted there must neither redirect the write nor block it.
        let _ = fs::remove_file(&tmp);
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        if let Ok(d) = File::open(dir) {
            // Makes the rename itself durable; not every platform can fsync a folder.
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if attempt.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    attempt
}

/// The file a symbolic link finally points at (which need not exist yet), following at most 16 links.
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..16 {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = fs::read_link(&current)?;
                let base = current.parent().unwrap_or(Path::new("."));
                current = if next.is_absolute() { next } else { base.join(next) };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!("{}: too many levels of symbolic links", path.display())))
}

/// Keeps letters, digits, `-` and `_`; other characters become `-`; at most 40 characters.
fn file_safe(name: &str) -> String {
    let s: String = name.chars().map(|c| if c.is_alphanumeric() || c == '_' { c } else { '-' }).take(40).collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() { "player".into() } else { s }
}

/// The UTC date (`YYYY.MM.DD`, PGN style) and time (`HH:MM:SS`) of an instant.
pub fn civil_date_time(t: SystemTime) -> (String, String) {
    let secs = t.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (format!("{y:04}.{m:02}.{d:02}"), format!("{:02}:{:02}:{:02}", rem / 3600, (rem / 60) % 60, rem % 60))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_civil_utc() {
        let t = UNIX_EPOCH + Duration::from_secs(1_763_700_000);
        assert_eq!(civil_date_time(t), ("2025.11.21".to_string(), "04:40:00".to_string()));
        assert_eq!(civil_date_time(UNIX_EPOCH).0, "1970.01.01");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(civil_date_time(leap).0, "2000.02.29");
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("g.pgn");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_symbolic_link_is_written_through_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pgn");
        let link = dir.path().join("link.pgn");
        fs::write(&real, "one").unwrap();
        std::os::unix::fs::symlink("real.pgn", &link).unwrap();
        write_atomic(&link, b"two").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "two");
    }

    #[test]
    fn file_names_are_safe() {
        assert_eq!(file_safe("Ann Lee/../x"), "Ann-Lee----x");
        assert_eq!(file_safe("///"), "player");
    }
}

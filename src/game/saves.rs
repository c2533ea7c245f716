//! Saved games that are never lost.
//!
//! Every game in progress lives in the data directory's `games/` folder as a PGN file named by date and
//! players, rewritten after every move atomically (temporary file, fsync, rename, fsync of the folder), so a
//! crash, `kill -9` or power cut leaves either the previous or the new version, never half of one. tabiya's
//! files carry a `TabiyaSave` tag; a file without it, or one that does not parse, is reported and never
//! written to or deleted. A new game's name is reserved with an exclusive create, so no existing file is ever
//! replaced.

use super::error::GameError;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The tag that marks a file as written by tabiya.
pub const TAG_MARKER: &str = "TabiyaSave";
/// `in progress` while the game goes on; absent once it is over.
pub const TAG_STATE: &str = "TabiyaState";
pub const STATE_IN_PROGRESS: &str = "in progress";
/// The players, in `PlayerKind::to_spec` form, so a game resumes with the same engines.
pub const TAG_WHITE_PLAYER: &str = "TabiyaWhite";
pub const TAG_BLACK_PLAYER: &str = "TabiyaBlack";
/// The clocks (White's and Black's milliseconds) at the moment of the last save of a game in progress.
pub const TAG_CLOCKS: &str = "TabiyaClocks";

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TABIYA_DATA_DIR";

/// The folder games are saved in.
#[derive(Clone, Debug)]
pub struct SaveStore {
    dir: PathBuf,
}

/// One game's file, reserved by this process (or resumed from after checking it is tabiya's).
#[derive(Clone, Debug)]
pub struct SaveSlot {
    path: PathBuf,
}

impl SaveStore {
    /// A store in `dir` (created if missing).
    ///
    /// # Errors
    /// `Save` when the folder cannot be created.
    pub fn open(dir: impl Into<PathBuf>) -> Result<SaveStore, GameError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(|e| save_err(&dir, e))?;
        Ok(SaveStore { dir })
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
    /// `Save` when there is no home directory or the folder cannot be created.
    pub fn open_default() -> Result<SaveStore, GameError> {
        let dir = SaveStore::default_dir().ok_or_else(|| GameError::Save {
            path: "(data directory)".into(),
            message: format!("no home directory; set {DATA_DIR_ENV}"),
        })?;
        SaveStore::open(dir)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Reserves a new file named by date, time and players, never one that exists.
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
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => return Ok(SaveSlot { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(save_err(&path, e)),
            }
        }
        Err(GameError::Save { path: self.dir.display().to_string(), message: "no free file name".into() })
    }
}

impl SaveSlot {
    /// A slot for a file tabiya wrote (checked by the caller).
    pub(super) fn existing(path: PathBuf) -> SaveSlot {
        SaveSlot { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replaces the file's content atomically.
    ///
    /// # Errors
    /// `Save` with the failing step.
    pub fn write(&self, text: &str) -> Result<(), GameError> {
        write_atomic(&self.path, text.as_bytes()).map_err(|e| save_err(&self.path, e))
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder: write, fsync, rename, fsync folder.
///
/// # Errors
/// The I/O error of the failing step; the temporary file is removed, and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let attempt = (|| {
        let mut f = OpenOptions::new().write(true).create(true).truncate(true).open(&tmp)?;
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

fn save_err(path: &Path, e: io::Error) -> GameError {
    GameError::Save { path: path.display().to_string(), message: e.to_string() }
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
    fn file_names_are_safe() {
        assert_eq!(file_safe("Ann Lee/../x"), "Ann-Lee----x");
        assert_eq!(file_safe("///"), "player");
    }
}

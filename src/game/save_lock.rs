//! One game, one writer: while a game is open in a tabiya, that process holds an OS lock on it, so a second
//! tabiya on the same data folder can see the game is taken instead of resuming it too and overwriting the
//! first one's moves.
//!
//! The game file itself cannot carry the lock, because every save replaces it by a rename (a lock belongs to
//! the old file). Each game has a lock file instead, in the hidden `.locks/` folder beside the games. The lock
//! is the operating system's (`File::try_lock`), so it dies with its process: a tabiya killed with `kill -9`
//! leaves no lock that blocks anyone.

use super::error::GameError;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// An exclusive lock on one game, held until dropped.
#[derive(Debug)]
pub struct GameLock {
    file: File,
    path: PathBuf,
}

impl GameLock {
    /// Locks the game saved at `game_path`.
    ///
    /// # Errors
    /// `OpenElsewhere` when another process holds the lock; `Save` when the lock file cannot be made.
    pub fn acquire(game_path: &Path) -> Result<GameLock, GameError> {
        let path = lock_path(game_path);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|source| GameError::Save { path: dir.to_path_buf(), source })?;
        }
        // A holder removes its lock file when it is done; if that happened between our open and our lock, we
        // would hold a lock on a file nobody else sees, so check that the name still leads to our file.
        for _ in 0..8 {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(|source| GameError::Save { path: path.clone(), source })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(GameError::OpenElsewhere { path: game_path.to_path_buf() });
                }
                Err(TryLockError::Error(source)) => return Err(GameError::Save { path, source }),
            }
            let same = match (file.metadata(), fs::metadata(&path)) {
                (Ok(a), Ok(b)) => a.ino() == b.ino() && a.dev() == b.dev(),
                _ => false,
            };
            if same {
                return Ok(GameLock { file, path });
            }
        }
        Err(GameError::OpenElsewhere { path: game_path.to_path_buf() })
    }

    /// Whether another process has the game open now (a quick look for listings; may change at once).
    pub fn is_held_elsewhere(game_path: &Path) -> bool {
        let Ok(file) = crate::files::open_regular(&lock_path(game_path)) else { return false };
        match file.try_lock_shared() {
            Ok(()) => false,
            Err(TryLockError::WouldBlock) => true,
            Err(TryLockError::Error(_)) => false,
        }
    }
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Removed while still locked, so a newcomer either sees it locked or finds a fresh file.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// `games/.locks/NAME.lock` for `games/NAME`.
fn lock_path(game_path: &Path) -> PathBuf {
    let dir = game_path.parent().unwrap_or(Path::new("."));
    let name = game_path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    dir.join(".locks").join(format!("{name}.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_game_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("g.pgn");
        let first = GameLock::acquire(&game).unwrap();
        assert!(GameLock::is_held_elsewhere(&game));
        assert!(matches!(GameLock::acquire(&game), Err(GameError::OpenElsewhere { .. })));
        drop(first);
        assert!(!GameLock::is_held_elsewhere(&game));
        let again = GameLock::acquire(&game).unwrap();
        drop(again);
        assert_eq!(fs::read_dir(dir.path().join(".locks")).unwrap().count(), 0, "lock files are cleaned up");
    }

    #[test]
    fn a_stale_lock_file_blocks_nobody() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("g.pgn");
        fs::create_dir_all(dir.path().join(".locks")).unwrap();
        fs::write(dir.path().join(".locks/g.pgn.lock"), "").unwrap(); // left by a killed process
        assert!(!GameLock::is_held_elsewhere(&game));
        assert!(GameLock::acquire(&game).is_ok());
    }
}

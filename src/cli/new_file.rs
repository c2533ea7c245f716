//! An output file that tabiya makes itself and never makes over an existing one. What is written goes to a
//! temporary file beside it, which takes the file's name only when the command finishes; so a run that fails
//! part-way (an engine that dies, a full disk) or is killed leaves no empty or half-written file that would
//! then block the same command run again.

use anyhow::{Result, bail};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use tabiya::text::clean;

/// Where a command's output goes: stdout, or a new file.
pub enum Output {
    Stdout(BufWriter<Stdout>),
    File(NewFile),
}

impl Output {
    /// Stdout when `path` is None, else a checked `NewFile`.
    ///
    /// # Errors
    /// As `NewFile::checked`.
    pub fn open(flag: &str, path: Option<&Path>) -> Result<Output> {
        Ok(match path {
            None => Output::Stdout(BufWriter::new(io::stdout())),
            Some(path) => Output::File(NewFile::checked(flag, path)?),
        })
    }

    /// Flushes stdout, or puts the file in place.
    ///
    /// # Errors
    /// The I/O error, naming the file.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush(),
            Output::File(file) => file.finish(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(buf),
            Output::File(file) => file.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(file) => file.flush(),
        }
    }
}

pub struct NewFile {
    path: PathBuf,
    temp: PathBuf,
    /// The temporary file, once something was written.
    file: Option<BufWriter<File>>,
}

impl NewFile {
    /// Checks now what can be checked before anything is written: that nothing is at `path` yet (not even a
    /// dangling link) and that its folder exists.
    ///
    /// # Errors
    /// One line naming the flag, the path and what is wrong.
    pub fn checked(flag: &str, path: &Path) -> Result<NewFile> {
        let shown = clean(&path.display().to_string());
        if path.symlink_metadata().is_ok() {
            bail!("{flag} {shown}: the file exists (tabiya never replaces a file)");
        }
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !dir.is_dir() {
            bail!("{flag} {shown}: there is no folder {}", clean(&dir.display().to_string()));
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        Ok(NewFile { path: path.to_path_buf(), temp, file: None })
    }

    /// An I/O error that names the file.
    fn named(&self, e: io::Error) -> io::Error {
        let shown = clean(&self.path.display().to_string());
        let why = if e.kind() == io::ErrorKind::AlreadyExists { " (tabiya never replaces a file)" } else { "" };
        io::Error::new(e.kind(), format!("{shown}{why}: {e}"))
    }

    fn file(&mut self) -> io::Result<&mut BufWriter<File>> {
        let file = match self.file.take() {
            Some(file) => file,
            None => {
                // A leftover of this name is removed, never written through (a planted link or FIFO).
                let _ = std::fs::remove_file(&self.temp);
                let opened = OpenOptions::new().write(true).create_new(true).open(&self.temp);
                BufWriter::new(opened.map_err(|e| self.named(e))?)
            }
        };
        Ok(self.file.insert(file))
    }

    /// Puts what was written in place under the file's name (nothing when nothing was written). A hard link
    /// refuses a file that appeared at that name since the check; where links are not supported, a rename
    /// does, after looking once more.
    ///
    /// # Errors
    /// The I/O error, naming the file; the temporary file is then removed.
    pub fn finish(mut self) -> io::Result<()> {
        let Some(mut file) = self.file.take() else { return Ok(()) };
        let placed = file.flush().and_then(|()| file.get_ref().sync_all()).and_then(|()| {
            match std::fs::hard_link(&self.temp, &self.path) {
                Err(e) if e.kind() != io::ErrorKind::AlreadyExists && self.path.symlink_metadata().is_err() => {
                    std::fs::rename(&self.temp, &self.path)
                }
                other => other,
            }
        });
        let _ = std::fs::remove_file(&self.temp);
        placed.map_err(|e| self.named(e))
    }
}

impl Drop for NewFile {
    /// Not finished (an error, a panic): what was written goes, and the name stays free.
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

impl Write for NewFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.file()?.write(buf);
        written.map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        };
        flushed.map_err(|e| self.named(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_appears_only_when_finished_and_never_over_an_existing_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let mut out = NewFile::checked("--output", &path).unwrap();
        out.write_all(b"1. e4 *\n").unwrap();
        out.flush().unwrap();
        assert!(!path.exists(), "not in place before the end");
        out.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1. e4 *\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
        let e = NewFile::checked("--output", &path).err().unwrap().to_string();
        assert!(e.contains("the file exists"), "{e}");
        let e = NewFile::checked("--output", &dir.path().join("no/such.pgn")).err().unwrap().to_string();
        assert!(e.contains("there is no folder"), "{e}");
    }

    #[test]
    fn an_unfinished_file_leaves_nothing_and_nothing_written_makes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let mut out = NewFile::checked("--output", &path).unwrap();
        out.write_all(b"half a game").unwrap();
        drop(out);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        NewFile::checked("--output", &path).unwrap().finish().unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_file_that_appears_after_the_check_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let mut out = NewFile::checked("--output", &path).unwrap();
        out.write_all(b"ours").unwrap();
        std::fs::write(&path, "theirs").unwrap();
        let e = out.finish().unwrap_err();
        assert!(e.to_string().contains("never replaces"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
    }
}

//! An output file that tabiya makes itself and never makes over an existing one. It is created at the first
//! write, not when the command starts, so a run that fails or is killed before it has anything to write (an
//! engine that does not start, a signal during the first game) leaves no empty file that would then block the
//! same command run again.

use anyhow::{Result, bail};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tabiya::text::clean;

pub struct NewFile {
    path: PathBuf,
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
        Ok(NewFile { path: path.to_path_buf(), file: None })
    }

    fn file(&mut self) -> io::Result<&mut BufWriter<File>> {
        let file = match self.file.take() {
            Some(file) => file,
            // `create_new` refuses a file (or link) that appeared since the check: never replaced.
            None => BufWriter::new(OpenOptions::new().write(true).create_new(true).open(&self.path).map_err(|e| {
                let shown = clean(&self.path.display().to_string());
                let why = if e.kind() == io::ErrorKind::AlreadyExists { " (tabiya never replaces a file)" } else { "" };
                io::Error::new(e.kind(), format!("{shown}{why}: {e}"))
            })?),
        };
        Ok(self.file.insert(file))
    }
}

impl Write for NewFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_at_the_first_write_and_never_over_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let mut out = NewFile::checked("--output", &path).unwrap();
        assert!(!path.exists(), "nothing written, nothing made");
        out.flush().unwrap();
        assert!(!path.exists());
        out.write_all(b"1. e4 *\n").unwrap();
        out.flush().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1. e4 *\n");
        let e = NewFile::checked("--output", &path).err().unwrap().to_string();
        assert!(e.contains("the file exists"), "{e}");
        let e = NewFile::checked("--output", &dir.path().join("no/such.pgn")).err().unwrap().to_string();
        assert!(e.contains("there is no folder"), "{e}");
    }

    #[test]
    fn a_file_that_appears_after_the_check_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let mut out = NewFile::checked("--output", &path).unwrap();
        std::fs::write(&path, "theirs").unwrap();
        let e = out.write_all(b"ours").unwrap_err();
        assert!(e.to_string().contains("never replaces"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
    }
}

//! Opening files that tabiya does not control (configuration, saved games, locks, opening books, analysis
//! caches, PGN) without trusting what they are. A path may name a FIFO, whose plain opening blocks until a
//! writer comes (for ever), or a device such as `/dev/zero`, which never ends. So a file is opened without
//! blocking, what was opened is checked to be a regular file, and whole-file reads are bounded.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Opens `path` for reading if it is a regular file (after symbolic links). The opening itself never blocks,
/// and the check is made on what was opened, so a path replaced in between cannot slip through.
///
/// # Errors
/// The I/O error, or `InvalidInput` saying what the path is instead ("a FIFO, not a regular file").
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO opened this way returns at once instead of waiting for a writer; it is refused below.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    check_regular(&file.metadata()?)?;
    Ok(file)
}

/// A regular file's bytes, at most `max` of them, however the file reports its size.
///
/// # Errors
/// As `open_regular`, or `InvalidInput` "too large (over MAX bytes)".
pub fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > max {
        return Err(too_large(max));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

fn too_large(max: u64) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, format!("too large (over {max} bytes)"))
}

/// `InvalidInput` naming what the file is, unless it is a regular file.
///
/// # Errors
/// When `meta` is not a regular file's.
pub fn check_regular(meta: &Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = kind_of(meta);
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{what}, not a regular file")))
}

/// What a path that is not a regular file is, for the message.
fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::process::Command;

    fn fifo_in(dir: &Path) -> std::path::PathBuf {
        let path = dir.join("pipe");
        let made = Command::new("mkfifo").arg(&path).status().expect("mkfifo runs");
        assert!(made.success());
        path
    }

    #[test]
    fn a_fifo_is_refused_at_once_not_waited_on() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = fifo_in(dir.path());
        let e = open_regular(&fifo).unwrap_err();
        assert!(e.to_string().contains("a FIFO, not a regular file"), "{e}");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(read_bounded(&link, 100).unwrap_err().to_string().contains("a FIFO"));
    }

    #[test]
    fn devices_and_folders_are_refused_and_reads_are_bounded() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read_bounded(Path::new("/dev/zero"), 100).unwrap_err().to_string().contains("a device"));
        assert!(read_bounded(dir.path(), 100).unwrap_err().to_string().contains("a directory"));
        let file = dir.path().join("f");
        std::fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap(), b"0123456789");
        assert!(read_bounded(&file, 9).unwrap_err().to_string().contains("too large (over 9 bytes)"));
    }
}

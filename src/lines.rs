//! Reading lines from a stream tabiya does not control (an external engine's output, a GUI's commands) with a
//! cap on their length, so no input grows memory without bound and no byte sequence stops the reader.

use std::io::{self, BufRead};

/// What `read_capped_line` read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CappedLine {
    /// A whole line (the last one may lack its line break).
    Whole,
    /// The first `cap` bytes of a longer line; the rest was read and dropped.
    Cut,
    /// The end of the stream, nothing read.
    End,
}

/// Reads one line of at most `cap` bytes into `line`, without its line break (`\n` or `\r\n`).
///
/// # Errors
/// The stream's error (an interrupted read is retried).
pub fn read_capped_line(input: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<CappedLine> {
    line.clear();
    let (mut any, mut cut) = (false, false);
    loop {
        let (used, done) = {
            let buf = match input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(if !any {
                    CappedLine::End
                } else if cut {
                    CappedLine::Cut
                } else {
                    CappedLine::Whole
                });
            }
            any = true;
            let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = cap.saturating_sub(line.len());
            cut |= chunk.len() > room;
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            (used, done)
        };
        input.consume(used);
        if done {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(if cut { CappedLine::Cut } else { CappedLine::Whole });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    #[test]
    fn overlong_lines_are_cut_and_bad_bytes_do_not_stop_the_reader() {
        let mut input = vec![b'a'; 1_000_000];
        input.extend_from_slice(b"\n\xff\xfe bestmove\r\nlast");
        let mut reader = BufReader::with_capacity(4096, input.as_slice());
        let mut line = Vec::new();
        assert_eq!(read_capped_line(&mut reader, &mut line, 1000).unwrap(), CappedLine::Cut);
        assert_eq!(line.len(), 1000);
        assert_eq!(read_capped_line(&mut reader, &mut line, 1000).unwrap(), CappedLine::Whole);
        assert_eq!(String::from_utf8_lossy(&line), "\u{fffd}\u{fffd} bestmove");
        assert_eq!(read_capped_line(&mut reader, &mut line, 1000).unwrap(), CappedLine::Whole);
        assert_eq!(line, b"last");
        assert_eq!(read_capped_line(&mut reader, &mut line, 1000).unwrap(), CappedLine::End);
    }

    #[test]
    fn a_line_exactly_at_the_cap_is_whole() {
        let mut reader = BufReader::new(&b"abcd\nabcde\n"[..]);
        let mut line = Vec::new();
        assert_eq!(read_capped_line(&mut reader, &mut line, 4).unwrap(), CappedLine::Whole);
        assert_eq!(read_capped_line(&mut reader, &mut line, 4).unwrap(), CappedLine::Cut);
        assert_eq!(line, b"abcd");
    }
}

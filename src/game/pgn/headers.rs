//! A game's tag pairs, in file order.

use super::lexer::{Lexer, Token};

/// At most this many tags per game are kept (hostile input could have millions).
pub const MAX_TAGS: usize = 1000;
/// Longer tag values are cut (hostile input).
pub const MAX_TAG_VALUE: usize = 4096;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    pub pairs: Vec<(String, String)>,
}

impl Headers {
    /// The value of the first tag called `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first of that name or adding it at the end.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.pairs.iter_mut().find(|(k, _)| k == name) {
            Some(pair) => pair.1 = value,
            None => self.pairs.push((name.to_string(), value)),
        }
    }

    /// `White – Black` for lists.
    pub fn players(&self) -> String {
        format!("{} – {}", self.get("White").unwrap_or("?"), self.get("Black").unwrap_or("?"))
    }
}

/// Text from a file as a `String`, cut to `max` bytes (at a character boundary, so a cut never leaves half a
/// character), with control characters made spaces. Text that is not UTF-8 is read as Windows-1252 (Latin-1
/// with typographic quotes), the encoding of most older PGN files (ChessBase exports, TWIC): `M\xfcller` is
/// Müller, not M�ller. Latin-1 letters almost never form valid UTF-8 sequences, so UTF-8 text is never misread.
pub fn text(bytes: &[u8], max: usize) -> String {
    let mut cut = &bytes[..bytes.len().min(max)];
    // The last character's first byte, if the cut falls inside it.
    let last_start = (cut.len().saturating_sub(3)..cut.len()).rev().find(|&i| cut[i] & 0xC0 != 0x80);
    if cut.len() < bytes.len()
        && let Some(i) = last_start
        && std::str::from_utf8(&cut[i..]).is_err_and(|e| e.error_len().is_none())
    {
        cut = &cut[..i];
    }
    let s = match std::str::from_utf8(cut) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => encoding_rs::WINDOWS_1252.decode_without_bom_handling(cut).0,
    };
    s.chars().map(|c| if c.is_control() && c != '\n' { ' ' } else { c }).collect()
}

/// Reads the tag section at the start of a game's text, forgivingly (for lists; the reader checks strictly).
pub fn read_headers(src: &[u8]) -> Headers {
    let mut lx = Lexer::new(src, 1);
    let mut h = Headers::default();
    loop {
        match lx.next_token() {
            Some((Token::TagOpen, _)) => {}
            Some((Token::Comment(_), _)) => continue,
            _ => break,
        }
        let (Some((Token::Symbol(name), _)), Some((Token::Str(value), _))) = (lx.next_token(), lx.next_token()) else {
            break;
        };
        if h.pairs.len() < MAX_TAGS {
            h.pairs.push((text(name, 256), text(&value, MAX_TAG_VALUE)));
        }
        if !matches!(lx.next_token(), Some((Token::TagClose, _))) {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_makes_control_characters_spaces_and_keeps_lines() {
        assert_eq!(text(b"a\x1b[31m\tb\nc", 100), "a [31m b\nc");
        assert_eq!(text(b"abcdef", 3), "abc");
        assert_eq!(text("aé".as_bytes(), 2), "a");
    }

    #[test]
    fn text_that_is_not_utf8_is_read_as_windows_1252() {
        assert_eq!(text(b"M\xfcller, J\xf6rg", 100), "Müller, Jörg");
        assert_eq!(text(b"\x93gut\x94 f\xfcr Wei\xdf", 100), "“gut” für Weiß");
        // UTF-8 stays UTF-8, and an undefined byte is a space like any control character.
        assert_eq!(text("Müller".as_bytes(), 100), "Müller");
        assert_eq!(text(b"a\x81b\xe9", 100), "a bé");
        assert_eq!(text(b"\xe9t\xe9", 2), "ét");
    }
}

//! PGN tokens from raw bytes.
//!
//! Works on bytes, not `str`, so binary junk and broken UTF-8 are just unexpected characters; every step
//! consumes at least one byte, so any input costs time linear in its length. Lines are counted for error
//! messages; `\r` is whitespace (CRLF files), and a `%` in the first column escapes the rest of the line.

use std::borrow::Cow;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    TagOpen,
    TagClose,
    /// A string with its escapes (`\"`, `\\`) resolved.
    Str(Cow<'a, [u8]>),
    /// A string that reached the end of the line or file without its closing quote.
    UnterminatedStr,
    /// Move text, move numbers, results, tag names: letters, digits and `_+#=:-/.` (and `*`).
    Symbol(&'a [u8]),
    /// `{…}` or `;…` comment text.
    Comment(&'a [u8]),
    UnterminatedComment,
    /// `$n` (its digits).
    Nag(&'a [u8]),
    /// `!`, `?`, `!!`, `!?`, `?!`, `??`.
    Mark(&'a [u8]),
    VarOpen,
    VarClose,
    /// A byte that cannot start any token.
    Junk(u8),
}

pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`, whose first byte is on line `first_line`; a UTF-8 BOM is skipped.
    pub fn new(src: &'a [u8], first_line: u32) -> Lexer<'a> {
        let pos = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        let mut lx = Lexer { src, pos, line: first_line };
        // A text starts at a line start, where `%` escapes the line too.
        if src.get(pos) == Some(&b'%') {
            lx.pos = lx.find(b'\n').unwrap_or(src.len());
        }
        lx
    }

    /// The line the last token ended on.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The next token with the line it starts on.
    pub fn next_token(&mut self) -> Option<(Token<'a>, u32)> {
        self.skip_space();
        let &b = self.src.get(self.pos)?;
        let line = self.line;
        let start = self.pos;
        self.pos += 1;
        let tok = match b {
            b'[' => Token::TagOpen,
            b']' => Token::TagClose,
            b'(' => Token::VarOpen,
            b')' => Token::VarClose,
            b'"' => self.string(),
            b'{' => self.brace_comment(),
            b';' => {
                let end = self.find(b'\n').unwrap_or(self.src.len());
                let text = &self.src[self.pos..end];
                self.pos = end;
                Token::Comment(text)
            }
            b'$' => {
                let n = self.take_while(|c| c.is_ascii_digit());
                Token::Nag(&self.src[start + 1..start + 1 + n])
            }
            b'!' | b'?' => {
                self.take_while(|c| c == b'!' || c == b'?');
                Token::Mark(&self.src[start..self.pos])
            }
            b'*' => Token::Symbol(&self.src[start..self.pos]),
            c if is_symbol_byte(c) => {
                self.take_while(is_symbol_byte);
                self.take_bracketed_promotion();
                Token::Symbol(&self.src[start..self.pos])
            }
            c => match UNICODE_MARKS.iter().find(|m| self.src[start..].starts_with(m.as_bytes())) {
                Some(m) => {
                    self.pos = start + m.len();
                    Token::Mark(&self.src[start..self.pos])
                }
                None => Token::Junk(c),
            },
        };
        Some((tok, line))
    }

    /// `(Q)` glued to a move that ends on the first or last rank (`a8(Q)`, an older way to write `a8=Q`) is
    /// part of the move, not a variation: no variation can be a lone piece letter.
    fn take_bracketed_promotion(&mut self) {
        let on_last_rank = matches!(self.src.get(self.pos.wrapping_sub(1)), Some(b'1' | b'8'));
        if let Some([b'(', piece, b')']) = self.src.get(self.pos..self.pos + 3)
            && on_last_rank
            && matches!(piece.to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N')
        {
            self.pos += 3;
            self.take_while(is_symbol_byte); // `+`, `#`
        }
    }

    fn skip_space(&mut self) {
        while let Some(&c) = self.src.get(self.pos) {
            match c {
                b'\n' => {
                    self.line += 1;
                    self.pos += 1;
                    if self.src.get(self.pos) == Some(&b'%') {
                        self.pos = self.find(b'\n').unwrap_or(self.src.len());
                    }
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                _ => break,
            }
        }
    }

    fn find(&self, byte: u8) -> Option<usize> {
        self.src[self.pos..].iter().position(|&c| c == byte).map(|i| self.pos + i)
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> usize {
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(|&c| f(c)) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn string(&mut self) -> Token<'a> {
        let start = self.pos;
        let mut escaped = false;
        while let Some(&c) = self.src.get(self.pos) {
            match c {
                b'\\' => {
                    escaped = true;
                    self.pos += 2.min(self.src.len() - self.pos);
                    if self.src.get(self.pos - 1) == Some(&b'\n') {
                        self.line += 1;
                        return Token::UnterminatedStr;
                    }
                }
                b'"' if self.quote_is_literal(self.pos) => {
                    escaped = true;
                    self.pos += 1;
                }
                b'"' => {
                    let raw = &self.src[start..self.pos];
                    self.pos += 1;
                    return Token::Str(if escaped { Cow::Owned(unescape(raw)) } else { Cow::Borrowed(raw) });
                }
                b'\n' => return Token::UnterminatedStr,
                _ => self.pos += 1,
            }
        }
        Token::UnterminatedStr
    }

    /// Does the quote at `quote` end a tag value, i.e. is it followed (after blanks) by `]` or the line's end?
    fn closes_tag(&self, quote: usize) -> bool {
        let rest = &self.src[quote + 1..];
        rest.iter().find(|&&c| c != b' ' && c != b'\t').is_none_or(|&c| matches!(c, b']' | b'\n' | b'\r'))
    }

    /// A quote the writer forgot to escape (`[Black "B "Bob" C"]`, as some exporters write): it does not end
    /// the value when a later quote on the same line is the one that closes the tag. The look-ahead is
    /// bounded so that hostile lines stay linear.
    fn quote_is_literal(&self, quote: usize) -> bool {
        if self.closes_tag(quote) {
            return false;
        }
        let window = &self.src[quote + 1..self.src.len().min(quote + 513)];
        let line_end = window.iter().position(|&c| c == b'\n').unwrap_or(window.len());
        (0..line_end).any(|i| window[i] == b'"' && self.closes_tag(quote + 1 + i))
    }

    fn brace_comment(&mut self) -> Token<'a> {
        let start = self.pos;
        match self.find(b'}') {
            Some(end) => {
                self.line += self.src[start..end].iter().filter(|&&c| c == b'\n').count() as u32;
                self.pos = end + 1;
                Token::Comment(&self.src[start..end])
            }
            None => {
                self.line += self.src[start..].iter().filter(|&&c| c == b'\n').count() as u32;
                self.pos = self.src.len();
                Token::UnterminatedComment
            }
        }
    }
}

fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut it = raw.iter();
    while let Some(&c) = it.next() {
        if c == b'\\' {
            if let Some(&n) = it.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The evaluation symbols books and some programs write in the movetext instead of NAGs (read as `Mark`s).
const UNICODE_MARKS: [&str; 6] = ["±", "∓", "⩲", "⩱", "∞", "□"];

pub fn is_symbol_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'.')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<Token<'_>> {
        let mut l = Lexer::new(s.as_bytes(), 1);
        std::iter::from_fn(|| l.next_token().map(|(t, _)| t)).collect()
    }

    #[test]
    fn unescaped_quotes_inside_a_tag_value_are_kept() {
        let t = tokens("[Black \"B \"quoted\" C\"]\n[White \"W\"]");
        assert_eq!(t[2], Token::Str(Cow::Owned(b"B \"quoted\" C".to_vec())));
        assert_eq!(t[3], Token::TagClose);
        assert_eq!(t[6], Token::Str(Cow::Borrowed(b"W")));
        // Escaped quotes still work, and a lone quote with nothing closing later still ends the value.
        let t = tokens(r#"[Event "say \"hi\""]"#);
        assert_eq!(t[2], Token::Str(Cow::Owned(br#"say "hi""#.to_vec())));
        let t = tokens("[Event \"a\" b]");
        assert_eq!(t[2], Token::Str(Cow::Borrowed(b"a")));
    }

    #[test]
    fn tags_with_escapes_and_movetext() {
        let t = tokens("\u{feff}[Event \"a \\\"b\\\" \\\\c\"]\r\n1.e4 e5!? $14 {x} ; rest\n(2. Nf3) 1-0");
        assert_eq!(t[0], Token::TagOpen);
        assert_eq!(t[1], Token::Symbol(b"Event"));
        assert_eq!(t[2], Token::Str(Cow::Owned(b"a \"b\" \\c".to_vec())));
        assert_eq!(t[3], Token::TagClose);
        assert_eq!(t[4], Token::Symbol(b"1.e4"));
        assert_eq!(t[6], Token::Mark(b"!?"));
        assert_eq!(t[7], Token::Nag(b"14"));
        assert_eq!(t[8], Token::Comment(b"x"));
        assert_eq!(t[9], Token::Comment(b" rest"));
        assert_eq!(t[10], Token::VarOpen);
        assert_eq!(*t.last().unwrap(), Token::Symbol(b"1-0"));
    }

    #[test]
    fn a_bracketed_promotion_is_part_of_the_move() {
        let t = tokens("a8(Q) b1(n)+ e4(1. d4) h8(Qx)");
        assert_eq!(&t[..2], [Token::Symbol(b"a8(Q)"), Token::Symbol(b"b1(n)+")]);
        assert_eq!(&t[2..4], [Token::Symbol(b"e4"), Token::VarOpen]);
        assert_eq!(&t[7..9], [Token::Symbol(b"h8"), Token::VarOpen]);
    }

    #[test]
    fn unicode_evaluation_symbols_are_marks_and_other_bytes_junk() {
        let t = tokens("e4 ± ∞e5 \u{e9}");
        assert_eq!(t[1], Token::Mark("±".as_bytes()));
        assert_eq!(t[2], Token::Mark("∞".as_bytes()));
        assert_eq!(t[3], Token::Symbol(b"e5"));
        assert_eq!(t[4], Token::Junk(0xC3));
    }

    #[test]
    fn lines_are_counted_through_comments_and_escapes() {
        let mut l = Lexer::new(b"{a\nb\nc} e4\n%escaped line\n e5", 1);
        assert_eq!(l.next_token(), Some((Token::Comment(b"a\nb\nc"), 1)));
        assert_eq!(l.next_token(), Some((Token::Symbol(b"e4"), 3)));
        assert_eq!(l.next_token(), Some((Token::Symbol(b"e5"), 5)));
        assert_eq!(l.next_token(), None);
    }

    #[test]
    fn broken_input_yields_tokens_not_panics() {
        let t = tokens("\"open\n{never closed");
        assert_eq!(t, vec![Token::UnterminatedStr, Token::UnterminatedComment]);
        assert_eq!(tokens("\u{1}\\"), vec![Token::Junk(1), Token::Junk(b'\\')]);
        assert_eq!(tokens("\"ends with backslash\\"), vec![Token::UnterminatedStr]);
    }
}

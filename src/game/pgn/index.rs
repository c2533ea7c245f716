//! Where each game of a PGN file starts, found in one pass without parsing moves, so a file of 100,000 games
//! opens at once; headers and moves are read when a game is shown.
//!
//! A game starts at a line beginning with `[` (a tag) once the previous game had movetext, or — for files of
//! games without tags — at movetext following a line that ended with a result marker (`1-0`, `0-1`,
//! `1/2-1/2`, `*`). Braced comments are followed across lines, so a comment line that happens to begin with
//! `[`, or ends with what looks like a result, does not split a game.

use super::headers::{Headers, read_headers};
use super::reader::result_marker;

/// One game's place in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpan {
    /// Byte offsets of the game's text.
    pub start: usize,
    pub end: usize,
    /// The line the game starts on (1-based).
    pub line: u32,
}

/// The games of a PGN text.
#[derive(Clone, Debug, Default)]
pub struct PgnIndex {
    pub spans: Vec<GameSpan>,
}

impl PgnIndex {
    /// Finds the games in `src` (a whole file).
    pub fn build(src: &[u8]) -> PgnIndex {
        let mut spans = Vec::new();
        let mut game_start = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        let mut game_line = 1u32;
        let mut line = 1u32;
        let mut has_content = false;
        let mut has_movetext = false;
        let mut in_comment = false;
        let mut ended = false;
        let mut pos = game_start;
        while pos < src.len() {
            let line_end = src[pos..].iter().position(|&c| c == b'\n').map_or(src.len(), |i| pos + i);
            let text = &src[pos..line_end];
            let first = text.iter().position(|c| !c.is_ascii_whitespace()).map(|i| text[i]);
            let tag_line = !in_comment && first == Some(b'[');
            let movetext_line = !tag_line && (in_comment || (first.is_some() && first != Some(b'%')));
            if (tag_line && has_movetext) || (movetext_line && ended) {
                spans.push(GameSpan { start: game_start, end: pos, line: game_line });
                game_start = pos;
                game_line = line;
                has_movetext = false;
                ended = false;
            }
            if tag_line {
                has_content = true;
            } else if movetext_line {
                has_content = true;
                has_movetext = true;
                let comment_before = in_comment;
                in_comment = scan_comments(text, in_comment);
                ended = !comment_before && !in_comment && ends_with_result(text);
            }
            pos = line_end + 1;
            line += 1;
        }
        if has_content {
            spans.push(GameSpan { start: game_start, end: src.len(), line: game_line });
        }
        PgnIndex { spans }
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The tags of game `i` (0-based), read on demand.
    pub fn headers(&self, src: &[u8], i: usize) -> Option<Headers> {
        let s = self.spans.get(i)?;
        Some(read_headers(&src[s.start..s.end]))
    }

    /// The result of game `i` as the reader will give it: the `Result` tag when it is a result, else the
    /// marker ending the movetext (a game without tags), else `*`. Looks only at the game's last line.
    pub fn result(&self, src: &[u8], i: usize, headers: &Headers) -> &'static str {
        let tag = headers.get("Result").and_then(|t| result_marker(t.trim().as_bytes()));
        let Some(s) = self.spans.get(i) else { return tag.unwrap_or("*") };
        tag.or_else(|| final_marker(&src[s.start..s.end])).unwrap_or("*")
    }
}

/// The termination marker that ends a game's text, if its last movetext token is one and sits outside any
/// comment.
fn final_marker(game: &[u8]) -> Option<&'static str> {
    let end = game.iter().rposition(|c| !c.is_ascii_whitespace())? + 1;
    let start = game[..end].iter().rposition(|c| c.is_ascii_whitespace()).map_or(0, |i| i + 1);
    let marker = result_marker(&game[start..end])?;
    let before = &game[..start];
    let line = &before[before.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1)..];
    let open = before.iter().rposition(|&c| c == b'{');
    let in_brace = open.is_some_and(|o| before.iter().rposition(|&c| c == b'}').is_none_or(|c| c < o));
    (!in_brace && !line.contains(&b';') && line.first() != Some(&b'[')).then_some(marker)
}

/// Does this movetext line (with no comment open at either end) end with a game termination marker?
fn ends_with_result(text: &[u8]) -> bool {
    if text.contains(&b';') || text.contains(&b'}') {
        return false; // the marker may sit in a comment; the tags of a next game will split it anyway
    }
    let last = text.split(|c| c.is_ascii_whitespace()).rev().find(|t| !t.is_empty());
    matches!(last, Some(b"1-0" | b"0-1" | b"1/2-1/2" | b"*"))
}

/// Follows `{…}` and `;` comments along a movetext line; returns whether a brace comment is still open.
fn scan_comments(text: &[u8], mut in_comment: bool) -> bool {
    for &c in text {
        match c {
            b'}' if in_comment => in_comment = false,
            b'{' if !in_comment => in_comment = true,
            b';' if !in_comment => return false,
            _ => {}
        }
    }
    in_comment
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_games_at_tags_after_movetext() {
        let src = b"[Event \"a\"]\n[White \"x\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 {a comment\n[not a tag] } *\n";
        let idx = PgnIndex::build(src);
        assert_eq!(idx.len(), 2);
        assert_eq!(idx.spans[1].line, 6);
        assert!(src[idx.spans[1].start..].starts_with(b"[Event \"b\"]"));
        assert_eq!(idx.headers(src, 1).unwrap().get("Event"), Some("b"));
    }

    #[test]
    fn splits_games_without_tags_after_a_result() {
        let src = b"1. e4 e5 2. Nf3 1-0\n\n1. d4 d5\n2. c4 0-1\n1. c4 {ends 1-0}\n*\n\n[Event \"c\"]\n\n1. g3 *\n";
        let idx = PgnIndex::build(src);
        assert_eq!(idx.len(), 4);
        assert_eq!([idx.spans[1].line, idx.spans[2].line, idx.spans[3].line], [3, 5, 8]);
        // A result inside a comment does not end the game.
        let idx = PgnIndex::build(b"1. e4 { thought about\n1-0 } e5 *\n");
        assert_eq!(idx.len(), 1);
    }

    #[test]
    fn a_game_without_a_result_tag_takes_its_movetext_marker() {
        let src = b"1. e4 e5 2. Qh5 1-0\n\n[Result \"?\"]\n\n1. d4 {resigns 0-1}\n*\n\n1. c4 ; 1/2-1/2\n\n[Result \"0-1\"]\n\n1. g4 1-0\n";
        let idx = PgnIndex::build(src);
        let results: Vec<_> = (0..idx.len()).map(|i| idx.result(src, i, &idx.headers(src, i).unwrap())).collect();
        // The tag wins when it is a result; a marker in a comment or after a `;` is no marker.
        assert_eq!(results, ["1-0", "*", "*", "0-1"]);
        assert_eq!(final_marker(b"1. e4 1/2"), Some("1/2-1/2"));
        assert_eq!(final_marker(b"[Result \"1-0\"]\n1-0"), Some("1-0"));
        assert_eq!(final_marker(b"  \n"), None);
        assert_eq!(final_marker(b"1. f4 {a\n0-1\n"), None);
    }

    #[test]
    fn empty_and_blank_files_have_no_games() {
        assert!(PgnIndex::build(b"").is_empty());
        assert!(PgnIndex::build(b"\n \r\n").is_empty());
        assert_eq!(PgnIndex::build(b"1. e4 e5").len(), 1);
    }
}

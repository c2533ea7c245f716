//! Word wrapping for messages: every message on screen is shown whole, over as many rows as it needs, rather
//! than cut at the edge. Widths are terminal columns (a CJK name takes two), not characters.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on a terminal.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` in rows of at most `columns` columns: broken at spaces where it can be, inside a word only where the
/// word alone is wider than a row, and at every newline. An empty text is one empty row.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut rows = Vec::new();
    for paragraph in text.split('\n') {
        let mut row = String::new();
        let mut row_width = 0;
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let w = width(word);
            let gap = usize::from(!row.is_empty());
            if row_width + gap + w <= columns {
                if gap == 1 {
                    row.push(' ');
                }
                row.push_str(word);
                row_width += gap + w;
                continue;
            }
            if !row.is_empty() {
                rows.push(std::mem::take(&mut row));
                row_width = 0;
            }
            for c in word.chars() {
                let cw = c.width().unwrap_or(0);
                if row_width + cw > columns && !row.is_empty() {
                    rows.push(std::mem::take(&mut row));
                    row_width = 0;
                }
                row.push(c);
                row_width += cw;
            }
        }
        rows.push(row);
    }
    rows
}

/// How many rows `text` takes at `columns` columns.
pub fn rows_needed(text: &str, columns: usize) -> usize {
    wrap(text, columns).len()
}

/// `s` in at most `n` columns, its end replaced by "…" when it is longer.
pub fn cut(s: &str, n: usize) -> String {
    if width(s) <= n {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        if width(&out) + c.width().unwrap_or(0) + 1 > n {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_at_spaces_and_keeps_every_word() {
        let text = "White played Ng1 · Black to move · a move can claim a draw: type it, then Ctrl+D";
        let rows = wrap(text, 30);
        assert!(rows.iter().all(|r| width(r) <= 30), "{rows:?}");
        assert_eq!(rows.join(" "), text);
        assert_eq!(rows[0], "White played Ng1 · Black to");
    }

    #[test]
    fn a_word_wider_than_a_row_is_split_and_newlines_break() {
        assert_eq!(wrap("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
        assert_eq!(wrap("one\ntwo three", 20), ["one", "two three"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(rows_needed("a b c", 1), 3);
        assert_eq!(cut("Sicilian Defence", 9), "Sicilian…");
        assert_eq!(cut("short", 9), "short");
    }

    #[test]
    fn wide_characters_count_twice() {
        let rows = wrap("王王王 x", 4);
        assert_eq!(rows, ["王王", "王 x"]);
    }
}

//! Where in the file a problem is: the 1-based line of a byte offset, and for a file that is not TOML (where
//! there is no parsed key to name) the dotted key written on the line of the error.

/// The 1-based line of byte `offset` in `text`.
pub(super) fn line_at(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    text.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The line of byte `offset`, and the dotted key written on that line (table header + key), read from the
/// text alone because a syntax error leaves no parsed document.
pub(super) fn locate(text: &str, offset: usize) -> (usize, String) {
    let line_no = line_at(text, offset);
    let mut table = String::new();
    let mut key = String::new();
    for (i, line) in text.lines().enumerate().take(line_no) {
        let t = line.trim();
        if let Some(h) = t.strip_prefix("[[").and_then(|h| h.split("]]").next()) {
            table = h.trim().to_string();
            key.clear();
        } else if let Some(h) = t.strip_prefix('[').and_then(|h| h.split(']').next()) {
            table = h.trim().to_string();
            key.clear();
        }
        if i + 1 == line_no {
            key = t.split('=').next().filter(|_| t.contains('=')).unwrap_or("").trim().to_string();
        }
    }
    let dotted = match (table.is_empty(), key.is_empty()) {
        (true, true) => "(top level)".to_string(),
        (false, true) => table,
        (true, false) => key,
        (false, false) => format!("{table}.{key}"),
    };
    (line_no, dotted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_from_one() {
        let text = "a = 1\n\n[t]\nb = 2\n";
        assert_eq!(line_at(text, 0), 1);
        assert_eq!(line_at(text, text.find('b').unwrap_or(0)), 4);
        assert_eq!(line_at(text, 10_000), 5);
        assert_eq!(locate(text, text.find('b').unwrap_or(0)), (4, "t.b".to_string()));
    }
}

//! The one sanitiser for text from outside (file names, PGN tags and comments, engine output, command-line
//! values) before it reaches a terminal, on the screen or on stdout/stderr. Control characters are what a file
//! would use to send escape sequences to the terminal; bidi overrides and isolates make text read differently
//! from what it is; zero-width characters hide text. None of them gets through. JSON output does not use this:
//! JSON escaping is exact and is the sanitiser there. Also here: counted nouns for messages (`1 ply`, `2 plies`).

/// Drops control characters (C0, DEL, C1 — ESC among them), bidi overrides and isolates, and zero-width
/// characters; line breaks and tabs become spaces.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c if is_invisible(c) => None,
            c => Some(c),
        })
        .collect()
}

/// `n` and the noun for it: `count(1, "ply", "plies")` is `1 ply`, `count(2, …)` is `2 plies`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the implicit marks, and the
/// zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn escape_sequences_are_defused() {
        assert_eq!(clean("Carlsen\x1b[2J\x1b]52;c;AAAA\x07"), "Carlsen[2J]52;c;AAAA");
        assert_eq!(clean("line\none\ttab"), "line one tab");
        assert_eq!(clean("\u{9b}31m"), "31m");
        assert_eq!(clean("Müller – Réti ♞"), "Müller – Réti ♞");
        assert_eq!(clean("a\u{202e}b\u{2066}c\u{200b}d\u{feff}e"), "abcde");
    }

    proptest! {
        #[test]
        fn no_control_character_survives(s in "\\PC*|[\\x00-\\x1f\\x7f-\\x9f a-z]*") {
            prop_assert!(!clean(&s).chars().any(|c| c.is_control() || is_invisible(c)));
        }
    }
}

//! Text from files (PGN tags, comments, names) is shown only after this: control characters are what a
//! file would use to send escape sequences to the terminal, so they never reach it.

/// Drops control characters (C0, DEL, C1 — ESC among them); line breaks and tabs become spaces.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            // Bidirectional overrides can make text display differently from what it is.
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => None,
            c => Some(c),
        })
        .collect()
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
    }

    proptest! {
        #[test]
        fn no_control_character_survives(s in "\\PC*|[\\x00-\\x1f\\x7f-\\x9f a-z]*") {
            prop_assert!(!clean(&s).chars().any(|c| c.is_control()));
        }
    }
}

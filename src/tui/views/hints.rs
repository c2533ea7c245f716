//! The line of key hints at the foot of a screen. It is never cut in the middle of a hint: the hints that must
//! always be there (help and quit) are kept, and the others are added in order of use while they fit whole.

use super::wrap::width;

const SEPARATOR: &str = " · ";

/// The hints that fit in `columns`: `optional` ones (most useful first) that fit whole, in their order, then
/// every `required` one. Only when even the required ones do not fit is the line shortened, from the left.
pub fn fit_hints<S: AsRef<str>, R: AsRef<str>>(optional: &[S], required: &[R], columns: usize) -> String {
    let tail = required.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(SEPARATOR);
    let sep = width(SEPARATOR);
    let mut used = width(&tail);
    let mut chosen = Vec::new();
    for hint in optional.iter().map(AsRef::as_ref) {
        let extra = width(hint) + sep;
        if used + extra <= columns {
            chosen.push(hint);
            used += extra;
        }
    }
    chosen.push(&tail);
    chosen.retain(|h| !h.is_empty());
    chosen.join(SEPARATOR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_and_quit_always_and_the_rest_while_they_fit() {
        let optional = ["Ctrl+R resign", "Ctrl+D draw", "Ctrl+Z takeback", "Ctrl+N new", "Ctrl+F flip"];
        let required = ["F1 help", "Ctrl+Q quit"];
        let wide = fit_hints(&optional, &required, 200);
        assert_eq!(
            wide,
            "Ctrl+R resign · Ctrl+D draw · Ctrl+Z takeback · Ctrl+N new · Ctrl+F flip · F1 help · Ctrl+Q quit"
        );
        for columns in 0..120 {
            let line = fit_hints(&optional, &required, columns);
            assert!(line.ends_with("F1 help · Ctrl+Q quit"), "{columns}: {line}");
            if columns >= 21 {
                assert!(width(&line) <= columns, "{columns}: {line}");
            }
            // Every hint on the line is there whole.
            for part in line.split(" · ") {
                assert!(optional.contains(&part) || required.contains(&part), "{columns}: {part}");
            }
        }
        assert_eq!(fit_hints(&optional, &required, 40), "Ctrl+R resign · F1 help · Ctrl+Q quit");
    }
}

//! Arrows and marked squares drawn on the board, as lichess, ChessBase and Scid write them in comments:
//! `[%cal Ge2e4,Rd7d5]` (arrows) and `[%csl Gd4,Yc5]` (highlighted squares), each item a colour letter then
//! one square or two. The comment text keeps the commands, so a game is written back as it was read; what
//! is shown reads them out here, and leaves out every other `[%…]` command too (`%evp`, `%mdl` and the
//! like are data for other programs, not words for a reader).

use crate::rules::Square;

/// The most shapes taken from one comment: a board has 64 squares, and a crafted file must not make a frame
/// draw thousands.
pub const MAX_SHAPES: usize = 64;

/// The colours the annotation format knows (`G`, `R`, `Y`, `B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeColour {
    Green,
    Red,
    Yellow,
    Blue,
}

impl ShapeColour {
    fn from_letter(c: u8) -> Option<ShapeColour> {
        Some(match c.to_ascii_uppercase() {
            b'G' => ShapeColour::Green,
            b'R' => ShapeColour::Red,
            b'Y' => ShapeColour::Yellow,
            b'B' => ShapeColour::Blue,
            _ => return None,
        })
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            ShapeColour::Green => "green",
            ShapeColour::Red => "red",
            ShapeColour::Yellow => "yellow",
            ShapeColour::Blue => "blue",
        }
    }
}

/// A marked square (`to` is `None`) or an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub colour: ShapeColour,
    pub from: Square,
    pub to: Option<Square>,
}

/// A comment's text as shown (without any `[%…]` command), and the shapes its `%csl`/`%cal` commands draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommentShapes {
    pub text: String,
    pub shapes: Vec<Shape>,
}

/// Splits `comment` into its text to show and its shapes. Items that are not a colour and squares are
/// skipped; an arrow from a square to itself is a marked square.
pub fn split_shapes(comment: &str) -> CommentShapes {
    let mut out = CommentShapes::default();
    let mut rest = comment;
    while let Some(i) = rest.find("[%") {
        let Some(len) = rest[i..].find(']') else { break };
        let command = &rest[i + 2..i + len];
        let (name, arg) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
        out.text.push_str(&rest[..i]);
        if name == "csl" || name == "cal" {
            let items = arg.split(',').map(str::trim).filter_map(|item| shape(item, name == "cal"));
            let room = MAX_SHAPES - out.shapes.len();
            out.shapes.extend(items.take(room));
        }
        out.text.push(' ');
        rest = &rest[i + len + 1..];
    }
    out.text.push_str(rest);
    out.text = out.text.split_whitespace().collect::<Vec<_>>().join(" ");
    out
}

/// Does `comment` have words to show, outside its `[%…]` commands? (Without building the text.)
pub fn has_text(comment: &str) -> bool {
    let mut rest = comment;
    loop {
        let (before, after) = match rest.find("[%") {
            Some(i) => (&rest[..i], rest[i..].find(']').map(|len| &rest[i + len + 1..])),
            None => (rest, None),
        };
        if before.chars().any(|c| !c.is_whitespace()) {
            return true;
        }
        match after {
            Some(next) => rest = next,
            // No command, or one never closed (which is shown as written).
            None => return rest.find("[%").is_some_and(|i| rest[i..].find(']').is_none()),
        }
    }
}

fn shape(item: &str, arrow: bool) -> Option<Shape> {
    let colour = ShapeColour::from_letter(*item.as_bytes().first()?)?;
    let squares = item.get(1..)?;
    let (from, to) = match (arrow, squares.len()) {
        (false, 2) => (Square::parse(squares)?, None),
        (true, 4) => (Square::parse(squares.get(..2)?)?, Some(Square::parse(squares.get(2..)?)?)),
        _ => return None,
    };
    Some(Shape { colour, from, to: to.filter(|&t| t != from) })
}

/// The shapes in words, for the notes panel (and for terminals without colour): "arrows e2→e4 (green);
/// marked d4 (red)".
pub fn describe(shapes: &[Shape]) -> Option<String> {
    let arrows: Vec<String> =
        shapes.iter().filter_map(|s| s.to.map(|to| format!("{}→{} ({})", s.from, to, s.colour.name()))).collect();
    let marked: Vec<String> =
        shapes.iter().filter(|s| s.to.is_none()).map(|s| format!("{} ({})", s.from, s.colour.name())).collect();
    let mut parts = Vec::new();
    if !arrows.is_empty() {
        parts.push(format!("{} {}", if arrows.len() == 1 { "Arrow" } else { "Arrows" }, arrows.join(", ")));
    }
    if !marked.is_empty() {
        parts.push(format!("marked {}", marked.join(", ")));
    }
    let words = parts.join("; ");
    let mut chars = words.chars();
    let first = chars.next()?.to_uppercase().collect::<String>();
    Some(first + chars.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn arrows_and_squares_are_read_and_taken_out_of_the_text() {
        let c = split_shapes("Strong. [%csl Gd4,Rf7] [%cal Ge2e4, Bg1f3] [%clk 0:01:00] the centre");
        assert_eq!(c.text, "Strong. the centre", "every command is left out of the text shown");
        assert_eq!(
            c.shapes,
            [
                Shape { colour: ShapeColour::Green, from: sq("d4"), to: None },
                Shape { colour: ShapeColour::Red, from: sq("f7"), to: None },
                Shape { colour: ShapeColour::Green, from: sq("e2"), to: Some(sq("e4")) },
                Shape { colour: ShapeColour::Blue, from: sq("g1"), to: Some(sq("f3")) },
            ]
        );
        assert_eq!(describe(&c.shapes).unwrap(), "Arrows e2→e4 (green), g1→f3 (blue); marked d4 (green), f7 (red)");
    }

    #[test]
    fn bad_items_are_skipped_and_the_count_is_bounded() {
        let c = split_shapes("[%csl Xd4,Gz9,G,Gd4d5,yh8] [%cal Ge2,Ge2e2,Ra1h8x] [%evp 0,17,35][%cal Ge2e4");
        assert_eq!(c.shapes.len(), 2, "{:?}", c.shapes);
        assert_eq!(c.shapes[0], Shape { colour: ShapeColour::Yellow, from: sq("h8"), to: None });
        assert_eq!(c.shapes[1], Shape { colour: ShapeColour::Green, from: sq("e2"), to: None });
        assert_eq!(c.text, "[%cal Ge2e4", "an unclosed command stays as written");
        let many = format!("[%csl {}]", vec!["Ga1"; 10_000].join(","));
        assert_eq!(split_shapes(&many).shapes.len(), MAX_SHAPES);
        assert_eq!(describe(&[]), None);
    }

    #[test]
    fn a_comment_of_commands_alone_has_no_text() {
        for (comment, words) in [
            ("[%cal Ge2e4] [%evp 0,17]", false),
            ("  ", false),
            ("[%csl Gd4] good", true),
            ("fine [%csl Gd4]", true),
            ("[%cal Ge2e4", true),
        ] {
            assert_eq!(has_text(comment), words, "{comment:?}");
            assert_eq!(!split_shapes(comment).text.is_empty(), words, "{comment:?}");
        }
    }
}

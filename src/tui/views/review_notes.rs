//! The notes panel: the shown move's notes (see `tui::review::notes`) wrapped to the panel's width, scrolled
//! by the review state, with ▲/▼ at the right edge when there is more above or below. The same wrapping
//! tells which move a click hit.

use crate::tui::review::ReviewState;
use crate::tui::review::TreePath;
use crate::tui::review::notes::{NoteStyle, Para, notes};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// One piece of a wrapped row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub x: u16,
    pub text: String,
    pub style: NoteStyle,
    pub target: Option<TreePath>,
}

pub type Row = Vec<Cell>;

/// Wraps paragraphs to `width` columns: words and moves are never split unless one alone is wider than the
/// row, continuation rows keep the paragraph's indentation.
pub fn wrap(paras: &[Para], width: u16) -> Vec<Row> {
    let mut rows = Vec::new();
    for p in paras {
        let indent = p.indent.min(width.saturating_sub(8) / 2);
        let right = width.max(indent + 1);
        let mut row: Row = Vec::new();
        let mut x = indent;
        for seg in &p.segments {
            let words: Vec<&str> =
                if seg.target.is_some() { vec![seg.text.as_str()] } else { seg.text.split_whitespace().collect() };
            for word in words {
                for piece in split_long(word, (right - indent) as usize) {
                    let len = piece.chars().count() as u16;
                    if x > indent && x + 1 + len > right {
                        rows.push(std::mem::take(&mut row));
                        x = indent;
                    }
                    if x > indent {
                        x += 1;
                    }
                    row.push(Cell { x, text: piece, style: seg.style, target: seg.target.clone() });
                    x += len;
                }
            }
        }
        rows.push(row);
    }
    rows
}

/// A word cut into pieces of at most `max` characters.
fn split_long(word: &str, max: usize) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    chars.chunks(max.max(1)).map(|c| c.iter().collect()).collect()
}

/// The notes of the shown move, wrapped for a panel `width` wide (one column kept for the scroll marks).
pub fn rows(review: &ReviewState, width: u16) -> Vec<Row> {
    wrap(&notes(review), width.saturating_sub(1))
}

pub fn row_count(review: &ReviewState, width: u16) -> usize {
    rows(review, width).len()
}

fn first_row(review: &ReviewState, total: usize, height: u16) -> usize {
    review.notes_scroll.min(total.saturating_sub(height as usize))
}

/// The move under a click on the notes panel drawn in `area`.
pub fn target_at(review: &ReviewState, area: Rect, column: u16, row: u16) -> Option<TreePath> {
    if !area.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let all = rows(review, area.width);
    let first = first_row(review, all.len(), area.height);
    let x = column - area.x;
    let cells = all.get(first + (row - area.y) as usize)?;
    cells.iter().find(|c| x >= c.x && x < c.x + c.text.chars().count() as u16).and_then(|c| c.target.clone())
}

pub fn style(theme: &Theme, s: NoteStyle) -> Style {
    match s {
        NoteStyle::Heading => theme.accent,
        NoteStyle::Move => theme.text,
        NoteStyle::Current => theme.current_move,
        NoteStyle::Comment => theme.title,
        NoteStyle::Dim => theme.dim,
        NoteStyle::Problem => theme.error,
    }
}

/// Draws rows of cells into an area, from row `first`.
pub fn draw_rows(rows: &[Row], first: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    for (i, cells) in rows.iter().skip(first).take(area.height as usize).enumerate() {
        let y = area.y + i as u16;
        for c in cells {
            if c.x < area.width {
                buf.set_span(area.x + c.x, y, &Span::styled(c.text.as_str(), style(theme, c.style)), area.width - c.x);
            }
        }
    }
}

pub struct NotesView<'a> {
    pub review: &'a ReviewState,
    pub theme: &'a Theme,
}

impl Widget for &NotesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width < 2 {
            return;
        }
        let all = rows(self.review, area.width);
        let first = first_row(self.review, all.len(), area.height);
        draw_rows(&all, first, area, buf, self.theme);
        let edge = area.right() - 1;
        if first > 0 {
            buf.set_line(edge, area.y, &Line::styled("▲", self.theme.accent), 1);
        }
        if first + (area.height as usize) < all.len() {
            buf.set_line(edge, area.bottom() - 1, &Line::styled("▼", self.theme.accent), 1);
        }
    }
}

//! The move list: SAN in numbered pairs, scrolled so that the current move is in view.

use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

pub struct MoveListView<'a> {
    pub sans: &'a [&'a str],
    /// The move number of the first move.
    pub first_number: u32,
    /// The first move was Black's (a game from a FEN with Black to move).
    pub black_first: bool,
    /// Index into `sans` of the move to highlight (the last one played, or the one shown in review).
    pub current: Option<usize>,
    pub theme: &'a Theme,
}

/// Width of one SAN column; the longest SAN (`Qa1xb2=Q#` style) is 8 characters.
const SAN_W: usize = 8;

impl MoveListView<'_> {
    /// The row (0-based) holding move `index`.
    pub fn row_of(&self, index: usize) -> usize {
        (index + usize::from(self.black_first)) / 2
    }

    fn row_count(&self) -> usize {
        if self.sans.is_empty() { 0 } else { self.row_of(self.sans.len() - 1) + 1 }
    }

    /// The first row shown in a list `height` rows tall: the current move stays in view, near the bottom.
    pub fn scroll(&self, height: usize) -> usize {
        let rows = self.row_count();
        let focus = self.current.map_or(rows.saturating_sub(1), |i| self.row_of(i));
        if rows <= height { 0 } else { (focus + 1).saturating_sub(height).min(rows - height) }
    }

    /// The move index shown at a cell of the area the list was drawn in (for clicks).
    pub fn index_at(&self, area: Rect, column: u16, row: u16) -> Option<usize> {
        if !area.contains(ratatui::layout::Position::new(column, row)) {
            return None;
        }
        let r = self.scroll(area.height as usize) + (row - area.y) as usize;
        let x = (column - area.x) as usize;
        let number_w = 5;
        let half = if x < number_w + SAN_W + 1 { 0 } else { 1 };
        let index = (2 * r + half).checked_sub(usize::from(self.black_first))?;
        (index < self.sans.len()).then_some(index)
    }
}

impl Widget for &MoveListView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        if self.sans.is_empty() {
            buf.set_line(area.x, area.y, &Line::styled("  (no moves yet)", t.dim), area.width);
            return;
        }
        let first_row = self.scroll(area.height as usize);
        for (line_no, r) in (first_row..self.row_count()).take(area.height as usize).enumerate() {
            let mut spans = vec![Span::styled(format!("{:>3}. ", self.first_number as usize + r), t.dim)];
            for half in 0..2 {
                let Some(index) = (2 * r + half).checked_sub(usize::from(self.black_first)) else {
                    spans.push(Span::styled(format!("{:<w$}", "…", w = SAN_W + 1), t.dim));
                    continue;
                };
                let Some(san) = self.sans.get(index) else { break };
                let style = if self.current == Some(index) { t.current_move } else { t.text };
                spans.push(Span::styled(format!("{san:<SAN_W$}"), style));
                spans.push(Span::raw(" "));
            }
            buf.set_line(area.x, area.y + line_no as u16, &Line::from(spans), area.width);
        }
    }
}

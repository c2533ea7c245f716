//! A centred box drawn over the screen, used by the help overlay and the dialogs.

use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The rect of a `width`×`height` box centred in `area`, shrunk to fit.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// Where a box for `lines` with `title` goes in `area` (also used to tell what a click hit): as wide as its
/// longest line, or the terminal; as high as its lines need once wrapped to that width, so no line is cut.
pub fn box_rect(area: Rect, title: &str, lines: &[Line<'_>]) -> Rect {
    let widest = lines.iter().map(|l| l.width()).max().unwrap_or(0).max(title.chars().count() + 4);
    let width = u16::try_from(widest + 4).unwrap_or(u16::MAX).min(area.width);
    let rows = Paragraph::new(lines.to_vec()).wrap(Wrap { trim: false }).line_count(width.saturating_sub(2));
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    centered(area, width, height)
}

/// Draws `lines` in a bordered, titled box sized to them (within `area`).
pub fn draw_box(area: Rect, buf: &mut Buffer, title: &str, lines: Vec<Line<'_>>, theme: &Theme) {
    let rect = box_rect(area, title, &lines);
    Clear.render(rect, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.accent)
        .title(Line::styled(format!(" {title} "), theme.title));
    Paragraph::new(lines).block(block).wrap(Wrap { trim: false }).style(theme.text).render(rect, buf);
}

//! What a terminal too small for the board shows instead of a broken layout.

use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub struct TooSmall<'a> {
    pub needed: (u16, u16),
    /// The quit key, as bound.
    pub quit: &'a str,
    pub theme: &'a Theme,
}

impl Widget for &TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::styled("Terminal too small", self.theme.accent),
            Line::raw(format!(
                "{}×{} now, the board needs {}×{}.",
                area.width, area.height, self.needed.0, self.needed.1
            )),
            Line::raw("Enlarge the window or use a smaller font."),
            Line::styled(format!("{} quits.", self.quit), self.theme.dim),
        ];
        let top = area.height.saturating_sub(lines.len() as u16) / 2;
        let inner = Rect::new(area.x, area.y + top, area.width, area.height - top);
        Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(inner, buf);
    }
}

//! The eval graph of a whole-game analysis: White's winning chances over the game as a filled area (White's
//! share below the line, Black's above, the middle an equal game), one column per position or several
//! positions a column, the shown position's column marked. Drawn cell by cell with eighth blocks, so it
//! needs no chart axes and fits any width.

use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

const BLOCKS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

pub struct EvalGraph<'a> {
    /// White's winning chances (−1…1) of the positions analysed so far.
    pub curve: &'a [f64],
    /// How many positions the game has (the graph's full width).
    pub total: usize,
    /// The shown position's index, when it is on the main line.
    pub current: Option<usize>,
    pub theme: &'a Theme,
}

impl EvalGraph<'_> {
    /// The position drawn in column `x` of `width`.
    fn position_at(&self, x: u16, width: u16) -> usize {
        (x as usize * self.total.max(1)) / width.max(1) as usize
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        let units = i32::from(area.height) * 8;
        for x in 0..area.width {
            let i = self.position_at(x, area.width);
            let marked = self
                .current
                .is_some_and(|c| c == i || (self.position_at(x + 1, area.width) > c && i < c && x + 1 < area.width));
            let level = self.curve.get(i).map(|v| ((v.clamp(-1.0, 1.0) + 1.0) / 2.0 * f64::from(units)).round() as i32);
            for row in 0..area.height {
                let bottom = (i32::from(area.height) - 1 - i32::from(row)) * 8;
                let (ch, style) = match level {
                    Some(l) => (BLOCKS[(l - bottom).clamp(0, 8) as usize], self.theme.text),
                    None if row == area.height / 2 => ('·', self.theme.dim),
                    None => (' ', self.theme.dim),
                };
                let style = if marked { style.patch(self.theme.current_move) } else { style };
                set(buf, area.x + x, area.y + row, ch, style);
            }
        }
    }
}

fn set(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

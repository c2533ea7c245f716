//! Draws the opponent's move mark (`tui::move_flash`) over the board: the two squares in reverse video and
//! bold, which stands out in every theme, the monochrome one included.

use super::board::BoardGeometry;
use crate::rules::Square;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

/// Marks the squares `from` and `to` on a board already drawn with `geometry`.
pub fn draw(buf: &mut Buffer, geometry: &BoardGeometry, (from, to): (Square, Square)) {
    let area = buf.area;
    for sq in [from, to] {
        let rect = geometry.rect_of(sq).intersection(area);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                if let Some(cell) = buf.cell_mut((x, y)) {
                    let style = cell.style().add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    cell.set_style(style);
                }
            }
        }
    }
}

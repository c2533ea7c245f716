//! Where each part of the play and review screens goes for a given terminal size. A pure function of the
//! size, used both to draw and to tell which square or move a mouse click hit.

use super::board::BoardGeometry;
use ratatui::layout::Rect;

/// The side panel (players, clocks, moves) needs at least this many columns.
pub const SIDE_MIN_W: u16 = 24;
/// Rows under the board: the status line and the move line.
pub const BOTTOM_H: u16 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenLayout {
    pub board: BoardGeometry,
    pub side: Rect,
    pub status: Rect,
    pub input: Rect,
    /// A line of key hints, when there is room for it.
    pub hints: Option<Rect>,
}

/// The smallest terminal that can show the play screen.
pub fn minimum_size(coordinates: bool) -> (u16, u16) {
    let (w, h) = BoardGeometry::outer_size(1, coordinates);
    (w + 1 + SIDE_MIN_W, h + BOTTOM_H)
}

/// Lays out the board (as large as fits, leaving the side panel its minimum), the side panel beside it, and
/// the status and move lines below. `None` when the terminal is too small.
pub fn screen(area: Rect, coordinates: bool, flipped: bool) -> Option<ScreenLayout> {
    let (min_w, min_h) = minimum_size(coordinates);
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let hints_room = area.height > min_h + 1;
    let bottom = BOTTOM_H + u16::from(hints_room);
    let board_space = Rect::new(area.x, area.y, area.width - SIDE_MIN_W - 1, area.height - bottom);
    let board = BoardGeometry::fit(board_space, coordinates, flipped)?;
    let outer = board.outer();
    let side_x = outer.right() + 1;
    let side = Rect::new(side_x, area.y, area.right().saturating_sub(side_x).min(48), outer.height.max(8));
    let below = area.y + outer.height.max(side.height);
    let status = Rect::new(area.x, below, area.width, 1);
    let input = Rect::new(area.x, below + 1, area.width, 1);
    let hints = (hints_room && below + 2 < area.bottom()).then(|| Rect::new(area.x, below + 2, area.width, 1));
    Some(ScreenLayout { board, side, status, input, hints })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_from_the_minimum_up_fits_inside_the_terminal() {
        let (min_w, min_h) = minimum_size(true);
        for w in min_w..min_w + 120 {
            for h in min_h..min_h + 50 {
                let area = Rect::new(0, 0, w, h);
                let l = screen(area, true, false).unwrap_or_else(|| panic!("{w}x{h}"));
                for r in [l.board.outer(), l.side, l.status, l.input] {
                    assert_eq!(r.intersection(area), r, "{w}x{h}: {r:?}");
                }
                assert!(!l.board.outer().intersects(l.side));
            }
        }
        assert!(screen(Rect::new(0, 0, min_w - 1, 40), true, false).is_none());
        assert!(screen(Rect::new(0, 0, 200, min_h - 1), true, false).is_none());
    }
}

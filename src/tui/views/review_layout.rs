//! Where each part of the review screen goes: the board, the game's header, the move list, the notes panel,
//! the engine panel (only while there is engine output, and never taken from the notes' half), a status
//! line (breadcrumb) and a line of key hints. A pure function of the size and the game, used to draw and to
//! tell what a click hit. Wide terminals get the notes a column of their own.

use super::board::BoardGeometry;
use super::layout;
use super::review_header;
use crate::tui::review::ReviewState;
use ratatui::layout::Rect;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewLayout {
    pub board: BoardGeometry,
    pub header: Rect,
    pub moves: Rect,
    pub notes: Rect,
    pub engine: Option<Rect>,
    pub status: Rect,
    pub help: Option<Rect>,
}

/// At most this many rows for the engine panel (a title and five lines, a title and the eval graph).
pub const ENGINE_MAX_H: u16 = 10;
/// From this width on, the notes get a column of their own beside the moves.
const TWO_COLUMNS_W: u16 = 72;
/// The width of the header and moves column when the notes have their own.
const MOVES_COLUMN_W: u16 = 40;

/// The review screen's layout; None when the terminal is too small (the play screen's minimum).
pub fn review(area: Rect, coordinates: bool, flipped: bool, review: &ReviewState) -> Option<ReviewLayout> {
    let (min_w, min_h) = layout::minimum_size(coordinates);
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let bottom = if area.height > min_h { 2 } else { 1 };
    let top_h = area.height - bottom;
    let board_min_w = BoardGeometry::outer_size(1, coordinates).0;
    let side_min = (area.width * 2 / 5).max(layout::SIDE_MIN_W).min(area.width - board_min_w - 1);
    let board = BoardGeometry::fit(Rect::new(area.x, area.y, area.width - side_min - 1, top_h), coordinates, flipped)?;
    let outer = board.outer();
    let side_x = outer.right() + 1;
    let side = Rect::new(side_x, area.y, area.right().saturating_sub(side_x), top_h);
    let engine_h = engine_rows(review);
    let under = Rect::new(area.x, outer.bottom(), outer.width, top_h.saturating_sub(outer.height));
    let engine_under =
        (engine_h > 0 && under.height >= 2).then(|| Rect { height: under.height.min(engine_h), ..under });
    let (header, moves, mut notes) = if side.width >= TWO_COLUMNS_W {
        let left = Rect { width: MOVES_COLUMN_W, ..side };
        let header_h = header_rows(review, left.width, left.height / 2);
        let header = Rect { height: header_h, ..left };
        let moves = Rect { y: left.y + header_h, height: left.height - header_h, ..left };
        let notes = Rect { x: left.right() + 1, width: side.width - MOVES_COLUMN_W - 1, ..side };
        (header, moves, notes)
    } else {
        let header_h = header_rows(review, side.width, side.height / 3);
        let rest = side.height - header_h;
        let moves_h = (rest * 2 / 5).max(rest.min(3));
        let header = Rect { height: header_h, ..side };
        let moves = Rect { y: side.y + header_h, height: moves_h, ..side };
        let notes = Rect { y: moves.bottom(), height: rest - moves_h, ..side };
        (header, moves, notes)
    };
    // No room under the board: the engine takes the bottom of the notes, at most half of them.
    let engine = engine_under.or_else(|| {
        let h = engine_h.min(notes.height / 2);
        (h > 0).then(|| {
            notes.height -= h;
            Rect { y: notes.bottom(), height: h, ..notes }
        })
    });
    let status = Rect::new(area.x, area.y + top_h, area.width, 1);
    let help = (bottom == 2).then(|| Rect::new(area.x, area.y + top_h + 1, area.width, 1));
    Some(ReviewLayout { board, header, moves, notes, engine, status, help })
}

/// Rows the engine panel wants: none without engine output.
fn engine_rows(review: &ReviewState) -> u16 {
    super::review_engine::rows_wanted(review).min(ENGINE_MAX_H)
}

fn header_rows(review: &ReviewState, width: u16, max: u16) -> u16 {
    (review_header::rows(review, width).len() as u16).min(max.max(2))
}

//! The board: squares that keep their proportions as the terminal grows (a cell is about twice as tall as it
//! is wide, so a square `h` rows tall is `2h + 1` columns wide), pieces as glyphs or letters, coordinates on
//! the edges, and the highlights. [`BoardGeometry`] is shared with the mouse code so that a click lands on
//! the square that was drawn there, flipped or not.

use crate::game::pgn::shapes::Shape;
use crate::rules::{Color, Piece, Position, Role, Square};
use crate::tui::config::PieceStyle;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// Where the board's squares are on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The 8×8 squares, without the coordinates.
    pub squares: Rect,
    pub square_w: u16,
    pub square_h: u16,
    pub flipped: bool,
    pub coordinates: bool,
}

/// Columns taken by the rank numbers on the left, rows by the file letters below.
const RANK_LABEL_W: u16 = 2;
const FILE_LABEL_H: u16 = 1;

impl BoardGeometry {
    /// The size the board takes with squares `h` rows tall.
    pub fn outer_size(h: u16, coordinates: bool) -> (u16, u16) {
        let (lw, lh) = if coordinates { (RANK_LABEL_W, FILE_LABEL_H) } else { (0, 0) };
        (8 * (2 * h + 1) + lw, 8 * h + lh)
    }

    /// The largest board that fits in `area`, placed at its top left; `None` if not even the smallest fits.
    pub fn fit(area: Rect, coordinates: bool, flipped: bool) -> Option<BoardGeometry> {
        let mut h = 0;
        while {
            let (w, hh) = Self::outer_size(h + 1, coordinates);
            w <= area.width && hh <= area.height
        } {
            h += 1;
        }
        if h == 0 {
            return None;
        }
        let lw = if coordinates { RANK_LABEL_W } else { 0 };
        let squares = Rect::new(area.x + lw, area.y, 8 * (2 * h + 1), 8 * h);
        Some(BoardGeometry { squares, square_w: 2 * h + 1, square_h: h, flipped, coordinates })
    }

    /// The whole board with its coordinates.
    pub fn outer(&self) -> Rect {
        let lw = if self.coordinates { RANK_LABEL_W } else { 0 };
        let lh = if self.coordinates { FILE_LABEL_H } else { 0 };
        Rect::new(self.squares.x - lw, self.squares.y, self.squares.width + lw, self.squares.height + lh)
    }

    /// The square drawn at a screen cell.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let r = self.squares;
        if column < r.x || row < r.y || column >= r.x + r.width || row >= r.y + r.height {
            return None;
        }
        let col = ((column - r.x) / self.square_w) as u8;
        let line = ((row - r.y) / self.square_h) as u8;
        let (file, rank) = if self.flipped { (7 - col, line) } else { (col, 7 - line) };
        Square::new(file, rank)
    }

    /// The cells of a square.
    pub fn rect_of(&self, sq: Square) -> Rect {
        let (col, line) = if self.flipped { (7 - sq.file(), sq.rank()) } else { (sq.file(), 7 - sq.rank()) };
        Rect::new(
            self.squares.x + u16::from(col) * self.square_w,
            self.squares.y + u16::from(line) * self.square_h,
            self.square_w,
            self.square_h,
        )
    }
}

/// Everything the board shows; borrowed from the app state for one frame.
pub struct BoardView<'a> {
    pub position: &'a Position,
    pub geometry: BoardGeometry,
    pub last_move: Option<(Square, Square)>,
    pub check: Option<Square>,
    pub selected: Option<Square>,
    pub targets: &'a [Square],
    pub cursor: Option<Square>,
    /// Marked squares and arrows from the game's comments (review only).
    pub shapes: &'a [Shape],
    pub pieces: PieceStyle,
    pub theme: &'a Theme,
}

pub fn glyph(piece: Piece, style: PieceStyle, outline_white: bool) -> char {
    match style {
        PieceStyle::Letters => piece.fen_char(),
        PieceStyle::Unicode => {
            let outline = outline_white && piece.color == Color::White;
            match (piece.role, outline) {
                (Role::King, false) => '♚',
                (Role::Queen, false) => '♛',
                (Role::Rook, false) => '♜',
                (Role::Bishop, false) => '♝',
                (Role::Knight, false) => '♞',
                (Role::Pawn, false) => '♟',
                (Role::King, true) => '♔',
                (Role::Queen, true) => '♕',
                (Role::Rook, true) => '♖',
                (Role::Bishop, true) => '♗',
                (Role::Knight, true) => '♘',
                (Role::Pawn, true) => '♙',
            }
        }
    }
}

impl BoardView<'_> {
    fn square_style(&self, sq: Square) -> Style {
        let t = self.theme;
        let light = sq.is_light();
        let mut style = if light { t.light_square } else { t.dark_square };
        if self.last_move.is_some_and(|(a, b)| a == sq || b == sq) {
            style = style.patch(if light { t.last_move_light } else { t.last_move_dark });
        }
        // A marked square, or where an arrow points: the last shape on a square wins, as it is drawn last.
        if let Some(shape) = self.shapes.iter().rev().find(|s| s.to.unwrap_or(s.from) == sq) {
            style = style.patch(t.shapes[shape.colour.index()]);
        }
        if self.targets.contains(&sq) && self.position.piece_at(sq).is_some() {
            style = style.patch(t.target);
        }
        if self.check == Some(sq) {
            style = style.patch(t.check);
        }
        if self.selected == Some(sq) {
            style = style.patch(t.selected);
        }
        if self.cursor == Some(sq) {
            style = style.patch(t.cursor);
        }
        style
    }

    fn draw_square(&self, sq: Square, buf: &mut Buffer) {
        let rect = self.geometry.rect_of(sq);
        let style = self.square_style(sq);
        buf.set_style(rect, style);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_char(' ');
                }
            }
        }
        let center = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        let Some(cell) = buf.cell_mut(center) else { return };
        match self.position.piece_at(sq) {
            Some(piece) => {
                let outline = self.theme.outline_white;
                let mut fg = if piece.color == Color::White { self.theme.white_piece } else { self.theme.black_piece };
                // Never colour alone: where White's glyphs are filled like Black's, they are underlined.
                if piece.color == Color::White && self.pieces == PieceStyle::Unicode && !outline {
                    fg = fg.add_modifier(Modifier::UNDERLINED);
                }
                cell.set_char(glyph(piece, self.pieces, outline)).set_style(fg);
            }
            None if self.targets.contains(&sq) => {
                let dot = self.theme.target.bg.map_or(self.theme.target, |c| Style::default().fg(c));
                cell.set_char('•').set_style(dot);
            }
            None => {}
        }
    }

    /// An arrow's start: a glyph pointing the arrow's way in the square's top right cell, in its colour (the
    /// square it points to is tinted by `square_style`).
    fn draw_arrow_start(&self, shape: &Shape, buf: &mut Buffer) {
        let Some(to) = shape.to else { return };
        let flip = if self.geometry.flipped { -1 } else { 1 };
        let dx = (i32::from(to.file()) - i32::from(shape.from.file())).signum() * flip;
        let dy = (i32::from(to.rank()) - i32::from(shape.from.rank())).signum() * flip;
        let arrow = match (dx, dy) {
            (0, 1) => '↑',
            (0, -1) => '↓',
            (1, 0) => '→',
            (-1, 0) => '←',
            (1, 1) => '↗',
            (-1, 1) => '↖',
            (1, -1) => '↘',
            _ => '↙',
        };
        let rect = self.geometry.rect_of(shape.from);
        let colour = self.theme.shapes[shape.colour.index()];
        // On a terminal without colour the glyph alone says it is an arrow.
        let style = colour.bg.map_or(colour, |c| Style::default().fg(c).add_modifier(Modifier::BOLD));
        if let Some(cell) = buf.cell_mut((rect.right() - 1, rect.y)) {
            cell.set_char(arrow).set_style(style);
        }
    }

    fn draw_coordinates(&self, buf: &mut Buffer) {
        let g = &self.geometry;
        let style = self.theme.coordinates;
        for i in 0..8u8 {
            let rank = if g.flipped { i } else { 7 - i };
            let y = g.squares.y + u16::from(i) * g.square_h + g.square_h / 2;
            buf.set_string(g.squares.x - RANK_LABEL_W, y, format!("{}", rank + 1), style);
            let file = if g.flipped { 7 - i } else { i };
            let x = g.squares.x + u16::from(i) * g.square_w + g.square_w / 2;
            buf.set_string(x, g.squares.bottom(), char::from(b'a' + file).to_string(), style);
        }
    }
}

/// Marks squares over a board already drawn (a queued premove), keeping each square's piece and dot.
pub fn mark_squares(buf: &mut Buffer, geometry: &BoardGeometry, squares: &[Square], style: Style) {
    for &sq in squares {
        let rect = geometry.rect_of(sq).intersection(buf.area);
        buf.set_style(rect, style);
    }
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // The geometry was fitted to this area by the layout; draw nothing rather than outside it.
        if self.geometry.outer().intersection(area) != self.geometry.outer() {
            return;
        }
        for sq in Square::all() {
            self.draw_square(sq, buf);
        }
        for shape in self.shapes {
            self.draw_arrow_start(shape, buf);
        }
        if self.geometry.coordinates {
            self.draw_coordinates(buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_grows_and_keeps_proportions() {
        let g = BoardGeometry::fit(Rect::new(0, 0, 26, 9), true, false).unwrap();
        assert_eq!((g.square_w, g.square_h), (3, 1));
        let g = BoardGeometry::fit(Rect::new(0, 0, 200, 60), true, false).unwrap();
        assert_eq!(g.square_w, 2 * g.square_h + 1);
        assert!(g.outer().width <= 200 && g.outer().height <= 60);
        assert!(BoardGeometry::fit(Rect::new(0, 0, 25, 9), true, false).is_none());
        assert!(BoardGeometry::fit(Rect::new(0, 0, 24, 8), false, false).is_some());
    }

    #[test]
    fn clicks_map_to_squares_both_ways_round() {
        for flipped in [false, true] {
            let g = BoardGeometry::fit(Rect::new(3, 2, 80, 30), true, flipped).unwrap();
            for sq in Square::all() {
                let r = g.rect_of(sq);
                assert_eq!(g.square_at(r.x, r.y), Some(sq));
                assert_eq!(g.square_at(r.right() - 1, r.bottom() - 1), Some(sq));
            }
            assert_eq!(g.square_at(0, 0), None);
        }
        let g = BoardGeometry::fit(Rect::new(0, 0, 26, 9), true, true).unwrap();
        // Flipped: h1 is at the top left.
        assert_eq!(g.square_at(2, 0), Square::parse("h1"));
    }
}

//! The two lines under the board: the game's status (whose move, check, the result in words, a notice)
//! and the move being typed with the reason it was refused. Also the words the status line and the side
//! panel use for the opponent's last move, the computer's thinking and a Chess960 start.

use crate::game::GameController;
use crate::rules::Color;
use crate::tui::input::MoveLine;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusKind {
    Normal,
    Check,
    Over,
    Error,
}

/// The draw offer in words for the status line, with how to answer it (`key` names the draw key): the one
/// standing before the side to move, or the one that goes with the mover's next move. None without one.
pub fn draw_offer_text(game: &GameController, key: &str) -> Option<String> {
    if let Some(by) = game.draw_offer() {
        return Some(format!("{} offers a draw: {key} accepts, a move declines", by.name()));
    }
    let by = game.pending_draw_offer()?;
    Some(format!("{} offers a draw with the next move ({key} withdraws it)", by.name()))
}

/// "Black played Nxe4+ · " after a move by someone other than `me` (the person at the keyboard), so that an
/// answer that comes in milliseconds is still noticed; empty otherwise.
pub fn opponent_move_note(game: &GameController, me: Color) -> String {
    match game.last_move() {
        Some(r) if r.color != me && !game.is_over() => format!("{} played {} · ", r.color.name(), r.san),
        _ => String::new(),
    }
}

/// " · thinking… depth 12" while the computer thinks and has reported a depth, when `show` is on.
pub fn thinking_note(game: &GameController, show: bool) -> String {
    match game.thinking_depth() {
        Some(depth) if show && game.is_thinking().is_some() => format!(" · thinking… depth {depth}"),
        _ => String::new(),
    }
}

/// "Chess960 #414" during a Chess960 game (its number worked out from the start when it was not given);
/// "Chess960" for one that did not start from one of the 960 starts.
pub fn variant_label(game: &GameController) -> Option<String> {
    match game.chess960_number() {
        Some(n) => Some(format!("Chess960 #{n}")),
        None => game.start_position().is_chess960().then(|| "Chess960".to_string()),
    }
}

pub struct StatusLine<'a> {
    pub text: &'a str,
    pub kind: StatusKind,
    pub theme: &'a Theme,
}

impl StatusLine<'_> {
    /// The rows the whole message needs at `columns`.
    pub fn rows(&self, columns: u16) -> u16 {
        super::wrap::rows_needed(self.text, usize::from(columns)).try_into().unwrap_or(u16::MAX)
    }
}

impl Widget for &StatusLine<'_> {
    /// Wraps the message over the rows of `area`; only a message longer than all of them loses its end, which
    /// is then marked with "…".
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let style = match self.kind {
            StatusKind::Normal => t.text,
            StatusKind::Check | StatusKind::Over => t.accent,
            StatusKind::Error => t.error,
        };
        draw_wrapped(buf, area, self.text, style);
    }
}

/// `text` wrapped into `area`, a "…" at the end of the last row when it does not all fit.
pub fn draw_wrapped(buf: &mut Buffer, area: Rect, text: &str, style: ratatui::style::Style) {
    let rows = super::wrap::wrap(text, usize::from(area.width));
    let shown = rows.len().min(usize::from(area.height));
    for (i, row) in rows.iter().take(shown).enumerate() {
        let y = area.y + i as u16;
        if i + 1 == shown && shown < rows.len() {
            let cut: String = row.chars().take(usize::from(area.width).saturating_sub(1)).collect();
            buf.set_line(area.x, y, &Line::styled(format!("{cut}…"), style), area.width);
        } else {
            buf.set_line(area.x, y, &Line::styled(row.as_str(), style), area.width);
        }
    }
}

pub struct InputLine<'a> {
    pub line: &'a MoveLine,
    /// Shown when nothing is typed, e.g. "type a move (e4, Nf3, e7e8q) or use the arrows".
    pub placeholder: &'a str,
    pub theme: &'a Theme,
}

impl InputLine<'_> {
    fn prompt(&self) -> String {
        if self.line.is_empty() { self.placeholder.to_string() } else { format!("{}▏", self.line.text()) }
    }

    /// The rows the line needs at `columns`: one, and more when the reason a move was refused is long.
    pub fn rows(&self, columns: u16) -> u16 {
        let Some(err) = self.line.error() else { return 1 };
        let first = 6 + super::wrap::width(&self.prompt());
        if first + 2 + super::wrap::width(err) <= usize::from(columns) {
            return 1;
        }
        (1 + super::wrap::rows_needed(err, usize::from(columns))).try_into().unwrap_or(u16::MAX)
    }
}

impl Widget for &InputLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let prompt_style = if self.line.is_empty() { t.dim } else { t.accent };
        let mut spans = vec![Span::styled("Move: ", t.dim), Span::styled(self.prompt(), prompt_style)];
        let err = self.line.error();
        let one_row = self.rows(area.width) == 1;
        if let Some(err) = err.filter(|_| one_row) {
            spans.push(Span::styled(format!("  {err}"), t.error));
        }
        buf.set_line(area.x, area.y, &Line::from(spans), area.width);
        if let Some(err) = err.filter(|_| !one_row) {
            let rest = Rect::new(area.x, area.y + 1, area.width, area.height.saturating_sub(1));
            draw_wrapped(buf, rest, err, t.error);
        }
    }
}

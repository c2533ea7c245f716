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

impl Widget for &StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let style = match self.kind {
            StatusKind::Normal => t.text,
            StatusKind::Check | StatusKind::Over => t.accent,
            StatusKind::Error => t.error,
        };
        buf.set_line(area.x, area.y, &Line::styled(self.text, style), area.width);
    }
}

pub struct InputLine<'a> {
    pub line: &'a MoveLine,
    /// Shown when nothing is typed, e.g. "type a move (e4, Nf3, e7e8q) or use the arrows".
    pub placeholder: &'a str,
    pub theme: &'a Theme,
}

impl Widget for &InputLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let mut spans = vec![Span::styled("Move: ", t.dim)];
        if self.line.is_empty() {
            spans.push(Span::styled(self.placeholder, t.dim));
        } else {
            spans.push(Span::styled(self.line.text(), t.accent));
            spans.push(Span::styled("▏", t.accent));
        }
        if let Some(err) = self.line.error() {
            spans.push(Span::styled(format!("  {err}"), t.error));
        }
        buf.set_line(area.x, area.y, &Line::from(spans), area.width);
    }
}

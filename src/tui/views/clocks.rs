//! A player's block in the side panel: who plays (and at what level), the clock, and the material lead.
//! The clock line says what the clock does: "◀" while it runs, a simple delay counting down before the main
//! time moves ("delay 3s"), and with stages the moves left to the next control ("12 to go").

use crate::rules::Color;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::time::Duration;

/// One side as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerView {
    pub color: Color,
    /// "You", "Computer · level 3", a PGN player name...
    pub name: String,
    /// Remaining time; `None` when the game is untimed (or a reviewed game).
    pub clock: Option<Duration>,
    /// This side's clock is running (not before its first move when clocks start after the first moves).
    pub running: bool,
    /// What is left of a simple delay before the main time moves.
    pub delay: Option<Duration>,
    /// With stages: moves left to the next time control.
    pub to_go: Option<u32>,
    pub to_move: bool,
    /// The pieces this side is up, e.g. "♟♟ +2"; empty when level.
    pub material: String,
}

/// Formats a clock: `h:mm:ss` from an hour, `m:ss` below, and `s.t` with tenths below `low`.
pub fn format_clock(d: Duration, low: Duration) -> String {
    let ms = d.as_millis();
    if d < low.min(Duration::from_secs(60)) {
        // Round down: a clock showing 0.0 has run out.
        return format!("{}.{}", ms / 1000, (ms / 100) % 10);
    }
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A delay's whole seconds, rounded up: a 5 s delay shows 5, 4, 3, 2, 1 and is gone at 0.
pub fn delay_seconds(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000) as u64
}

/// When the clock line next changes while a delay counts down (for the event loop's timer).
pub fn delay_step(d: Duration) -> Duration {
    match d.as_millis() % 1000 {
        0 => Duration::from_secs(1),
        ms => Duration::from_millis(ms as u64),
    }
}

pub struct PlayerBlock<'a> {
    pub player: &'a PlayerView,
    pub low: Duration,
    pub theme: &'a Theme,
}

impl Widget for &PlayerBlock<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let p = self.player;
        let marker = if p.to_move { "▶ " } else { "  " };
        let name_style = if p.to_move { t.accent } else { t.text };
        let side = if p.color == Color::White { "White" } else { "Black" };
        let head = Line::from(vec![
            Span::styled(marker, t.accent),
            Span::styled(format!("{side}: "), t.dim),
            Span::styled(p.name.as_str(), name_style),
        ]);
        buf.set_line(area.x, area.y, &head, area.width);
        if area.height < 2 {
            return;
        }
        let mut clock_line = vec![Span::raw("  ")];
        if let Some(left) = p.clock {
            let style = if left < self.low {
                t.clock_low
            } else if p.running {
                t.clock_running
            } else {
                t.text
            };
            clock_line.push(Span::styled(format_clock(left, self.low), style));
            if p.running {
                clock_line.push(Span::styled(" ◀", style));
            }
            if let Some(delay) = p.delay {
                clock_line.push(Span::styled(format!(" delay {}s", delay_seconds(delay)), t.accent));
            }
            if let Some(n) = p.to_go {
                clock_line.push(Span::styled(format!(" · {n} to go"), t.dim));
            }
        } else {
            clock_line.push(Span::styled("no clock", t.dim));
        }
        if !p.material.is_empty() {
            clock_line.push(Span::styled(format!("   {}", p.material), Style::default().patch(t.dim)));
        }
        buf.set_line(area.x, area.y + 1, &Line::from(clock_line), area.width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_tenths_only_when_low() {
        let low = Duration::from_secs(10);
        assert_eq!(format_clock(Duration::from_millis(300_000), low), "5:00");
        assert_eq!(format_clock(Duration::from_millis(59_999), low), "0:59");
        assert_eq!(format_clock(Duration::from_millis(9_990), low), "9.9");
        assert_eq!(format_clock(Duration::from_millis(99), low), "0.0");
        assert_eq!(format_clock(Duration::from_secs(3723), low), "1:02:03");
        assert_eq!(format_clock(Duration::from_millis(10_000), low), "0:10");
    }

    #[test]
    fn a_delay_counts_whole_seconds_down_to_one() {
        assert_eq!(delay_seconds(Duration::from_millis(5000)), 5);
        assert_eq!(delay_seconds(Duration::from_millis(4001)), 5);
        assert_eq!(delay_seconds(Duration::from_millis(1)), 1);
        assert_eq!(delay_step(Duration::from_millis(4300)), Duration::from_millis(300));
        assert_eq!(delay_step(Duration::from_millis(3000)), Duration::from_secs(1));
    }
}

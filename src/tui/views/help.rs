//! The help overlay: every key, the configurable ones as currently bound.

use super::popup::draw_box;
use crate::tui::action::Command;
use crate::tui::keymap::KeyMap;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

const FIXED_KEYS: &str = include_str!("../../../assets/help.txt");

pub fn draw(area: Rect, buf: &mut Buffer, keymap: &KeyMap, theme: &Theme) {
    let mut lines: Vec<Line> = Vec::new();
    for text in FIXED_KEYS.lines() {
        let style = if text.starts_with(' ') { theme.text } else { theme.accent };
        lines.push(Line::styled(text, style));
    }
    lines.push(Line::styled("Commands (change them in the [keys] table of the configuration)", theme.accent));
    for command in Command::ALL {
        let keys: Vec<String> = keymap.keys_for(command).iter().map(|k| k.to_string()).collect();
        lines.push(Line::from(vec![
            Span::styled(format!("  {:<22} ", keys.join(" ")), theme.accent),
            Span::styled(command.description(), theme.text),
        ]));
    }
    lines.push(Line::styled("Any key closes this help.", theme.dim));
    draw_box(area, buf, "Help", lines, theme);
}

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
    lines.push(Line::styled("Commands (the [keys] table of the configuration changes them)", theme.accent));
    for command in Command::ALL {
        let keys: Vec<String> = keymap.keys_for(command).iter().map(|k| k.to_string()).collect();
        lines.push(Line::from(vec![
            Span::styled(format!("  {:<20} ", keys.join(" ")), theme.accent),
            Span::styled(command.description(), theme.text),
        ]));
    }
    draw_box(area, buf, "Help · any key closes it", lines, theme);
}

//! Drawing the open dialog over the screen.

use super::popup::{box_rect, draw_box};
use crate::rules::Piece;
use crate::text::clean;
use crate::tui::app::App;
use crate::tui::dialog::{Dialog, PROMOTION_ROLES, Picker};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(area: Rect, buf: &mut Buffer, app: &App, dialog: &Dialog) {
    let t = &app.theme;
    let (title, lines): (&str, Vec<Line>) = match dialog {
        Dialog::Help => return super::help::draw(area, buf, &app.keymap, t),
        Dialog::ConfirmResign => (
            "Resign?",
            vec![Line::raw("Resign this game?"), Line::styled("Enter/y resign · Esc/n keep playing", t.dim)],
        ),
        Dialog::TakebackRequested { by } => (
            "Takeback",
            vec![
                Line::raw(format!("{} asks to take back a move.", by.name())),
                Line::styled("Enter/y allow · Esc/n refuse", t.dim),
            ],
        ),
        Dialog::Promotion { index, .. } => promotion_content(app, *index),
        Dialog::SavePath { text, error, .. } => {
            let mut lines = vec![Line::raw("Save the game as PGN to:"), Line::styled(format!("{text}▏"), t.accent)];
            if let Some(e) = error {
                lines.push(Line::styled(e.as_str(), t.error));
            }
            lines.push(Line::styled("Enter save · Esc cancel", t.dim));
            ("Save PGN", lines)
        }
        Dialog::OpenElsewhere { summary, .. } => (
            "Unfinished game",
            vec![
                Line::raw(clean(summary)),
                Line::styled("This game is open in another tabiya.", t.error),
                Line::styled("r review it · Enter/Esc start a new game", t.dim),
            ],
        ),
        Dialog::QuitUnsaved { reason } => (
            "The game is not saved",
            vec![
                Line::styled(format!("Not saved: {}", clean(reason)), t.error),
                Line::raw("Quitting now loses it."),
                Line::styled("s save it as PGN elsewhere · q quit anyway · Esc keep playing", t.dim),
            ],
        ),
        Dialog::Resume { summary, .. } => (
            "Unfinished game",
            vec![Line::raw(clean(summary)), Line::styled("Enter/y resume it · Esc/n start a new game", t.dim)],
        ),
        Dialog::UnknownEngine { summary, message, picker, .. } => {
            let mut lines = vec![Line::raw(clean(summary)), Line::styled(clean(message), t.error)];
            lines.push(Line::raw("Nothing was run. Who plays that side instead?"));
            let foot = Line::styled("↑↓ choose · Enter · Esc start a new game", t.dim);
            with_picker(area, app, lines, picker, crate::rules::Color::White, foot, "Unfinished game")
        }
        Dialog::EngineFailed { color, message, picker } => {
            let mut lines = vec![Line::styled(clean(message), t.error)];
            lines.push(Line::raw(format!("The clocks are stopped. Who plays {} now?", color.name())));
            with_picker(area, app, lines, picker, *color, Line::styled("↑↓ choose · Enter", t.dim), "Engine failure")
        }
    };
    draw_box(area, buf, title, lines, t);
}

/// A dialog's lines: `head`, the picker's choices and `foot`. When the box would be taller than `area`, the
/// choices scroll: a window around the chosen one, with "↑ N more" / "↓ N more" where some are hidden.
fn with_picker(
    area: Rect,
    app: &App,
    mut head: Vec<Line<'static>>,
    picker: &Picker,
    color: crate::rules::Color,
    foot: Line<'static>,
    title: &'static str,
) -> (&'static str, Vec<Line<'static>>) {
    // Rows left for the choices: the box's borders, the other lines (wrapped as the widest box would wrap
    // them, plus one row in case a narrower box wraps one more) and the foot.
    let mut other = head.clone();
    other.push(foot.clone());
    let other_rows = Paragraph::new(other).wrap(Wrap { trim: false }).line_count(area.width.saturating_sub(4));
    let rows = (area.height as usize).saturating_sub(2 + other_rows + 1);
    head.extend(picker_lines(app, picker, color, rows));
    head.push(foot);
    (title, head)
}

fn picker_lines(app: &App, picker: &Picker, color: crate::rules::Color, rows: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    let n = picker.choices.len();
    // Room for at least the chosen line between the two markers.
    let (first, shown) = if n <= rows { (0, n) } else { choice_window(n, picker.index, rows.max(3) - 2) };
    let mut lines = Vec::new();
    if first > 0 {
        lines.push(Line::styled(format!("  ↑ {first} more"), t.dim));
    }
    for (i, choice) in picker.choices.iter().enumerate().skip(first).take(shown) {
        let (mark, style) = if i == picker.index { ("▸ ", t.current_move) } else { ("  ", t.text) };
        lines.push(Line::styled(format!("{mark}{}", choice.label(color)), style));
    }
    if first + shown < n {
        lines.push(Line::styled(format!("  ↓ {} more", n - first - shown), t.dim));
    }
    lines
}

/// The first of `shown` consecutive choices out of `n`, placed so that `index` is among them (near the middle).
fn choice_window(n: usize, index: usize, shown: usize) -> (usize, usize) {
    let shown = shown.clamp(1, n);
    (index.saturating_sub(shown / 2).min(n - shown), shown)
}

fn promotion_labels(app: &App) -> Vec<String> {
    let color = app.play.as_ref().map_or(crate::rules::Color::White, |p| p.game.side_to_move());
    PROMOTION_ROLES
        .iter()
        .map(|role| {
            let g = super::board::glyph(Piece::new(color, *role), app.config.display.pieces, app.theme.outline_white);
            format!(" {g} {} ", role.name())
        })
        .collect()
}

fn promotion_content(app: &App, index: usize) -> (&'static str, Vec<Line<'static>>) {
    let t = &app.theme;
    let spans: Vec<Span> = promotion_labels(app)
        .into_iter()
        .enumerate()
        .map(|(i, label)| Span::styled(label, if i == index { t.current_move } else { t.text }))
        .collect();
    let help = Line::styled("←→ choose · Enter · q r b n · click · Esc cancel", t.dim);
    ("Promote to", vec![Line::from(spans), help])
}

/// Which promotion choice (index into `PROMOTION_ROLES`) a click at a screen cell hit.
pub fn promotion_choice_at(area: Rect, app: &App, column: u16, row: u16) -> Option<usize> {
    let (title, lines) = promotion_content(app, 0);
    let rect = box_rect(area, title, &lines);
    if row != rect.y + 1 || column <= rect.x {
        return None;
    }
    let mut x = rect.x + 1;
    for (i, label) in promotion_labels(app).iter().enumerate() {
        let w = Line::raw(label.as_str()).width() as u16;
        if (x..x + w).contains(&column) {
            return Some(i);
        }
        x += w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::choice_window;

    #[test]
    fn the_window_always_holds_the_chosen_line() {
        for n in 1..20 {
            for shown in 1..=n {
                for index in 0..n {
                    let (first, count) = choice_window(n, index, shown);
                    assert!(first <= index && index < first + count && first + count <= n, "{n} {shown} {index}");
                    assert_eq!(count, shown);
                }
            }
        }
        assert_eq!(choice_window(14, 0, 6), (0, 6));
        assert_eq!(choice_window(14, 13, 6), (8, 6));
        assert_eq!(choice_window(14, 7, 6), (4, 6));
    }
}

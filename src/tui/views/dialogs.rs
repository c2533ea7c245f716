//! Drawing the open dialog over the screen.

use super::popup::{box_rect, draw_box};
use crate::rules::Piece;
use crate::text::clean;
use crate::tui::app::App;
use crate::tui::dialog::{Dialog, PROMOTION_ROLES, Picker};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

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
            lines.extend(picker_lines(app, picker, crate::rules::Color::White));
            lines.push(Line::styled("↑↓ choose · Enter · Esc start a new game", t.dim));
            ("Unfinished game", lines)
        }
        Dialog::EngineFailed { color, message, picker } => {
            let mut lines = vec![Line::styled(clean(message), t.error)];
            lines.push(Line::raw(format!("The clocks are stopped. Who plays {} now?", color.name())));
            lines.extend(picker_lines(app, picker, *color));
            lines.push(Line::styled("↑↓ choose · Enter", t.dim));
            ("Engine failure", lines)
        }
    };
    draw_box(area, buf, title, lines, t);
}

fn picker_lines(app: &App, picker: &Picker, color: crate::rules::Color) -> Vec<Line<'static>> {
    let t = &app.theme;
    let lines = picker.choices.iter().enumerate().map(|(i, choice)| {
        let (mark, style) = if i == picker.index { ("▸ ", t.current_move) } else { ("  ", t.text) };
        Line::styled(format!("{mark}{}", choice.label(color)), style)
    });
    lines.collect()
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

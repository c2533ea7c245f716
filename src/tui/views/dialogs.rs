//! Drawing the open dialog over the screen.

use super::popup::draw_box;
use crate::rules::Piece;
use crate::tui::app::App;
use crate::tui::dialog::{Dialog, PROMOTION_ROLES};
use crate::tui::sanitize::clean;
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
        Dialog::DrawOffered { by } => (
            "Draw offer",
            vec![
                Line::raw(format!("{} offers a draw.", by.name())),
                Line::styled("Enter/y accept · Esc/n decline", t.dim),
            ],
        ),
        Dialog::TakebackRequested { by } => (
            "Takeback",
            vec![
                Line::raw(format!("{} asks to take back a move.", by.name())),
                Line::styled("Enter/y allow · Esc/n refuse", t.dim),
            ],
        ),
        Dialog::Promotion { moves, index } => {
            let color = app.play.as_ref().map_or(crate::rules::Color::White, |p| p.game.side_to_move());
            let mut spans = Vec::new();
            for (i, role) in PROMOTION_ROLES.iter().enumerate() {
                let g = super::board::glyph(Piece::new(color, *role), app.config.display.pieces, t.outline_white);
                let label = format!(" {g} {} ", role.name());
                spans.push(Span::styled(label, if i == *index { t.current_move } else { t.text }));
            }
            let _ = moves;
            ("Promote to", vec![Line::from(spans), Line::styled("←→ choose · Enter · or q r b n · Esc cancel", t.dim)])
        }
        Dialog::SavePath { text, error } => {
            let mut lines = vec![Line::raw("Save the game as PGN to:"), Line::styled(format!("{text}▏"), t.accent)];
            if let Some(e) = error {
                lines.push(Line::styled(e.as_str(), t.error));
            }
            lines.push(Line::styled("Enter save · Esc cancel", t.dim));
            ("Save PGN", lines)
        }
        Dialog::Resume { summary, .. } => (
            "Unfinished game",
            vec![Line::raw(clean(summary)), Line::styled("Enter/y resume it · Esc/n start a new game", t.dim)],
        ),
    };
    draw_box(area, buf, title, lines, t);
}

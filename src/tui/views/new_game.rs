//! The new-game screen: one row per choice (the bell on the opponent's moves included), the focused one
//! marked, a preview of a Chess960 back rank.

use super::popup::centered;
use crate::rules::{Color, Piece};
use crate::tui::config::PieceStyle;
use crate::tui::new_game::{Field, NewGameForm, StartChoice};
use crate::tui::theme::Theme;
use crate::tui::views::board::glyph;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub struct NewGameView<'a> {
    pub form: &'a NewGameForm,
    pub pieces: PieceStyle,
    pub theme: &'a Theme,
    /// A line about what happened before (a config problem, why a game could not start).
    pub notice: Option<&'a str>,
    /// The help and quit keys as bound, e.g. "F1 help · Ctrl+Q quit".
    pub keys_hint: &'a str,
}

impl NewGameView<'_> {
    fn row(&self, field: Field) -> Line<'_> {
        let f = self.form;
        let t = self.theme;
        let (label, value) = match field {
            Field::White => ("White", f.player_label(f.white)),
            Field::WhiteLevel => ("  level", format!("{} of 8", f.white_level)),
            Field::Black => ("Black", f.player_label(f.black)),
            Field::BlackLevel => ("  level", format!("{} of 8", f.black_level)),
            Field::Time => ("Time control", f.time_label()),
            Field::CustomTime => ("  minutes+seconds", format!("{}▏", f.custom_time)),
            Field::Start => (
                "Start",
                match f.start {
                    StartChoice::Standard => "Standard".into(),
                    StartChoice::Chess960Random => "Chess960, random".into(),
                    StartChoice::Chess960Number => "Chess960, number".into(),
                    StartChoice::Fen => "From a FEN".into(),
                },
            ),
            Field::Number => ("  number 0–959", format!("{}▏ {}", f.number, self.preview())),
            Field::Fen => ("  FEN", format!("{}▏", f.fen)),
            Field::Bell => ("Bell on move", if f.bell_on_move { "on" } else { "off" }.into()),
            Field::Go => ("", "[ Start the game ]".into()),
        };
        let focused = f.focus == field;
        let marker = if focused { "▶ " } else { "  " };
        let arrows = matches!(
            field,
            Field::White
                | Field::Black
                | Field::WhiteLevel
                | Field::BlackLevel
                | Field::Time
                | Field::Start
                | Field::Bell
        );
        let value = if focused && arrows { format!("◀ {value} ▶") } else { value };
        let value_style = if focused { t.accent } else { t.text };
        Line::from(vec![
            Span::styled(marker, t.accent),
            Span::styled(format!("{label:<18}"), t.dim),
            Span::styled(value, value_style),
        ])
    }

    fn preview(&self) -> String {
        match self.form.chess960_preview() {
            Some((_, rank)) => {
                rank.iter().map(|&role| glyph(Piece::new(Color::White, role), self.pieces, true)).collect()
            }
            None => "(0–959)".into(),
        }
    }
}

impl Widget for &NewGameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let mut lines = vec![Line::raw("")];
        for field in self.form.fields() {
            lines.push(self.row(field));
        }
        lines.push(Line::raw(""));
        if let Some(err) = &self.form.error {
            lines.push(Line::styled(err.as_str(), t.error));
        }
        if let Some(notice) = self.notice {
            lines.push(Line::styled(notice, t.error));
        }
        lines.push(Line::styled(
            format!("↑↓ choose · ←→ change · type in text rows · Enter start · {}", self.keys_hint),
            t.dim,
        ));
        let rect = centered(area, 72, lines.len() as u16 + 2);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(t.accent)
            .title(Line::styled(" tabiya — new game ", t.title));
        Paragraph::new(lines).block(block).render(rect, buf);
    }
}

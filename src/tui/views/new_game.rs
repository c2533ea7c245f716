//! The new-game screen: one row per choice (the bell on the opponent's moves included), the focused one
//! marked, a preview of a Chess960 back rank.

use super::hints::fit_hints;
use super::popup::centered;
use super::wrap::{width, wrap};
use crate::engine::MAX_LEVEL;
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
    /// What happened before (every config problem, one a line; why a game could not start).
    pub notice: Option<&'a str>,
    /// The help and quit keys as bound, e.g. `["F1 help", "Ctrl+Q quit"]`: always shown.
    pub keys: &'a [String],
    /// Other keys worth showing while they fit, most useful first.
    pub more_keys: &'a [String],
}

impl NewGameView<'_> {
    fn row(&self, field: Field) -> Line<'_> {
        let f = self.form;
        let t = self.theme;
        let (label, value) = match field {
            Field::White => ("White", f.player_label(f.white)),
            Field::WhiteLevel => ("  level", format!("{} of {MAX_LEVEL}", f.white_level)),
            Field::Black => ("Black", f.player_label(f.black)),
            Field::BlackLevel => ("  level", format!("{} of {MAX_LEVEL}", f.black_level)),
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

/// The box is at least this wide, and grows with the terminal when a message needs it.
const BOX_W: u16 = 72;

impl NewGameView<'_> {
    /// The messages under the choices: why the last start failed, then the start-up notice.
    fn messages(&self) -> impl Iterator<Item = &str> {
        self.form.error.as_deref().into_iter().chain(self.notice).flat_map(|m| m.split('\n'))
    }

    fn box_width(&self, area: Rect) -> u16 {
        let widest = self.messages().map(width).max().unwrap_or(0);
        u16::try_from(widest + 4).unwrap_or(u16::MAX).max(BOX_W).min(area.width)
    }
}

impl Widget for &NewGameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let box_w = self.box_width(area);
        let inner = usize::from(box_w.saturating_sub(2));
        let mut lines = vec![Line::raw("")];
        for field in self.form.fields() {
            lines.push(self.row(field));
        }
        lines.push(Line::raw(""));
        for message in self.messages() {
            lines.extend(wrap(message, inner).into_iter().map(|row| Line::styled(row, t.error)));
        }
        let more = ["↑↓ choose", "←→ change", "type in text rows"];
        let mut keys = vec!["Enter start".to_string()];
        keys.extend(self.keys.iter().cloned());
        lines.push(Line::styled(fit_hints(&more, &keys, inner), t.dim));
        // The saved games' keys get a row of their own, so they show at 80 columns too.
        if !self.more_keys.is_empty() {
            lines.push(Line::styled(fit_hints(self.more_keys, &[] as &[&str], inner), t.dim));
        }
        let rect = centered(area, box_w, lines.len() as u16 + 2);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(t.accent)
            .title(Line::styled(" tabiya — new game ", t.title));
        Paragraph::new(lines).block(block).render(rect, buf);
    }
}

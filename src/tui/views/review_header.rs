//! The reviewed game's header (players, each side's accuracy once the game is analysed, event, result, time
//! control, opening, variant), wrapped to its column; what does not fit the rows given is left for wider
//! terminals.

use super::review_notes::{Row, draw_rows, wrap};
use crate::tui::review::ReviewState;
use crate::tui::review::header::lines;
use crate::tui::review::notes::{NoteStyle, Para, Segment};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The header's rows at `width`.
pub fn rows(review: &ReviewState, width: u16) -> Vec<Row> {
    let paras: Vec<Para> = lines(&review.game)
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let style = if i < 2 { NoteStyle::Move } else { NoteStyle::Dim };
            Para { indent: 0, segments: vec![Segment { text, style, target: None }] }
        })
        .collect();
    let mut paras = paras;
    // Right under the players: when the rows run short, the event and date lines give way, not the analysis.
    if let Some(text) = accuracy(review) {
        let at = paras.len().min(2);
        paras.insert(at, Para { indent: 0, segments: vec![Segment { text, style: NoteStyle::Move, target: None }] });
    }
    wrap(&paras, width)
}

/// Each side's accuracy and average centipawn loss from the whole-game analysis, once it has them.
fn accuracy(review: &ReviewState) -> Option<String> {
    let [white, black] = review.analysis.report.figures;
    let side = |name: &str, f: Option<crate::game::judgement::SideFigures>| {
        f.map(|f| format!("{name} {:.0}% (ACPL {})", f.accuracy, f.acpl))
    };
    let parts: Vec<String> = [side("White", white), side("Black", black)].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| format!("Accuracy: {}", parts.join(" · ")))
}

pub struct HeaderView<'a> {
    pub review: &'a ReviewState,
    pub theme: &'a Theme,
}

impl Widget for &HeaderView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_rows(&rows(self.review, area.width), 0, area, buf, self.theme);
    }
}

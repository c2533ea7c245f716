//! The review screen's engine panel: the live analysis of the shown position (score and depth first, then
//! the line in SAN, cut at the panel's edge), and the whole-game analysis (its progress, counts of mistakes
//! and the eval graph). What does not fit the panel's height is left out, the live lines first kept.

use super::eval_graph::EvalGraph;
use crate::game::judgement::Judgement;
use crate::tui::review::ReviewState;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The graph's rows at most.
const GRAPH_H: u16 = 3;

/// Rows the panel wants: none while no analysis is on.
pub fn rows_wanted(review: &ReviewState) -> u16 {
    let live =
        if review.live.is_on() || review.live.error.is_some() { 1 + review.live.rows().len().max(1) as u16 } else { 0 };
    let game = if review.analysis.started() { 1 + GRAPH_H } else { 0 };
    live + game
}

pub fn draw(area: Rect, buf: &mut Buffer, review: &ReviewState, theme: &Theme) {
    let mut y = area.y;
    let game_h = if review.analysis.started() { (1 + GRAPH_H).min(area.height / 2).max(2) } else { 0 };
    let live_rows = review.live.rows();
    if !live_rows.is_empty() {
        let room = area.height.saturating_sub(game_h.min(area.height.saturating_sub(2)));
        buf.set_line(area.x, y, &Line::styled("Engine (White's view)", theme.dim), area.width);
        y += 1;
        for (head, san) in live_rows.iter().take(room.saturating_sub(1) as usize) {
            let line = Line::from(vec![
                Span::styled(head.clone(), theme.accent),
                Span::styled(cut(san, area, head), theme.text),
            ]);
            buf.set_line(area.x, y, &line, area.width);
            y += 1;
        }
    }
    let left = area.bottom().saturating_sub(y);
    if !review.analysis.started() || left == 0 {
        return;
    }
    let a = &review.analysis;
    let count = |j: Judgement| a.report.verdicts.iter().filter(|v| v.judgement == j).count();
    let title = format!(
        "Game: {} · ??{} ?{} ?!{}",
        a.progress(),
        count(Judgement::Blunder),
        count(Judgement::Mistake),
        count(Judgement::Inaccuracy)
    );
    let style = if a.error.is_some() { theme.error } else { theme.dim };
    buf.set_line(area.x, y, &Line::styled(title, style), area.width);
    let graph = Rect::new(area.x, y + 1, area.width, (left - 1).min(GRAPH_H));
    let curve = a.curve();
    EvalGraph { curve: &curve, total: a.total, current: review.main_ply(), theme }.render(graph, buf);
}

/// The line after the score and depth, cut with `…` where the panel ends.
fn cut(san: &str, area: Rect, head: &str) -> String {
    let room = (area.width as usize).saturating_sub(head.chars().count() + 2);
    let text = if san.chars().count() <= room {
        san.to_string()
    } else {
        san.chars().take(room.saturating_sub(1)).chain(['…']).collect()
    };
    format!("  {text}")
}

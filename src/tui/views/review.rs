//! The review screens: the list of a file's games, and one game with its board, header, move list, notes,
//! engine panel, breadcrumb and key hints (placed by `review_layout`).

use super::board::BoardView;
use super::layout::ScreenLayout;
use super::review_header::HeaderView;
use super::review_layout::{self, ReviewLayout};
use super::review_moves::ReviewMovesView;
use super::review_notes::NotesView;
use crate::tui::action::Command;
use crate::tui::app::App;
use crate::tui::review::{GameList, ReviewState};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Widget};

pub fn draw_list(frame: &mut Frame, app: &App, list: &GameList) {
    let t = &app.theme;
    let area = frame.area();
    let buf = frame.buffer_mut();
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent)
        .title(Line::styled(format!(" {} — {} games ", list.title, list.entries.len()), t.title));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 2 {
        return;
    }
    let header = format!(
        "{:>5}  {:<22} {:<22} {:<8} {:<10} {:<20} {}",
        "#", "White", "Black", "Result", "Date", "Event", "Variant"
    );
    buf.set_line(inner.x, inner.y, &Line::styled(header, t.dim), inner.width);
    let rows = (inner.height - 2) as usize;
    let first = list.selected.saturating_sub(rows.saturating_sub(1));
    for (i, e) in list.entries.iter().enumerate().skip(first).take(rows) {
        let text = format!(
            "{:>5}  {:<22} {:<22} {:<8} {:<10} {:<20} {}",
            e.number,
            cut(&e.white, 22),
            cut(&e.black, 22),
            cut(&e.result, 8),
            cut(&e.date, 10),
            cut(&e.event, 20),
            cut(&e.variant, 16)
        );
        let style = if i == list.selected { t.current_move } else { t.text };
        buf.set_line(inner.x, inner.y + 1 + (i - first) as u16, &Line::styled(text, style), inner.width);
    }
    let resume = if list.resumable(list.selected).is_some() { "r resume · " } else { "" };
    let help = format!("↑↓ choose · Enter open · {resume}{} quit", app.keymap.hint(crate::tui::action::Command::Quit));
    let (help, style) = match &list.notice {
        Some(notice) => (notice.clone(), t.error),
        None => (help, t.dim),
    };
    buf.set_line(inner.x, inner.bottom() - 1, &Line::styled(help, style), inner.width);
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { s.chars().take(n - 1).chain(['…']).collect() }
}

/// Draws one game under review. The play screen's layout (`_play`) says the terminal is large enough; the
/// review screen places its parts itself.
pub fn draw_review(frame: &mut Frame, app: &App, review: &ReviewState, _play: &ScreenLayout) {
    let area = frame.area();
    let Some(l) = review_layout::review(area, app.config.display.coordinates, review.flipped, review) else { return };
    let t = &app.theme;
    let buf = frame.buffer_mut();
    let pos = review.position();
    let board = BoardView {
        position: pos,
        geometry: l.board,
        last_move: review.last_move_squares(),
        check: pos.in_check().then(|| pos.king_square(pos.side_to_move())),
        selected: None,
        targets: &[],
        cursor: None,
        pieces: app.config.display.pieces,
        theme: t,
    };
    (&board).render(l.board.outer(), buf);
    (&HeaderView { review, theme: t }).render(l.header, buf);
    (&ReviewMovesView { review, theme: t }).render(l.moves, buf);
    (&NotesView { review, theme: t }).render(l.notes, buf);
    if let Some(rect) = l.engine {
        super::review_engine::draw(rect, buf, review, t);
    }
    draw_status(&l, buf, review, app);
}

/// Where we are (breadcrumb and move number, or why a request failed), then the keys.
fn draw_status(l: &ReviewLayout, buf: &mut Buffer, review: &ReviewState, app: &App) {
    let t = &app.theme;
    let (text, style) = match &review.notice {
        Some(n) => (n.clone(), t.error),
        None => (format!("{} · {}", review.breadcrumb(), review.where_text()), t.text),
    };
    buf.set_line(l.status.x, l.status.y, &Line::styled(tail(&text, l.status.width as usize), style), l.status.width);
    if let Some(help) = l.help {
        let evaluate = format!("a/{} analyse", app.keymap.hint(Command::Evaluate));
        let keys = [
            "←→ move",
            "↑↓ Tab variations",
            "Esc back out",
            evaluate.as_str(),
            "A whole game",
            "n next mistake",
            "Enter play on",
            "w save analysed",
            "Home End",
            "PgUp PgDn notes",
        ];
        let text = fit_hints(&keys, &format!("{} help", app.keymap.hint(Command::Help)), help.width as usize);
        buf.set_line(help.x, help.y, &Line::styled(text, t.dim), help.width);
    }
}

/// The key hints that fit in `width`, most useful first, with the help key always last: the line is never cut
/// in the middle of a hint, and help is always shown.
fn fit_hints(keys: &[&str], help: &str, width: usize) -> String {
    let mut text = String::new();
    let room = width.saturating_sub(help.chars().count() + 3);
    for k in keys {
        let extra = if text.is_empty() { 0 } else { 3 } + k.chars().count();
        if text.chars().count() + extra > room {
            continue;
        }
        if !text.is_empty() {
            text.push_str(" · ");
        }
        text.push_str(k);
    }
    if text.is_empty() { help.to_string() } else { format!("{text} · {help}") }
}

/// The end of a text that is too long, where the deepest part of a breadcrumb is.
fn tail(s: &str, n: usize) -> String {
    let len = s.chars().count();
    if len <= n || n == 0 { s.to_string() } else { std::iter::once('…').chain(s.chars().skip(len - n + 1)).collect() }
}

#[cfg(test)]
mod hint_tests {
    use super::fit_hints;

    #[test]
    fn hints_fit_and_help_is_always_there() {
        let keys = ["←→ move", "↑↓ Tab variations", "a long hint that will not fit in a narrow line"];
        let text = fit_hints(&keys, "F1 help", 40);
        assert_eq!(text, "←→ move · ↑↓ Tab variations · F1 help");
        assert!(text.chars().count() <= 40);
        assert_eq!(fit_hints(&keys, "F1 help", 5), "F1 help");
    }
}

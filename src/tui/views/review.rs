//! The review screens: the list of a file's games, and one game with its board, header, move list, notes,
//! engine panel, breadcrumb and key hints (placed by `review_layout`).

use super::board::BoardView;
use super::hints::fit_hints;
use super::layout::ScreenLayout;
use super::review_header::HeaderView;
use super::review_layout::{self, ReviewLayout};
use super::review_moves::ReviewMovesView;
use super::review_notes::NotesView;
use super::wrap::{cut, width, wrap};
use crate::tui::action::Command;
use crate::tui::app::App;
use crate::tui::review::{GameList, ReviewState};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Widget};

pub fn draw_list(frame: &mut Frame, app: &App, list: &GameList) {
    let t = &app.theme;
    let area = frame.area();
    let buf = frame.buffer_mut();
    let block = Block::default().borders(Borders::ALL).border_style(t.accent).title(Line::styled(
        format!(" {} — {} ", list.title, crate::text::count(list.entries.len(), "game", "games")),
        t.title,
    ));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 2 {
        return;
    }
    let variant_w = list.entries.iter().map(|e| width(&e.variant)).max().unwrap_or(0).min(16);
    let cols = ListColumns::fit(usize::from(inner.width), variant_w);
    let header = cols.row(["#", "White", "Black", "Result", "Date", "Event", "Variant"]);
    buf.set_line(inner.x, inner.y, &Line::styled(header, t.dim), inner.width);
    // The foot: why the last request failed (wrapped, whole), else the keys.
    let foot: Vec<(String, ratatui::style::Style)> = match &list.notice {
        Some(notice) => wrap(notice, usize::from(inner.width)).into_iter().map(|r| (r, t.error)).collect(),
        None => {
            let mut more = vec!["↑↓ choose", "Enter open"];
            if list.resumable(list.selected).is_some() {
                more.push("r resume");
            }
            more.push("Esc new game");
            let quit = [format!("{} quit", app.keymap.hint(Command::Quit))];
            vec![(fit_hints(&more, &quit, usize::from(inner.width)), t.dim)]
        }
    };
    let foot_rows = foot.len().min(usize::from(inner.height - 1).saturating_sub(1)).max(1);
    let rows = usize::from(inner.height - 1).saturating_sub(foot_rows);
    let first = list.selected.saturating_sub(rows.saturating_sub(1));
    for (i, e) in list.entries.iter().enumerate().skip(first).take(rows) {
        let number = e.number.to_string();
        let text = cols.row([&number, &e.white, &e.black, &e.result, &e.date, &e.event, &e.variant]);
        let style = if i == list.selected { t.current_move } else { t.text };
        buf.set_line(inner.x, inner.y + 1 + (i - first) as u16, &Line::styled(text, style), inner.width);
    }
    for (k, (text, style)) in foot.iter().take(foot_rows).enumerate() {
        let y = inner.bottom() - foot_rows as u16 + k as u16;
        buf.set_line(inner.x, y, &Line::styled(text.as_str(), *style), inner.width);
    }
}

/// The widths of the list's columns for a terminal width: number, result, date and variant whole; the names
/// and the event share the rest (names first), so the Variant column is never pushed off the edge.
struct ListColumns {
    widths: [usize; 7],
}

impl ListColumns {
    fn fit(total: usize, variant: usize) -> ListColumns {
        let fixed = 5 + 2 + 7 + 1 + 10 + 1 + variant;
        let rest = total.saturating_sub(fixed + 3);
        let (name, event) = if rest >= 22 + 22 + 20 {
            (22, (rest - 44).min(30))
        } else {
            let name = (rest * 3 / 8).clamp(6, 22);
            match rest.saturating_sub(2 * name) {
                e if e >= 6 => (name, e),
                _ => ((rest / 2).clamp(4, 22), 0),
            }
        };
        ListColumns { widths: [5, name, name, 7, 10, event, variant] }
    }

    /// One row: each cell cut to its column with "…", the number right-aligned.
    fn row<S: AsRef<str>>(&self, cells: [S; 7]) -> String {
        let mut out = String::new();
        for (i, (cell, &w)) in cells.iter().zip(&self.widths).enumerate() {
            if w == 0 {
                continue;
            }
            let text = cut(cell.as_ref(), w);
            let pad = " ".repeat(w.saturating_sub(width(&text)));
            match i {
                0 => out.push_str(&format!("{pad}{text}  ")),
                6 => out.push_str(&text),
                _ => out.push_str(&format!("{text}{pad} ")),
            }
        }
        out.trim_end().to_string()
    }
}

/// Draws one game under review. The play screen's layout (`_play`) says the terminal is large enough; the
/// review screen places its parts itself.
pub fn draw_review(frame: &mut Frame, app: &App, review: &ReviewState, _play: &ScreenLayout) {
    let area = frame.area();
    let Some(l) = review_layout::review(area, app.config.display.coordinates, review.flipped, review) else { return };
    let t = &app.theme;
    let buf = frame.buffer_mut();
    let pos = review.position();
    let shapes = review.shapes();
    let board = BoardView {
        position: pos,
        geometry: l.board,
        last_move: review.last_move_squares(),
        check: pos.in_check().then(|| pos.king_square(pos.side_to_move())),
        selected: None,
        targets: &[],
        cursor: None,
        shapes: &shapes.shapes,
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

/// Where we are (breadcrumb and move number: its deepest end when it is too long), or why a request failed
/// (whole: it takes the keys' row too while it needs it), then the keys.
fn draw_status(l: &ReviewLayout, buf: &mut Buffer, review: &ReviewState, app: &App) {
    let t = &app.theme;
    let columns = usize::from(l.status.width);
    if let Some(notice) = &review.notice {
        let rows = u16::try_from(wrap(notice, columns).len()).unwrap_or(u16::MAX);
        if rows > 1 {
            // A long notice takes the keys' row, and rows above the status over the panels (until the next
            // key), rather than losing its end.
            let bottom = l.help.map_or(l.status.bottom(), |h| h.bottom());
            let top = bottom.saturating_sub(rows).max(l.status.y.saturating_sub(6));
            let rect = Rect::new(l.status.x, top, l.status.width, bottom - top);
            ratatui::widgets::Clear.render(rect, buf);
            super::status::draw_wrapped(buf, rect, notice, t.error);
            return;
        }
        super::status::draw_wrapped(buf, l.status, notice, t.error);
    } else {
        let text = format!("{} · {}", review.breadcrumb(), review.where_text());
        buf.set_line(l.status.x, l.status.y, &Line::styled(tail(&text, columns), t.text), l.status.width);
    }
    if let Some(help) = l.help {
        let k = &app.keymap;
        let keys = review_hints(review.analysis.started());
        let always = [format!("{} help", k.hint(Command::Help)), format!("{} quit", k.hint(Command::Quit))];
        let text = fit_hints(&keys, &always, usize::from(help.width));
        buf.set_line(help.x, help.y, &Line::styled(text, t.dim), help.width);
    }
}

/// The review keys, most useful first, so that the analysis keys are there at 80 columns: before the whole
/// game is analysed, the key that analyses it; after, the keys that use its verdicts. F1 lists them all.
fn review_hints(game_analysed: bool) -> Vec<&'static str> {
    let analysis: &[&str] = if game_analysed {
        &["n next mistake", "↑↓ Tab variations", "w save analysed"]
    } else {
        &["A analyse game", "↑↓ Tab variations"]
    };
    let mut keys = vec!["←→ move", "a analyse"];
    keys.extend_from_slice(analysis);
    keys.extend_from_slice(&["Esc back out", "Enter play on", "Home End", "PgUp PgDn notes"]);
    keys
}

/// The end of a text that is too long, where the deepest part of a breadcrumb is.
fn tail(s: &str, n: usize) -> String {
    let len = s.chars().count();
    if len <= n || n == 0 { s.to_string() } else { std::iter::once('…').chain(s.chars().skip(len - n + 1)).collect() }
}

//! The review screens: the list of a file's games, and one game with its board, headers, moves and notes.

use super::board::BoardView;
use super::layout::{self, ScreenLayout};
use super::moves::MoveListView;
use crate::text::clean;
use crate::tui::app::App;
use crate::tui::review::{GameList, ReviewState};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

/// Rows at the top of the side panel taken by the game's headers.
const HEADER_ROWS: u16 = 4;

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
    let help = format!("↑↓ choose · Enter open · {} quit", app.keymap.hint(crate::tui::action::Command::Quit));
    buf.set_line(inner.x, inner.bottom() - 1, &Line::styled(help, t.dim), inner.width);
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { s.chars().take(n - 1).chain(['…']).collect() }
}

pub fn draw_review(frame: &mut Frame, app: &App, review: &ReviewState, l: &ScreenLayout) {
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
    let h = &review.game.headers;
    let get = |k: &str| clean(h.get(k).unwrap_or("?"));
    let side = l.side;
    let lines = [
        Line::from(vec![Span::styled("White: ", t.dim), Span::styled(get("White"), t.text)]),
        Line::from(vec![Span::styled("Black: ", t.dim), Span::styled(get("Black"), t.text)]),
        Line::from(vec![Span::styled(get("Event"), t.dim), Span::styled(format!("  {}", get("Date")), t.dim)]),
        Line::from(vec![Span::styled("Result: ", t.dim), Span::styled(clean(&review.game.result), t.accent)]),
    ];
    for (i, line) in lines.iter().enumerate() {
        buf.set_line(side.x, side.y + i as u16, line, side.width);
    }
    let list_rect = moves_rect(side);
    let sans: Vec<&str> = review.game.tree.mainline.moves.iter().map(|n| n.san.as_str()).collect();
    let list = move_list(review, &sans, app);
    (&list).render(list_rect, buf);
    // Under the board: where we are, then the notes of the shown move.
    let status = format!(
        "Move {} of {} · ←/→ step · Home/End · Enter continue from here · {} evaluate",
        review.ply,
        review.len(),
        app.keymap.hint(crate::tui::action::Command::Evaluate)
    );
    buf.set_line(l.status.x, l.status.y, &Line::styled(status, t.text), l.status.width);
    let mut notes = review.annotations();
    if let Some(e) = &review.evaluation {
        notes.insert(0, e.clone());
    }
    if let Some(err) = &review.game.error {
        notes.push(format!("File problem: {}", clean(&err.to_string())));
    }
    let mut rows = vec![l.input];
    if let Some(hints) = l.hints {
        rows.push(hints);
    }
    for (row, note) in rows.iter().zip(notes.iter()) {
        buf.set_line(row.x, row.y, &Line::styled(note.as_str(), t.accent), row.width);
    }
}

fn moves_rect(side: Rect) -> Rect {
    Rect::new(side.x, side.y + HEADER_ROWS + 1, side.width, side.height.saturating_sub(HEADER_ROWS + 1))
}

fn move_list<'a>(review: &ReviewState, sans: &'a [&'a str], app: &'a App) -> MoveListView<'a> {
    let start = &review.game.tree.start;
    MoveListView {
        sans,
        first_number: start.fullmove_number().max(1),
        black_first: start.side_to_move() == crate::rules::Color::Black,
        current: review.ply.checked_sub(1),
        theme: &app.theme,
    }
}

/// The mainline move index under a click, if the click was on the move list.
pub fn move_at(review: &ReviewState, area: Rect, coordinates: bool, column: u16, row: u16) -> Option<usize> {
    let l = layout::screen(area, coordinates, review.flipped)?;
    let sans: Vec<&str> = review.game.tree.mainline.moves.iter().map(|n| n.san.as_str()).collect();
    let start = &review.game.tree.start;
    let list = MoveListView {
        sans: &sans,
        first_number: 1,
        black_first: start.side_to_move() == crate::rules::Color::Black,
        current: review.ply.checked_sub(1),
        theme: &crate::tui::theme::Theme::named("mono"),
    };
    list.index_at(moves_rect(l.side), column, row)
}

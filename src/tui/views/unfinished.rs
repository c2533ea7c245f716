//! Drawing the list of unfinished games: one row per game (when it began, moves so far, each clock, the
//! players), then the selected game in full, the files that could not be read, and the keys — every line
//! wrapped to the width, so nothing is cut at 80×24. Names come from files and are cleaned here.

use super::wrap::{cut, wrap};
use crate::game::UnfinishedGame;
use crate::game::saves::civil_date_time;
use crate::text::{clean, count};
use crate::tui::action::Command;
use crate::tui::app::App;
use crate::tui::unfinished::UnfinishedScreen;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Widget};
use std::time::Duration;

/// The rows above the list's end: the column names.
const HEAD: u16 = 1;

pub fn draw(area: Rect, buf: &mut Buffer, app: &App, screen: &UnfinishedScreen) {
    let t = &app.theme;
    let n = screen.list.games.len();
    let title = format!(" Unfinished games — {n} ");
    let block = Block::default().borders(Borders::ALL).border_style(t.accent).title(Line::styled(title, t.title));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 3 || inner.width < 20 {
        return;
    }
    let width = inner.width as usize;
    let footer = footer_lines(app, screen, width);
    // The footer keeps its lines; the list gets what is left (at least one row), and the footer's first lines
    // give way when the terminal is very short, never the keys at its end.
    let list_rows = inner.height.saturating_sub(HEAD + footer.len() as u16).max(1);
    let room_for_footer = inner.height.saturating_sub(HEAD + list_rows) as usize;
    let footer = &footer[footer.len().saturating_sub(room_for_footer)..];
    buf.set_line(
        inner.x,
        inner.y,
        &Line::styled(row_text("", "Began (UTC)", "Moves", "Clocks", "Players", width), t.dim),
        inner.width,
    );
    if n == 0 {
        buf.set_line(inner.x, inner.y + HEAD, &Line::styled("No unfinished games.", t.text), inner.width);
    }
    let first = screen.selected.saturating_sub(list_rows as usize - 1);
    for (i, game) in screen.list.games.iter().enumerate().skip(first).take(list_rows as usize) {
        let selected = i == screen.selected;
        let style = if selected { t.current_move } else { t.text };
        let text = game_row(game, selected, width);
        buf.set_line(inner.x, inner.y + HEAD + (i - first) as u16, &Line::styled(text, style), inner.width);
    }
    let top = inner.bottom() - footer.len() as u16;
    for (k, (text, style)) in footer.iter().enumerate() {
        buf.set_line(inner.x, top + k as u16, &Line::styled(text.as_str(), *style), inner.width);
    }
}

/// One game's row: `▸ 2026.01.02 14:05   12  4:58 · 5:02     Ann – tabiya level 4`.
fn game_row(g: &UnfinishedGame, selected: bool, width: usize) -> String {
    let began = g.started.map(|s| {
        let (d, t) = civil_date_time(s);
        format!("{d} {}", t.get(..5).unwrap_or(""))
    });
    let mut players = format!("{} – {}", clean(&g.white), clean(&g.black));
    if g.open_elsewhere {
        players = format!("(open elsewhere) {players}");
    }
    let mark = if selected { "▸" } else { " " };
    row_text(
        mark,
        began.as_deref().unwrap_or("?"),
        &g.plies.div_ceil(2).to_string(),
        &clocks(g.clocks),
        &players,
        width,
    )
}

/// Columns: mark 2, began 17, moves 7, clocks 20 (`1:29:50 · 1:30:00`), players the rest (cut with `…`).
fn row_text(mark: &str, began: &str, moves: &str, clocks: &str, players: &str, width: usize) -> String {
    let fixed = format!("{mark:<2}{began:<17}{moves:>5}  {clocks:<19} ");
    let rest = width.saturating_sub(fixed.chars().count());
    format!("{fixed}{}", cut(players, rest))
}

fn clocks(c: Option<[Duration; 2]>) -> String {
    match c {
        Some([w, b]) => format!("{} · {}", clock(w), clock(b)),
        None => "untimed".into(),
    }
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The lines under the list, wrapped to `width`: the selected game in full, the notice or the abandon
/// question, the unreadable files, and the keys.
fn footer_lines(app: &App, screen: &UnfinishedScreen, width: usize) -> Vec<(String, Style)> {
    let t = &app.theme;
    let mut out = Vec::new();
    let mut add = |text: &str, style: Style| out.extend(wrap(text, width).into_iter().map(|l| (l, style)));
    if let Some(g) = screen.chosen() {
        let file = g.path.file_name().map(|n| clean(&n.to_string_lossy())).unwrap_or_default();
        let mut text = format!(
            "White {} · Black {} · {} · time control {} · file {file}",
            clean(&g.white),
            clean(&g.black),
            count(g.plies, "ply", "plies"),
            clean(&g.time_control)
        );
        if g.open_elsewhere {
            text.push_str(" · open in another tabiya: it cannot be resumed here");
        }
        add(&text, t.dim);
    }
    // The configuration's problems are told here too: this screen can come before the new-game screen.
    if let Some(notice) = &app.startup_notice {
        for line in notice.split('\n') {
            add(line, t.error);
        }
    }
    let problems = &screen.list.unreadable;
    if !problems.is_empty() {
        let mut text = format!("{} file(s) could not be read:", problems.len());
        for p in problems.iter().take(3) {
            let name = p.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            text.push_str(&format!(" {} ({});", clean(&name), clean(&p.reason)));
        }
        if problems.len() > 3 {
            text.push_str(&format!(" and {} more", problems.len() - 3));
        }
        add(&text, t.error);
    }
    if screen.list.others > 0 {
        add(&format!("{} other file(s) in the folder are not tabiya's games; skipped", screen.list.others), t.dim);
    }
    if screen.list.not_scanned > 0 {
        add(
            &format!("{} older files were not looked at (too many files in the folder)", screen.list.not_scanned),
            t.dim,
        );
    }
    if screen.confirm_abandon {
        add(
            "Abandon this game? It is kept as a finished PGN (result *) and not offered again. y abandon · any other key keeps it",
            t.error,
        );
    } else if let Some(notice) = &screen.notice {
        add(notice, t.accent);
    }
    let more = ["↑↓ choose", "Enter resume", "v review", "a abandon", "Esc new game"];
    let always = [format!("{} quit", app.keymap.hint(Command::Quit))];
    add(&super::hints::fit_hints(&more, &always, width), t.dim);
    out
}

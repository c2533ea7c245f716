//! The help overlay: every key — playing, reviewing and analysing, and the configurable commands as currently
//! bound. Two columns side by side when they fit (they do at 80×24 with the default keys), else one under the
//! other; the texts are short so that every line shows whole at 80 columns.

use super::popup::draw_box;
use crate::tui::action::Command;
use crate::tui::keymap::KeyMap;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// Keys that are not configurable: a heading (no description) or a key and what it does.
const FIXED: [(&str, &str); 19] = [
    ("Playing", ""),
    ("e4 Nf3 e7e8q", "type a move, Enter"),
    ("Backspace Esc", "edit / clear the move"),
    ("arrows j k l", "board cursor (h too)"),
    ("Enter Space", "pick up / drop a piece"),
    ("mouse", "click or drag a piece"),
    ("O-O, K onto R", "castle (Chess960 too)"),
    ("Reviewing", ""),
    ("← → h l", "step through the moves"),
    ("Home End", "first / last move"),
    ("↓ j Tab", "into a variation"),
    ("↑ k", "back up the variations"),
    ("Backspace Esc", "leave the variation"),
    ("PgUp PgDn", "scroll the notes"),
    ("a", "live analysis on/off"),
    ("A", "analyse the whole game"),
    ("n", "next mistake (after A)"),
    ("w", "save the analysed game"),
    ("Enter", "play on from here"),
];

/// What the overlay says a command does (short, to fit half of 80 columns).
fn what(command: Command) -> &'static str {
    match command {
        Command::Help => "this help",
        Command::Quit => "quit (game kept)",
        Command::NewGame => "new game",
        Command::Resign => "resign (asks first)",
        Command::Draw => "offer or claim a draw",
        Command::Takeback => "take back a move",
        Command::Flip => "flip the board",
        Command::SavePgn => "save the game as PGN",
        Command::CopyFen => "copy the FEN",
        Command::CopyPgn => "copy the PGN",
        Command::Evaluate => "live analysis on/off",
        Command::Hint => "hint: best move in 1 s",
        Command::Review => "review a finished game",
    }
}

const COMMANDS_HEADING: &str = "Commands ([keys] in config)";

/// Every binding the overlay lists, as (keys, what they do): the fixed ones, then the commands.
pub fn entries(keymap: &KeyMap) -> Vec<(String, String)> {
    let fixed = FIXED.iter().filter(|(_, d)| !d.is_empty()).map(|(k, d)| (k.to_string(), d.to_string()));
    let commands = Command::ALL.into_iter().map(|c| (keys_text(keymap, c), what(c).to_string()));
    fixed.chain(commands).collect()
}

fn keys_text(keymap: &KeyMap, command: Command) -> String {
    keymap.keys_for(command).iter().map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
}

/// One column: its rows as (text, is a heading), the keys padded to one width.
fn column(rows: &[(String, String)]) -> Vec<(String, bool)> {
    let key_width = rows.iter().filter(|(_, d)| !d.is_empty()).map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    rows.iter()
        .map(|(k, d)| if d.is_empty() { (k.clone(), true) } else { (format!(" {k:<key_width$} {d}"), false) })
        .collect()
}

pub fn draw(area: Rect, buf: &mut Buffer, keymap: &KeyMap, theme: &Theme) {
    let left: Vec<(String, String)> = FIXED.iter().map(|(k, d)| (k.to_string(), d.to_string())).collect();
    let mut right = vec![(COMMANDS_HEADING.to_string(), String::new())];
    right.extend(Command::ALL.into_iter().map(|c| (keys_text(keymap, c), what(c).to_string())));
    let (left, right) = (column(&left), column(&right));
    let width = |c: &[(String, bool)]| c.iter().map(|(t, _)| t.chars().count()).max().unwrap_or(0);
    let (lw, rw) = (width(&left), width(&right));
    let styled =
        |(t, heading): &(String, bool)| Span::styled(t.clone(), if *heading { theme.accent } else { theme.text });
    // The box adds two borders and two columns of margin; two columns need a gap of two more.
    let lines: Vec<Line> = if lw + 2 + rw + 4 <= area.width as usize {
        (0..left.len().max(right.len()))
            .map(|i| {
                let l = left.get(i).map(|r| (format!("{:<lw$}", r.0), r.1)).unwrap_or((" ".repeat(lw), false));
                let mut spans = vec![styled(&l), Span::raw("  ")];
                spans.extend(right.get(i).map(styled));
                Line::from(spans)
            })
            .collect()
    } else {
        left.iter().chain(right.iter()).map(|r| Line::from(styled(r))).collect()
    };
    draw_box(area, buf, "Help · any key closes it", lines, theme);
}

//! The play screen: board, players with clocks, move list, status and move line.

use super::board::BoardView;
use super::clocks::{PlayerBlock, PlayerView};
use super::layout::ScreenLayout;
use super::moves::MoveListView;
use super::status::{InputLine, StatusKind, StatusLine};
use crate::game::GameController;
use crate::rules::{Color, Position, Role};
use crate::tui::action::Command;
use crate::tui::app::App;
use crate::tui::config::PieceStyle;
use crate::tui::play::PlayState;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::time::Duration;

pub fn draw(frame: &mut Frame, app: &App, play: &PlayState, l: &ScreenLayout) {
    let theme = &app.theme;
    let frame_bottom = frame.area().bottom();
    let buf = frame.buffer_mut();
    let board = BoardView {
        position: play.game.position(),
        geometry: l.board,
        last_move: play.last_move_squares(),
        check: play.check_square(),
        selected: play.selected,
        targets: &play.targets,
        cursor: play.cursor_shown.then_some(play.cursor),
        shapes: &[],
        pieces: app.config.display.pieces,
        theme,
    };
    let outer: Rect = l.board.outer();
    ratatui::widgets::Widget::render(&board, outer, buf);
    if let Some(squares) = app.move_flash.squares(app.now()) {
        super::move_flash::draw(buf, &l.board, squares);
    }
    if let Some((from, to)) = play.premove_squares() {
        super::board::mark_squares(buf, &l.board, &[from, to], theme.premove);
    }
    draw_side(buf, app, play, l.side);
    let foot = Rect::new(l.status.x, l.status.y, l.status.width, frame_bottom.saturating_sub(l.status.y));
    draw_foot(buf, app, play, foot, l.hints.is_some());
}

/// How far a long message may rise over the board.
const MAX_ROWS_OVER_BOARD: u16 = 8;

/// Under the board: the status message and the move line, each wrapped over as many rows as it needs (the
/// rows the board leaves free), and the key hints on the last row.
fn draw_foot(buf: &mut ratatui::buffer::Buffer, app: &App, play: &PlayState, foot: Rect, hints: bool) {
    use ratatui::widgets::Widget as _;
    let theme = &app.theme;
    let (text, kind) = status_text(app, play);
    let status = StatusLine { text: &text, kind, theme };
    let placeholder = if play.my_turn() {
        "type a move (e4, Nf3, e7e8q) · arrows + Enter · mouse"
    } else if play.game.premover().is_some() {
        "type or click a premove: it plays after the computer's move · Esc cancels"
    } else {
        ""
    };
    let input = InputLine { line: &play.line, placeholder, theme };
    let hint_rows = u16::from(hints && foot.height >= 3);
    let room = foot.height.saturating_sub(hint_rows);
    let input_rows = input.rows(foot.width).min(room.saturating_sub(1)).max(1);
    let needed = status.rows(foot.width);
    let status_rows = needed.min(room.saturating_sub(input_rows)).max(1);
    // A message longer than the rows under the board (several configuration errors on a large terminal,
    // where the board takes nearly all the height) rises over the board's last rows until it goes.
    let above = (needed - status_rows).min(foot.y).min(MAX_ROWS_OVER_BOARD);
    let status_rect = Rect::new(foot.x, foot.y - above, foot.width, status_rows + above);
    if above > 0 {
        ratatui::widgets::Clear.render(status_rect, buf);
    }
    ratatui::widgets::Widget::render(&status, status_rect, buf);
    let input_rect = Rect::new(foot.x, foot.y + status_rows, foot.width, input_rows);
    ratatui::widgets::Widget::render(&input, input_rect, buf);
    if hint_rows == 1 {
        let line = play_hints(app, play.game.is_over(), usize::from(foot.width));
        buf.set_line(foot.x, foot.bottom() - 1, &Line::styled(line, theme.dim), foot.width);
    }
}

/// The play screen's key hints: help and quit always, then resign, draw, takeback, new game, flip, hint, as
/// they fit; once the game is over, review, analysis, new game, save and flip instead.
fn play_hints(app: &App, over: bool, columns: usize) -> String {
    let hint = |(command, what): &(Command, &str)| format!("{} {what}", app.keymap.hint(*command));
    let required = [(Command::Help, "help"), (Command::Quit, "quit")].map(|h| hint(&h));
    let optional: &[(Command, &str)] = if over {
        &[
            (Command::Review, "review"),
            (Command::Evaluate, "analysis"),
            (Command::NewGame, "new"),
            (Command::SavePgn, "save"),
            (Command::Flip, "flip"),
        ]
    } else {
        &[
            (Command::Resign, "resign"),
            (Command::Draw, "draw"),
            (Command::Takeback, "takeback"),
            (Command::NewGame, "new"),
            (Command::Flip, "flip"),
            (Command::Hint, "hint"),
        ]
    };
    let optional: Vec<String> = optional.iter().map(hint).collect();
    super::hints::fit_hints(&optional, &required, columns)
}

fn draw_side(buf: &mut ratatui::buffer::Buffer, app: &App, play: &PlayState, side: Rect) {
    let theme = &app.theme;
    let game = &play.game;
    let low = Duration::from_secs(u64::from(app.config.sound.low_time_seconds));
    // The side at the bottom of the board is listed at the bottom of the panel.
    let (top, bottom) = if play.flipped { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
    let player_h = 2u16;
    let top_rect = Rect::new(side.x, side.y, side.width, player_h);
    let bottom_rect = Rect::new(side.x, side.bottom().saturating_sub(player_h), side.width, player_h);
    for (color, rect) in [(top, top_rect), (bottom, bottom_rect)] {
        let view = player_view(game, color, app.config.display.pieces, theme.outline_white);
        ratatui::widgets::Widget::render(&PlayerBlock { player: &view, low, theme }, rect, buf);
    }
    let mut list_rect =
        Rect::new(side.x, side.y + player_h + 1, side.width, side.height.saturating_sub(2 * player_h + 2));
    // The opening's name as the game goes on; it stays once the game leaves the book (the data set's rule).
    // A Chess960 game has no opening names: its start number is shown instead.
    let opening = crate::game::openings::classify(game.start_position(), game.history().moves())
        .map(|o| format!("{} {}", o.eco, o.name));
    let columns = usize::from(side.width);
    if let Some(text) = super::status::variant_label(game).or(opening)
        && list_rect.height > 4
    {
        // A long opening name takes a second row rather than losing its end.
        let rows = clipped(&text, columns, 2);
        for (i, row) in rows.iter().enumerate() {
            buf.set_line(side.x, list_rect.y + i as u16, &Line::styled(row.as_str(), theme.dim), side.width);
        }
        list_rect.y += rows.len() as u16;
        list_rect.height -= rows.len() as u16;
    }
    // The live lines (or the hint) under the move list, each wrapped to two rows at most, as many as leave the
    // list three rows.
    let live = play.live.rows();
    let notes: Vec<(String, ratatui::style::Style)> = if live.is_empty() {
        play.evaluation.iter().flat_map(|e| clipped(e, columns, 3)).map(|r| (r, theme.accent)).collect()
    } else {
        live.iter()
            .flat_map(|(head, san)| clipped(&format!("{head}  {san}"), columns, 2))
            .map(|r| (r, theme.text))
            .collect()
    };
    let n = notes.len().min(usize::from(list_rect.height.saturating_sub(3)));
    for (i, (row, style)) in notes.iter().take(n).enumerate() {
        let y = list_rect.bottom() - n as u16 + i as u16;
        buf.set_line(side.x, y, &Line::styled(row.as_str(), *style), side.width);
    }
    list_rect.height -= n as u16;
    let sans: Vec<&str> = game.moves().iter().map(|r| r.san.as_str()).collect();
    let start = game.start_position();
    let list = MoveListView {
        sans: &sans,
        first_number: start.fullmove_number().max(1),
        black_first: start.side_to_move() == Color::Black,
        current: sans.len().checked_sub(1),
        theme,
    };
    ratatui::widgets::Widget::render(&list, list_rect, buf);
}

fn player_view(game: &GameController, color: Color, pieces: PieceStyle, outline: bool) -> PlayerView {
    let player = game.player(color);
    let name = match player {
        crate::game::PlayerKind::Human { name } => crate::text::clean(name),
        crate::game::PlayerKind::Engine { level } => format!("Computer · level {level}"),
        other => format!("Engine · {}", crate::text::clean(&other.name())),
    };
    let name = if game.is_thinking() == Some(color) { format!("{name} (thinking…)") } else { name };
    let face = game.clock_face(color).filter(|_| !game.is_over());
    PlayerView {
        color,
        name,
        clock: game.clock(color),
        running: face.is_some_and(|f| f.running),
        delay: face.and_then(|f| f.delay),
        to_go: face.and_then(|f| f.to_go),
        to_move: !game.is_over() && game.side_to_move() == color,
        material: material_lead(game.position(), color, pieces, outline),
    }
}

/// The pieces `color` has beyond the opponent's, and the points they are worth (e.g. "♟♟ +2").
pub fn material_lead(pos: &Position, color: Color, pieces: PieceStyle, outline: bool) -> String {
    const ORDER: [(Role, i32); 5] =
        [(Role::Queen, 9), (Role::Rook, 5), (Role::Bishop, 3), (Role::Knight, 3), (Role::Pawn, 1)];
    let mut count = [[0i32; 6]; 2];
    for c in Color::BOTH {
        for sq in pos.piece_squares(c) {
            if let Some(p) = pos.piece_at(sq) {
                count[c.index()][p.role as usize - 1] += 1;
            }
        }
    }
    let mut text = String::new();
    let mut points = 0;
    for (role, value) in ORDER {
        let diff = count[color.index()][role as usize - 1] - count[(!color).index()][role as usize - 1];
        points += diff * value;
        for _ in 0..diff.max(0) {
            // The leader's own pieces, so that letters keep their side's case (`Q +9` for White).
            text.push(super::board::glyph(crate::rules::Piece::new(color, role), pieces, outline));
        }
    }
    if points > 0 {
        text.push_str(&format!(" +{points}"));
    }
    text
}

/// The status line: a notice if there is one, else whose move, check, a claimable draw, or the result; led
/// by "Not saved" for as long as the game is not on disk.
pub fn status_text(app: &App, play: &PlayState) -> (String, StatusKind) {
    let (text, kind) = game_status_text(app, play);
    match app.unsaved_warning() {
        Some(reason) if !text.starts_with("Not saved") => {
            (format!("Not saved: {} · {text}", crate::text::clean(&reason)), StatusKind::Error)
        }
        _ => (text, kind),
    }
}

fn game_status_text(app: &App, play: &PlayState) -> (String, StatusKind) {
    if let Some((text, kind)) = &play.notice {
        return (text.clone(), *kind);
    }
    let game = &play.game;
    if let Some(result) = game.result_text() {
        let review = app.keymap.keys_for(Command::Review).first().map(|k| format!("{k} to review it, "));
        let new = app.keymap.hint(Command::NewGame);
        return (format!("{result}. {}{new} for a new game.", review.unwrap_or_default()), StatusKind::Over);
    }
    let side = game.side_to_move();
    // A standing draw offer needs the room more than the move, which the board marks anyway.
    let offer = super::status::draw_offer_text(game, &app.keymap.hint(Command::Draw));
    let played = if offer.is_some() { String::new() } else { super::status::opponent_move_note(game, play.me()) };
    let mut text = format!("{played}{} to move", side.name());
    let mut kind = StatusKind::Normal;
    if game.position().in_check() {
        text.push_str(" — check!");
        kind = StatusKind::Check;
    }
    text.push_str(&super::status::thinking_note(game, app.config.game.show_thinking));
    if let Some(p) = game.premove() {
        text.push_str(&format!(" · premove {} (Esc cancels)", p.text));
    }
    if let Some(offer) = offer {
        text.push_str(&format!(" · {offer}"));
    }
    if play.my_turn() && !game.claimable_now().is_empty() {
        text.push_str(&format!(" · a draw can be claimed: {}", app.keymap.hint(Command::Draw)));
    } else if play.my_turn() && !game.claimable().is_empty() {
        text.push_str(&format!(" · a move can claim a draw: type it, then {}", app.keymap.hint(Command::Draw)));
    }
    (text, kind)
}

/// `text` wrapped to `columns`, at most `max_rows` rows, the last ending in "…" when there was more.
fn clipped(text: &str, columns: usize, max_rows: usize) -> Vec<String> {
    let mut rows = super::wrap::wrap(text, columns);
    if rows.len() > max_rows {
        rows.truncate(max_rows);
        if let Some(last) = rows.last_mut() {
            *last = super::wrap::cut(&format!("{last} …"), columns);
            if !last.ends_with('…') {
                last.push('…');
            }
        }
    }
    rows
}

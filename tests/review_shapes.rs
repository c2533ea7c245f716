//! Arrows and marked squares in a game's comments (`[%cal …]`, `[%csl …]`, as lichess studies export them)
//! are drawn on the review board and named in the notes, never shown as raw commands, and written back.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use std::sync::Arc;
use tabiya::game::FakeTime;
use tabiya::game::pgn::{WriteOptions, read_game, write_game};
use tabiya::tui::action::{Action, Dir};
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::views::screen;

const STUDY: &str = "[Event \"Study\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
    { [%csl Gd4,Ge4] The centre. } 1. e4 { Best by test. [%cal Gd2d4,Rg1f3] [%clk 0:05:00] } e5 \
    ( 1... c5 { [%csl Rd4] Sicilian } ) 2. Nf3 { [%cal Bf3e5] } *\n";

fn opened() -> App {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut a = App::new(config, keymap, None, options);
    a.open_review("study.pgn", STUDY.as_bytes().to_vec(), None).unwrap();
    a
}

fn render(a: &mut App, w: u16, h: u16) -> Buffer {
    a.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| screen::draw(f, a)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    (0..area.height).map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
}

/// How many cells have the background of shape colour `i` (0 green, 1 red, 2 yellow, 3 blue).
fn tinted(a: &App, buf: &Buffer, i: usize) -> usize {
    let bg = a.theme.shapes[i].bg.expect("the default theme colours shapes");
    buf.content().iter().filter(|c| c.bg == bg).count()
}

#[test]
fn arrows_and_marked_squares_are_drawn_and_named_at_80x24_and_160x48() {
    for (w, h) in [(80, 24), (160, 48)] {
        let mut a = opened();
        // The start: the game's opening comment marks d4 and e4 in green.
        let buf = render(&mut a, w, h);
        let screen = text(&buf);
        assert!(screen.contains("Marked d4 (green), e4 (green)"), "{w}x{h}:\n{screen}");
        assert!(!screen.contains("[%"), "no raw command on screen:\n{screen}");
        let square_cells = tinted(&a, &buf, 0);
        assert!(square_cells > 0 && square_cells.is_multiple_of(2), "two green squares, {square_cells} cells");

        // After 1. e4: a green arrow d2-d4 and a red one g1-f3; their heads tinted, their starts marked.
        a.update(Action::Cursor(Dir::Right));
        let buf = render(&mut a, w, h);
        let screen = text(&buf);
        assert!(screen.contains("Arrows d2→d4 (green), g1→f3 (red)"), "{w}x{h}:\n{screen}");
        assert!(screen.contains("Best by test."), "the comment's text stays:\n{screen}");
        assert!(!screen.contains("[%"), "no raw command on screen:\n{screen}");
        assert!(screen.contains('↑') && screen.contains('↖'), "arrow starts drawn:\n{screen}");
        assert!(tinted(&a, &buf, 0) > 0 && tinted(&a, &buf, 1) > 0);

        // After 1... e5 nothing is drawn: shapes belong to the move whose comment holds them.
        a.update(Action::Cursor(Dir::Right));
        let buf = render(&mut a, w, h);
        assert_eq!((tinted(&a, &buf, 0), tinted(&a, &buf, 1)), (0, 0));
    }
}

#[test]
fn the_commands_are_written_back_as_they_were_read() {
    let game = read_game(STUDY.as_bytes(), 1, 1);
    assert!(game.error.is_none(), "{:?}", game.error);
    let mut out = String::new();
    write_game(&mut out, &game.headers.pairs, &game.tree, &game.result, WriteOptions::default());
    for command in ["[%csl Gd4,Ge4]", "[%cal Gd2d4,Rg1f3]", "[%csl Rd4]", "[%cal Bf3e5]"] {
        assert!(out.contains(command), "{command} kept in:\n{out}");
    }
}

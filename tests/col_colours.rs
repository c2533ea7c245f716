//! Colours and pieces for every terminal, drawn at 80×24: the sides differ without colour (outline glyphs or
//! underlined ones), `NO_COLOR` gives no colour at all, 256- and 16-colour terminals get the theme fitted to
//! their palette, and in letters mode the material tag keeps its side's case. The environment is passed in
//! as a lookup function, never set on this (parallel) test process.

mod common_app;

use common_app::{app_on_fake_time, start_untimed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::collections::HashMap;
use tabiya::tui::action::Action;
use tabiya::tui::app::App;
use tabiya::tui::config::{Config, PieceStyle};
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::theme::{ColorMode, THEME_NAMES, Theme};
use tabiya::tui::views::screen;

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    move |name| map.get(name).cloned()
}

fn game(config: Config, start: StartSpec) -> App {
    let mut app = app_on_fake_time(config, None);
    start_untimed(&mut app, PlayerSpec::Human, PlayerSpec::Human, start);
    app.update(Action::Resize { width: 80, height: 24 });
    app
}

fn colours(mode: ColorMode) -> Config {
    let mut c = Config::default();
    c.display.colors = mode;
    c
}

fn render(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn cells_with<'a>(buf: &'a Buffer, symbol: &'a str) -> impl Iterator<Item = &'a ratatui::buffer::Cell> + 'a {
    buf.content().iter().filter(move |c| c.symbol() == symbol)
}

fn text(buf: &Buffer) -> String {
    let w = buf.area.width as usize;
    buf.content().chunks(w).map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n").collect()
}

#[test]
fn the_environment_picks_the_colours_and_the_configuration_overrides_it() {
    assert_eq!(ColorMode::Auto.resolve(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")])), ColorMode::None);
    // An empty NO_COLOR does not count (no-color.org).
    assert_eq!(ColorMode::Auto.resolve(env(&[("NO_COLOR", ""), ("COLORTERM", "truecolor")])), ColorMode::TrueColor);
    assert_eq!(ColorMode::Auto.resolve(env(&[("COLORTERM", "24bit"), ("TERM", "xterm")])), ColorMode::TrueColor);
    assert_eq!(ColorMode::Auto.resolve(env(&[("TERM", "xterm-256color")])), ColorMode::Ansi256);
    assert_eq!(ColorMode::Auto.resolve(env(&[("TERM", "screen-256color")])), ColorMode::Ansi256);
    assert_eq!(ColorMode::Auto.resolve(env(&[("TERM", "xterm")])), ColorMode::Ansi16);
    assert_eq!(ColorMode::Auto.resolve(env(&[("TERM", "linux")])), ColorMode::Ansi16);
    assert_eq!(ColorMode::Auto.resolve(env(&[("TERM", "dumb")])), ColorMode::None);
    assert_eq!(ColorMode::Ansi256.resolve(env(&[("NO_COLOR", "1")])), ColorMode::Ansi256);
    let loaded = tabiya::tui::config::parse("[display]\ncolors = \"16\"\n", "c.toml");
    assert!(loaded.errors.is_empty());
    assert_eq!(loaded.config.display.colors, ColorMode::Ansi16);
}

#[test]
fn no_color_draws_no_colour_and_the_sides_still_differ() {
    let mode = ColorMode::Auto.resolve(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")]));
    let buf = render(&game(colours(mode), StartSpec::Standard));
    for cell in buf.content() {
        assert!(matches!(cell.fg, Color::Reset) && matches!(cell.bg, Color::Reset), "{cell:?}");
    }
    // White's pieces in outline, Black's filled: told apart by shape alone.
    assert_eq!(cells_with(&buf, "♔").count(), 1);
    assert_eq!(cells_with(&buf, "♚").count(), 1);
    assert_eq!(cells_with(&buf, "♙").count(), 8);
    assert_eq!(cells_with(&buf, "♟").count(), 8);
}

#[test]
fn the_default_theme_tells_the_sides_apart_without_colour() {
    for mode in [ColorMode::TrueColor, ColorMode::Ansi256, ColorMode::Ansi16] {
        let buf = render(&game(colours(mode), StartSpec::Standard));
        let outline = cells_with(&buf, "♔").count();
        let kings: Vec<_> = cells_with(&buf, "♚").collect();
        // Either White's king is an outline glyph, or it is the one of the two filled kings that is marked.
        let marked = kings.iter().filter(|c| c.modifier.contains(Modifier::UNDERLINED)).count();
        assert!(outline == 1 && kings.len() == 1 || kings.len() == 2 && marked == 1, "{mode:?}");
    }
}

#[test]
fn a_256_colour_terminal_gets_the_palette_and_a_16_colour_one_the_named_colours() {
    let buf = render(&game(colours(ColorMode::Ansi256), StartSpec::Standard));
    assert!(buf.content().iter().all(|c| !matches!(c.fg, Color::Rgb(..)) && !matches!(c.bg, Color::Rgb(..))));
    assert!(buf.content().iter().any(|c| matches!(c.bg, Color::Indexed(16..=255))));
    let buf = render(&game(colours(ColorMode::Ansi16), StartSpec::Standard));
    let fitted = |c: Color| !matches!(c, Color::Rgb(..) | Color::Indexed(_));
    assert!(buf.content().iter().all(|c| fitted(c.fg) && fitted(c.bg)));
    // The board is still a board: in every theme and mode, the two kinds of square differ.
    for name in THEME_NAMES {
        for mode in [ColorMode::TrueColor, ColorMode::Ansi256, ColorMode::Ansi16, ColorMode::None] {
            let t = Theme::for_terminal(name, mode);
            assert_ne!(t.light_square, t.dark_square, "{name} {mode:?}");
            // Where the squares have colours of their own, White's pieces are not drawn in the light one.
            if t.light_square.bg != Some(Color::Reset) {
                assert_ne!(t.white_piece.fg, t.light_square.bg, "{name} {mode:?}");
            }
        }
    }
}

#[test]
fn in_letters_mode_whites_material_tag_is_upper_case() {
    let mut config = Config::default();
    config.display.pieces = PieceStyle::Letters;
    // White is a queen up.
    let buf = render(&game(config, StartSpec::Fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1".into())));
    let screen = text(&buf);
    assert!(screen.contains("Q +9"), "{screen}");
    assert!(!screen.contains("q +9"), "{screen}");
}

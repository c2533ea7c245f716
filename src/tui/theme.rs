//! Colours: one `Theme` of `Style`s that every view takes its colours from (no colour literals in views).
//! The themes are TOML files in `assets/themes/`, embedded in the binary. The same theme is fitted to what
//! the terminal can show ([`ColorMode`]): its RGB colours go to the nearest of the 256-colour palette, or to
//! the 16 named colours (each theme names its own there, since the nearest would make both squares grey);
//! under `NO_COLOR` no colour is used at all. Either way the sides stay apart without colour: White's pieces
//! are outline glyphs where the theme's contrast lets thin strokes be seen, and underlined otherwise.

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::str::FromStr;

mod palette;

/// What the terminal can show; `Auto` is read from the environment by [`ColorMode::resolve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum ColorMode {
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "truecolor")]
    TrueColor,
    #[serde(rename = "256")]
    Ansi256,
    #[serde(rename = "16")]
    Ansi16,
    #[serde(rename = "none")]
    None,
}

impl ColorMode {
    /// `Auto` made concrete from the environment (`env` looks a variable up, so tests pass a fake one):
    /// `NO_COLOR` (set and not empty, per no-color.org) means none; `COLORTERM=truecolor|24bit` or a
    /// `*-direct` `TERM` means 24-bit; a `TERM` with "256" in it, 256 colours; `TERM=dumb`, none; any other
    /// `TERM`, the 16 that every colour terminal has. A mode set in the configuration is kept as it is.
    pub fn resolve(self, env: impl Fn(&str) -> Option<String>) -> ColorMode {
        if self != ColorMode::Auto {
            return self;
        }
        if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorMode::None;
        }
        let colorterm = env("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        let term = env("TERM").unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") {
            ColorMode::TrueColor
        } else if term.contains("256") {
            ColorMode::Ansi256
        } else if term == "dumb" {
            ColorMode::None
        } else if term.is_empty() && cfg!(windows) {
            // Windows' consoles set no TERM and have shown 24-bit colour since Windows 10.
            ColorMode::TrueColor
        } else {
            ColorMode::Ansi16
        }
    }
}

pub const THEME_NAMES: [&str; 4] = ["classic", "green", "blue", "mono"];

fn theme_source(name: &str) -> Option<&'static str> {
    Some(match name {
        "classic" => include_str!("../../assets/themes/classic.toml"),
        "green" => include_str!("../../assets/themes/green.toml"),
        "blue" => include_str!("../../assets/themes/blue.toml"),
        "mono" => include_str!("../../assets/themes/mono.toml"),
        _ => return None,
    })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub light_square: Style,
    pub dark_square: Style,
    pub white_piece: Style,
    pub black_piece: Style,
    pub last_move_light: Style,
    pub last_move_dark: Style,
    pub check: Style,
    pub selected: Style,
    /// A legal destination of the selected piece (a dot on an empty square, a tint on a capture).
    pub target: Style,
    pub cursor: Style,
    /// The from and to squares of a queued premove.
    pub premove: Style,
    /// Marked squares and arrow ends from the game's comments, by `ShapeColour` index.
    pub shapes: [Style; 4],
    pub coordinates: Style,
    pub text: Style,
    pub dim: Style,
    pub accent: Style,
    pub clock_running: Style,
    pub clock_low: Style,
    pub error: Style,
    pub current_move: Style,
    pub title: Style,
    /// Draw White's pieces as outline glyphs (where the contrast lets their strokes be seen); otherwise the
    /// board underlines White's filled glyphs, so that the sides never differ by colour alone.
    pub outline_white: bool,
}

/// The premove squares' colour where a theme names none: a violet apart from the blue selection, the
/// yellow last move and the red check of the shipped themes.
const DEFAULT_PREMOVE: &str = "#9a6fb8";

/// The squares a game's comments mark and the arrows they draw (`[%csl …]`, `[%cal …]`), by colour: green,
/// red, yellow, blue, as lichess draws them, light enough that the pieces on them stay readable.
const SHAPE_COLOURS: [&str; 4] = ["#6fae5f", "#d0605a", "#e0b84a", "#5f8fd0"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    light_square: String,
    dark_square: String,
    white_piece: String,
    black_piece: String,
    last_move_light: String,
    last_move_dark: String,
    check: String,
    selected: String,
    target: String,
    cursor: String,
    /// Optional so that a theme written before premoves still loads.
    #[serde(default)]
    premove: Option<String>,
    coordinates: String,
    text: String,
    dim: String,
    accent: String,
    clock_running: String,
    clock_low: String,
    error: String,
    current_move: String,
}

impl Theme {
    /// The named theme in 24-bit colour; unknown names (refused earlier by the config check) get the classic one.
    pub fn named(name: &str) -> Theme {
        Theme::for_terminal(name, ColorMode::TrueColor)
    }

    /// The named theme fitted to what the terminal shows (`Auto` is taken as 24-bit: the library reads no
    /// environment, the command line resolves it first). Without colour every theme is the mono one.
    pub fn for_terminal(name: &str, mode: ColorMode) -> Theme {
        let name = if mode == ColorMode::None { "mono" } else { name };
        let source = theme_source(name).or_else(|| theme_source("classic")).unwrap_or_default();
        let theme = match parse(source, mode) {
            Ok(theme) if name == "mono" => monochrome(theme),
            Ok(theme) => theme,
            Err(_) => Theme::fallback(),
        };
        if mode == ColorMode::None {
            map_styles(theme, |c| if c == Color::Reset { c } else { Color::Reset })
        } else {
            theme
        }
    }

    /// A theme that needs no file: the terminal's own colours.
    fn fallback() -> Theme {
        let s = Style::default();
        monochrome(Theme {
            light_square: s,
            dark_square: s,
            white_piece: s,
            black_piece: s,
            last_move_light: s,
            last_move_dark: s,
            check: s,
            selected: s,
            target: s,
            cursor: s,
            premove: s,
            shapes: [s; 4],
            coordinates: s,
            text: s,
            dim: s,
            accent: s,
            clock_running: s,
            clock_low: s,
            error: s,
            current_move: s,
            title: s,
            outline_white: true,
        })
    }
}

fn parse(source: &str, mode: ColorMode) -> Result<Theme, String> {
    let mut table: toml::Table = toml::from_str(source).map_err(|e| e.message().to_string())?;
    if mode == ColorMode::Ansi16
        && let Some(toml::Value::Table(own)) = table.get("ansi16").cloned()
    {
        table.extend(own);
    }
    table.remove("ansi16");
    let f: ThemeFile = toml::Value::Table(table).try_into().map_err(|e: toml::de::Error| e.message().to_string())?;
    let fit = |c: Color| match mode {
        ColorMode::Ansi256 => palette::to_256(c),
        ColorMode::Ansi16 => palette::to_16(c),
        _ => c,
    };
    let c = |s: &str| Color::from_str(s).map(fit).map_err(|_| format!("'{s}' is not a colour"));
    let bg = |s: &str| c(s).map(|c| Style::default().bg(c));
    let fg = |s: &str| c(s).map(|c| Style::default().fg(c));
    let white = c(&f.white_piece)?;
    let outline_white = [&f.light_square, &f.dark_square]
        .into_iter()
        .all(|sq| c(sq).is_ok_and(|sq| palette::contrast(white, sq).is_some_and(|r| r >= OUTLINE_CONTRAST)));
    Ok(Theme {
        light_square: bg(&f.light_square)?,
        dark_square: bg(&f.dark_square)?,
        white_piece: fg(&f.white_piece)?.add_modifier(Modifier::BOLD),
        black_piece: fg(&f.black_piece)?.add_modifier(Modifier::BOLD),
        last_move_light: bg(&f.last_move_light)?,
        last_move_dark: bg(&f.last_move_dark)?,
        check: bg(&f.check)?,
        selected: bg(&f.selected)?,
        target: bg(&f.target)?,
        cursor: bg(&f.cursor)?,
        premove: bg(f.premove.as_deref().unwrap_or(DEFAULT_PREMOVE))?,
        shapes: [bg(SHAPE_COLOURS[0])?, bg(SHAPE_COLOURS[1])?, bg(SHAPE_COLOURS[2])?, bg(SHAPE_COLOURS[3])?],
        coordinates: fg(&f.coordinates)?,
        text: fg(&f.text)?,
        dim: fg(&f.dim)?,
        accent: fg(&f.accent)?.add_modifier(Modifier::BOLD),
        clock_running: fg(&f.clock_running)?.add_modifier(Modifier::BOLD),
        clock_low: fg(&f.clock_low)?.add_modifier(Modifier::BOLD),
        error: fg(&f.error)?,
        current_move: bg(&f.current_move)?.add_modifier(Modifier::BOLD),
        title: fg(&f.accent)?.add_modifier(Modifier::BOLD),
        outline_white,
    })
}

/// The contrast White's colour needs against both squares for outline glyphs: WCAG's 3:1 for graphics.
/// The shipped colour themes have about 2:1 on the light squares, so they underline White's filled glyphs.
const OUTLINE_CONTRAST: f64 = 3.0;

/// The theme with `f` applied to every colour of every style.
fn map_styles(mut t: Theme, f: impl Fn(Color) -> Color) -> Theme {
    for s in [
        &mut t.light_square,
        &mut t.dark_square,
        &mut t.white_piece,
        &mut t.black_piece,
        &mut t.last_move_light,
        &mut t.last_move_dark,
        &mut t.check,
        &mut t.selected,
        &mut t.target,
        &mut t.cursor,
        &mut t.premove,
        &mut t.coordinates,
        &mut t.text,
        &mut t.dim,
        &mut t.accent,
        &mut t.clock_running,
        &mut t.clock_low,
        &mut t.error,
        &mut t.current_move,
        &mut t.title,
    ]
    .into_iter()
    .chain(t.shapes.iter_mut())
    {
        s.fg = s.fg.map(&f);
        s.bg = s.bg.map(&f);
    }
    t
}

/// Without colours, squares and highlights differ by reverse video, bold and underline.
fn monochrome(mut t: Theme) -> Theme {
    t.dark_square = t.dark_square.add_modifier(Modifier::REVERSED);
    t.last_move_light = t.last_move_light.add_modifier(Modifier::UNDERLINED);
    t.last_move_dark = t.last_move_dark.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED);
    t.check = t.check.add_modifier(Modifier::SLOW_BLINK | Modifier::UNDERLINED);
    t.selected = t.selected.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
    t.target = t.target.add_modifier(Modifier::BOLD);
    t.cursor = t.cursor.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
    t.premove = t.premove.add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD);
    // Without colour the shapes' colours are lost; the notes panel names them in words.
    t.shapes = t.shapes.map(|s| s.add_modifier(Modifier::UNDERLINED | Modifier::BOLD));
    t.current_move = t.current_move.add_modifier(Modifier::REVERSED);
    t.clock_running = t.clock_running.add_modifier(Modifier::BOLD);
    t.clock_low = t.clock_low.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    t.dim = t.dim.add_modifier(Modifier::DIM);
    t.outline_white = true;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_no_style_keeps_one() {
        for name in THEME_NAMES {
            let t = Theme::for_terminal(name, ColorMode::None);
            for s in [t.premove, t.light_square, t.check].iter().chain(&t.shapes) {
                assert!(s.fg.is_none_or(|c| c == Color::Reset) && s.bg.is_none_or(|c| c == Color::Reset), "{name}");
            }
            assert!(t.shapes.iter().all(|s| s.add_modifier.contains(Modifier::UNDERLINED)), "{name}");
        }
    }

    #[test]
    fn every_shipped_theme_parses() {
        for name in THEME_NAMES {
            let source = theme_source(name).unwrap();
            parse(source, ColorMode::TrueColor).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn themes_differ_where_it_matters() {
        let classic = Theme::named("classic");
        assert_ne!(classic.light_square, classic.dark_square);
        let mono = Theme::named("mono");
        assert_ne!(mono.light_square, mono.dark_square);
        assert_eq!(Theme::named("no-such-theme"), classic);
    }
}

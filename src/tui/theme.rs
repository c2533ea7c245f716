//! Colours: one `Theme` of `Style`s that every view takes its colours from (no colour literals in views).
//! The themes are TOML files in `assets/themes/`, embedded in the binary.

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use std::str::FromStr;

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
    pub coordinates: Style,
    pub text: Style,
    pub dim: Style,
    pub accent: Style,
    pub clock_running: Style,
    pub clock_low: Style,
    pub error: Style,
    pub current_move: Style,
    pub title: Style,
    /// Draw White's pieces as outline glyphs, for themes where colour cannot tell the sides apart.
    pub outline_white: bool,
}

/// The premove squares' colour where a theme names none: a violet apart from the blue selection, the
/// yellow last move and the red check of the shipped themes.
const DEFAULT_PREMOVE: &str = "#9a6fb8";

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
    /// The named theme; unknown names (refused earlier by the config check) get the classic one.
    pub fn named(name: &str) -> Theme {
        let source = theme_source(name).or_else(|| theme_source("classic")).unwrap_or_default();
        match parse(source) {
            Ok(theme) if name == "mono" => monochrome(theme),
            Ok(theme) => theme,
            Err(_) => Theme::fallback(),
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

fn parse(source: &str) -> Result<Theme, String> {
    let f: ThemeFile = toml::from_str(source).map_err(|e| e.message().to_string())?;
    let c = |s: &str| Color::from_str(s).map_err(|_| format!("'{s}' is not a colour"));
    let bg = |s: &str| c(s).map(|c| Style::default().bg(c));
    let fg = |s: &str| c(s).map(|c| Style::default().fg(c));
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
        coordinates: fg(&f.coordinates)?,
        text: fg(&f.text)?,
        dim: fg(&f.dim)?,
        accent: fg(&f.accent)?.add_modifier(Modifier::BOLD),
        clock_running: fg(&f.clock_running)?.add_modifier(Modifier::BOLD),
        clock_low: fg(&f.clock_low)?.add_modifier(Modifier::BOLD),
        error: fg(&f.error)?,
        current_move: bg(&f.current_move)?.add_modifier(Modifier::BOLD),
        title: fg(&f.accent)?.add_modifier(Modifier::BOLD),
        outline_white: false,
    })
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
    fn every_shipped_theme_parses() {
        for name in THEME_NAMES {
            let source = theme_source(name).unwrap();
            parse(source).unwrap_or_else(|e| panic!("{name}: {e}"));
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

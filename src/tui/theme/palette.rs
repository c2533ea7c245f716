//! Colour arithmetic for fitting a theme to the terminal: the nearest colour of the xterm 256-colour
//! palette or of the 16 named ones, and WCAG contrast (to decide whether outline glyphs can be seen).

use ratatui::style::Color;

/// The 16 named colours as xterm shows them by default (terminals differ; these are the usual values).
const NAMED: [(Color, [u8; 3]); 16] = [
    (Color::Black, [0, 0, 0]),
    (Color::Red, [205, 0, 0]),
    (Color::Green, [0, 205, 0]),
    (Color::Yellow, [205, 205, 0]),
    (Color::Blue, [0, 0, 238]),
    (Color::Magenta, [205, 0, 205]),
    (Color::Cyan, [0, 205, 205]),
    (Color::Gray, [229, 229, 229]),
    (Color::DarkGray, [127, 127, 127]),
    (Color::LightRed, [255, 0, 0]),
    (Color::LightGreen, [0, 255, 0]),
    (Color::LightYellow, [255, 255, 0]),
    (Color::LightBlue, [92, 92, 255]),
    (Color::LightMagenta, [255, 0, 255]),
    (Color::LightCyan, [0, 255, 255]),
    (Color::White, [255, 255, 255]),
];

/// The six levels of each channel in the 6×6×6 colour cube (indices 16–231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// A colour's RGB value where it has a known one (`Reset` is the terminal's own and has none).
pub fn rgb(c: Color) -> Option<[u8; 3]> {
    match c {
        Color::Rgb(r, g, b) => Some([r, g, b]),
        Color::Indexed(i) => Some(indexed_rgb(i)),
        other => NAMED.iter().find(|(n, _)| *n == other).map(|(_, v)| *v),
    }
}

fn indexed_rgb(i: u8) -> [u8; 3] {
    match i {
        0..=15 => NAMED[usize::from(i)].1,
        16..=231 => {
            let n = i - 16;
            [CUBE[usize::from(n / 36)], CUBE[usize::from(n / 6 % 6)], CUBE[usize::from(n % 6)]]
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            [v, v, v]
        }
    }
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter().zip(b).map(|(&x, y)| (i32::from(x) - i32::from(y)).unsigned_abs().pow(2)).sum()
}

/// An RGB colour as the nearest of the cube and the grey ramp (indices 16–255; 0–15 are left out because
/// terminals redefine them). Other colours are kept.
pub fn to_256(c: Color) -> Color {
    let Color::Rgb(r, g, b) = c else { return c };
    (16..=255u8).min_by_key(|&i| distance(indexed_rgb(i), [r, g, b])).map_or(c, Color::Indexed)
}

/// An RGB or indexed colour as the nearest of the 16 named ones. Named colours and `Reset` are kept.
pub fn to_16(c: Color) -> Color {
    let value = match c {
        Color::Rgb(r, g, b) => [r, g, b],
        Color::Indexed(i) => indexed_rgb(i),
        other => return other,
    };
    NAMED.iter().min_by_key(|(_, v)| distance(*v, value)).map_or(c, |(n, _)| *n)
}

/// WCAG 2 relative luminance.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// The WCAG contrast ratio of two colours (1 to 21), where both have a known value.
pub fn contrast(a: Color, b: Color) -> Option<f64> {
    let (la, lb) = (luminance(rgb(a)?), luminance(rgb(b)?));
    Some((la.max(lb) + 0.05) / (la.min(lb) + 0.05))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_go_to_their_nearest_neighbour() {
        assert_eq!(to_256(Color::Rgb(255, 255, 255)), Color::Indexed(231));
        assert_eq!(to_256(Color::Rgb(0x80, 0x80, 0x80)), Color::Indexed(244));
        assert_eq!(to_256(Color::Rgb(0xd7, 0x00, 0x00)), Color::Indexed(160));
        assert_eq!(to_16(Color::Rgb(250, 10, 10)), Color::LightRed);
        assert_eq!(to_16(Color::Indexed(231)), Color::White);
        assert_eq!(to_16(Color::Yellow), Color::Yellow);
        assert_eq!(to_256(Color::Reset), Color::Reset);
    }

    #[test]
    fn contrast_is_wcag_s() {
        let r = contrast(Color::White, Color::Black).unwrap();
        assert!((r - 21.0).abs() < 0.01, "{r}");
        assert_eq!(contrast(Color::White, Color::Reset), None);
    }
}

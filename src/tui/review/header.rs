//! The reviewed game's tags as short lines for the header: players with titles and ratings, event, round,
//! site, date, result, time control, opening and variant. All through `text::clean`; unknown (`?`) parts
//! are left out rather than shown as question marks.

use crate::game::pgn::{Headers, PgnGame};
use crate::rules::{Position, chess960};
use crate::text::clean;

/// A tag's clean value, when it says something.
fn tag(h: &Headers, name: &str) -> Option<String> {
    h.get(name)
        .map(clean)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '.' || c == '-'))
}

/// `GM Magnus Carlsen (2830)`.
pub fn player(h: &Headers, side: &str) -> String {
    let name = tag(h, side).unwrap_or_else(|| "?".into());
    let title = tag(h, &format!("{side}Title")).map(|t| format!("{t} ")).unwrap_or_default();
    let elo = tag(h, &format!("{side}Elo")).map(|e| format!(" ({e})")).unwrap_or_default();
    format!("{title}{name}{elo}")
}

/// The opening: the file's `ECO` and `Opening` (and `Variation`) tags.
pub fn opening(h: &Headers) -> Option<String> {
    let name = match (tag(h, "Opening"), tag(h, "Variation")) {
        (Some(o), Some(v)) => Some(format!("{o}: {v}")),
        (o, _) => o,
    };
    match (tag(h, "ECO"), name) {
        (Some(eco), Some(name)) => Some(format!("{eco} {name}")),
        (eco, name) => eco.or(name),
    }
}

/// tabiya's own name for the game's opening (by position, the lichess data set's rule), for a file that names
/// none.
fn classified(game: &crate::game::pgn::PgnGame) -> Option<String> {
    let moves: Vec<_> = game.tree.moves().collect();
    crate::game::openings::classify(&game.tree.start, &moves).map(|o| format!("{} {}", o.eco, o.name))
}

/// The Chess960 start number of a position, when it is one of the 960 starts.
pub fn chess960_number(start: &Position) -> Option<u16> {
    if !start.is_chess960() {
        return None;
    }
    let fen = start.to_fen();
    (0..960).find(|&n| {
        chess960::start_position(n).is_some_and(|mut p| {
            p.set_chess960(true);
            p.to_fen() == fen
        })
    })
}

/// The header's lines: players, then where and when, then result and time control, then opening and variant.
pub fn lines(game: &PgnGame) -> Vec<String> {
    let h = &game.headers;
    let mut out = vec![format!("White: {}", player(h, "White")), format!("Black: {}", player(h, "Black"))];
    let round = tag(h, "Round").map(|r| format!("round {r}"));
    let place: Vec<String> = [tag(h, "Event"), round, tag(h, "Site"), tag(h, "Date")].into_iter().flatten().collect();
    if !place.is_empty() {
        out.push(place.join(" · "));
    }
    let mut result = format!("Result {}", clean(&game.result));
    if let Some(tc) = tag(h, "TimeControl") {
        result.push_str(&format!(" · time control {tc}"));
    }
    if let Some(t) = tag(h, "Termination") {
        result.push_str(&format!(" · {t}"));
    }
    out.push(result);
    if let Some(o) = opening(h).or_else(|| classified(game)) {
        out.push(o);
    }
    let start = &game.tree.start;
    if start.is_chess960() {
        out.push(match chess960_number(start) {
            Some(n) => format!("Chess960, start position {n}"),
            None => "Chess960, from a position".into(),
        });
    } else if start.to_fen() != crate::rules::START_FEN {
        out.push("From a position (FEN)".into());
    }
    out
}

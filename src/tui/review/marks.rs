//! How annotations read on screen: NAG glyphs (`!`, `?!`, `+=`…) with their meaning in words, clocks left
//! after a move, and the time a move took (from `%emt`, or from the mover's two clocks and the increment).

use crate::game::pgn::MoveNode;
use crate::game::{Bonus, TimeControl};
use std::time::Duration;

/// A NAG's glyph and meaning; `$n` and "annotation n" for the rarer ones.
pub fn nag(n: u8) -> (String, String) {
    let (glyph, words) = match n {
        1 => ("!", "good move"),
        2 => ("?", "mistake"),
        3 => ("!!", "brilliant move"),
        4 => ("??", "blunder"),
        5 => ("!?", "interesting move"),
        6 => ("?!", "dubious move"),
        7 => ("□", "only move"),
        10..=12 => ("=", "equal position"),
        13 => ("∞", "unclear position"),
        14 => ("+=", "White is slightly better"),
        15 => ("=+", "Black is slightly better"),
        16 => ("+/-", "White is better"),
        17 => ("-/+", "Black is better"),
        18 | 20 => ("+-", "White is winning"),
        19 | 21 => ("-+", "Black is winning"),
        22 | 23 => ("⨀", "zugzwang"),
        36 | 37 => ("↑", "initiative"),
        40 | 41 => ("→", "attack"),
        44 | 45 => ("=∞", "compensation"),
        132 | 133 => ("⇆", "counterplay"),
        138 | 139 => ("⊕", "time trouble"),
        140 => ("∆", "with the idea"),
        146 => ("N", "novelty"),
        _ => return (format!("${n}"), format!("annotation {n}")),
    };
    (glyph.to_string(), words.to_string())
}

/// The glyphs of a move's NAGs, move marks (`!`, `?!`) first and glued to the move as written in books.
pub fn glyphs(nags: &[u8]) -> String {
    let mut marks = String::new();
    let mut others = Vec::new();
    for &n in nags {
        if (1..=6).contains(&n) { marks.push_str(&nag(n).0) } else { others.push(nag(n).0) }
    }
    match (marks.is_empty(), others.is_empty()) {
        (_, true) => marks,
        (true, false) => others.join(" "),
        (false, false) => format!("{marks} {}", others.join(" ")),
    }
}

/// A clock reading: `4:58`, or `1:04:58` from an hour up.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A time taken: `12s`, `0.4s`, `1:05`.
pub fn spent(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 10_000 && !ms.is_multiple_of(1000) {
        format!("{:.1}s", d.as_secs_f64())
    } else if ms < 60_000 {
        format!("{}s", d.as_secs())
    } else {
        clock(d)
    }
}

/// The time each move took: its `%emt`, else the mover's clock before it (the one after their last move, or
/// the starting time) plus the increment, less the clock after it. None where the file does not tell.
pub fn times_spent(nodes: &[&MoveNode], control: Option<&TimeControl>) -> Vec<Option<Duration>> {
    let single = control.filter(|c| c.stages.len() == 1).and_then(|c| c.stages.first());
    let base = single.map(|s| s.time);
    let increment = match single.map(|s| s.bonus) {
        Some(Bonus::Increment(i)) => i,
        _ => Duration::ZERO,
    };
    (0..nodes.len())
        .map(|i| {
            let node = nodes[i];
            if node.emt.is_some() {
                return node.emt;
            }
            let after = node.clock?;
            let before = if i >= 2 { nodes[i - 2].clock } else { base };
            (before? + increment).checked_sub(after)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_game;

    #[test]
    fn glyphs_and_spent_times() {
        assert_eq!(glyphs(&[6, 14]), "?! +=");
        assert_eq!(glyphs(&[14]), "+=");
        assert_eq!(nag(200).0, "$200");
        let g = read_game(
            b"[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:04:58]} e5 {[%clk 0:05:01]} 2. Nf3 {[%clk 0:04:40] [%emt 0:00:09]} *",
            1,
            1,
        );
        let nodes: Vec<&MoveNode> = g.tree.mainline.moves.iter().collect();
        let tc = TimeControl::from_pgn("300+2").unwrap();
        let s = times_spent(&nodes, Some(&tc));
        assert_eq!(s, [Some(Duration::from_secs(4)), Some(Duration::from_secs(1)), Some(Duration::from_secs(9))]);
        assert_eq!(clock(Duration::from_secs(3898)), "1:04:58");
        assert_eq!(spent(Duration::from_millis(400)), "0.4s");
    }
}

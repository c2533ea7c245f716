//! The commands embedded in PGN comments: `[%clk 0:04:58]`, `[%emt 0:00:03]`, `[%eval 0.23]`/`[%eval #-3]`.
//! They are taken out of the comment text; other commands (arrows, highlights) stay in it.

use crate::game::brain::EvalScore;
use std::time::Duration;

/// A comment split into its text and the commands tabiya understands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParsedComment {
    pub text: String,
    pub clock: Option<Duration>,
    pub emt: Option<Duration>,
    pub eval: Option<EvalScore>,
    /// The search depth written after the evaluation (`[%eval 0.23,18]`), kept so that it is written back.
    pub eval_depth: Option<u16>,
}

pub fn parse_comment(raw: &str) -> ParsedComment {
    let mut out = ParsedComment::default();
    let mut rest = raw;
    let mut text = String::new();
    while let Some(i) = rest.find("[%") {
        let Some(len) = rest[i..].find(']') else { break };
        let command = &rest[i + 2..i + len];
        text.push_str(&rest[..i]);
        let (name, arg) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
        let arg = arg.trim();
        let known = match name {
            "clk" => parse_clock(arg).map(|d| out.clock = Some(d)).is_some(),
            "emt" => parse_clock(arg).map(|d| out.emt = Some(d)).is_some(),
            "eval" => parse_eval(arg).map(|(e, depth)| (out.eval, out.eval_depth) = (Some(e), depth)).is_some(),
            _ => false,
        };
        if !known {
            text.push_str(&rest[i..i + len + 1]);
        }
        rest = &rest[i + len + 1..];
    }
    text.push_str(rest);
    out.text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    out
}

/// `H:MM:SS`, `MM:SS` or `SS`, with optional decimals.
pub fn parse_clock(s: &str) -> Option<Duration> {
    let mut total = 0.0f64;
    let parts: Vec<&str> = s.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        let v: f64 = p.trim().parse().ok()?;
        let last = i == parts.len() - 1;
        if !v.is_finite() || v < 0.0 || (!last && v.fract() != 0.0) {
            return None;
        }
        total = total * 60.0 + v;
    }
    (total < 1.0e8).then(|| Duration::from_millis((total * 1000.0).round() as u64))
}

/// `0.23`, `-1.5`, `#3`, `#-2`, optionally followed by `,depth`: the score and the depth. A depth that is not
/// a number makes the whole command unknown (it stays in the comment as written).
pub fn parse_eval(s: &str) -> Option<(EvalScore, Option<u16>)> {
    let (v, depth) = match s.split_once(',') {
        Some((v, d)) => (v.trim(), Some(d.trim().parse::<u16>().ok()?)),
        None => (s.trim(), None),
    };
    let score = if let Some(m) = v.strip_prefix('#') {
        EvalScore::Mate(m.parse().ok()?)
    } else {
        let pawns: f64 = v.parse().ok()?;
        (pawns.is_finite() && pawns.abs() < 1.0e6).then(|| EvalScore::Cp((pawns * 100.0).round() as i32))?
    };
    Some((score, depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_taken_out_of_the_text() {
        let c = parse_comment(" [%eval 0.17] [%clk 0:04:58] a fine move [%cal Ge2e4] ");
        assert_eq!(c.clock, Some(Duration::from_secs(298)));
        assert_eq!(c.eval, Some(EvalScore::Cp(17)));
        assert_eq!(c.text, "a fine move [%cal Ge2e4]");
        let m = parse_comment("[%eval #-3,20][%emt 0:00:02.5]");
        assert_eq!((m.eval, m.eval_depth), (Some(EvalScore::Mate(-3)), Some(20)));
        assert_eq!(c.eval_depth, None);
        assert_eq!(m.emt, Some(Duration::from_millis(2500)));
        assert_eq!(m.text, "");
    }

    #[test]
    fn bad_commands_stay_as_text() {
        let c = parse_comment("[%clk soon] [%eval x] [%eval 0.5,deep] [%clk");
        assert_eq!((c.clock, c.eval), (None, None));
        assert_eq!(c.text, "[%clk soon] [%eval x] [%eval 0.5,deep] [%clk");
        assert_eq!(parse_clock("1:2:3:4"), None);
        assert_eq!(parse_clock("1.5:00"), None);
    }
}

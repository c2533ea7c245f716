//! PGN out, in the standard's export format: the Seven Tag Roster first (in its order, `?` when unknown),
//! then the other tags in ASCII order; movetext wrapped before 80 columns with a move number before every
//! White move and before a Black move that follows a comment or variation; comments in braces; the result.
//! Tag values and comments go through the one sanitiser (`crate::text::clean`): what tabiya writes can be shown
//! on a terminal, and no character in them can end a tag or a comment early.

use super::tree::{GameTree, Line};
use crate::game::brain::EvalScore;
use crate::rules::{Color, Position};
use crate::text::clean;
use std::time::Duration;

/// The Seven Tag Roster, in the order the standard gives.
pub const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What to write besides the moves.
#[derive(Clone, Copy, Debug)]
pub struct WriteOptions {
    /// Comments, NAGs, `%clk`/`%emt`/`%eval` and variations (off: bare moves).
    pub annotations: bool,
    /// Clocks with milliseconds (`0:04:58.250`), for tabiya's own saves, so a resumed game loses nothing.
    pub precise_clocks: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { annotations: true, precise_clocks: false }
    }
}

/// Writes one game, ending with a blank line. `result` is the game termination marker (`1-0`, `*`, …).
pub fn write_game(out: &mut String, tags: &[(String, String)], tree: &GameTree, result: &str, opts: WriteOptions) {
    write_tags(out, tags, result);
    out.push('\n');
    let mut mt = Movetext { out, line_len: 0, opening: false };
    write_line(&mut mt, &tree.start, &tree.mainline, opts);
    mt.token(result);
    out.push_str("\n\n");
}

fn write_tags(out: &mut String, tags: &[(String, String)], result: &str) {
    let value = |name: &str| tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    for name in SEVEN_TAGS {
        let v = match name {
            "Result" => Some(result),
            _ => value(name),
        };
        let default = if name == "Date" { "????.??.??" } else { "?" };
        push_tag(out, name, v.filter(|v| !v.is_empty()).unwrap_or(default));
    }
    let mut others: Vec<&(String, String)> =
        tags.iter().filter(|(k, _)| !SEVEN_TAGS.contains(&k.as_str()) && is_tag_name(k)).collect();
    others.sort_by(|a, b| a.0.cmp(&b.0));
    others.dedup_by(|a, b| a.0 == b.0);
    for (k, v) in others {
        push_tag(out, k, v);
    }
}

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in clean(value).chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// Movetext with line wrapping.
struct Movetext<'a> {
    out: &'a mut String,
    line_len: usize,
    /// A variation was opened: its `(` is written glued to the next token, so a line never ends in `(`.
    opening: bool,
}

impl Movetext<'_> {
    fn token(&mut self, t: &str) {
        let glued;
        let t = if std::mem::take(&mut self.opening) {
            glued = format!("({t}");
            &glued
        } else {
            t
        };
        let len = t.chars().count();
        if self.line_len > 0 && self.line_len + 1 + len > 79 {
            self.out.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 {
            self.out.push(' ');
            self.line_len += 1;
        }
        self.out.push_str(t);
        self.line_len += len;
    }

    /// Opens a variation: its `(` comes with the next token.
    fn open(&mut self) {
        self.opening = true;
    }

    /// Closes a variation right after its last token.
    fn close(&mut self) {
        if self.opening {
            // An empty variation.
            self.token("");
        }
        if self.line_len + 1 > 79 {
            self.out.push('\n');
            self.line_len = 0;
        }
        self.out.push(')');
        self.line_len += 1;
    }

    /// A comment, split into words so it wraps like the rest.
    fn comment(&mut self, text: &str) {
        let text = clean(text).replace('}', " ");
        let words = comment_words(&text);
        if words.is_empty() {
            return;
        }
        let last = words.len() - 1;
        for (i, w) in words.iter().enumerate() {
            let mut t = String::new();
            if i == 0 {
                t.push('{');
            }
            t.push_str(w);
            if i == last {
                t.push('}');
            }
            self.token(&t);
        }
    }
}

/// A comment's words for wrapping, with each `[%command argument]` kept as one word, so that a line break
/// never falls inside a command (readers that match `[%clk 0:01:00]` on one line would lose it).
fn comment_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut open = false;
    for w in text.split_whitespace() {
        match words.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(w);
            }
            _ => words.push(w.to_string()),
        }
        let last = words.last().map_or("", |s| s.as_str());
        open = last.rfind("[%").is_some_and(|i| !last[i..].contains(']'));
    }
    words
}

fn write_line(mt: &mut Movetext, start: &Position, line: &Line, opts: WriteOptions) {
    let mut pos = start.clone();
    let mut need_number = true;
    if opts.annotations
        && let Some(c) = &line.comment
    {
        mt.comment(c);
    }
    for node in &line.moves {
        let white = pos.side_to_move() == Color::White;
        let n = pos.fullmove_number();
        // The number and its move stay on one line.
        if white {
            mt.token(&format!("{n}. {}", node.san));
        } else if need_number {
            mt.token(&format!("{n}... {}", node.san));
        } else {
            mt.token(&node.san);
        }
        need_number = false;
        if opts.annotations {
            for nag in &node.nags {
                mt.token(&format!("${nag}"));
            }
            let comment = node_comment(node, opts);
            if !comment.is_empty() {
                mt.comment(&comment);
                need_number = true;
            }
            for v in &node.variations {
                mt.open();
                write_line(mt, &pos, v, opts);
                mt.close();
                need_number = true;
            }
        }
        node.play(&mut pos);
    }
}

fn node_comment(node: &super::tree::MoveNode, opts: WriteOptions) -> String {
    let mut parts = Vec::new();
    if let Some(e) = node.eval {
        match node.eval_depth {
            Some(d) => parts.push(format!("[%eval {},{d}]", eval_text(e))),
            None => parts.push(format!("[%eval {}]", eval_text(e))),
        }
    }
    if let Some(c) = node.clock {
        parts.push(format!("[%clk {}]", clock_text(c, opts.precise_clocks)));
    }
    if let Some(t) = node.emt {
        parts.push(format!("[%emt {}]", clock_text(t, opts.precise_clocks)));
    }
    if let Some(c) = &node.comment {
        parts.push(c.clone());
    }
    parts.join(" ")
}

/// `H:MM:SS`, or with the fraction of a second (`H:MM:SS.3`) when precise and there is one.
pub fn clock_text(d: Duration, precise: bool) -> String {
    let s = d.as_secs();
    let base = format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60);
    if precise && d.subsec_millis() != 0 {
        let frac = format!("{:03}", d.subsec_millis());
        format!("{base}.{}", frac.trim_end_matches('0'))
    } else {
        base
    }
}

fn eval_text(e: EvalScore) -> String {
    match e {
        EvalScore::Cp(cp) => format!("{:.2}", cp as f64 / 100.0),
        EvalScore::Mate(n) => format!("#{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_command_is_one_word_for_wrapping() {
        let words = comment_words("good [%clk 0:05:00] [%cal Gd2d4,Rg1f3][%eval  0.30,20] end [%open");
        assert_eq!(words, ["good", "[%clk 0:05:00]", "[%cal Gd2d4,Rg1f3][%eval 0.30,20]", "end", "[%open"]);
    }
}

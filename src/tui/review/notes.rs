//! What the notes panel says about the shown move, as paragraphs of styled segments: the move with its
//! NAGs in words and its clock, the comments before and after it, the file's evaluation, and every variation
//! that starts here with move numbers, NAGs, comments and nested sub-variations (indented). Each move carries
//! the path it leads to, so a click on it goes there. The view wraps and scrolls; nothing here is cut.

use super::marks;
use super::path::{self, TreePath};
use super::state::ReviewState;
use crate::game::pgn::shapes::{describe, split_shapes};
use crate::game::pgn::{Line, MoveNode};
use crate::text::clean;
use crate::tui::analysis::san_line;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteStyle {
    Heading,
    Move,
    /// The move shown on the board.
    Current,
    Comment,
    Dim,
    Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub text: String,
    pub style: NoteStyle,
    /// Where a click on it goes (moves only).
    pub target: Option<TreePath>,
}

/// A paragraph: segments that wrap together, at an indentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Para {
    pub indent: u16,
    pub segments: Vec<Segment>,
}

impl Para {
    fn new(indent: u16) -> Para {
        Para { indent, segments: Vec::new() }
    }

    fn text(mut self, text: impl Into<String>, style: NoteStyle) -> Para {
        self.push(text, style);
        self
    }

    fn push(&mut self, text: impl Into<String>, style: NoteStyle) {
        self.segments.push(Segment { text: text.into(), style, target: None });
    }
}

/// Move numbers along a line: the number and side of its first move.
#[derive(Clone, Copy)]
pub struct Numbering {
    pub first: u32,
    pub black_first: bool,
}

impl Numbering {
    /// The number of move `i` of the line, and whether White plays it.
    pub fn at(self, i: usize) -> (u32, bool) {
        let k = i + usize::from(self.black_first);
        (self.first + (k / 2) as u32, k.is_multiple_of(2))
    }

    /// A move as books write it: `8. Nc3`, `8... Bb4` (`numbered` for Black), with its glyphs.
    pub fn label(self, i: usize, node: &MoveNode, numbered: bool) -> String {
        let (n, white) = self.at(i);
        let san = move_text(node);
        if white {
            format!("{n}. {san}")
        } else if numbered {
            format!("{n}... {san}")
        } else {
            san.to_string()
        }
    }

    /// The numbering of a variation replacing move `i`.
    fn variation(self, i: usize) -> Numbering {
        let (first, white) = self.at(i);
        Numbering { first, black_first: !white }
    }
}

/// A move's SAN with its NAG glyphs, move marks glued on as books print them: `Bb4?!`, `Nc3 +=`.
pub fn move_text(node: &MoveNode) -> String {
    let glyphs = marks::glyphs(&node.nags);
    if glyphs.is_empty() || glyphs.starts_with(['!', '?']) {
        format!("{}{glyphs}", node.san)
    } else {
        format!("{} {glyphs}", node.san)
    }
}

/// The notes for the shown move of `review`.
pub fn notes(review: &ReviewState) -> Vec<Para> {
    let main = &review.game.tree.mainline;
    let at = &review.path;
    let mut out = Vec::new();
    let Some(node) = path::current(main, at) else {
        out.push(Para::new(0).text("Start of the game", NoteStyle::Heading));
        if let Some(c) = &main.comment {
            comment_paras(c, &mut out);
        }
        if let Some(first) = main.moves.first() {
            let label = review.numbering(at).label(0, first, true);
            out.push(Para::new(0).text(format!("→ plays {label}"), NoteStyle::Dim));
        }
        analysis_notes(review, &mut out);
        problems(review, &mut out);
        return out;
    };
    let line = path::line_of(main, &at.branches).unwrap_or(main);
    let numbering = review.numbering(at);
    let index = at.ply - 1;
    out.push(heading(review, node, numbering.label(index, node, true)));
    if let Some(instead) = review.replaced_move() {
        out.push(Para::new(0).text(format!("instead of {instead}"), NoteStyle::Dim));
    }
    if index == 0
        && let Some(c) = &line.comment
    {
        let text = comment_text(c);
        if !text.is_empty() {
            out.push(Para::new(0).text(text, NoteStyle::Comment));
        }
    }
    if let Some(c) = &node.comment {
        comment_paras(c, &mut out);
    }
    if let Some(e) = node.eval {
        out.push(Para::new(0).text(format!("Evaluation in the file: {e}"), NoteStyle::Dim));
    }
    analysis_notes(review, &mut out);
    if !node.variations.is_empty() {
        out.push(Para::new(0).text("Variations (↓ enters, or click a move):", NoteStyle::Dim));
        let base = TreePath { branches: at.branches.clone(), ply: 0 };
        for (k, v) in node.variations.iter().enumerate() {
            variation_paras(&mut out, v, numbering.variation(index), &base.into_variation(index, k), 2, at);
        }
    }
    problems(review, &mut out);
    out
}

/// What the whole-game analysis found for the shown main-line position: its evaluation, and for a move it
/// judged, the verdict in words with the better line (`Mistake. Bxc6 was best.` then `4. Bxc6 dxc6 5. O-O`).
fn analysis_notes(review: &ReviewState, out: &mut Vec<Para>) {
    let at = &review.path;
    let analysis = &review.analysis;
    let Some(here) = analysis.positions.get(at.ply).filter(|_| at.branches.is_empty()) else { return };
    let mut p = Para::new(0).text(format!("Engine: {}", here.score), NoteStyle::Heading);
    p.push(format!("(depth {})", here.depth), NoteStyle::Dim);
    if at.ply == 0
        && let Some(&best) = here.pv.first()
    {
        p.push(format!("· best {}", san_line(&review.game.tree.start, &[best])), NoteStyle::Dim);
    }
    out.push(p);
    let Some(verdict) = analysis.report.verdicts.iter().find(|v| v.ply == at.ply) else { return };
    let words = match &verdict.best {
        Some(best) => format!("{}. {best} was best.", verdict.judgement.word()),
        None => format!("{}.", verdict.judgement.word()),
    };
    out.push(Para::new(0).text(words, NoteStyle::Problem));
    let before = &analysis.positions[at.ply - 1];
    if verdict.best.is_some() && !before.pv.is_empty() {
        let pos = review.game.tree.position_at(at.ply - 1);
        let line = san_line(&pos, &before.pv[..before.pv.len().min(BETTER_LINE_PLIES)]);
        out.push(Para::new(2).text(format!("{line} ({})", before.score), NoteStyle::Move));
    }
}

/// How many plies of the better line the notes show.
const BETTER_LINE_PLIES: usize = 8;

/// The shown move, what its NAGs mean, and its clock.
fn heading(review: &ReviewState, node: &MoveNode, label: String) -> Para {
    let mut p = Para::new(0).text(label, NoteStyle::Current);
    let words: Vec<String> = node.nags.iter().map(|&n| marks::nag(n).1).collect();
    if !words.is_empty() {
        p.push(format!("— {}", words.join(", ")), NoteStyle::Heading);
    }
    if let Some(c) = node.clock {
        let took = review.time_spent().map(|t| format!(", took {}", marks::spent(t))).unwrap_or_default();
        p.push(format!("(clock {}{took})", marks::clock(c)), NoteStyle::Dim);
    } else if let Some(t) = node.emt {
        p.push(format!("(took {})", marks::spent(t)), NoteStyle::Dim);
    }
    p
}

/// The shown position's comment: its text, then the arrows and squares it draws on the board in words (so
/// they are known without colour too).
fn comment_paras(comment: &str, out: &mut Vec<Para>) {
    let split = split_shapes(comment);
    let text = clean(&split.text);
    if !text.is_empty() {
        out.push(Para::new(0).text(text, NoteStyle::Comment));
    }
    if let Some(words) = describe(&split.shapes) {
        out.push(Para::new(0).text(words, NoteStyle::Dim));
    }
}

/// A comment's text as shown, without its `[%…]` commands (the board draws `%csl`/`%cal`; the rest are data).
fn comment_text(comment: &str) -> String {
    clean(&split_shapes(comment).text)
}

/// A variation's moves as paragraphs: its moves and comments wrap together; each sub-variation is a
/// paragraph of its own, indented under the move it replaces, and the line goes on after it.
fn variation_paras(
    out: &mut Vec<Para>,
    line: &Line,
    numbering: Numbering,
    base: &TreePath,
    indent: u16,
    shown: &TreePath,
) {
    let mut para = Para::new(indent);
    if let Some(c) = line.comment.as_deref().map(comment_text).filter(|t| !t.is_empty()) {
        para.push(c, NoteStyle::Comment);
    }
    let mut numbered = true;
    for (j, node) in line.moves.iter().enumerate() {
        let target = base.at_move(j);
        let style = if target == *shown { NoteStyle::Current } else { NoteStyle::Move };
        para.segments.push(Segment { text: numbering.label(j, node, numbered), style, target: Some(target) });
        numbered = false;
        if let Some(c) = node.comment.as_deref().map(comment_text).filter(|t| !t.is_empty()) {
            para.push(c, NoteStyle::Comment);
            numbered = true;
        }
        if !node.variations.is_empty() {
            out.push(std::mem::replace(&mut para, Para::new(indent)));
            for (k, v) in node.variations.iter().enumerate() {
                variation_paras(out, v, numbering.variation(j), &base.into_variation(j, k), indent + 2, shown);
            }
            numbered = true;
        }
    }
    if !para.segments.is_empty() {
        out.push(para);
    }
}

/// What was wrong with the file, at the end of every page of notes.
fn problems(review: &ReviewState, out: &mut Vec<Para>) {
    if let Some(err) = &review.game.error {
        out.push(Para::new(0).text(format!("File problem: {}", clean(&err.to_string())), NoteStyle::Problem));
    }
    for w in &review.game.warnings {
        out.push(Para::new(0).text(format!("Note: {}", clean(&w.to_string())), NoteStyle::Dim));
    }
}

//! The move list of the review screen: the line being walked (the main line, or the main line up to a
//! variation and then the variation's moves, set apart in colour), with each move's NAG glyphs, a ¶ on moves
//! with a comment, a ↓ on moves with variations, and the clock left and the time taken where the file has
//! them. Two moves a row when they fit, one otherwise; the shown move stays in view.

use crate::game::pgn::MoveNode;
use crate::game::pgn::shapes::has_text;
use crate::tui::review::marks;
use crate::tui::review::notes::Numbering;
use crate::tui::review::notes::move_text;
use crate::tui::review::{ReviewState, TreePath};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::time::Duration;

/// One move of the list.
struct Entry<'a> {
    node: &'a MoveNode,
    path: TreePath,
    /// How many variations deep it is.
    depth: usize,
    spent: Option<Duration>,
}

/// The list laid out for a width: which entries each row holds, and the columns.
struct Rows<'a> {
    review: &'a ReviewState,
    entries: Vec<Entry<'a>>,
    numbering: Numbering,
    pairs: bool,
    san_w: usize,
    clocks: bool,
    spent: bool,
    current: Option<usize>,
}

const NUMBER_W: usize = 5;
const CLOCK_W: usize = 8;
const SPENT_W: usize = 6;

impl<'a> Rows<'a> {
    fn new(review: &'a ReviewState, width: u16) -> Rows<'a> {
        let main = &review.game.tree.mainline;
        let at = &review.path;
        let mut entries = Vec::new();
        let mut line = main;
        for (d, b) in at.branches.iter().enumerate() {
            let base = TreePath { branches: at.branches[..d].to_vec(), ply: 0 };
            entries.extend(line.moves.iter().take(b.at).enumerate().map(|(j, node)| (node, base.at_move(j), d)));
            match line.moves.get(b.at).and_then(|n| n.variations.get(b.variation)) {
                Some(v) => line = v,
                None => break,
            }
        }
        let base = TreePath { branches: at.branches.clone(), ply: 0 };
        let depth = at.branches.len();
        entries.extend(line.moves.iter().enumerate().map(|(j, node)| (node, base.at_move(j), depth)));
        let nodes: Vec<&MoveNode> = entries.iter().map(|e| e.0).collect();
        let spent = marks::times_spent(&nodes, review.time_control.as_ref());
        let entries: Vec<Entry> = entries
            .into_iter()
            .zip(spent)
            .map(|((node, path, depth), spent)| Entry { node, path, depth, spent })
            .collect();
        let numbering = review.numbering(&TreePath::default());
        // Room for a judgement glyph (`??`) once the game is being analysed.
        let glyph_w = if review.analysis.started() { 2 } else { 0 };
        let san_w = entries.iter().map(|e| move_text(e.node).chars().count()).max().unwrap_or(0).min(12) + glyph_w;
        let clocks = entries.iter().any(|e| e.node.clock.is_some());
        let spent = entries.iter().any(|e| e.spent.is_some());
        let current = entries.iter().position(|e| e.path == *at);
        let mut rows = Rows { review, entries, numbering, pairs: true, san_w, clocks, spent, current };
        rows.pairs = NUMBER_W + 2 * rows.half_w() <= width as usize;
        rows
    }

    /// The width of one move with its marks and clocks.
    fn half_w(&self) -> usize {
        self.san_w + 3 + if self.clocks { CLOCK_W } else { 0 } + if self.spent { SPENT_W } else { 0 }
    }

    /// The entries on each row, as (first, count).
    fn row_spans(&self) -> Vec<(usize, usize)> {
        if !self.pairs {
            return (0..self.entries.len()).map(|i| (i, 1)).collect();
        }
        let black_first = self.numbering.black_first;
        let mut spans = Vec::new();
        let mut i = 0;
        while i < self.entries.len() {
            let n = if i == 0 && black_first { 1 } else { 2.min(self.entries.len() - i) };
            spans.push((i, n));
            i += n;
        }
        spans
    }

    fn first_row(&self, spans: &[(usize, usize)], height: usize) -> usize {
        let focus = self.current.and_then(|c| spans.iter().position(|&(f, n)| c >= f && c < f + n)).unwrap_or(0);
        focus.saturating_sub(height / 2).min(spans.len().saturating_sub(height))
    }

    /// The cells of a move: its column and text pieces.
    fn move_spans(&self, i: usize, theme: &Theme) -> Vec<Span<'static>> {
        let e = &self.entries[i];
        let style = if Some(i) == self.current {
            theme.current_move
        } else if e.depth > 0 {
            theme.accent
        } else {
            theme.text
        };
        let marks = format!(
            "{}{}",
            if e.node.comment.as_deref().is_some_and(has_text) { "¶" } else { "" },
            if e.node.variations.is_empty() { "" } else { "↓" }
        );
        let san = move_text(e.node);
        let glyph = self.judgement_glyph(e);
        let pad = (self.san_w + 2).saturating_sub(san.chars().count() + glyph.chars().count() + marks.chars().count());
        let mut spans = vec![
            Span::styled(san, style),
            Span::styled(glyph, theme.error),
            Span::styled(format!("{marks}{:pad$} ", ""), style),
        ];
        if self.clocks {
            let c = e.node.clock.map(marks::clock).unwrap_or_default();
            spans.push(Span::styled(format!("{c:>7} "), theme.dim));
        }
        if self.spent {
            let s = e.spent.map(|t| format!("+{}", marks::spent(t))).unwrap_or_default();
            spans.push(Span::styled(format!("{s:<5} "), theme.dim));
        }
        spans
    }

    /// The whole-game analysis's verdict on a main-line move, unless the file already judged it.
    fn judgement_glyph(&self, e: &Entry) -> &'static str {
        if !e.path.branches.is_empty() || e.node.nags.iter().any(|n| (1..=6).contains(n)) {
            return "";
        }
        self.review.analysis.judgement(e.path.ply).map_or("", crate::tui::analysis::glyph)
    }

    fn number(&self, i: usize) -> String {
        let (n, white) = self.numbering.at(i);
        if white || self.pairs { format!("{n:>3}. ") } else { format!("{n:>3}… ") }
    }
}

/// The move under a click on the list drawn in `area`.
pub fn target_at(review: &ReviewState, area: Rect, column: u16, row: u16) -> Option<TreePath> {
    if !area.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let rows = Rows::new(review, area.width);
    let spans = rows.row_spans();
    let first = rows.first_row(&spans, area.height as usize);
    let &(i, n) = spans.get(first + (row - area.y) as usize)?;
    let x = (column - area.x) as usize;
    let half = usize::from(x >= NUMBER_W + rows.half_w());
    let black_alone = i == 0 && rows.numbering.black_first && rows.pairs;
    let k = if black_alone { i } else { i + half.min(n - 1) };
    rows.entries.get(k).map(|e| e.path.clone())
}

pub struct ReviewMovesView<'a> {
    pub review: &'a ReviewState,
    pub theme: &'a Theme,
}

impl Widget for &ReviewMovesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        if self.review.game.tree.mainline.moves.is_empty() {
            buf.set_line(area.x, area.y, &Line::styled("(no moves)", t.dim), area.width);
            return;
        }
        let rows = Rows::new(self.review, area.width);
        let spans = rows.row_spans();
        let first = rows.first_row(&spans, area.height as usize);
        for (y, &(i, n)) in spans.iter().skip(first).take(area.height as usize).enumerate() {
            let mut line = vec![Span::styled(rows.number(i), t.dim)];
            if rows.pairs && i == 0 && rows.numbering.black_first {
                line.push(Span::styled(format!("{:<w$}", "…", w = rows.half_w()), t.dim));
            }
            for k in i..i + n {
                line.extend(rows.move_spans(k, t));
            }
            buf.set_line(area.x, area.y + y as u16, &Line::from(line), area.width);
        }
    }
}

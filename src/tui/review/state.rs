//! One game being reviewed: where in its tree the board stands, and what the keys and the mouse do there.
//! `ReviewState::handle` takes the screen's actions and says what the app must do beyond the screen (go back
//! to the list, start a game from here, write to the terminal); the app only routes.

use super::marks;
use super::notes::Numbering;
use super::path::{self, TreePath};
use crate::game::TimeControl;
use crate::game::pgn::shapes::{CommentShapes, split_shapes};
use crate::game::pgn::tree::split_at_last_pass;
use crate::game::pgn::{MoveNode, PgnGame};
use crate::rules::{Color, Move, Position, Square};
use crate::text::clean;
use crate::tui::action::{Action, Command, Dir, MouseKind, Nav};
use crate::tui::analysis::{AnalysisSettings, GameAnalysis, LiveAnalysis};
use crate::tui::views::{review_layout, review_moves, review_notes};
use ratatui::layout::Rect;
use std::time::Duration;

/// Where a game opens. The start by default, so the first move is one key (→) away; proposed configuration
/// key: `[display] review_opens_at = "start" | "end"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpenAt {
    #[default]
    Start,
    End,
}

/// What the screen needs from the app to handle an action.
pub struct ReviewContext {
    pub area: Rect,
    pub coordinates: bool,
    pub analysis: AnalysisSettings,
}

/// What the app must do after an action.
#[derive(Debug, PartialEq)]
pub enum ReviewOutcome {
    Stay,
    /// Esc: back to the screen the game was opened from.
    Back(BackTo),
    NewGame,
    /// Play on from the shown position as a new game that keeps the line that led there.
    Continue(Box<Continuation>),
    /// Bytes for the terminal (an OSC 52 clipboard sequence).
    Output(String),
    /// Save the game annotated by the whole-game analysis (this PGN text) next to its file.
    SaveAnalysed(String),
}

/// Where Esc goes from a game under review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackTo {
    /// Nowhere: the game was the only one of its file.
    Nowhere,
    /// The list of games it was chosen from.
    List,
    /// The finished game it was opened from, on the play screen.
    Play,
}

/// A new game's history: the start and the moves to the shown position, and who played.
#[derive(Clone, Debug, PartialEq)]
pub struct Continuation {
    pub start: Position,
    /// The start's Chess960 number, when it is a Chess960 start.
    pub chess960: Option<u16>,
    pub moves: Vec<Move>,
    pub white: String,
    pub black: String,
    pub event: Option<String>,
}

pub struct ReviewState {
    pub game: PgnGame,
    pub path: TreePath,
    pub flipped: bool,
    /// The position at `path` (recomputed when it changes, so drawing costs nothing).
    position: Position,
    /// The first row of the notes shown.
    pub notes_scroll: usize,
    /// Live analysis of the shown position.
    pub live: LiveAnalysis,
    /// Whole-game analysis of the main line.
    pub analysis: GameAnalysis,
    /// Where Esc goes (outside a variation).
    pub back: BackTo,
    /// Why the last request could not be done (shown until the next move).
    pub notice: Option<String>,
    /// The `TimeControl` tag, for the time each move took.
    pub time_control: Option<TimeControl>,
}

impl ReviewState {
    pub fn new(game: PgnGame, back: BackTo, open_at: OpenAt) -> ReviewState {
        let position = game.tree.start.clone();
        let time_control = game.headers.get("TimeControl").and_then(|t| TimeControl::from_pgn(t).ok());
        let mut r = ReviewState {
            game,
            path: TreePath::default(),
            flipped: false,
            position,
            notes_scroll: 0,
            live: LiveAnalysis::default(),
            analysis: GameAnalysis::default(),
            back,
            notice: None,
            time_control,
        };
        if open_at == OpenAt::End {
            r.go(path::line_end(&r.game.tree.mainline, &TreePath::default()));
        }
        r
    }

    /// Shows the game's kept whole-game analysis, if it has one, as if it had just finished.
    pub fn show_kept_analysis(&mut self, settings: &AnalysisSettings) {
        if let Some(kept) = GameAnalysis::load_cached(&self.game.tree, settings) {
            self.analysis = kept;
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Goes to `to` if it is a place in the tree.
    pub fn go(&mut self, to: Option<TreePath>) {
        let Some(to) = to else { return };
        if to == self.path || !path::is_valid(&self.game.tree.mainline, &to) {
            return;
        }
        self.position = path::position(&self.game.tree.start, &self.game.tree.mainline, &to);
        self.path = to;
        self.notes_scroll = 0;
        self.notice = None;
        self.live.follow(&self.position);
    }

    /// The move that led to the shown position.
    pub fn current(&self) -> Option<&MoveNode> {
        path::current(&self.game.tree.mainline, &self.path)
    }

    /// The arrows and marked squares that the shown position's comment draws (the game's opening comment at
    /// the start), with the comment's text.
    pub fn shapes(&self) -> CommentShapes {
        let comment = match self.current() {
            Some(node) => node.comment.as_deref(),
            None => self.game.tree.mainline.comment.as_deref(),
        };
        comment.map(split_shapes).unwrap_or_default()
    }

    /// The moves from the start to the shown position.
    pub fn played(&self) -> Vec<&MoveNode> {
        path::played(&self.game.tree.mainline, &self.path)
    }

    pub fn last_move_squares(&self) -> Option<(Square, Square)> {
        self.current().filter(|n| !n.is_null()).map(|n| {
            let m = n.mv;
            let to = if m.is_castle() { crate::tui::input::king_destination(m) } else { m.to() };
            (m.from(), to)
        })
    }

    /// The move numbering of the innermost line of `at`.
    pub fn numbering(&self, at: &TreePath) -> Numbering {
        let start = &self.game.tree.start;
        let mut n =
            Numbering { first: start.fullmove_number().max(1), black_first: start.side_to_move() == Color::Black };
        let mut line = &self.game.tree.mainline;
        for b in &at.branches {
            let (first, white) = n.at(b.at);
            n = Numbering { first, black_first: !white };
            match line.moves.get(b.at).and_then(|m| m.variations.get(b.variation)) {
                Some(v) => line = v,
                None => break,
            }
        }
        n
    }

    /// The breadcrumb: `main › 8... Bxc3 › 10. Qd2`, each variation named by its first move.
    pub fn breadcrumb(&self) -> String {
        let mut parts = vec!["main".to_string()];
        for depth in 1..=self.path.branches.len() {
            let at = TreePath { branches: self.path.branches[..depth].to_vec(), ply: 1 };
            if let Some(node) = path::current(&self.game.tree.mainline, &at) {
                parts.push(self.numbering(&at).label(0, node, true));
            }
        }
        parts.join(" › ")
    }

    /// In a variation's first move: the move of the line above it is an alternative to.
    pub fn replaced_move(&self) -> Option<String> {
        let b = *self.path.branches.last()?;
        if self.path.ply != 1 {
            return None;
        }
        let mut above = self.path.clone();
        above.branches.pop();
        let above = above.at_move(b.at);
        let node = path::current(&self.game.tree.mainline, &above)?;
        Some(self.numbering(&above).label(b.at, node, true))
    }

    /// The time the shown move took, from `%emt` or the clocks.
    pub fn time_spent(&self) -> Option<Duration> {
        let played = self.played();
        marks::times_spent(&played, self.time_control.as_ref()).last().copied().flatten()
    }

    /// "Move 12 of 23" on the main line; the depth in a variation.
    pub fn where_text(&self) -> String {
        let line = path::line_of(&self.game.tree.mainline, &self.path.branches).map_or(0, |l| l.moves.len());
        if self.path.branches.is_empty() {
            format!("move {} of {line}", self.path.ply)
        } else {
            format!("move {} of {line} in the variation", self.path.ply)
        }
    }

    /// The new game "continue from here" starts: the game's start and the moves to the shown position. A
    /// line that passes (a null move) cannot be a game's history, so such a line starts after its last pass.
    pub fn continuation(&self) -> Continuation {
        let played: Vec<Move> = self.played().iter().map(|n| n.mv).collect();
        let passed = played.contains(&Move::NONE);
        let (start, moves) = split_at_last_pass(&self.game.tree.start, &played);
        let h = &self.game.headers;
        let name = |k: &str| clean(h.get(k).unwrap_or("?"));
        Continuation {
            chess960: if !passed { super::header::chess960_number(&start) } else { None },
            start,
            moves,
            white: name("White"),
            black: name("Black"),
            event: h.get("Event").map(clean).filter(|e| !e.trim().is_empty() && e != "?"),
        }
    }

    /// Takes the engine's reports; true if something changed on screen.
    pub fn poll(&mut self) -> bool {
        let live = self.live.poll();
        self.analysis.poll(&self.game.tree) || live
    }

    /// Whether the engine panel has something to show.
    pub fn engine_panel(&self) -> bool {
        self.live.is_on() || self.live.error.is_some() || self.analysis.started()
    }

    /// The main-line ply shown (None in a variation).
    pub fn main_ply(&self) -> Option<usize> {
        self.path.branches.is_empty().then_some(self.path.ply)
    }

    /// The annotated game as PGN, once the whole-game analysis has something.
    fn analysed_pgn(&self) -> Option<String> {
        let tree = self.analysis.annotated.as_ref()?;
        let mut tags = self.game.headers.pairs.clone();
        for (k, v) in crate::game::analysis::figure_tags(&self.analysis.report) {
            match tags.iter_mut().find(|(name, _)| *name == k) {
                Some(pair) => pair.1 = v,
                None => tags.push((k, v)),
            }
        }
        let result = self.game.headers.get("Result").unwrap_or("*");
        let result = if ["1-0", "0-1", "1/2-1/2"].contains(&result) { result } else { "*" };
        let mut out = String::new();
        crate::game::pgn::write_game(&mut out, &tags, tree, result, Default::default());
        Some(out)
    }

    /// Carries out one action on this screen.
    pub fn handle(&mut self, action: Action, cx: &ReviewContext) -> ReviewOutcome {
        let main = &self.game.tree.mainline;
        let to = match action {
            Action::Cursor(Dir::Left) | Action::Nav(Nav::Prev) | Action::Type('h') => path::prev(&self.path),
            Action::Cursor(Dir::Right) | Action::Nav(Nav::Next) | Action::Type('l') => path::next(main, &self.path),
            Action::Cursor(Dir::Down) | Action::Type('j') => path::down(main, &self.path),
            Action::Cursor(Dir::Up) | Action::Type('k') => path::up(&self.path),
            Action::Tab => path::down(main, &self.path).or_else(|| self.back_to_first_alternative()),
            Action::Backspace => path::leave(&self.path),
            Action::Cancel if !self.path.branches.is_empty() => path::leave(&self.path),
            Action::Cancel if self.back != BackTo::Nowhere => return ReviewOutcome::Back(self.back),
            Action::Nav(Nav::First) => Some(TreePath::default()),
            Action::Nav(Nav::Last) => path::line_end(main, &self.path),
            Action::Nav(Nav::PageUp) => return self.scroll_notes(-1, cx),
            Action::Nav(Nav::PageDown) => return self.scroll_notes(1, cx),
            Action::Mouse { kind, column, row } => return self.mouse(kind, column, row, cx),
            Action::Select | Action::Submit => return ReviewOutcome::Continue(Box::new(self.continuation())),
            Action::Command(c) => return self.command(c, cx),
            Action::Type('a') => return self.command(Command::Evaluate, cx),
            Action::Type('A') => {
                self.analysis.start(&self.game.tree, &cx.analysis);
                return ReviewOutcome::Stay;
            }
            Action::Type('n') => {
                let ply = self.main_ply().unwrap_or(0);
                self.analysis.next_mistake(ply).map(|ply| TreePath { branches: Vec::new(), ply })
            }
            Action::Type('w') => match self.analysed_pgn() {
                Some(pgn) if self.analysis.done => return ReviewOutcome::SaveAnalysed(pgn),
                _ => {
                    self.notice = Some("Nothing to save yet: analyse the whole game first (A)".into());
                    None
                }
            },
            _ => None,
        };
        self.go(to);
        ReviewOutcome::Stay
    }

    /// Tab past the last alternative comes back to the move they are alternatives to.
    fn back_to_first_alternative(&self) -> Option<TreePath> {
        let b = *self.path.branches.last()?;
        (self.path.ply == 1).then(|| {
            let mut p = self.path.clone();
            p.branches.pop();
            p.at_move(b.at)
        })
    }

    fn command(&mut self, command: Command, cx: &ReviewContext) -> ReviewOutcome {
        match command {
            Command::Flip => self.flipped = !self.flipped,
            Command::Evaluate => self.live.toggle(&self.position, &cx.analysis),
            Command::CopyFen => return ReviewOutcome::Output(crate::tui::clipboard::osc52(&self.position.to_fen())),
            Command::NewGame => return ReviewOutcome::NewGame,
            _ => {}
        }
        ReviewOutcome::Stay
    }

    fn mouse(&mut self, kind: MouseKind, column: u16, row: u16, cx: &ReviewContext) -> ReviewOutcome {
        let Some(l) = review_layout::review(cx.area, cx.coordinates, self.flipped, self) else {
            return ReviewOutcome::Stay;
        };
        let over_notes = l.notes.contains(ratatui::layout::Position::new(column, row));
        let to = match kind {
            MouseKind::ScrollUp if over_notes => return self.scroll_by(-3, cx),
            MouseKind::ScrollDown if over_notes => return self.scroll_by(3, cx),
            MouseKind::ScrollUp => path::prev(&self.path),
            MouseKind::ScrollDown => path::next(&self.game.tree.mainline, &self.path),
            MouseKind::Down if over_notes => review_notes::target_at(self, l.notes, column, row),
            MouseKind::Down => review_moves::target_at(self, l.moves, column, row),
            _ => None,
        };
        self.go(to);
        ReviewOutcome::Stay
    }

    /// A page of notes up (-1) or down (1).
    fn scroll_notes(&mut self, pages: isize, cx: &ReviewContext) -> ReviewOutcome {
        let Some(l) = review_layout::review(cx.area, cx.coordinates, self.flipped, self) else {
            return ReviewOutcome::Stay;
        };
        self.scroll_by(pages * (l.notes.height.max(2) as isize - 1), cx)
    }

    fn scroll_by(&mut self, rows: isize, cx: &ReviewContext) -> ReviewOutcome {
        let Some(l) = review_layout::review(cx.area, cx.coordinates, self.flipped, self) else {
            return ReviewOutcome::Stay;
        };
        let total = review_notes::row_count(self, l.notes.width);
        let last = total.saturating_sub(l.notes.height as usize);
        self.notes_scroll = self.notes_scroll.saturating_add_signed(rows).min(last);
        ReviewOutcome::Stay
    }
}

//! The play screen's state and what the user's actions do to it. Every move goes to the game controller,
//! which checks it with the rules core; this module only turns gestures and typed text into candidate moves
//! and keeps the view state (cursor, selection, flip, the move line).

use super::input::{MoveLine, destinations, moves_between, parse_typed, pick_promotion};
use super::views::status::StatusKind;
use crate::game::{GameCommand, GameController, GameEvent};
use crate::rules::{Color, DrawClaim, Move, Role, Square};

pub struct PlayState {
    pub game: GameController,
    pub flipped: bool,
    /// The keyboard cursor; shown once an arrow key (or j/k/l) is used, hidden again by Esc or typing.
    pub cursor: Square,
    pub cursor_shown: bool,
    /// The piece picked up (by Enter/Space or a click), and where it can go.
    pub selected: Option<Square>,
    pub targets: Vec<Square>,
    /// A mouse press on a piece that may become a drag.
    pub drag_from: Option<Square>,
    pub line: MoveLine,
    /// A one-line message for the status area, replacing the game status until the next action.
    pub notice: Option<(String, StatusKind)>,
    /// The last evaluation asked for, in words.
    pub evaluation: Option<String>,
    /// Live analysis of the position on the board (a finished game, or any with `[analysis] in_play`).
    pub live: crate::tui::analysis::LiveAnalysis,
    /// The hint being thought about, if one was asked for.
    pub hint: crate::tui::analysis::HintSearch,
    /// Whether the low-time bell has rung for each side.
    pub low_time_rung: [bool; 2],
    /// Where the cursor was before an `h` moved it left: if a digit or `x` follows, the `h` was the start
    /// of a move (`h4`, `hxg5`), so the cursor goes back and the text is typed instead.
    pub h_pending: Option<Square>,
}

/// What the app must do after a play action besides redrawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayOutcome {
    None,
    /// Several moves fit the gesture: ask which piece to promote to.
    AskPromotion(Vec<Move>),
}

impl PlayState {
    pub fn new(game: GameController, flipped: bool) -> PlayState {
        let cursor = Square::new(4, if flipped { 6 } else { 1 }).expect("e2 and e7 are on the board");
        PlayState {
            game,
            flipped,
            cursor,
            cursor_shown: false,
            selected: None,
            targets: Vec::new(),
            drag_from: None,
            line: MoveLine::default(),
            notice: None,
            evaluation: None,
            live: Default::default(),
            hint: Default::default(),
            low_time_rung: [false; 2],
            h_pending: None,
        }
    }

    /// The colour the person at the keyboard plays: the only human side, or the side to move when both
    /// (or neither) are people.
    pub fn me(&self) -> Color {
        let humans: Vec<Color> = Color::BOTH.into_iter().filter(|&c| self.game.player(c).is_human()).collect();
        match humans.as_slice() {
            [one] => *one,
            _ => self.game.side_to_move(),
        }
    }

    /// Whether the person at the keyboard may move now.
    pub fn my_turn(&self) -> bool {
        !self.game.is_over() && self.game.player(self.game.side_to_move()).is_human()
    }

    pub fn set_notice(&mut self, text: impl Into<String>, kind: StatusKind) {
        self.notice = Some((text.into(), kind));
    }

    pub fn clear_selection(&mut self) {
        self.selected = None;
        self.targets.clear();
        self.drag_from = None;
    }

    /// Sends a command to the controller; a refusal becomes the notice.
    pub fn command(&mut self, command: GameCommand) -> Vec<GameEvent> {
        match self.game.apply(command) {
            Ok(events) => events,
            Err(e) => {
                self.set_notice(capitalize(&e.to_string()), StatusKind::Error);
                Vec::new()
            }
        }
    }

    /// Plays the typed move; on refusal the text stays, with the reason beside it.
    pub fn submit_line(&mut self) -> Vec<GameEvent> {
        let text = self.line.text().trim().to_string();
        if text.is_empty() {
            return Vec::new();
        }
        if !self.my_turn() && self.game.premover().is_some() {
            return self.submit_premove(&text);
        }
        if !self.my_turn() {
            self.line.set_error(self.not_your_turn());
            return Vec::new();
        }
        match parse_typed(self.game.position(), &text) {
            Ok(m) => match self.game.apply(GameCommand::Move(m)) {
                Ok(events) => {
                    self.line.clear();
                    self.clear_selection();
                    events
                }
                Err(e) => {
                    self.line.set_error(e.to_string());
                    Vec::new()
                }
            },
            Err(reason) => {
                self.line.set_error(reason);
                Vec::new()
            }
        }
    }

    /// Queues the typed move as a premove (read by the game layer as if it were already my move).
    fn submit_premove(&mut self, text: &str) -> Vec<GameEvent> {
        match self.game.parse_premove(text) {
            Ok(m) => {
                let events = self.command(GameCommand::Premove(m));
                if self.game.premove().is_some() {
                    self.line.clear();
                    self.clear_selection();
                    self.notice = None;
                }
                events
            }
            Err(e) => {
                self.line.set_error(e.to_string());
                Vec::new()
            }
        }
    }

    /// Forgets the queued premove (Esc, a right-click, a click on an empty square); whether there was one.
    pub fn cancel_premove(&mut self) -> bool {
        if self.game.premove().is_none() {
            return false;
        }
        let _ = self.command(GameCommand::CancelPremove);
        true
    }

    /// Whose pieces a gesture picks up: the side to move, or mine while I may premove.
    fn mover(&self) -> Color {
        if self.my_turn() { self.game.side_to_move() } else { self.game.premover().unwrap_or(self.game.side_to_move()) }
    }

    /// Whether the gestures queue premoves rather than play.
    fn premoving(&self) -> bool {
        !self.my_turn() && self.game.premover().is_some()
    }

    /// The moves a gesture from `from` to `to` means, as a move now or as a premove.
    fn gesture_moves(&self, from: Square, to: Square) -> Vec<Move> {
        if self.premoving() { self.game.premove_moves(from, to) } else { moves_between(self.game.position(), from, to) }
    }

    /// Claims a draw about the typed move (FIDE: write the move, then claim); the move is played with the
    /// claim. A claim that does not hold is refused and the text stays.
    pub fn claim_with_typed_move(&mut self) -> Vec<GameEvent> {
        let m = match parse_typed(self.game.position(), self.line.text()) {
            Ok(m) => m,
            Err(reason) => {
                self.line.set_error(reason);
                return Vec::new();
            }
        };
        let mut refusal = String::new();
        for claim in [DrawClaim::ThreefoldRepetition, DrawClaim::FiftyMoves] {
            match self.game.apply(GameCommand::ClaimDraw { claim, with_move: Some(m) }) {
                Ok(events) => {
                    self.line.clear();
                    self.clear_selection();
                    return events;
                }
                Err(e) => refusal = e.to_string(),
            }
        }
        self.line.set_error(refusal);
        Vec::new()
    }

    fn not_your_turn(&self) -> String {
        if self.game.is_over() {
            "the game is over".to_string()
        } else {
            format!("{} is played by the computer; wait for its move", self.game.side_to_move().name())
        }
    }

    /// Enter/Space or a click on `sq`: pick up a piece of the side to move, or drop the held one there.
    pub fn activate(&mut self, sq: Square, auto_queen: bool) -> (PlayOutcome, Vec<GameEvent>) {
        let own = |s: &PlayState, sq: Square| s.game.position().piece_at(sq).is_some_and(|p| p.color == s.mover());
        match self.selected {
            Some(from) if from == sq => {
                self.clear_selection();
                (PlayOutcome::None, Vec::new())
            }
            // Another own piece: pick it instead — unless the held piece may go there (a castling rook the
            // king may land on, or a premoved recapture).
            Some(_) if own(self, sq) && !self.targets.contains(&sq) => {
                self.select(sq);
                (PlayOutcome::None, Vec::new())
            }
            Some(from) => self.drop_piece(from, sq, auto_queen),
            None if own(self, sq) => {
                if !self.my_turn() && !self.premoving() {
                    self.set_notice(capitalize(&self.not_your_turn()), StatusKind::Error);
                } else {
                    self.select(sq);
                }
                (PlayOutcome::None, Vec::new())
            }
            // A click on a square with nothing of mine cancels the premove (as on lichess).
            None => {
                self.cancel_premove();
                (PlayOutcome::None, Vec::new())
            }
        }
    }

    pub fn select(&mut self, sq: Square) {
        self.selected = Some(sq);
        self.targets =
            if self.premoving() { self.game.premove_targets(sq) } else { destinations(self.game.position(), sq) };
        self.notice = None;
    }

    /// Drops the held piece from `from` on `to`: one legal move plays, several ask for a promotion piece.
    pub fn drop_piece(&mut self, from: Square, to: Square, auto_queen: bool) -> (PlayOutcome, Vec<GameEvent>) {
        let moves = self.gesture_moves(from, to);
        match moves.len() {
            // Not a target while premoving: the click cancels, as a click on empty space does.
            0 if self.premoving() => {
                self.clear_selection();
                self.cancel_premove();
                (PlayOutcome::None, Vec::new())
            }
            0 => {
                self.clear_selection();
                self.set_notice(format!("{from}–{to} is not a legal move"), StatusKind::Error);
                (PlayOutcome::None, Vec::new())
            }
            1 => (PlayOutcome::None, self.play(moves[0])),
            _ if auto_queen => match pick_promotion(&moves, Role::Queen) {
                Some(m) => (PlayOutcome::None, self.play(m)),
                None => (PlayOutcome::AskPromotion(moves), Vec::new()),
            },
            _ => (PlayOutcome::AskPromotion(moves), Vec::new()),
        }
    }

    /// Plays `m`, or queues it as a premove while the computer is to move.
    pub fn play(&mut self, m: Move) -> Vec<GameEvent> {
        self.clear_selection();
        let command = if self.premoving() { GameCommand::Premove(m) } else { GameCommand::Move(m) };
        let events = self.command(command);
        if !events.is_empty() {
            self.line.clear();
        }
        events
    }

    /// The squares of the last move, for highlighting (castling shows the king's squares).
    pub fn last_move_squares(&self) -> Option<(Square, Square)> {
        self.game.last_move().map(|r| {
            let to = if r.mv.is_castle() { super::input::king_destination(r.mv) } else { r.mv.to() };
            (r.mv.from(), to)
        })
    }

    /// The squares of the queued premove, for marking.
    pub fn premove_squares(&self) -> Option<(Square, Square)> {
        self.game.premove().map(|p| p.squares())
    }

    /// After the opponent's move: a piece held for a premove is now held for a real move (or let go if taken).
    pub fn reselect(&mut self) {
        match self.selected {
            Some(sq) if self.game.position().piece_at(sq).is_some_and(|p| p.color == self.mover()) => self.select(sq),
            Some(_) => self.clear_selection(),
            None => {}
        }
    }

    /// The king in check, if any.
    pub fn check_square(&self) -> Option<Square> {
        let pos = self.game.position();
        pos.in_check().then(|| pos.king_square(pos.side_to_move()))
    }

    /// Moves the keyboard cursor, as seen on screen (so "up" is towards the top even when flipped).
    pub fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (dx, dy) = if self.flipped { (-dx, -dy) } else { (dx, dy) };
        let file = (self.cursor.file() as i8 + dx).clamp(0, 7) as u8;
        let rank = (self.cursor.rank() as i8 + dy).clamp(0, 7) as u8;
        if let Some(sq) = Square::new(file, rank) {
            self.cursor = sq;
        }
        self.cursor_shown = true;
    }
}

pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

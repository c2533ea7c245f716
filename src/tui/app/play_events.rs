//! The new-game and play screens' events: typed and clicked moves, premoves, the game's commands and the
//! draw key.

use super::*;

impl App {
    pub(super) fn new_game_action(&mut self, action: Action) {
        if action == Action::Type('u') && !self.typing() && self.options.saves.is_some() {
            self.open_unfinished();
            return;
        }
        if action == Action::Type('g') && !self.typing() && self.options.saves.is_some() {
            if let Err(e) = self.open_saved_list()
                && let Screen::NewGame(form) = &mut self.screen
            {
                form.error = Some(e);
            }
            return;
        }
        let Screen::NewGame(form) = &mut self.screen else { return };
        let outcome = form.handle(&action);
        let bell = form.bell_on_move;
        match outcome {
            FormOutcome::Stay => {}
            FormOutcome::Cancel => {
                if self.play.is_some() {
                    self.screen = Screen::Play;
                }
            }
            FormOutcome::Start(spec) => {
                // The bell chosen on the form holds for the session's games (the file is never written).
                self.config.sound.bell_on_move = bell;
                if let Err(e) = self.start_game(&spec)
                    && let Screen::NewGame(form) = &mut self.screen
                {
                    form.error = Some(e);
                }
            }
        }
    }

    pub(super) fn play_action(&mut self, action: Action) {
        let auto_queen = self.config.game.auto_queen;
        let Some(play) = &mut self.play else { return };
        let mut events = Vec::new();
        let mut outcome = PlayOutcome::None;
        let h_pending = play.h_pending.take();
        match action {
            // The `h` that moved the cursor began a move after all: undo the move, type both characters.
            Action::Type(c) if h_pending.is_some() && (c.is_ascii_digit() || c == 'x') => {
                play.cursor = h_pending.unwrap_or(play.cursor);
                play.cursor_shown = false;
                play.clear_selection();
                play.line.push('h');
                play.line.push(c);
            }
            Action::Type(c) if play.line.is_empty() && matches!(c, 'j' | 'k' | 'l') => {
                let (dx, dy) = match c {
                    'j' => (0, -1),
                    'k' => (0, 1),
                    _ => (1, 0),
                };
                play.move_cursor(dx, dy);
            }
            Action::Type('h') if play.line.is_empty() && play.cursor_shown => {
                play.h_pending = Some(play.cursor);
                play.move_cursor(-1, 0);
            }
            Action::Type(c) => {
                play.cursor_shown = false;
                play.clear_selection();
                play.notice = None;
                play.line.push(c);
            }
            Action::Backspace => play.line.backspace(),
            Action::ClearLine => play.line.clear(),
            Action::DeleteWord => play.line.delete_word(),
            Action::Submit => events = play.submit_line(),
            Action::Cancel => {
                if !play.line.is_empty() {
                    play.line.clear();
                } else if play.selected.is_some() {
                    play.clear_selection();
                } else if play.cancel_premove() {
                    play.notice = None;
                } else {
                    play.cursor_shown = false;
                    play.notice = None;
                }
            }
            Action::Cursor(dir) => {
                let (dx, dy) = match dir {
                    Dir::Up => (0, 1),
                    Dir::Down => (0, -1),
                    Dir::Left => (-1, 0),
                    Dir::Right => (1, 0),
                };
                if play.cursor_shown { play.move_cursor(dx, dy) } else { play.cursor_shown = true }
            }
            Action::Select => {
                if play.cursor_shown {
                    let cursor = play.cursor;
                    (outcome, events) = play.activate(cursor, auto_queen);
                } else {
                    play.cursor_shown = true;
                }
            }
            Action::Mouse { kind, column, row } => (outcome, events) = self.play_mouse(kind, column, row),
            Action::Command(c) => {
                self.play_command(c);
                return;
            }
            _ => {}
        }
        if let PlayOutcome::AskPromotion(moves) = outcome {
            self.dialog = Some(Dialog::promotion(moves));
        }
        self.absorb(events);
    }

    pub(super) fn board_geometry(&self) -> Option<crate::tui::views::board::BoardGeometry> {
        let flipped = match &self.screen {
            Screen::Review(r) => r.flipped,
            _ => self.play.as_ref().is_some_and(|p| p.flipped),
        };
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        layout::screen(area, self.config.display.coordinates, flipped).map(|l| l.board)
    }

    pub(super) fn play_mouse(&mut self, kind: MouseKind, column: u16, row: u16) -> (PlayOutcome, Vec<GameEvent>) {
        let auto_queen = self.config.game.auto_queen;
        let geometry = self.board_geometry();
        let Some(play) = &mut self.play else { return (PlayOutcome::None, Vec::new()) };
        // A right-click anywhere, or a click off the board, lets go of the piece held and cancels the premove.
        let square = geometry.and_then(|g| g.square_at(column, row));
        if kind == MouseKind::RightDown || (kind == MouseKind::Down && square.is_none()) {
            play.clear_selection();
            play.cancel_premove();
        }
        let Some(sq) = square.filter(|_| kind != MouseKind::RightDown) else {
            return (PlayOutcome::None, Vec::new());
        };
        play.cursor_shown = false;
        match kind {
            MouseKind::Down => {
                let was_selected = play.selected;
                let result = play.activate(sq, auto_queen);
                // Pressing on a piece that is now held may become a drag.
                if play.selected == Some(sq) && was_selected != Some(sq) {
                    play.drag_from = Some(sq);
                }
                result
            }
            MouseKind::Up => match play.drag_from.take() {
                Some(from) if from != sq && play.selected == Some(from) => play.drop_piece(from, sq, auto_queen),
                _ => (PlayOutcome::None, Vec::new()),
            },
            _ => (PlayOutcome::None, Vec::new()),
        }
    }

    pub(super) fn play_command(&mut self, command: Command) {
        let settings = self.analysis_settings();
        let Some(play) = &mut self.play else { return };
        let me = play.me();
        let mut events = Vec::new();
        match command {
            Command::NewGame => {
                let mut form = NewGameForm::from_config(&self.config);
                if !play.game.is_over() {
                    form.error = Some("The game in progress stays saved; Esc goes back to it.".into());
                }
                self.screen = Screen::NewGame(form);
            }
            Command::Resign if !play.game.is_over() => self.dialog = Some(Dialog::ConfirmResign),
            Command::Draw => events = self.draw_command(),
            Command::Takeback => events = play.command(GameCommand::Takeback(me)),
            Command::Flip => play.flipped = !play.flipped,
            Command::SavePgn => {
                let name = default_pgn_name(play);
                self.dialog = Some(Dialog::SavePath { text: name, error: None, then_quit: false });
            }
            Command::CopyFen => {
                let fen = play.game.position().to_fen();
                self.output.push(osc52(&fen));
                play.set_notice(format!("Copied the FEN to the clipboard: {fen}"), StatusKind::Normal);
            }
            Command::CopyPgn => {
                let pgn = play.game.to_pgn();
                self.output.push(osc52(&pgn));
                play.set_notice("Copied the PGN to the clipboard", StatusKind::Normal);
            }
            // Live analysis where it is allowed: a finished game, or any game with `[analysis] in_play`.
            Command::Evaluate if play.game.is_over() || self.config.analysis.in_play || play.live.is_on() => {
                let pos = play.game.position().clone();
                play.live.toggle(&pos, &settings);
            }
            Command::Evaluate => play.set_notice(
                "No live analysis while the game is on ([analysis] in_play = true allows it)",
                StatusKind::Error,
            ),
            Command::Review if play.game.is_over() => {
                play.live.stop();
                self.review_finished_game();
                return;
            }
            Command::Review => {
                play.set_notice("The game is still on: it can be reviewed once it is over", StatusKind::Normal)
            }
            Command::Hint if play.game.is_over() => play.set_notice("The game is over: no hint", StatusKind::Normal),
            Command::Hint => {
                let pos = play.game.position().clone();
                match play.hint.start(&pos, &settings) {
                    Ok(()) => play.set_notice("Hint: thinking…", StatusKind::Normal),
                    Err(e) => play.set_notice(e, StatusKind::Error),
                }
            }
            _ => {}
        }
        self.absorb(events);
    }

    /// Ctrl+D, the one draw key. No dialog opens: an offer is shown in the status line, and the side it is
    /// made to accepts with this key or declines by moving. In order: accept an offer made to me; withdraw my
    /// own; with a move typed, claim a draw about it (FIDE: write the move, then claim) or, where no move
    /// could claim one, play it with an offer (FIDE 9.1.2: move, offer, press the clock); claim a draw that
    /// holds now; else offer one — it goes with my next move, or stands at once when I have just moved
    /// against the computer. At one keyboard the key is the side to move's, so nobody answers for the other.
    pub(super) fn draw_command(&mut self) -> Vec<GameEvent> {
        let Some(play) = &mut self.play else { return Vec::new() };
        let me = play.me();
        if let Some(by) = play.game.draw_offer()
            && by != me
            && play.game.player(!by).is_human()
        {
            return play.command(GameCommand::AcceptDraw(!by));
        }
        if play.game.pending_draw_offer() == Some(me) || play.game.draw_offer() == Some(me) {
            return play.command(GameCommand::WithdrawDraw(me));
        }
        if play.my_turn() && !play.line.is_empty() {
            return if play.game.claimable().is_empty() {
                offer_with_typed_move(play, me)
            } else {
                play.claim_with_typed_move()
            };
        }
        if play.my_turn()
            && let Some(claim) = play.game.claimable_now().first().copied()
        {
            return play.command(GameCommand::ClaimDraw { claim, with_move: None });
        }
        play.command(GameCommand::OfferDraw(me))
    }
}

/// The typed move played with a draw offer; if the move is refused, so is the offer (the text stays with
/// the reason).
fn offer_with_typed_move(play: &mut PlayState, me: Color) -> Vec<GameEvent> {
    let mut events = play.command(GameCommand::OfferDraw(me));
    let moved = play.submit_line();
    if moved.is_empty() {
        // Cannot fail: the offer was just made and waits for this move.
        let _ = play.game.apply(GameCommand::WithdrawDraw(me));
        return Vec::new();
    }
    events.extend(moved);
    events
}

//! The controller's handling of draw offers, draw claims and takebacks.

use super::controller::GameController;
use super::error::GameError;
use super::events::GameEvent;
use super::result::{EndReason, Outcome};
use crate::rules::{Color, DrawClaim, Move};

impl GameController {
    /// A draw offer goes with a move, as FIDE (art. 9.1.2) and lichess have it: made by the side to move, it
    /// waits for that side's next move and is shown to the opponent with it; made by the side that has just
    /// moved (before the opponent replies), it stands at once. An offer to a person is answered by
    /// `AcceptDraw`, or declined by moving; a computer answers at once (see [`computer_accepts`]). Offering
    /// while the opponent's own offer stands is agreement.
    pub(super) fn offer_draw(&mut self, by: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if !self.player(by).is_human() {
            return Err(GameError::NotAPerson(by));
        }
        if self.draw_offer == Some(!by) {
            return self.answer_draw(by, true, events);
        }
        if self.draw_offer == Some(by) || self.pending_draw_offer == Some(by) {
            return Err(GameError::AlreadyOffered(by));
        }
        if by == self.side_to_move() {
            self.pending_draw_offer = Some(by);
            events.push(GameEvent::DrawOfferPending(by));
            Ok(())
        } else {
            self.open_draw_offer(by, events)
        }
    }

    /// Takes back an offer not yet answered, or one waiting for the offerer's move.
    pub(super) fn withdraw_draw(&mut self, by: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if self.pending_draw_offer == Some(by) {
            self.pending_draw_offer = None;
        } else if self.draw_offer == Some(by) {
            self.draw_offer = None;
        } else {
            return Err(GameError::NoDrawOffer);
        }
        events.push(GameEvent::DrawOfferWithdrawn(by));
        Ok(())
    }

    /// The offer stands before the opponent; a computer opponent answers it at once.
    pub(super) fn open_draw_offer(&mut self, by: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        self.draw_offer = Some(by);
        events.push(GameEvent::DrawOffered(by));
        if self.player(!by).is_computer() {
            let accept = self.engine_scores[(!by).index()].is_some_and(|s| computer_accepts(s, !by));
            self.answer_draw(!by, accept, events)?;
        }
        Ok(())
    }

    pub(super) fn answer_draw(
        &mut self,
        by: Color,
        accept: bool,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        match self.draw_offer {
            None => return Err(GameError::NoDrawOffer),
            Some(offerer) if offerer == by => return Err(GameError::OwnRequest(by)),
            Some(_) => {}
        }
        self.draw_offer = None;
        if accept {
            self.finish(Outcome::Draw, EndReason::Agreement, events);
        } else {
            events.push(GameEvent::DrawDeclined(by));
        }
        Ok(())
    }

    /// A claim by the player to move, about the current position or the one `with_move` produces.
    pub(super) fn claim(
        &mut self,
        claim: DrawClaim,
        with_move: Option<Move>,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let by = self.side_to_move();
        if !self.player(by).is_human() {
            return Err(GameError::NotAPerson(by));
        }
        let holds = match with_move {
            None => self.history.claimable().contains(&claim),
            Some(m) => {
                if !self.position().is_legal(m) {
                    return Err(GameError::IllegalMove(format!("{}{} is not legal here", m.from(), m.to())));
                }
                self.history.claimable_with(m).contains(&claim)
            }
        };
        if !holds {
            return Err(GameError::ClaimRefused(self.refusal_reason(claim, with_move)));
        }
        if let Some(m) = with_move.filter(|_| !self.history.claimable().contains(&claim)) {
            self.play(m, events);
            if self.result.is_some() {
                return Ok(());
            }
        }
        self.finish(Outcome::Draw, EndReason::Claim(claim, by), events);
        Ok(())
    }

    fn refusal_reason(&self, claim: DrawClaim, with_move: Option<Move>) -> String {
        let mut h = self.history.clone();
        if let Some(m) = with_move {
            h.play(m);
        }
        let what = if with_move.is_some() { "after that move" } else { "now" };
        match claim {
            DrawClaim::ThreefoldRepetition => {
                let n = h.repetitions().max(self.history.repetitions());
                format!("{what}, the position has occurred {} (three times are needed)", times(n))
            }
            DrawClaim::FiftyMoves => {
                let plies = h.position().halfmove_clock().max(self.history.position().halfmove_clock());
                format!(
                    "{what}, {} moves by each side have been made without a capture or pawn move (50 are needed)",
                    plies / 2
                )
            }
        }
    }

    /// Against the computer, takes back at once; between people, asks (or, if the opponent already asked,
    /// that counts as agreement).
    pub(super) fn takeback(&mut self, by: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if !self.player(by).is_human() {
            return Err(GameError::NotAPerson(by));
        }
        let plies = self.plies_to_take_back(by).ok_or(GameError::NothingToTakeBack)?;
        if self.player(!by).is_computer() {
            self.take_back(plies, events);
        } else if self.takeback_request == Some(!by) {
            self.answer_takeback(by, true, events)?;
        } else {
            self.takeback_request = Some(by);
            events.push(GameEvent::TakebackRequested(by));
        }
        Ok(())
    }

    pub(super) fn answer_takeback(
        &mut self,
        by: Color,
        accept: bool,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let requester = match self.takeback_request {
            None => return Err(GameError::NoTakebackRequest),
            Some(r) if r == by => return Err(GameError::OwnRequest(by)),
            Some(r) => r,
        };
        self.takeback_request = None;
        if accept {
            let plies = self.plies_to_take_back(requester).ok_or(GameError::NothingToTakeBack)?;
            self.take_back(plies, events);
        } else {
            events.push(GameEvent::TakebackDeclined(by));
        }
        Ok(())
    }

    /// How many plies undo `by`'s last move (and the opponent's reply after it): None if `by` has not moved.
    fn plies_to_take_back(&self, by: Color) -> Option<usize> {
        let last_own = self.records.iter().rposition(|r| r.color == by)?;
        Some(self.records.len() - last_own)
    }

    /// Undoes plies and puts the clock back to what it showed then; computer answers in flight go stale.
    pub(super) fn take_back(&mut self, plies: usize, events: &mut Vec<GameEvent>) {
        self.cancel_thinking();
        // A premove was meant for the position being taken back.
        self.premove = None;
        for _ in 0..plies {
            if self.history.undo().is_none() {
                break;
            }
            self.records.pop();
            self.clock_states.pop();
        }
        let state = self.clock_states.last().copied().unwrap_or_else(|| self.clock.state());
        let now = self.now();
        self.clock.restore(state, self.side_to_move(), now);
        self.draw_offer = None;
        self.pending_draw_offer = None;
        self.takeback_request = None;
        events.push(GameEvent::TakenBack { plies });
        self.after_change(events);
    }
}

fn times(n: usize) -> String {
    match n {
        0 | 1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// Whether a computer takes a draw: only when its last score (White's view) says it stands clearly worse,
/// two pawns or a mate against it. A dead-equal score is declined: the computer plays on, as engines on
/// lichess do, and a person who wants the half point must earn it (or claim it by rule).
fn computer_accepts(score: super::brain::EvalScore, computer: Color) -> bool {
    use super::brain::EvalScore;
    let sign = if computer == Color::White { 1 } else { -1 };
    match score {
        EvalScore::Cp(cp) => cp * sign <= -200,
        EvalScore::Mate(n) => n * sign < 0,
    }
}

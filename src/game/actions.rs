//! The controller's handling of draw offers, draw claims and takebacks.

use super::controller::GameController;
use super::error::GameError;
use super::events::GameEvent;
use super::result::{EndReason, Outcome};
use crate::rules::{Color, DrawClaim, Move};

impl GameController {
    pub(super) fn offer_draw(&mut self, by: Color, events: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if !self.player(by).is_human() {
            return Err(GameError::NotAPerson(by));
        }
        self.draw_offer = Some(by);
        events.push(GameEvent::DrawOffered(by));
        if self.player(!by).is_computer() {
            // The computer accepts when it thinks it stands clearly worse.
            let accept = self.engine_scores[(!by).index()].is_some_and(|s| computer_is_losing(s, !by));
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

/// Whether a score (White's view) means `computer` stands clearly worse: two pawns or a mate against it.
fn computer_is_losing(score: super::brain::EvalScore, computer: Color) -> bool {
    use super::brain::EvalScore;
    let sign = if computer == Color::White { 1 } else { -1 };
    match score {
        EvalScore::Cp(cp) => cp * sign <= -200,
        EvalScore::Mate(n) => n * sign < 0,
    }
}

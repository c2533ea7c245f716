//! What the controller is told to do (`GameCommand`) and what it reports happened (`GameEvent`).

use super::player::PlayerKind;
use super::result::GameResult;
use crate::rules::{Color, DrawClaim, Move};

/// A command from a person (through the TUI or CLI). Colours say who acts where either side could.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// The person to move plays a move (legal in the current position).
    Move(Move),
    /// The person to move plays a move written in SAN or UCI notation.
    MoveText(String),
    /// While the computer is to move, the person queues this move (one of `GameController::premove_moves`, or
    /// from `parse_premove`), replacing any queued before; it is played the moment the turn comes back.
    Premove(Move),
    CancelPremove,
    Resign(Color),
    /// Offers a draw: the side to move's offer goes with its next move; the side that has just moved offers
    /// at once. Offering while the opponent's offer stands accepts it.
    OfferDraw(Color),
    /// The side the draw was offered to accepts it.
    AcceptDraw(Color),
    /// The side the draw was offered to declines it (a move declines it too).
    DeclineDraw(Color),
    /// The offerer takes back an offer not yet answered (or not yet made with a move).
    WithdrawDraw(Color),
    /// The player to move claims a draw, now or about the move `with_move` they are about to play (which is
    /// then played). A claim that does not hold is refused with the reason and nothing changes.
    ClaimDraw {
        claim: DrawClaim,
        with_move: Option<Move>,
    },
    /// Against the computer, takes the last move pair back at once; between people, asks the opponent.
    Takeback(Color),
    AcceptTakeback(Color),
    DeclineTakeback(Color),
    /// After `color`'s engine broke down (`GameEvent::EngineFailed`): `player` plays that side from here, with
    /// the moves and clocks as they stood.
    ReplacePlayer {
        color: Color,
        player: PlayerKind,
    },
    /// After `color`'s engine broke down: the game is scored as its loss (PGN `Termination "rules infraction"`).
    ScoreEngineLoss(Color),
}

/// Something that changed; the UI redraws from the controller's state, these say what to announce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    MovePlayed {
        ply: usize,
        color: Color,
        san: String,
    },
    GameOver(GameResult),
    /// The offer now stands before the opponent.
    DrawOffered(Color),
    /// The side to move has offered a draw that goes with its next move.
    DrawOfferPending(Color),
    DrawOfferWithdrawn(Color),
    DrawDeclined(Color),
    /// The offer lapsed because the side it was made to moved instead (a move declines it).
    DrawOfferLapsed,
    TakebackRequested(Color),
    TakebackDeclined(Color),
    TakenBack {
        plies: usize,
    },
    /// A computer started thinking for this side.
    Thinking(Color),
    /// A computer player failed (could not start, stopped, answered nonsense or stayed silent). For a player
    /// (`color` set) the clocks are stopped and `GameController::engine_failure` waits for the user's choice.
    EngineFailed {
        color: Option<Color>,
        message: String,
    },
    /// The game could not be saved (it goes on; the next move tries again).
    SaveFailed(String),
    /// The queued premove was not legal when the turn came and was dropped; the note says which and why.
    PremoveDropped(String),
    /// A computer player has something to say that is not a failure (it got a smaller hash than asked for).
    Notice(String),
}

//! A new game that goes on from a position of another game and keeps its history: the moves that led there
//! (from the original start, a Chess960 or FEN start included), so the new game's PGN tells the whole story.
//! Used by "continue from here" when reviewing a game.

use super::controller::{ControllerOptions, GameController};
use super::error::GameError;
use super::setup::{GameSetup, StartPosition};
use crate::rules::{Move, Position, Status};

impl GameController {
    /// Starts a game at `start` with `moves` already played (checked one by one), then the clock and the
    /// players as `GameController::new` does. `setup.start` only names a Chess960 start number (for the
    /// save file); the position is `start`. The clock starts afresh from `setup.time_control`.
    ///
    /// # Errors
    /// `IllegalMove` for a move that is not legal where it stands (nothing is started then), `GameOver` when
    /// the moves end the game by rule, and the errors of `GameController::new` (an engine that cannot start).
    pub fn continue_from(
        setup: GameSetup,
        start: Position,
        moves: &[Move],
        options: ControllerOptions,
    ) -> Result<GameController, GameError> {
        let chess960 = match setup.start {
            StartPosition::Chess960(n) => Some(n),
            _ => None,
        };
        let mut pos = start.clone();
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(GameError::IllegalMove(format!("move {} of the line is not legal where it stands", i + 1)));
            }
            pos.make_move(m);
        }
        let time_control = setup.time_control.clone();
        let mut game = GameController::blank(setup, start, chess960, options);
        game.replay(moves.iter().map(|&m| (m, None, None)), &time_control);
        if game.history.status() != Status::Ongoing {
            return Err(GameError::GameOver("the line ends it by rule".into()));
        }
        game.start_players()?;
        game.after_change(&mut Vec::new());
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PlayerKind;
    use crate::rules::parse_san;

    fn line(start: &Position, sans: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        sans.iter()
            .map(|s| {
                let m = parse_san(&pos, s).unwrap();
                pos.make_move(m);
                m
            })
            .collect()
    }

    #[test]
    fn the_moves_and_players_are_kept() {
        let start = Position::startpos();
        let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::human("Bob"));
        let moves = line(&start, &["e4", "e5", "Nf3"]);
        let game = GameController::continue_from(setup, start, &moves, ControllerOptions::default()).unwrap();
        assert_eq!(game.san_list(), ["e4", "e5", "Nf3"]);
        let pgn = game.to_pgn();
        assert!(pgn.contains("[White \"Ann\"]") && pgn.contains("1. e4 e5 2. Nf3 *"), "{pgn}");
    }

    #[test]
    fn an_illegal_or_finished_line_is_refused() {
        let start = Position::startpos();
        let setup = || GameSetup::new(PlayerKind::human("A"), PlayerKind::human("B"));
        let moves = line(&start, &["e4"]);
        let twice = [moves[0], moves[0]];
        let err = GameController::continue_from(setup(), start.clone(), &twice, ControllerOptions::default());
        assert!(matches!(err, Err(GameError::IllegalMove(_))));
        let mate = line(&start, &["f3", "e5", "g4", "Qh4#"]);
        let err = GameController::continue_from(setup(), start, &mate, ControllerOptions::default());
        assert!(matches!(err, Err(GameError::GameOver(_))));
    }
}

//! The draws claimable in the current position, worked out once per position. Finding the claims that some
//! move would make possible plays every legal move on a copy of the game's history, which is too much to do on
//! every frame the play screen draws; the answer only changes when a move is played or taken back.

use crate::rules::{DrawClaim, History, Move};
use std::cell::RefCell;

#[derive(Debug, Default)]
pub struct ClaimsMemo {
    /// The moves of the history the claims were worked out for, and the claims.
    last: RefCell<Option<(Vec<Move>, Vec<DrawClaim>)>>,
}

impl ClaimsMemo {
    /// `history.claimable_any()`, from the memo when the moves are the same as last time (the start position
    /// of one game never changes).
    pub fn claimable_any(&self, history: &History) -> Vec<DrawClaim> {
        let mut last = self.last.borrow_mut();
        if let Some((moves, claims)) = last.as_ref()
            && moves.as_slice() == history.moves()
        {
            return claims.clone();
        }
        let claims = history.claimable_any();
        *last = Some((history.moves().to_vec(), claims.clone()));
        claims
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, parse_uci};

    fn play(h: &mut History, uci: &str) {
        let m = parse_uci(h.position(), uci).unwrap();
        h.play(m);
    }

    #[test]
    fn follows_moves_and_takebacks() {
        let memo = ClaimsMemo::default();
        let mut h = History::new(Position::startpos());
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            play(&mut h, uci);
        }
        // Black can claim threefold by announcing ...Nf6-g8.
        assert_eq!(memo.claimable_any(&h), h.claimable_any());
        assert!(!memo.claimable_any(&h).is_empty());
        h.undo();
        play(&mut h, "b1c3");
        assert!(memo.claimable_any(&h).is_empty(), "a different move at the same length is a new position");
        assert_eq!(memo.claimable_any(&h), h.claimable_any());
    }
}

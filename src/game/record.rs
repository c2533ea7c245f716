//! The game as PGN: its tags and moves (with clocks) for export and for the save file, and saving after each
//! change.

use super::controller::GameController;
use super::events::GameEvent;
use super::pgn::tree::{GameTree, MoveNode};
use super::pgn::writer::{WriteOptions, write_game};
use super::save_writer::SaveWriter;
use super::saves::{
    STATE_IN_PROGRESS, TAG_BLACK_PLAYER, TAG_CLOCKS, TAG_MARKER, TAG_STATE, TAG_WHITE_PLAYER, civil_date_time,
};
use crate::rules::Color;
use std::time::Duration;

/// The tag that carries a Chess960 game's start number, beside `Variant` and `FEN`.
pub const TAG_CHESS960: &str = "Chess960";
/// The tag earlier saves carried it in (still read).
pub(super) const TAG_CHESS960_OLD: &str = "TabiyaChess960";

/// The game's tags (without `Result`, which the writer adds).
pub(super) fn game_tags(game: &GameController, for_save: bool) -> Vec<(String, String)> {
    let (date, time) = civil_date_time(game.started);
    let mut tags = vec![
        ("Event".to_string(), game.setup.event.clone().unwrap_or_else(|| "Casual game".into())),
        ("Site".to_string(), "tabiya".to_string()),
        ("Date".to_string(), date),
        ("Round".to_string(), "-".to_string()),
        ("White".to_string(), game.setup.white.name()),
        ("Black".to_string(), game.setup.black.name()),
        ("UTCTime".to_string(), time),
        ("TimeControl".to_string(), game.clock.control().to_pgn()),
        ("PlyCount".to_string(), game.records.len().to_string()),
    ];
    if let Some(o) = super::openings::classify(game.history.start(), game.history.moves()) {
        tags.push(("ECO".into(), o.eco.into()));
        tags.push(("Opening".into(), o.name.into()));
    }
    let start = game.history.start();
    if start.is_chess960() || game.chess960.is_some() {
        tags.push(("Variant".into(), "Chess960".into()));
        // The start's number, which the FEN alone does not say in words (other readers ignore the tag).
        if let Some(n) = game.chess960_number() {
            tags.push((TAG_CHESS960.into(), n.to_string()));
        }
    }
    if start.to_fen() != crate::rules::START_FEN || start.is_chess960() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), start.to_fen()));
    }
    if let Some(r) = game.result {
        tags.push(("Termination".into(), r.termination().into()));
    } else {
        tags.push(("Termination".into(), "unterminated".into()));
    }
    if for_save {
        tags.push((TAG_MARKER.into(), "1".into()));
        tags.push((TAG_WHITE_PLAYER.into(), game.setup.white.to_spec()));
        tags.push((TAG_BLACK_PLAYER.into(), game.setup.black.to_spec()));
        if game.result.is_none() {
            tags.push((TAG_STATE.into(), STATE_IN_PROGRESS.into()));
        }
        if game.result.is_none()
            && let (Some(w), Some(b)) = (game.clock(Color::White), game.clock(Color::Black))
        {
            // What the clocks show at the moment of saving, so time spent on the current move survives too.
            tags.push((TAG_CLOCKS.into(), format!("{} {}", w.as_millis(), b.as_millis())));
        }
    }
    tags
}

/// The mainline as a tree, with `%clk` after each move when timed (and `%emt` in saves).
pub(super) fn game_tree(game: &GameController, for_save: bool) -> GameTree {
    let mut tree = GameTree::new(game.history.start().clone());
    for r in &game.records {
        let mut node = MoveNode::new(r.mv, r.san.clone());
        node.clock = r.clock_after;
        if for_save {
            node.emt = Some(r.spent).filter(|d| *d > Duration::ZERO);
        }
        tree.mainline.moves.push(node);
    }
    tree
}

/// The whole game in PGN.
pub(super) fn game_pgn(game: &GameController, for_save: bool) -> String {
    let mut out = String::new();
    let result = game.result.map(|r| r.outcome.pgn()).unwrap_or("*");
    let opts = WriteOptions { annotations: true, precise_clocks: for_save };
    if let Some(r) = game.result {
        let mut tree = game_tree(game, for_save);
        if let Some(last) = tree.mainline.moves.last_mut() {
            last.comment = Some(r.to_string());
        } else {
            tree.mainline.comment = Some(r.to_string());
        }
        write_game(&mut out, &game_tags(game, for_save), &tree, result, opts);
    } else {
        write_game(&mut out, &game_tags(game, for_save), &game_tree(game, for_save), result, opts);
    }
    out
}

impl GameController {
    /// Saves now (when saving is on), with the clocks as they show at this moment: a front end calls this
    /// every few seconds so that even the time spent on the current move survives a crash.
    pub fn save_now(&mut self) -> Vec<GameEvent> {
        let mut events = Vec::new();
        if self.result.is_none() {
            self.persist(&mut events);
        }
        events
    }

    /// Hands the game to its save writer, if saving is on; the file is made with the first move. A failure
    /// to make the file is reported, and tried again at the next change.
    pub(super) fn persist(&mut self, events: &mut Vec<GameEvent>) {
        if self.save.is_none() {
            let Some(store) = self.options.saves.clone() else { return };
            if self.records.is_empty() && self.result.is_none() {
                return;
            }
            match store.new_slot(self) {
                Ok(slot) => self.save = Some(slot),
                Err(e) => {
                    self.save_error = Some(e.to_string());
                    events.push(GameEvent::SaveFailed(e.to_string()));
                    return;
                }
            }
        }
        if self.writer.is_none()
            && let Some(slot) = &self.save
        {
            match SaveWriter::start(slot.path(), slot.sink(), self.options.notify.clone()) {
                Ok(w) => self.writer = Some(w),
                Err(e) => {
                    self.save_error = Some(e.to_string());
                    events.push(GameEvent::SaveFailed(e.to_string()));
                    return;
                }
            }
        }
        self.save_error = None;
        let text = game_pgn(self, true);
        if let Some(w) = &self.writer {
            w.submit(text);
        }
    }
}

impl Drop for GameController {
    /// Writes the last save, and removes the file of a game left with no move (it holds nothing to resume).
    fn drop(&mut self) {
        self.writer = None;
        if self.records.is_empty()
            && self.result.is_none()
            && let Some(slot) = self.save.take()
        {
            let _ = std::fs::remove_file(slot.path());
        }
    }
}

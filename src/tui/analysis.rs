//! The screens' side of engine analysis: live analysis of the shown position (its best lines, restarted
//! whenever the position changes) and whole-game analysis (progress, judgements, accuracy). Both go through
//! the game layer's `AnalysisService`, each on a service of its own so one never waits for the other; the
//! screens only poll, never wait. Answers to an older request are dropped by id.

use crate::game::analysis::{
    AnalysisCache, AnalysisEngine, AnalysisLine, AnalysisRequest, AnalysisService, AnalysisUpdate, CacheKey,
    GameReport, PositionAnalysis, PositionLimit, annotate,
};
use crate::game::judgement::Judgement;
use crate::game::pgn::GameTree;
use crate::game::{EngineTimeouts, Notifier};
use crate::rules::{Color, Move, Position, to_san};
use crate::text::clean;
use std::time::Duration;

/// What the screens need to start an analysis, from the configuration.
#[derive(Clone)]
pub struct AnalysisSettings {
    pub engine: AnalysisEngine,
    /// Lines of live analysis, 1–5.
    pub lines: usize,
    /// Time per position of a whole-game analysis.
    /// The search per position of a whole-game analysis.
    pub game_limit: PositionLimit,
    /// Where finished whole-game analyses are kept (None: nowhere, e.g. no data directory).
    pub cache: Option<AnalysisCache>,
    pub notify: Notifier,
    /// How long an external engine may stay silent.
    pub timeouts: EngineTimeouts,
}

impl AnalysisSettings {
    /// The key under which the whole-game analysis of `tree`'s main line is kept.
    fn cache_key(&self, tree: &GameTree) -> CacheKey {
        let moves: Vec<Move> = tree.moves().collect();
        CacheKey::new(&tree.start, &moves, &self.engine, self.game_limit)
    }
}

fn start_service(settings: &AnalysisSettings) -> Result<AnalysisService, String> {
    AnalysisService::start_with(&settings.engine, settings.timeouts, Some(settings.notify.clone()))
        .map_err(|e| format!("Analysis: {}", clean(&e.to_string())))
}

/// Starts the service if there is none yet; false (with the reason in `error`) when it cannot start.
fn ensure_service(
    service: &mut Option<AnalysisService>,
    error: &mut Option<String>,
    settings: &AnalysisSettings,
) -> bool {
    if service.is_none() {
        match start_service(settings) {
            Ok(s) => *service = Some(s),
            Err(e) => {
                *error = Some(e);
                return false;
            }
        }
    }
    true
}

/// Live analysis of one position at a time.
#[derive(Default)]
pub struct LiveAnalysis {
    service: Option<AnalysisService>,
    lines_wanted: usize,
    id: u64,
    /// The position analysed; Some while analysis is on.
    position: Option<Position>,
    /// The engine's current best lines for `position`, White's view.
    pub lines: Vec<AnalysisLine>,
    pub error: Option<String>,
}

impl LiveAnalysis {
    pub fn is_on(&self) -> bool {
        self.position.is_some()
    }

    /// Turns analysis of `pos` on, or off when it is on.
    pub fn toggle(&mut self, pos: &Position, settings: &AnalysisSettings) {
        if self.is_on() {
            self.stop();
            return;
        }
        self.error = None;
        if !ensure_service(&mut self.service, &mut self.error, settings) {
            return;
        }
        self.lines_wanted = settings.lines.clamp(1, 5);
        self.analyse(pos);
    }

    /// Stops thinking; the engine stays loaded for the next time.
    pub fn stop(&mut self) {
        self.position = None;
        self.lines.clear();
        if let Some(s) = &self.service {
            s.request(AnalysisRequest::Stop);
        }
    }

    /// The shown position is now `pos`: while on, analysis moves there at once.
    pub fn follow(&mut self, pos: &Position) {
        if self.position.as_ref().is_some_and(|p| p != pos) {
            self.analyse(pos);
        }
    }

    fn analyse(&mut self, pos: &Position) {
        let Some(service) = &self.service else { return };
        self.id += 1;
        self.lines.clear();
        self.position = Some(pos.clone());
        let lines = self.lines_wanted;
        service.request(AnalysisRequest::Position { id: self.id, start: pos.clone(), moves: Vec::new(), lines });
    }

    /// Takes the service's updates; true if something changed on screen.
    pub fn poll(&mut self) -> bool {
        let Some(service) = &self.service else { return false };
        let mut changed = false;
        while let Some(update) = service.try_recv() {
            match update {
                AnalysisUpdate::Lines { id, lines } if id == self.id && self.position.is_some() => {
                    self.lines = lines;
                    changed = true;
                }
                AnalysisUpdate::Failed { message } => {
                    self.error = Some(format!("Analysis: {}", clean(&message)));
                    self.position = None;
                    self.service = None;
                    return true;
                }
                _ => {}
            }
        }
        changed
    }

    /// The panel's rows: the score and depth, then the line in SAN (cut by the panel, not here).
    pub fn rows(&self) -> Vec<(String, String)> {
        if let Some(e) = &self.error {
            return vec![(e.clone(), String::new())];
        }
        let Some(pos) = &self.position else { return Vec::new() };
        if !pos.has_legal_moves() {
            return vec![("Game over: nothing to analyse".into(), String::new())];
        }
        if self.lines.is_empty() {
            return vec![("Thinking…".into(), String::new())];
        }
        self.lines
            .iter()
            .map(|l| (format!("{:>6} d{:<2}", l.score.to_string(), l.depth), san_line(pos, &l.moves)))
            .collect()
    }
}

/// `moves` from `pos` in SAN with move numbers (`12. Nf3 Nc6`, `12... Nc6 13. Bb5`), as far as they are legal.
pub fn san_line(pos: &Position, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if !p.is_legal(m) {
            break;
        }
        let n = p.fullmove_number();
        match p.side_to_move() {
            Color::White => out.push(format!("{n}.")),
            Color::Black if i == 0 => out.push(format!("{n}...")),
            Color::Black => {}
        }
        out.push(to_san(&p, m));
        p.make_move(m);
    }
    out.join(" ")
}

/// How long the engine thinks for a hint.
pub const HINT_TIME: Duration = Duration::from_secs(1);

/// A hint: the best move for the side to move after a short think ([`HINT_TIME`]), from the same service as
/// analysis (a one-position game analysis, which ends by itself).
#[derive(Default)]
pub struct HintSearch {
    service: Option<AnalysisService>,
    id: u64,
    /// The position asked about; Some while thinking.
    position: Option<Position>,
}

impl HintSearch {
    /// Starts thinking about `pos`, dropping any hint still being thought about.
    ///
    /// # Errors
    /// The engine cannot start (the reason, for the status line).
    pub fn start(&mut self, pos: &Position, settings: &AnalysisSettings) -> Result<(), String> {
        let mut error = None;
        if !ensure_service(&mut self.service, &mut error, settings) {
            return Err(error.unwrap_or_default());
        }
        let Some(service) = &self.service else { return Ok(()) };
        self.id += 1;
        self.position = Some(pos.clone());
        let (id, start) = (self.id, pos.clone());
        service.request(AnalysisRequest::Game { id, start, moves: Vec::new(), limit: PositionLimit::Time(HINT_TIME) });
        Ok(())
    }

    pub fn is_thinking(&self) -> bool {
        self.position.is_some()
    }

    /// Forgets the hint being thought about (the position changed).
    pub fn cancel(&mut self) {
        if self.position.take().is_some()
            && let Some(s) = &self.service
        {
            s.request(AnalysisRequest::Stop);
        }
    }

    /// The position being thought about, if any.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// Takes the service's updates: the hint in words once it is there (`Hint: Nf3`), or why there is none.
    pub fn poll(&mut self) -> Option<Result<String, String>> {
        let service = self.service.as_ref()?;
        while let Some(update) = service.try_recv() {
            match update {
                AnalysisUpdate::GameDone { id, positions, .. } if id == self.id => {
                    let pos = self.position.take()?;
                    let best = positions.first().and_then(|p| p.pv.first().copied()).filter(|&m| pos.is_legal(m));
                    return Some(best.map(|m| format!("Hint: {}", to_san(&pos, m))).ok_or_else(|| "No hint".into()));
                }
                AnalysisUpdate::Failed { message } => {
                    self.position = None;
                    self.service = None;
                    return Some(Err(format!("Hint: {}", clean(&message))));
                }
                _ => {}
            }
        }
        None
    }
}

/// A whole-game analysis of a main line, as it goes and when done.
#[derive(Default)]
pub struct GameAnalysis {
    service: Option<AnalysisService>,
    id: u64,
    /// Positions to analyse (moves + 1); 0 before one is started.
    pub total: usize,
    /// `positions[i]`: the position before ply `i + 1`.
    pub positions: Vec<PositionAnalysis>,
    pub done: bool,
    /// Second, deeper searches of positions near a blunder verdict: how many are done of how many.
    pub rechecking: Option<(usize, usize)>,
    /// Judgements and accuracy of what is analysed so far.
    pub report: GameReport,
    /// The game annotated from what is analysed so far (for saving).
    pub annotated: Option<GameTree>,
    pub error: Option<String>,
    /// Where to keep the analysis once it is finished, and under what key.
    keep: Option<(AnalysisCache, CacheKey)>,
    /// The analysis was read from the cache, not run now.
    pub from_cache: bool,
}

impl GameAnalysis {
    pub fn started(&self) -> bool {
        self.total > 0 || self.error.is_some()
    }

    /// Starts (or starts over) the analysis of `tree`'s main line.
    pub fn start(&mut self, tree: &GameTree, settings: &AnalysisSettings) {
        if !ensure_service(&mut self.service, &mut self.error, settings) {
            return;
        }
        let moves: Vec<Move> = tree.moves().collect();
        let id = self.id + 1;
        let keep = settings.cache.clone().map(|c| (c, settings.cache_key(tree)));
        *self = GameAnalysis { service: self.service.take(), id, total: moves.len() + 1, keep, ..Default::default() };
        let Some(service) = &self.service else { return };
        service.request(AnalysisRequest::Game { id, start: tree.start.clone(), moves, limit: settings.game_limit });
    }

    /// The kept analysis of `tree`'s main line, if there is one: shown as finished, with no engine run.
    pub fn load_cached(tree: &GameTree, settings: &AnalysisSettings) -> Option<GameAnalysis> {
        let cache = settings.cache.as_ref()?;
        let moves: Vec<Move> = tree.moves().collect();
        let positions = cache.load(&settings.cache_key(tree), &tree.start, &moves)?;
        let mut annotated = tree.clone();
        let report = annotate(&mut annotated, &positions);
        Some(GameAnalysis {
            total: positions.len(),
            positions,
            done: true,
            report,
            annotated: Some(annotated),
            from_cache: true,
            ..Default::default()
        })
    }

    /// Keeps a finished analysis (one stopped early is never kept); a failure only costs the next opening.
    fn keep(&mut self, tree: &GameTree, stopped: bool) {
        let Some((cache, key)) = self.keep.take() else { return };
        if stopped || self.positions.len() != self.total {
            return;
        }
        let moves: Vec<Move> = tree.moves().collect();
        if let Err(e) = cache.store(&key, &tree.start, &moves, &self.positions) {
            self.error = Some(format!("Analysis not kept: {}", clean(&e.to_string())));
        }
    }

    /// Takes the service's updates, re-annotating `tree` with them; true if something changed on screen.
    pub fn poll(&mut self, tree: &GameTree) -> bool {
        let Some(service) = &self.service else { return false };
        let mut changed = false;
        let mut finished = None;
        while let Some(update) = service.try_recv() {
            match update {
                AnalysisUpdate::GameProgress { id, position, .. } if id == self.id => {
                    self.positions.push(position);
                    changed = true;
                }
                AnalysisUpdate::GameRechecked { id, index, done, total, position } if id == self.id => {
                    if let Some(p) = self.positions.get_mut(index) {
                        *p = position;
                    }
                    self.rechecking = Some((done, total));
                    changed = true;
                }
                AnalysisUpdate::GameDone { id, positions, stopped } if id == self.id => {
                    self.positions = positions;
                    self.done = true;
                    changed = true;
                    finished = Some(stopped);
                }
                AnalysisUpdate::Failed { message } => {
                    self.error = Some(format!("Analysis: {}", clean(&message)));
                    self.service = None;
                    return true;
                }
                _ => {}
            }
        }
        if let Some(stopped) = finished {
            self.keep(tree, stopped);
        }
        if changed {
            let mut annotated = tree.clone();
            self.report = annotate(&mut annotated, &self.positions);
            self.annotated = Some(annotated);
        }
        changed
    }

    /// The verdict on main-line ply `ply` (1-based), if the analysis found fault with it.
    pub fn judgement(&self, ply: usize) -> Option<Judgement> {
        self.report.verdicts.iter().find(|v| v.ply == ply).map(|v| v.judgement)
    }

    /// The first main-line ply after `ply` judged a mistake of either side (inaccuracies included), wrapping
    /// to the first.
    pub fn next_mistake(&self, ply: usize) -> Option<usize> {
        let plies = self.report.verdicts.iter().map(|v| v.ply);
        plies.clone().find(|&p| p > ply).or_else(|| plies.min())
    }

    /// "analysing 23/81", then "checking 3/12" during the second looks, "analysed 81/81", or why it failed.
    pub fn progress(&self) -> String {
        if let Some(e) = &self.error {
            return e.clone();
        }
        if self.from_cache {
            format!("analysed {}/{} (kept)", self.positions.len(), self.total)
        } else if self.done {
            format!("analysed {}/{}", self.positions.len(), self.total)
        } else if let Some((done, total)) = self.rechecking {
            format!("checking {done}/{total}")
        } else {
            format!("analysing {}/{}", self.positions.len(), self.total)
        }
    }

    /// White's winning chances (−1…1) after each analysed position.
    pub fn curve(&self) -> Vec<f64> {
        self.positions.iter().map(|p| crate::game::judgement::winning_chances(p.score)).collect()
    }
}

/// The glyph of a judgement.
pub fn glyph(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "?!",
        Judgement::Mistake => "?",
        Judgement::Blunder => "??",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::brain::EvalScore;

    #[test]
    fn progress_says_which_pass_is_running() {
        let mut a = GameAnalysis { total: 81, ..Default::default() };
        a.positions = vec![PositionAnalysis { score: EvalScore::Cp(0), depth: 1, pv: Vec::new() }; 23];
        assert_eq!(a.progress(), "analysing 23/81");
        a.positions.resize(81, a.positions[0].clone());
        a.rechecking = Some((3, 12));
        assert_eq!(a.progress(), "checking 3/12", "short enough to leave the verdict counts in view");
        a.done = true;
        assert_eq!(a.progress(), "analysed 81/81");
    }
}

//! Finished whole-game analyses kept on disk, so that reviewing a game again shows its analysis at once.
//!
//! One small JSON file per analysis in a folder (the review screen uses `analysis/` in tabiya's data
//! directory), named by a hash of everything the analysis depends on: the start position, the main-line
//! moves, the engine and the time (or depth) per position. Any game reviewed — saved by tabiya or opened from
//! a file — finds its analysis by that alone. The file also holds the whole key, so a hash collision or a
//! renamed file is a miss, never another game's analysis.
//!
//! The files are untrusted like any other: a read is bounded, and a file that is too large, does not parse,
//! has the wrong number of positions or an illegal line is treated as absent. A write goes to a temporary file
//! that is renamed over the final name, so a reader never sees half a file.

use super::annotate::PositionAnalysis;
use super::service::{AnalysisEngine, PositionLimit};
use crate::game::brain::EvalScore;
use crate::game::pgn::tree::play_or_pass;
use crate::rules::{Move, Position, parse_uci, to_uci};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A cache file larger than this is not read: 600 plies with 64-move lines are well under it.
const MAX_FILE_BYTES: u64 = 4 << 20;
/// Longest line kept per position, in moves; longer ones are cut when written and refused when read.
const MAX_PV: usize = 64;
/// Scores beyond these are not an engine's: the file is refused.
const MAX_CP: i32 = 100_000;
const MAX_MATE: i32 = 1_000;
/// The format of the files; another version is a miss. Version 2: the built-in engine reports centipawns on
/// Stockfish's scale (`engine::info`), so version 1's scores mean something else. Version 3: positions near a
/// blunder verdict are searched a second time (`recheck`), which version 2's analyses lack. Version 4: the
/// built-in engine's centipawns are mapped onto Stockfish's scale by a curve, not one factor. Version 5: that
/// curve is stretched ×1.07.
const VERSION: u32 = 5;

/// Everything a whole-game analysis depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheKey {
    text: String,
}

impl CacheKey {
    /// The key of analysing `moves` from `start` with `engine`, each position searched to `limit`.
    pub fn new(start: &Position, moves: &[Move], engine: &AnalysisEngine, limit: PositionLimit) -> CacheKey {
        let mut pos = start.clone();
        let mut line = Vec::with_capacity(moves.len());
        for &m in moves {
            line.push(to_uci(&pos, m));
            play_or_pass(&mut pos, m);
        }
        let text = format!("{}\n{}\n{}\n{limit}", start.to_fen(), line.join(" "), engine_identity(engine));
        CacheKey { text }
    }

    /// The file name: 64-bit FNV-1a of the key in hex. Stable across builds and platforms, unlike std's
    /// hasher, which is all a file name needs (the key itself is checked on reading).
    fn file_name(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}.json")
    }
}

/// Which engine analysed: the built-in one of this version (its play changes between versions), or an external
/// engine by name, program and arguments.
fn engine_identity(engine: &AnalysisEngine) -> String {
    match engine {
        AnalysisEngine::Builtin { .. } => format!("tabiya {}", env!("CARGO_PKG_VERSION")),
        AnalysisEngine::External(spec) => format!("uci {} | {} | {}", spec.name, spec.command, spec.args.join(" ")),
    }
}

#[derive(Serialize, Deserialize)]
struct FileData {
    version: u32,
    key: String,
    positions: Vec<FilePosition>,
}

#[derive(Serialize, Deserialize)]
struct FilePosition {
    /// Centipawns from White's view, or None with `mate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cp: Option<i32>,
    /// Mate in n from White's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    depth: u32,
    /// The line in UCI notation.
    pv: Vec<String>,
}

/// The folder of kept analyses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisCache {
    dir: PathBuf,
}

impl AnalysisCache {
    pub fn new(dir: impl Into<PathBuf>) -> AnalysisCache {
        AnalysisCache { dir: dir.into() }
    }

    /// The folder beside tabiya's saved games: `<data dir>/analysis` for saves in `<data dir>/games`.
    pub fn beside_saves(saves_dir: &Path) -> AnalysisCache {
        AnalysisCache::new(saves_dir.parent().unwrap_or(saves_dir).join("analysis"))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &CacheKey) -> PathBuf {
        self.dir.join(key.file_name())
    }

    /// The kept analysis of `moves` from `start` under `key`: one position per move and one more, each line
    /// legal. None when there is none, or what is there cannot be trusted.
    pub fn load(&self, key: &CacheKey, start: &Position, moves: &[Move]) -> Option<Vec<PositionAnalysis>> {
        let bytes = crate::files::read_bounded(&self.path(key), MAX_FILE_BYTES).ok()?;
        let data: FileData = serde_json::from_slice(&bytes).ok()?;
        if data.version != VERSION || data.key != key.text || data.positions.len() != moves.len() + 1 {
            return None;
        }
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(data.positions.len());
        for (i, p) in data.positions.iter().enumerate() {
            out.push(position_from_file(p, &pos)?);
            if let Some(&m) = moves.get(i) {
                play_or_pass(&mut pos, m);
            }
        }
        Some(out)
    }

    /// Keeps a finished analysis under `key`, replacing any kept before.
    ///
    /// # Errors
    /// The folder cannot be made or the file cannot be written; nothing half-written is left.
    pub fn store(
        &self,
        key: &CacheKey,
        start: &Position,
        moves: &[Move],
        positions: &[PositionAnalysis],
    ) -> std::io::Result<PathBuf> {
        let mut pos = start.clone();
        let mut file_positions = Vec::with_capacity(positions.len());
        for (i, p) in positions.iter().enumerate() {
            file_positions.push(position_to_file(p, &pos));
            if let Some(&m) = moves.get(i) {
                play_or_pass(&mut pos, m);
            }
        }
        let data = FileData { version: VERSION, key: key.text.clone(), positions: file_positions };
        let json = serde_json::to_vec(&data).map_err(std::io::Error::other)?;
        std::fs::create_dir_all(&self.dir)?;
        let path = self.path(key);
        let temp = self.dir.join(format!(".{}.{}.tmp", key.file_name(), std::process::id()));
        // A leftover temporary file is removed, never written through (a planted link or FIFO).
        let _ = std::fs::remove_file(&temp);
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .and_then(|mut f| f.write_all(&json).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&temp, &path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        written.map(|()| path)
    }
}

fn position_to_file(p: &PositionAnalysis, pos: &Position) -> FilePosition {
    let (cp, mate) = match p.score {
        EvalScore::Cp(cp) => (Some(cp), None),
        EvalScore::Mate(m) => (None, Some(m)),
    };
    let mut line = pos.clone();
    let mut pv = Vec::new();
    for &m in p.pv.iter().take(MAX_PV) {
        if !line.is_legal(m) {
            break;
        }
        pv.push(to_uci(&line, m));
        line.make_move(m);
    }
    FilePosition { cp, mate, depth: p.depth, pv }
}

/// One position read back; None when its score is not an engine's or its line is not legal from `pos`.
fn position_from_file(p: &FilePosition, pos: &Position) -> Option<PositionAnalysis> {
    let score = match (p.cp, p.mate) {
        // `unsigned_abs`: `i32::MIN.abs()` overflows, and would have passed as in range.
        (Some(cp), None) if cp.unsigned_abs() <= MAX_CP.unsigned_abs() => EvalScore::Cp(cp),
        (None, Some(m)) if m != 0 && m.unsigned_abs() <= MAX_MATE.unsigned_abs() => EvalScore::Mate(m),
        _ => return None,
    };
    if p.pv.len() > MAX_PV || p.depth > 1_000 {
        return None;
    }
    let mut line = pos.clone();
    let mut pv = Vec::with_capacity(p.pv.len());
    for text in &p.pv {
        let m = parse_uci(&line, text).ok()?;
        line.make_move(m);
        pv.push(m);
    }
    Some(PositionAnalysis { score, depth: p.depth, pv })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn game() -> (Position, Vec<Move>) {
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for uci in ["e2e4", "e7e5", "g1f3"] {
            let m = parse_uci(&pos, uci).unwrap();
            pos.make_move(m);
            moves.push(m);
        }
        (start, moves)
    }

    fn analysis(start: &Position, moves: &[Move]) -> Vec<PositionAnalysis> {
        let mut pos = start.clone();
        let mut out = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            out.push(PositionAnalysis { score: EvalScore::Cp(20 - i as i32 * 7), depth: 9, pv: vec![m] });
            pos.make_move(m);
        }
        let reply = parse_uci(&pos, "b8c6").unwrap();
        out.push(PositionAnalysis { score: EvalScore::Mate(-4), depth: 11, pv: vec![reply] });
        out
    }

    fn key(start: &Position, moves: &[Move], ms: u64) -> CacheKey {
        CacheKey::new(
            start,
            moves,
            &AnalysisEngine::Builtin { hash_mb: 16, threads: 1 },
            PositionLimit::Time(Duration::from_millis(ms)),
        )
    }

    #[test]
    fn an_analysis_comes_back_as_it_was_stored() {
        let dir = tempfile::tempdir().unwrap();
        let cache = AnalysisCache::new(dir.path().join("analysis"));
        let (start, moves) = game();
        let stored = analysis(&start, &moves);
        let k = key(&start, &moves, 300);
        assert_eq!(cache.load(&k, &start, &moves), None, "nothing yet");
        let path = cache.store(&k, &start, &moves, &stored).unwrap();
        assert!(path.starts_with(cache.dir()));
        assert_eq!(cache.load(&k, &start, &moves), Some(stored));
        let leftovers = std::fs::read_dir(cache.dir()).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
    }

    #[test]
    fn another_game_engine_or_setting_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = AnalysisCache::new(dir.path());
        let (start, moves) = game();
        cache.store(&key(&start, &moves, 300), &start, &moves, &analysis(&start, &moves)).unwrap();
        assert_eq!(cache.load(&key(&start, &moves[..2], 300), &start, &moves[..2]), None, "a shorter game");
        assert_eq!(cache.load(&key(&start, &moves, 1000), &start, &moves), None, "another movetime");
        let spec = crate::game::EngineSpec::configured("Stockfish", "/usr/games/stockfish", &[]);
        let limit = PositionLimit::Time(Duration::from_millis(300));
        let other = CacheKey::new(&start, &moves, &AnalysisEngine::External(spec), limit);
        assert_eq!(cache.load(&other, &start, &moves), None, "another engine");
        // The same file name holding another key (a collision, a copied file) is a miss too.
        let k = key(&start, &moves, 300);
        let other_text = std::fs::read_to_string(cache.path(&k)).unwrap().replace("300 ms", "9 ms");
        std::fs::write(cache.path(&k), other_text).unwrap();
        assert_eq!(cache.load(&k, &start, &moves), None);
    }

    #[test]
    fn a_corrupt_or_hostile_file_is_treated_as_absent() {
        let dir = tempfile::tempdir().unwrap();
        let cache = AnalysisCache::new(dir.path());
        let (start, moves) = game();
        let k = key(&start, &moves, 300);
        cache.store(&k, &start, &moves, &analysis(&start, &moves)).unwrap();
        let good = std::fs::read_to_string(cache.path(&k)).unwrap();
        let half = good[..good.len() / 2].to_string();
        let bad = [
            half,
            "not json at all \u{1b}[2J".to_string(),
            good.replace("\"e2e4\"", "\"e2e5\""),
            good.replace("\"b8c6\"", "\"b8c6\",\"zz99\""),
            good.replacen("\"cp\":20", "\"cp\":20,\"mate\":3", 1),
            good.replacen("\"cp\":20", "\"cp\":2000000000", 1),
            good.replacen("\"cp\":20", "\"cp\":-2147483648", 1),
            good.replacen("\"cp\":20", "\"mate\":-2147483648", 1),
            good.replacen("\"cp\":20", "\"mate\":0", 1),
            good.replace(&format!("\"version\":{VERSION}"), &format!("\"version\":{}", VERSION - 1)),
            " ".repeat(MAX_FILE_BYTES as usize + 1),
        ];
        for (i, text) in bad.iter().enumerate() {
            std::fs::write(cache.path(&k), text).unwrap();
            assert_eq!(cache.load(&k, &start, &moves), None, "case {i}");
        }
    }
}

//! Reading PGN games: tags, then movetext into a `GameTree`, checking every move (variations too).
//!
//! Forgiving where real files differ (move numbers in every form, `0-0`, `!?` marks, a missing result, CRLF, a
//! BOM, `FEN`/`SetUp`/`Variant` tags from lichess, cutechess or ChessBase) and strict where it matters: a
//! game with an illegal or unreadable move, a broken tag, or a variant tabiya does not play is reported with
//! its line, ply and the offending text. Games are read one at a time from the index's spans, so one bad game
//! never stops the others. Hostile input costs bounded time and memory: the lexer is linear, variations nest
//! at most `MAX_DEPTH` deep, comments and tags are cut to a size. What is read but not kept as written (a cut
//! comment, a `Result` tag that is not a result) is reported as a warning, so a re-export never loses text
//! without a word.

use super::comment::parse_comment;
use super::headers::{Headers, MAX_TAG_VALUE, MAX_TAGS, text};
use super::index::PgnIndex;
use super::lexer::{Lexer, Token};
use super::long_move::long_algebraic;
use super::tree::{GameTree, Line, MoveNode};
use crate::rules::{DrawClaim, History, Move, MoveKind, Position, Role, Status, parse_san, san::san_without_suffix};
use std::fmt;

/// Variations nested deeper than this are refused.
pub const MAX_DEPTH: usize = 64;
/// Comments longer than this (bytes) are cut.
pub const MAX_COMMENT: usize = 16 * 1024;
/// At most this many warnings are kept per game.
pub const MAX_WARNINGS: usize = 32;

/// What is wrong with a game, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub line: u32,
    /// The mainline ply the error is at (1-based); None in the tags.
    pub ply: Option<usize>,
    pub token: String,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(p) = self.ply {
            write!(f, ", ply {p}")?;
        }
        if !self.token.is_empty() {
            write!(f, ", '{}'", self.token)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Something read but not kept as the file wrote it; the game itself is fine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnWarning {
    pub line: u32,
    /// The mainline ply the warning is at (1-based); None in the tags.
    pub ply: Option<usize>,
    pub message: String,
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(p) = self.ply {
            write!(f, ", ply {p}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// One game read from a file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// 1-based position in the file.
    pub number: usize,
    /// The line the game starts on.
    pub line: u32,
    pub headers: Headers,
    /// The moves read (up to an error, if any).
    pub tree: GameTree,
    /// A game termination marker (`1-0`, `0-1`, `1/2-1/2` or `*`): the `Result` tag's when it is one, else the
    /// movetext's, else `*`.
    pub result: String,
    pub error: Option<PgnError>,
    /// What was changed while reading (at most `MAX_WARNINGS`).
    pub warnings: Vec<PgnWarning>,
}

impl PgnGame {
    /// The mainline as a history (for the rules on repetition and the move counters). A main line that
    /// passes (a null move) is a history from its last pass on.
    pub fn history(&self) -> History {
        let (start, moves) = self.tree.after_last_pass();
        let mut h = History::new(start);
        for m in moves {
            h.play(m);
        }
        h
    }

    /// The opening's ECO code and name: the file's `ECO` and `Opening` tags where it has them, else tabiya's
    /// classification of the main line (the lichess data set's rule, see `game::openings`).
    pub fn opening(&self) -> Option<(String, String)> {
        let moves: Vec<_> = self.tree.moves().collect();
        let found = crate::game::openings::classify(&self.tree.start, &moves);
        let tag = |name: &str| self.headers.get(name).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
        let eco = tag("ECO").map(str::to_string).or_else(|| found.as_ref().map(|o| o.eco.to_string()))?;
        let name = tag("Opening").map(str::to_string).or_else(|| found.as_ref().map(|o| o.name.to_string()))?;
        Some((eco, name))
    }

    pub fn is_chess960(&self) -> bool {
        self.tree.start.is_chess960()
    }
}

/// Reads every game of a file's text.
pub fn read_games(src: &[u8]) -> Vec<PgnGame> {
    let index = PgnIndex::build(src);
    index.spans.iter().enumerate().map(|(i, s)| read_game(&src[s.start..s.end], s.line, i + 1)).collect()
}

/// Reads one game from its text, which starts on line `line` of its file.
pub fn read_game(src: &[u8], line: u32, number: usize) -> PgnGame {
    let mut p = Parser::new(src, line);
    let mut game = PgnGame {
        number,
        line,
        headers: Headers::default(),
        tree: GameTree::new(Position::startpos()),
        result: "*".into(),
        error: None,
        warnings: Vec::new(),
    };
    let first = p.read_tags(&mut game.headers);
    let outcome = first.and_then(|first| {
        let start = start_position(&game.headers, &p.tag_lines, p.lx.line())?;
        game.tree = GameTree::new(start.clone());
        p.history = History::new(start.clone());
        p.frames = vec![Frame { line: Line::default(), pos: start, before: None }];
        p.read_movetext(first)
    });
    let (marker, error) = match outcome {
        Ok(marker) => (marker, None),
        Err(e) => (None, Some(e)),
    };
    game.error = error;
    game.result = termination(&game.headers, &p.tag_lines, marker.as_deref(), &mut p.warnings);
    if game.error.is_none()
        && let Some(message) = p.frames.first().and_then(|main| contradicted_result(&main.pos, &game.result))
    {
        let line = game.headers.pairs.iter().position(|(k, _)| k == "Result").and_then(|i| p.tag_lines.get(i));
        push_warning(&mut p.warnings, PgnWarning { line: line.copied().unwrap_or(p.lx.line()), ply: None, message });
    }
    game.warnings = p.warnings;
    game.tree.mainline = p.frames.into_iter().next().map(|f| f.line).unwrap_or_default();
    game
}

/// The game's termination marker: the `Result` tag when it is one (a disagreeing movetext marker is reported),
/// else the movetext's marker (a tag that is not a result is reported), else `*`. So a game written back always
/// ends with a marker that reads again.
fn termination(h: &Headers, tag_lines: &[u32], marker: Option<&str>, warnings: &mut Vec<PgnWarning>) -> String {
    let Some(i) = h.pairs.iter().position(|(k, _)| k == "Result") else {
        return marker.unwrap_or("*").to_string();
    };
    let (tag, line) = (&h.pairs[i].1, tag_lines.get(i).copied().unwrap_or(0));
    let mut warn = |message: String| push_warning(warnings, PgnWarning { line, ply: None, message });
    match (result_marker(tag.trim().as_bytes()), marker) {
        (Some(t), Some(m)) if t != m => {
            warn(format!("the Result tag '{tag}' disagrees with the movetext's result '{m}'; the tag's is kept"));
            t.to_string()
        }
        (Some(t), _) => t.to_string(),
        (None, m) => {
            let used = m.unwrap_or("*");
            let shown: String = tag.chars().take(40).collect();
            warn(format!("the Result tag '{shown}' is not 1-0, 0-1, 1/2-1/2 or *; '{used}' is used"));
            used.to_string()
        }
    }
}

/// What is wrong with a decided result that the game's final position contradicts: a checkmate won by the
/// other side or drawn, or a stalemate (a draw) given as a win. The file's result is kept, with this warning.
fn contradicted_result(end: &Position, result: &str) -> Option<String> {
    if result == "*" || end.has_legal_moves() {
        return None;
    }
    let (board_result, why) = match (end.in_check(), end.side_to_move()) {
        (false, _) => ("1/2-1/2", "stalemate, a draw"),
        (true, crate::rules::Color::White) => ("0-1", "White is checkmated"),
        (true, crate::rules::Color::Black) => ("1-0", "Black is checkmated"),
    };
    (result != board_result)
        .then(|| format!("the result '{result}' contradicts the final position ({why}); the file's result is kept"))
}

fn push_warning(warnings: &mut Vec<PgnWarning>, w: PgnWarning) {
    if warnings.len() < MAX_WARNINGS {
        warnings.push(w);
    }
}

/// The start position from the `FEN`, `SetUp` and `Variant` tags.
/// `tag_lines[i]` is the line of tag `i`, so errors point at the tag.
fn start_position(h: &Headers, tag_lines: &[u32], line: u32) -> Result<Position, PgnError> {
    let line_of = |name: &str| h.pairs.iter().position(|(k, _)| k == name).and_then(|i| tag_lines.get(i).copied());
    let err = |token: &str, message: String| {
        let tag = if h.get("FEN") == Some(token) { "FEN" } else { "Variant" };
        PgnError { line: line_of(tag).unwrap_or(line), ply: None, token: token.into(), message }
    };
    let variant = h.get("Variant").unwrap_or("");
    let key: String = variant.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase();
    let chess960 = match key.as_str() {
        "" | "standard" | "normal" | "chess" | "fromposition" => false,
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "chess960fischerandom" => true,
        _ => {
            return Err(err(
                variant,
                format!("variant '{variant}' is not played by tabiya (standard chess and Chess960 are)"),
            ));
        }
    };
    let mut pos = match h.get("FEN") {
        Some(fen) if h.get("SetUp") != Some("0") || chess960 => {
            Position::from_fen(fen).map_err(|e| err(fen, format!("FEN tag: {e}")))?
        }
        _ => Position::startpos(),
    };
    if chess960 {
        pos.set_chess960(true);
    }
    Ok(pos)
}

struct Frame {
    line: Line,
    pos: Position,
    /// The position before the line's last move: where a variation on that move starts.
    before: Option<Position>,
}

struct Parser<'a> {
    lx: Lexer<'a>,
    tag_lines: Vec<u32>,
    history: History,
    frames: Vec<Frame>,
    warnings: Vec<PgnWarning>,
}

type Tok<'a> = Option<(Token<'a>, u32)>;

impl<'a> Parser<'a> {
    fn new(src: &'a [u8], line: u32) -> Parser<'a> {
        Parser {
            lx: Lexer::new(src, line),
            tag_lines: Vec::new(),
            history: History::new(Position::startpos()),
            frames: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Reads the tags; returns the first movetext tokens (a comment before the first move among them; one
    /// between tags is dropped).
    fn read_tags(&mut self, h: &mut Headers) -> Result<Vec<(Token<'a>, u32)>, PgnError> {
        let mut comments = Vec::new();
        loop {
            match self.lx.next_token() {
                Some((Token::TagOpen, line)) => {
                    comments.clear();
                    self.read_tag(h, line)?
                }
                Some(c @ (Token::Comment(_), _)) => comments.push(c),
                Some(other) => {
                    comments.push(other);
                    return Ok(comments);
                }
                None => return Ok(comments),
            }
        }
    }

    fn read_tag(&mut self, h: &mut Headers, line: u32) -> Result<(), PgnError> {
        let bad =
            |token: &str, message: &str| PgnError { line, ply: None, token: token.into(), message: message.into() };
        let name = match self.lx.next_token() {
            Some((Token::Symbol(s), _)) => text(s, 256),
            other => return Err(bad(&shown(&other), "a tag needs a name, like [Event \"…\"]")),
        };
        let value = match self.lx.next_token() {
            Some((Token::Str(v), _)) => {
                if v.len() > MAX_TAG_VALUE {
                    let message = format!("the value of tag '{name}' is cut to {} KiB", MAX_TAG_VALUE / 1024);
                    push_warning(&mut self.warnings, PgnWarning { line, ply: None, message });
                }
                text(&v, MAX_TAG_VALUE)
            }
            Some((Token::UnterminatedStr, _)) => return Err(bad(&name, "the tag's value has no closing quote")),
            other => return Err(bad(&shown(&other), "a tag needs a value in double quotes")),
        };
        if !matches!(self.lx.next_token(), Some((Token::TagClose, _))) {
            return Err(bad(&name, "the tag has no closing ']'"));
        }
        if h.pairs.len() >= MAX_TAGS {
            return Err(bad(&name, "too many tags"));
        }
        h.pairs.push((name, value));
        self.tag_lines.push(line);
        Ok(())
    }

    fn ply(&self) -> Option<usize> {
        Some(self.frames.first().map_or(0, |f| f.line.moves.len()) + 1)
    }

    /// The last move read (in the current line) was an en passant capture.
    fn after_en_passant(&self) -> bool {
        let last = self.frames.last().and_then(|f| f.line.moves.last());
        last.is_some_and(|node| node.mv.kind() == MoveKind::EnPassant)
    }

    fn error(&self, line: u32, token: &str, message: impl Into<String>) -> PgnError {
        PgnError { line, ply: self.ply(), token: token.chars().take(40).collect(), message: message.into() }
    }

    /// Reads moves, comments, NAGs and variations; returns the result marker if there was one.
    fn read_movetext(&mut self, first: Vec<(Token<'a>, u32)>) -> Result<Option<String>, PgnError> {
        let mut first = first.into_iter();
        let mut tok = first.next();
        while let Some((t, line)) = tok {
            match t {
                Token::Symbol(s) => {
                    if let Some(marker) = result_marker(s) {
                        return self.after_result(marker, line);
                    }
                    self.symbol(s, line)?
                }
                Token::Comment(c) => self.comment(c, line),
                Token::Nag(n) => {
                    let nag = std::str::from_utf8(n).ok().and_then(|n| n.parse::<u8>().ok());
                    let nag = nag.ok_or_else(|| {
                        let token = format!("${}", String::from_utf8_lossy(n));
                        self.error(line, &token, "a NAG is $ and a number 0–255")
                    })?;
                    self.add_nag(nag);
                }
                Token::Mark(m) => {
                    let nag = mark_nag(m).ok_or_else(|| self.error(line, &text(m, 8), "unknown annotation mark"))?;
                    self.add_nag(nag);
                }
                Token::VarOpen => self.open_variation(line)?,
                Token::VarClose => self.close_variation(line)?,
                Token::TagOpen => return Err(self.error(line, "[", "a tag inside the moves (missing result marker?)")),
                Token::UnterminatedComment => return Err(self.error(line, "{", "the comment is never closed")),
                Token::Junk(b) => return Err(self.error(line, &junk(b), "unexpected character")),
                Token::TagClose | Token::Str(_) | Token::UnterminatedStr => {
                    return Err(self.error(line, &shown(&Some((t, line))), "unexpected text in the moves"));
                }
            }
            tok = first.next().or_else(|| self.lx.next_token());
        }
        if self.frames.len() > 1 {
            return Err(self.error(self.lx.line(), "(", "a variation is never closed"));
        }
        Ok(None)
    }

    fn after_result(&mut self, marker: &str, line: u32) -> Result<Option<String>, PgnError> {
        if self.frames.len() > 1 {
            return Err(self.error(line, marker, "a result marker inside a variation"));
        }
        while let Some((t, l)) = self.lx.next_token() {
            if !matches!(t, Token::Comment(_)) {
                return Err(self.error(
                    l,
                    &shown(&Some((t, l))),
                    "text after the result marker (a game without tags?)",
                ));
            }
        }
        Ok(Some(marker.to_string()))
    }

    fn symbol(&mut self, s: &[u8], line: u32) -> Result<(), PgnError> {
        // `0000` (UCI's null move) would otherwise read as a bare move number.
        let san = if s == b"0000" { s } else { strip_move_number(s) };
        if san.is_empty() {
            return Ok(());
        }
        let token = std::str::from_utf8(san).unwrap_or("?");
        if let Some(nag) = evaluation_nag(token) {
            self.add_nag(nag);
            return Ok(());
        }
        let depth = self.frames.len() - 1;
        if matches!(token, "--" | "Z0" | "0000" | "@@@@") {
            return self.null_move(token, line, depth);
        }
        if depth == 0 {
            // The automatic draws only (mate and stalemate show as no legal move); cheaper than `status()`.
            let ended = if self.history.position().halfmove_clock() < 8 {
                None
            } else if self.history.repetitions() >= 5 {
                Some("by fivefold repetition")
            } else if self.history.position().halfmove_clock() >= 150 {
                Some("by the 75-move rule")
            } else {
                None
            };
            if let Some(how) = ended {
                return Err(self.error(line, token, format!("the game was already drawn {how}")));
            }
        }
        if let Some((san, nag)) = split_evaluation_suffix(token)
            && self.frames.last().is_some_and(|f| parse_san(&f.pos, san).is_ok())
        {
            self.symbol(san.as_bytes(), line)?;
            self.add_nag(nag);
            return Ok(());
        }
        if self.after_en_passant() && is_en_passant_mark(token) {
            // `exd6 e.p.`, as older files and books write: the mark adds nothing to the move.
            return Ok(());
        }
        let frame = self.frames.last_mut().ok_or_else(|| PgnError {
            line,
            ply: None,
            token: token.into(),
            message: "no position".into(),
        })?;
        let parsed = match long_algebraic(token) {
            Some(long) => long.find(&frame.pos, token),
            None => parse_san(&frame.pos, &promotion_as_san(token)).map_err(|e| e.to_string()),
        };
        let m = match parsed {
            Ok(m) => m,
            Err(e) => {
                let over = !frame.pos.has_legal_moves();
                let message = if over { "the game is already over (no legal moves)".to_string() } else { e };
                return Err(self.error(line, token, message));
            }
        };
        let node = play_in_frame(frame, m, token);
        frame.line.moves.push(node);
        if depth == 0 {
            self.history.play(m);
        }
        Ok(())
    }

    /// A null move (`--`, `Z0`, `0000`, `@@@@`): the side to move passes. Annotators use them in variations to
    /// show a threat, and training files in the main line. Never while in check (the king could be taken).
    /// In the main line the rules' history starts again after it: repetitions and the move counters count
    /// from the pass, as a game continued from there would.
    fn null_move(&mut self, token: &str, line: u32, depth: usize) -> Result<(), PgnError> {
        let Some(frame) = self.frames.last_mut() else { return Ok(()) };
        if frame.pos.in_check() {
            return Err(self.error(line, token, "a null move while in check"));
        }
        frame.before = Some(frame.pos.clone());
        frame.pos.pass();
        frame.line.moves.push(MoveNode::null());
        if depth == 0 {
            self.history = History::new(frame.pos.clone());
        }
        Ok(())
    }

    fn current_move(&mut self) -> Option<&mut MoveNode> {
        self.frames.last_mut().and_then(|f| f.line.moves.last_mut())
    }

    fn add_nag(&mut self, nag: u8) {
        if let Some(node) = self.current_move()
            && node.nags.len() < 8
            && !node.nags.contains(&nag)
        {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, raw: &[u8], line: u32) {
        let parsed = parse_comment(&text(raw, MAX_COMMENT));
        let mut cut = raw.len() > MAX_COMMENT;
        let target = match self.current_move() {
            Some(node) => {
                node.clock = parsed.clock.or(node.clock);
                node.emt = parsed.emt.or(node.emt);
                if parsed.eval.is_some() {
                    (node.eval, node.eval_depth) = (parsed.eval, parsed.eval_depth);
                }
                &mut node.comment
            }
            None => match self.frames.last_mut() {
                Some(f) => &mut f.line.comment,
                None => return,
            },
        };
        if !parsed.text.is_empty() {
            // Several comments after one move are joined, up to the same bound as one.
            let joined = match target.take() {
                Some(existing) => existing + " " + &parsed.text,
                None => parsed.text,
            };
            let kept = joined.floor_char_boundary(MAX_COMMENT);
            cut |= kept < joined.len();
            *target = Some(joined[..kept].to_string());
        }
        if cut {
            let ply = self.frames.first().map(|f| f.line.moves.len());
            let message = format!("a comment is cut to {} KiB", MAX_COMMENT / 1024);
            push_warning(&mut self.warnings, PgnWarning { line, ply, message });
        }
    }

    fn open_variation(&mut self, line: u32) -> Result<(), PgnError> {
        if self.frames.len() > MAX_DEPTH {
            return Err(self.error(line, "(", format!("variations nested more than {MAX_DEPTH} deep")));
        }
        let before = self.frames.last().and_then(|f| f.before.clone());
        let pos = before.ok_or_else(|| self.error(line, "(", "a variation before any move"))?;
        self.frames.push(Frame { line: Line::default(), pos, before: None });
        Ok(())
    }

    fn close_variation(&mut self, line: u32) -> Result<(), PgnError> {
        if self.frames.len() < 2 {
            return Err(self.error(line, ")", "')' without a variation to close"));
        }
        let closed = self.frames.pop().map(|f| f.line).unwrap_or_default();
        if let Some(node) = self.current_move() {
            node.variations.push(closed);
        }
        Ok(())
    }
}

/// Plays `m` in a frame and returns its node with the canonical SAN (check signs computed from the position
/// after the move, which is cheaper than `to_san`).
fn play_in_frame(frame: &mut Frame, m: Move, token: &str) -> MoveNode {
    let mut san = simple_san(m)
        .filter(|simple| simple == token.trim_end_matches(['+', '#']))
        .unwrap_or_else(|| san_without_suffix(&frame.pos, m));
    frame.before = Some(frame.pos.clone());
    frame.pos.make_move(m);
    if frame.pos.in_check() {
        san.push(if frame.pos.has_legal_moves() { '+' } else { '#' });
    }
    MoveNode::new(m, san)
}

/// A piece move's SAN without disambiguation (`Nf3`, `Qxd5`). When the file wrote exactly this and it matched
/// one legal move, no other piece of that kind reaches the square, so it is the canonical SAN: this saves
/// generating the moves again to check.
fn simple_san(m: Move) -> Option<String> {
    let role = m.role();
    if role == Role::Pawn || m.is_castle() {
        return None;
    }
    let mut s = String::with_capacity(6);
    s.push(role.upper_char());
    if m.is_capture() {
        s.push('x');
    }
    s.push(m.to().file_char());
    s.push(m.to().rank_char());
    Some(s)
}

/// The text of a symbol without a leading move number (`12.`, `12...`, `1.e4` → `e4`). A bare number is a
/// move number without its dot.
fn strip_move_number(s: &[u8]) -> &[u8] {
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == s.len() {
        return &[];
    }
    let rest = if digits > 0 && s[digits] == b'.' { &s[digits..] } else { s };
    let dots = rest.iter().take_while(|&&c| c == b'.').count();
    &rest[dots..]
}

/// A game termination marker in any form the reader accepts, as it is written back.
pub(crate) fn result_marker(s: &[u8]) -> Option<&'static str> {
    match s {
        b"1-0" => Some("1-0"),
        b"0-1" => Some("0-1"),
        b"1/2-1/2" | b"1/2" => Some("1/2-1/2"),
        b"*" => Some("*"),
        _ => None,
    }
}

/// `a8(Q)` and `a8/Q`, older ways to write a promotion, as `a8=Q`; other moves as they are.
fn promotion_as_san(token: &str) -> std::borrow::Cow<'_, str> {
    let b = token.as_bytes();
    let Some(i) = b.iter().position(|&c| c == b'(' || c == b'/') else { return token.into() };
    let piece = b.get(i + 1).is_some_and(|p| matches!(p.to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N'));
    if i == 0 || !matches!(b[i - 1], b'1' | b'8') || !piece {
        return token.into();
    }
    let after = if b[i] == b'(' { token[i + 2..].strip_prefix(')') } else { Some(&token[i + 2..]) };
    match after {
        Some(rest) => format!("{}={}{rest}", &token[..i], b[i + 1].to_ascii_uppercase() as char).into(),
        None => token.into(),
    }
}

/// `e.p.` or `ep` written as a word of its own after an en passant capture.
fn is_en_passant_mark(token: &str) -> bool {
    ["e.p.", "e.p", "ep", "ep."].iter().any(|mark| token.eq_ignore_ascii_case(mark))
}

/// The NAG of a move mark (`!`, `?!`) or of the Unicode evaluation symbols the lexer reads as marks.
fn mark_nag(m: &[u8]) -> Option<u8> {
    match m {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => std::str::from_utf8(m).ok().and_then(evaluation_nag),
    }
}

/// The NAG of an evaluation symbol written in the movetext instead of `$14` and the like, as Scid (with
/// symbolic annotations), books and Informant-style exports do: `+=` is $14, `+-` is $18, `∞` is $13.
fn evaluation_nag(s: &str) -> Option<u8> {
    Some(match s {
        "=" => 10,
        "∞" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" | "+--" => 18,
        "-+" | "--+" => 19,
        "=/∞" | "=∞" => 44,
        "□" => 7,
        "N" => 146,
        _ => return None,
    })
}

/// A move with an evaluation symbol written onto it (`Bb5+-`): the move and the symbol's NAG. Only the
/// two-sided symbols, so a check (`Bb5+`) or a promotion (`e8=Q`) is never taken for one.
fn split_evaluation_suffix(token: &str) -> Option<(&str, u8)> {
    ["+/-", "-/+", "+/=", "=/+", "+-", "-+", "+=", "=+"].iter().find_map(|suffix| {
        let san = token.strip_suffix(suffix)?;
        let ends_well = san.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '+' || c == '#');
        (san.len() >= 2 && ends_well).then_some((san, evaluation_nag(suffix)?))
    })
}

fn junk(b: u8) -> String {
    if b.is_ascii_graphic() { (b as char).to_string() } else { format!("\\x{b:02x}") }
}

fn shown(t: &Tok) -> String {
    match t {
        None => "end of game".into(),
        Some((Token::Symbol(s), _)) => text(s, 40),
        Some((Token::Str(s), _)) => format!("\"{}\"", text(s, 40)),
        Some((Token::Junk(b), _)) => junk(*b),
        Some((Token::TagOpen, _)) => "[".into(),
        Some((Token::TagClose, _)) => "]".into(),
        Some((Token::VarOpen, _)) => "(".into(),
        Some((Token::VarClose, _)) => ")".into(),
        Some((Token::Comment(_), _)) => "{".into(),
        Some((Token::UnterminatedComment, _)) => "{".into(),
        Some((Token::UnterminatedStr, _)) => "\"".into(),
        Some((Token::Nag(_), _)) => "$".into(),
        Some((Token::Mark(m), _)) => text(m, 8),
    }
}

/// The rules' view of a read game's final position.
pub fn final_status(game: &PgnGame) -> (Status, Vec<DrawClaim>) {
    let h = game.history();
    (h.status(), h.claimable())
}

//! `tabiya pgn FILE… [--json | --export]`: validates every game of PGN files.
//!
//! Prints a one-line summary per game, or one JSON object per game per line, or the games re-written in the
//! PGN export format. The exit status is non-zero if any game had an error (or a file could not be read).
//! Everything from the files (and their names) reaches the terminal through `tabiya::text::clean`, or through
//! JSON escaping (which also escapes the characters `clean` drops, so JSON stays exact and inert).

use anyhow::Result;
use clap::Args;
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tabiya::game::EvalScore;
use tabiya::game::pgn::{PgnGame, PgnIndex, WriteOptions, read_file, read_game, write_game};
use tabiya::rules::{DrawClaim, Position, Status, to_uci};
use tabiya::text::clean;

#[derive(Args, Debug)]
pub struct PgnArgs {
    /// PGN files to read.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per game per line, with every ply's SAN, UCI and FEN.
    #[arg(long, conflicts_with = "export")]
    pub json: bool,
    /// Write every game back in the PGN export format (games with errors are skipped and reported).
    #[arg(long)]
    pub export: bool,
}

pub fn run(args: PgnArgs) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    for path in &args.files {
        let name = clean(&path.display().to_string());
        let bytes = match read_file(path) {
            Ok(b) => b,
            Err(e) => {
                out.flush()?;
                eprintln!("tabiya pgn: {name}: {}", clean(&e.to_string()));
                failed = true;
                continue;
            }
        };
        let index = PgnIndex::build(&bytes);
        if index.is_empty() {
            out.flush()?;
            eprintln!("tabiya pgn: {name}: no games found");
            failed = true;
        }
        for (i, span) in index.spans.iter().enumerate() {
            let game = read_game(&bytes[span.start..span.end], span.line, i + 1);
            failed |= game.error.is_some();
            if args.json {
                write_json(&mut out, &game_json(&game))?;
                continue;
            }
            if args.export {
                export(&mut out, &game, &name)?;
            } else {
                writeln!(out, "{name}: {}", clean(&summary(&game)))?;
            }
            warn(&mut out, &game, &name)?;
        }
    }
    out.flush()?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Ongoing => "ongoing",
        Status::Checkmate { .. } => "checkmate",
        Status::Stalemate => "stalemate",
        Status::InsufficientMaterial => "insufficient_material",
        Status::FivefoldRepetition => "fivefold_repetition",
        Status::SeventyFiveMoves => "seventyfive_moves",
    }
}

fn claim_name(c: DrawClaim) -> &'static str {
    match c {
        DrawClaim::ThreefoldRepetition => "threefold_repetition",
        DrawClaim::FiftyMoves => "fifty_moves",
    }
}

/// `game 3: Ann – Bob, 1-0, 41 plies, checkmate` or `game 4: ERROR line 80, ply 12, 'Nf9': …`.
fn summary(game: &PgnGame) -> String {
    let head = format!("game {}: {}", game.number, game.headers.players());
    if let Some(e) = &game.error {
        return format!("{head}: ERROR {e}");
    }
    let h = game.history();
    let plies = tabiya::text::count(game.tree.mainline.moves.len(), "ply", "plies");
    let mut s = format!("{head}, {}, {plies}, {}", game.result, status_name(h.status()));
    let claims: Vec<&str> = h.claimable().into_iter().map(claim_name).collect();
    if !claims.is_empty() {
        s.push_str(&format!(", claimable: {}", claims.join(" ")));
    }
    if game.is_chess960() {
        s.push_str(", Chess960");
    }
    if let Some((eco, name)) = game.opening() {
        s.push_str(&format!(", {eco} {name}"));
    }
    s
}

fn game_json(game: &PgnGame) -> Value {
    let headers: serde_json::Map<String, Value> =
        game.headers.pairs.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
    let mut pos: Position = game.tree.start.clone();
    let plies: Vec<Value> = game
        .tree
        .mainline
        .moves
        .iter()
        .map(|node| {
            // A null move is `0000` in UCI, as python-chess writes it.
            let uci = if node.is_null() { "0000".to_string() } else { to_uci(&pos, node.mv) };
            node.play(&mut pos);
            let eval = node.eval.map(|e| match e {
                EvalScore::Cp(cp) => json!({ "cp": cp }),
                EvalScore::Mate(n) => json!({ "mate": n }),
            });
            json!({ "san": node.san, "uci": uci, "fen": pos.to_fen(), "eval": eval, "nags": node.nags })
        })
        .collect();
    let h = game.history();
    let error =
        game.error.as_ref().map(|e| json!({ "line": e.line, "ply": e.ply, "token": e.token, "message": e.message }));
    json!({
        "game": game.number,
        "headers": headers,
        "start_fen": game.tree.start.to_fen(),
        "plies": plies,
        "final_fen": h.position().to_fen(),
        "result": game.result,
        "opening": game.opening().map(|(eco, name)| json!({ "eco": eco, "name": name })),
        "status": status_name(h.status()),
        "claimable": h.claimable().into_iter().map(claim_name).collect::<Vec<_>>(),
        "error": error,
        "warnings": game.warnings.iter().map(|w| json!({ "line": w.line, "ply": w.ply, "message": w.message })).collect::<Vec<_>>(),
    })
}

/// The game's warnings on stderr, one line each (stdout is flushed first, so they follow their game).
fn warn(out: &mut impl Write, game: &PgnGame, name: &str) -> Result<()> {
    if game.warnings.is_empty() {
        return Ok(());
    }
    out.flush()?;
    for w in &game.warnings {
        eprintln!("tabiya pgn: {name}: game {}: warning: {}", game.number, clean(&w.to_string()));
    }
    Ok(())
}

fn export(out: &mut impl Write, game: &PgnGame, name: &str) -> Result<()> {
    if let Some(e) = &game.error {
        out.flush()?;
        eprintln!("tabiya pgn: {name}: game {} not exported: {}", game.number, clean(&e.to_string()));
        return Ok(());
    }
    let mut text = String::new();
    // Precise clocks: a file's fractions of a second (chess.com writes them) are kept.
    let opts = WriteOptions { annotations: true, precise_clocks: true };
    write_game(&mut text, &export_tags(game), &game.tree, &game.result, opts);
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The game's tags as tabiya writes them back: `ECO` and `Opening` from tabiya's classification where the
/// file has none, and a start other than the standard one as `SetUp "1"` and tabiya's own FEN of it (the
/// PGN standard wants `SetUp` beside `FEN`, and an en passant square is kept only where a capture can use it).
pub fn export_tags(game: &PgnGame) -> Vec<(String, String)> {
    let mut tags = game.headers.pairs.clone();
    let start = &game.tree.start;
    if start.is_chess960() || start.to_fen() != tabiya::rules::START_FEN {
        // (The writer puts tags beyond the seven in ASCII order, so where they go here does not matter.)
        tags.retain(|(k, _)| k != "SetUp" && k != "FEN");
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), start.to_fen()));
    }
    if let Some((eco, name)) = game.opening() {
        for (key, value) in [("ECO", eco), ("Opening", name)] {
            if !tags.iter().any(|(k, v)| k == key && !v.trim().is_empty() && v != "?") {
                tags.retain(|(k, _)| k != key);
                tags.push((key.to_string(), value));
            }
        }
    }
    tags
}

/// One JSON line, with the characters `clean` would drop (DEL, C1 controls, bidi and zero-width characters)
/// written as `\uXXXX` escapes: the same JSON value, but nothing on the terminal that acts or hides.
fn write_json(out: &mut impl Write, value: &Value) -> Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(&mut *out, InertFormatter);
    serde::Serialize::serialize(value, &mut ser)?;
    out.write_all(b"\n")?;
    Ok(())
}

struct InertFormatter;

impl serde_json::ser::Formatter for InertFormatter {
    fn write_string_fragment<W: ?Sized + Write>(&mut self, writer: &mut W, fragment: &str) -> std::io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if clean(c.encode_utf8(&mut [0; 4])).is_empty() {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                write!(writer, "\\u{:04x}", c as u32)?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

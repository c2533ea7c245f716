//! Conversations with the real binary over `tabiya uci`: the handshake, go/stop, Chess960 castling, and
//! malformed lines, each answered with an `info string` while the engine keeps working; every `go` answered
//! by exactly one `bestmove` in its own position's notation; hostile input never echoed raw.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use tabiya::rules::{Position, parse_uci};

struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tabiya uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`; returns all lines read, that one last. Generous timeout:
    /// this tests behaviour, not speed.
    fn expect(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line starting with '{prefix}'; got {seen:?}");
    }

    fn best_move(&mut self) -> String {
        let lines = self.expect("bestmove");
        lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_and_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name tabiya")));
    for option in ["Hash", "UCI_Chess960", "Skill Level", "UCI_LimitStrength", "UCI_Elo"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {option} type"))), "{option}");
    }
    uci.send("setoption name Hash value 16");
    uci.send("setoption name Skill Level value 4");
    uci.send("isready");
    assert_eq!(uci.expect("readyok"), vec!["readyok"]);
}

#[test]
fn searches_with_info_lines_and_a_legal_move() {
    let mut uci = Uci::start();
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5 g1f3");
    uci.send("go depth 6");
    let lines = uci.expect("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ") && l.contains(" score cp ") && l.contains(" pv ")));
    let mut pos = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.make_move(parse_uci(&pos, m).unwrap());
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&pos, best).is_ok(), "{best}");
}

#[test]
fn stop_and_isready_answered_while_searching() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let lines = uci.expect("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "infinite must wait for stop");
    uci.send("stop");
    let best = uci.best_move();
    assert!(parse_uci(&Position::startpos(), &best).is_ok());
}

#[test]
fn clock_search_answers() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go wtime 1000 btime 1000 winc 100 binc 100");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

#[test]
fn malformed_lines_get_info_strings_and_the_engine_keeps_working() {
    let mut uci = Uci::start();
    let cases = [
        ("position fen this is not a fen", "bad FEN"),
        ("position startpos moves e2e4 e2e4", "move 2 'e2e4'"),
        ("position sideways", "expected 'startpos' or 'fen"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        ("setoption name Hash value lots", "option 'Hash' needs"),
        ("xyzzy plugh", "unknown command 'xyzzy'"),
    ];
    for (line, message) in cases {
        uci.send(line);
        let reply = uci.expect("info string");
        assert!(reply.last().unwrap().contains(message), "{line}: {reply:?}");
    }
    // A go is never refused: what cannot be read is said and left out, and the search answers (these have no
    // limit left, so they wait for stop).
    let go_cases = [
        ("go depth deep", "'depth' needs a number"),
        ("go nodes 12x", "'nodes' needs a number"),
        ("go wtime", "'wtime' needs a number"),
    ];
    for (line, message) in go_cases {
        uci.send(line);
        let reply = uci.expect("info string");
        assert!(reply.last().unwrap().contains(message), "{line}: {reply:?}");
        uci.send("stop");
        uci.best_move();
    }
    uci.send("position startpos moves e2e4");
    uci.send("go depth 3");
    let best = uci.best_move();
    let mut pos = Position::startpos();
    pos.make_move(parse_uci(&pos, "e2e4").unwrap());
    assert!(parse_uci(&pos, &best).is_ok());
}

#[test]
fn castling_follows_the_chess960_setting() {
    // Chess960, king on f1: O-O (king to g1, rook to f1, checking along the f-file) is the only mate in one.
    let fen = "4rkr1/4p1p1/8/8/8/1B6/8/5K1R w H - 0 1";
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Chess960 value true");
    uci.send(&format!("position fen {fen}"));
    uci.send("go depth 3");
    let lines = uci.expect("bestmove");
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1), Some("f1h1"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    // Standard chess: the same castling written as the king's two-square move.
    let mut uci = Uci::start();
    uci.send("position fen r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1 moves e1g1 e8c8");
    uci.send("go depth 1");
    let best = uci.best_move();
    assert!(!best.is_empty());
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Chess960 value true");
    uci.send("position fen nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1 moves g1f3 g8f6 g2g3 g7g6 f1h1");
    uci.send("isready");
    assert_eq!(uci.expect("readyok"), vec!["readyok"], "castling as king-takes-rook is accepted");
}

#[test]
fn end_of_input_lets_the_search_answer() {
    let text = transcript(&["position startpos", "go depth 4"], Duration::ZERO);
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
}

/// Runs `tabiya uci` on `lines` (`pause` after each), closes its input, checks it exits cleanly and returns
/// its output.
fn transcript(lines: &[&str], pause: Duration) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabiya"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(pause);
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `quit` while a search runs still gets that search's `bestmove` first (every `go` gets one), and the lines
/// after `quit` are not acted on.
#[test]
fn quit_during_a_search_answers_it_first() {
    let text = transcript(&["go nodes 500", "quit", "go depth 1"], Duration::ZERO);
    assert_eq!(text.lines().filter(|l| l.starts_with("bestmove ")).count(), 1, "{text}");
    let text = transcript(&["go infinite", "quit"], Duration::from_millis(300));
    assert_eq!(text.lines().filter(|l| l.starts_with("bestmove ")).count(), 1, "{text}");
}

/// A position with no move to search still gets a score before `bestmove (none)`: mate 0 for the mated side,
/// 0 for stalemate.
#[test]
fn mate_and_stalemate_at_the_root_get_a_score() {
    let mated = transcript(&["position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"], Duration::ZERO);
    assert!(mated.contains("info depth 0 score mate 0\nbestmove (none)"), "{mated}");
    let stalemate = transcript(&["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"], Duration::ZERO);
    assert!(stalemate.contains("info depth 0 score cp 0\nbestmove (none)"), "{stalemate}");
}

#[test]
fn garbage_bytes_do_not_crash_it() {
    let mut uci = Uci::start();
    uci.stdin.write_all(b"\xff\xfe garbage\n").unwrap();
    uci.send("go depth 2 depth");
    uci.send("position fen");
    uci.send("setoption name");
    uci.send("");
    uci.send("isready");
    uci.expect("readyok");
    uci.send("go depth 2");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

/// A line over the cap is refused whole, not acted on cut short (a cut `position … moves` would set another
/// position) and not held in memory; the lines after it are read as usual.
#[test]
fn an_overlong_line_is_ignored_with_an_info_string() {
    let mut uci = Uci::start();
    let moves = " e2e4 e7e5".repeat(120_000);
    uci.send(&format!("position startpos moves{moves}"));
    let lines = uci.expect("info string a line of more than");
    assert_eq!(lines.len(), 1, "{lines:?}");
    uci.send("position startpos moves e2e4");
    uci.send("go depth 2");
    let best = uci.best_move();
    let mut after = Position::startpos();
    after.make_move(parse_uci(&after, "e2e4").unwrap());
    assert!(parse_uci(&after, &best).is_ok(), "{best} is Black's move after 1. e4");
}

/// Reads lines until `n` bestmoves have come; returns their moves.
fn best_moves(uci: &mut Uci, n: usize) -> Vec<String> {
    (0..n).map(|_| uci.best_move()).collect()
}

/// Sends `isready` and checks that no `bestmove` is left over before `readyok`.
fn no_more_best_moves(uci: &mut Uci) {
    uci.send("isready");
    let lines = uci.expect("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "an extra bestmove: {lines:?}");
}

#[test]
fn a_huge_hash_is_refused_or_reduced_and_the_engine_goes_on() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 32768".to_string()), "{lines:?}");
    // More than the maximum is refused at once.
    uci.send("setoption name Hash value 65536");
    assert!(uci.expect("info string").last().unwrap().contains("1–32768, got '65536'"));
    // The maximum: taken where the machine has the memory, else the old table is kept (and an info string
    // says so); either way nothing is written to the table now, and the engine answers.
    uci.send("setoption name Hash value 32768");
    uci.send("isready");
    uci.expect("readyok");
    uci.send("position startpos");
    uci.send("go depth 4");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

#[test]
fn every_go_gets_one_bestmove_whatever_it_carries() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    // Each ends by itself: out-of-range numbers are clamped, not refused.
    for line in [
        "go wtime 99999999999999999999 btime 99999999999999999999 depth 3",
        "go wtime -5 btime -99999999999999999999999999999999999999999",
        "go depth -1",
        "go nodes -7",
        "go movetime 99999999999999999999 depth 2",
        "go movestogo 4294967296 wtime 500 btime 500",
        "go sideways depth 2",
    ] {
        uci.send(line);
        let best = uci.best_move();
        assert!(parse_uci(&Position::startpos(), &best).is_ok(), "{line}: {best}");
    }
    // These would think for ages: stop ends them.
    for line in ["go depth 99999999999", "go mate 4294967296", "go nodes 99999999999999999999999", "go depth"] {
        uci.send(line);
        uci.send("stop");
        let best = uci.best_move();
        assert!(parse_uci(&Position::startpos(), &best).is_ok(), "{line}: {best}");
    }
    no_more_best_moves(&mut uci);
}

#[test]
fn searchmoves_are_honoured() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go searchmoves a7a6 h7h6 depth 5");
    assert!(["a7a6", "h7h6"].contains(&uci.best_move().as_str()));
    // A move that is not legal there is said and left out; the rest still count.
    uci.send("go searchmoves g8h6 e2e4 nonsense depth 3");
    let lines = uci.expect("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info string go: searchmoves 'e2e4'")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info string go: searchmoves 'nonsense'")), "{lines:?}");
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1), Some("g8h6"), "{lines:?}");
    no_more_best_moves(&mut uci);
}

/// The Chess960 mate in one by castling (see `castling_follows_the_chess960_setting`).
const CASTLE_MATE_960: &str = "4rkr1/4p1p1/8/8/8/1B6/8/5K1R w H - 0 1";

#[test]
fn a_superseded_search_answers_in_its_own_positions_notation() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Chess960 value true");
    uci.send(&format!("position fen {CASTLE_MATE_960}"));
    uci.send("go infinite");
    uci.send("isready");
    uci.expect("readyok");
    // A new position (standard chess) and go before the first search has answered: its answer is the
    // castling written king-takes-rook, as in its own (Chess960) position.
    uci.send("setoption name UCI_Chess960 value false");
    uci.send("position startpos");
    uci.send("go depth 2");
    assert_eq!(best_moves(&mut uci, 2)[0], "f1h1");
    no_more_best_moves(&mut uci);
}

#[test]
fn position_newgame_and_setoption_during_a_search_keep_its_bestmove() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go infinite");
    uci.send("position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    uci.send("ucinewgame");
    uci.send("setoption name Hash value 2");
    uci.send("setoption name UCI_Chess960 value true");
    uci.send("isready");
    let lines = uci.expect("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "infinite waits for stop: {lines:?}");
    uci.send("stop");
    let best = uci.best_move();
    let mut pos = Position::startpos();
    pos.make_move(parse_uci(&pos, "e2e4").unwrap());
    assert!(parse_uci(&pos, &best).is_ok(), "{best} is Black's answer to e2e4");
    no_more_best_moves(&mut uci);
}

#[test]
fn three_hundred_go_and_stop_give_three_hundred_bestmoves_each_in_its_notation() {
    let mut uci = Uci::start();
    // All at once, as fast as the pipe takes them: the Chess960 castling mate and the standard start position
    // in turn, with options and new games between.
    let mut script = String::new();
    for i in 0..300 {
        if i % 2 == 0 {
            script += &format!("setoption name UCI_Chess960 value true\nposition fen {CASTLE_MATE_960}\n");
        } else {
            script += "setoption name UCI_Chess960 value false\nposition startpos\n";
        }
        if i % 10 == 0 {
            script += "ucinewgame\nsetoption name Hash value 1\n";
        }
        script += "go depth 30\nstop\n";
    }
    uci.stdin.write_all(script.as_bytes()).unwrap();
    uci.stdin.flush().unwrap();
    let moves = best_moves(&mut uci, 300);
    for (i, best) in moves.iter().enumerate() {
        if i % 2 == 0 {
            assert_eq!(best, "f1h1", "search {i}");
        } else {
            assert!(parse_uci(&Position::startpos(), best).is_ok(), "search {i}: {best}");
        }
    }
    no_more_best_moves(&mut uci);
}

#[test]
fn echoed_input_is_cleaned() {
    let mut uci = Uci::start();
    let hostile = [
        "xyzzy\u{1b}[2J\u{1b}]0;pwned\u{7}\u{202e}evil\u{200b}",
        "\u{202e}go depth 1",
        "setoption name \u{1b}[31mColour\u{202e} value red",
        "setoption name Hash value \u{1b}[5m",
        "position fen \u{1b}[2J 8/8 w - - 0 1",
        "position startpos moves e2e4 \u{202e}e7e5",
        "go \u{1b}[1A searchmoves e7e5\u{9b}2J depth 1",
    ];
    for line in hostile {
        uci.send(line);
    }
    uci.send("isready");
    let mut lines = uci.expect("readyok");
    lines.extend(uci.expect("bestmove"));
    let infos = lines.iter().filter(|l| l.starts_with("info string")).count();
    assert!(infos >= hostile.len(), "every hostile line is answered: {lines:?}");
    for line in &lines {
        let bad = |c: char| {
            c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}')
        };
        assert!(!line.chars().any(bad), "raw control or bidi character in {line:?}");
    }
    assert!(lines.iter().any(|l| l.contains("unknown command 'xyzzy[2J]0;pwnedevil'")), "{lines:?}");
}

/// The `info` lines of the deepest depth in `lines`, as (multipv, score in cp, first move).
fn last_depth_lines(lines: &[String]) -> Vec<(u32, i32, String)> {
    let field = |l: &str, key: &str| {
        let words: Vec<&str> = l.split_whitespace().collect();
        words.iter().position(|w| *w == key).map(|i| words[i + 1].to_string())
    };
    let infos: Vec<&String> =
        lines.iter().filter(|l| l.starts_with("info depth ") && !l.contains(" currmove ")).collect();
    let deepest = infos.iter().filter_map(|l| field(l, "depth")?.parse::<u32>().ok()).max().unwrap();
    infos
        .iter()
        .filter(|l| field(l, "depth").as_deref() == Some(deepest.to_string().as_str()))
        .map(|l| {
            let k = field(l, "multipv").expect("multipv").parse().unwrap();
            let cp = field(l, "cp").expect("a centipawn score").parse().unwrap();
            (k, cp, field(l, "pv").expect("a line"))
        })
        .collect()
}

#[test]
fn multipv_three_gives_three_lines_best_first_and_bestmove_is_line_one() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()), "{lines:?}");
    uci.send("setoption name MultiPV value 3");
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go depth 8");
    let lines = uci.expect("bestmove");
    let shape = lines.iter().find(|l| l.starts_with("info depth 8 ")).unwrap();
    assert!(shape.starts_with("info depth 8 seldepth ") && shape.contains(" multipv 1 score cp "), "{shape}");
    let last = last_depth_lines(&lines);
    assert_eq!(last.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3], "{lines:?}");
    assert!(last.windows(2).all(|w| w[0].1 >= w[1].1), "scores fall: {last:?}");
    assert!(last[0].2 != last[1].2 && last[1].2 != last[2].2 && last[0].2 != last[2].2, "{last:?}");
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1), Some(last[0].2.as_str()));
    // With searchmoves, the lines come from those moves only.
    uci.send("go depth 5 searchmoves a2a3 h2h3 b1c3 g1f3");
    let lines = uci.expect("bestmove");
    let last = last_depth_lines(&lines);
    assert_eq!(last.len(), 3, "{lines:?}");
    assert!(last.iter().all(|l| ["a2a3", "h2h3", "b1c3", "g1f3"].contains(&l.2.as_str())), "{last:?}");
}

#[test]
fn multipv_beyond_the_moves_there_are_gives_one_line_per_move() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 500");
    // Two legal moves: Kh2 and a4 (the rook on g8 holds g1 and g2).
    uci.send("position fen 6rk/8/8/p7/8/P7/8/7K w - - 0 1");
    uci.send("go depth 4");
    let lines = uci.expect("bestmove");
    assert!(lines.contains(&"info string MultiPV 500 is outside 1–256; using 256".to_string()), "{lines:?}");
    let last = last_depth_lines(&lines);
    assert_eq!(last.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2], "{lines:?}");
}

#[test]
fn multipv_one_output_keeps_its_shape() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 2");
    uci.send("setoption name MultiPV value 1");
    uci.send("position startpos");
    uci.send("go depth 5");
    let lines = uci.expect("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 5, "one line per depth: {lines:?}");
    for l in infos {
        let w: Vec<&str> = l.split_whitespace().collect();
        let keys = [w[0], w[1], w[3], w[5], w[6], w[8], w[10], w[12], w[14], w[16]];
        let want = ["info", "depth", "seldepth", "score", "cp", "nodes", "nps", "hashfull", "time", "pv"];
        assert_eq!(keys, want, "{l}");
        let hashfull: u32 = w[13].parse().unwrap();
        assert!(hashfull <= 1000, "{l}");
    }
}

#[test]
fn ponder_and_analyse_mode_are_declared() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.contains(&"option name Ponder type check default false".to_string()), "{lines:?}");
    assert!(lines.contains(&"option name UCI_AnalyseMode type check default false".to_string()), "{lines:?}");
}

#[test]
fn a_ponder_search_answers_only_after_ponderhit() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4 e7e5");
    // The depth is reached at once; a pondering engine must still keep its answer until told.
    uci.send("go ponder depth 3 wtime 1000 btime 1000");
    uci.expect("info depth 3");
    std::thread::sleep(Duration::from_millis(300));
    no_more_best_moves(&mut uci);
    uci.send("ponderhit");
    let best = uci.best_move();
    assert!(best.len() >= 4, "{best}");
    no_more_best_moves(&mut uci);
}

#[test]
fn a_ponder_search_runs_without_limit_until_ponderhit_then_keeps_to_the_clock() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    // 50 ms on the clock: a normal search would answer within it, a pondering one must not.
    uci.send("go ponder wtime 50 btime 50");
    std::thread::sleep(Duration::from_millis(500));
    no_more_best_moves(&mut uci);
    uci.send("ponderhit");
    uci.best_move();
    // And `stop` ends a ponder search too (the GUI's opponent did not play the pondered move).
    uci.send("go ponder wtime 50 btime 50");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("stop");
    uci.best_move();
    no_more_best_moves(&mut uci);
}

#[test]
fn a_long_search_names_the_root_move_it_is_searching_and_a_short_one_does_not() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go depth 2");
    let short = uci.expect("bestmove");
    assert!(!short.iter().any(|l| l.contains("currmove")), "{short:?}");
    uci.send("go movetime 2500");
    let lines = uci.expect("bestmove");
    let current: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!current.is_empty(), "no currmove in {lines:?}");
    let mut pos = Position::startpos();
    pos.make_move(parse_uci(&pos, "e2e4").unwrap());
    let moves = pos.legal_move_vec().len();
    for l in current {
        let words: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(&words[..2], ["info", "depth"], "{l}");
        assert_eq!((words[3], words[5]), ("currmove", "currmovenumber"), "{l}");
        assert!(parse_uci(&pos, words[4]).is_ok(), "{l}");
        let n: usize = words[6].parse().unwrap();
        assert!((1..=moves).contains(&n), "{l}");
    }
}

/// A Polyglot book with one entry: 1. d4 (weight 5) from the start position.
fn one_move_book(dir: &std::path::Path) -> std::path::PathBuf {
    let d2d4: u16 = 3 | 3 << 3 | 3 << 6 | 1 << 9;
    let mut bytes = 0x463b_9618_1691_fc9c_u64.to_be_bytes().to_vec();
    bytes.extend(d2d4.to_be_bytes());
    bytes.extend(5u16.to_be_bytes());
    bytes.extend(0u32.to_be_bytes());
    let path = dir.join("book.bin");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn own_book_answers_from_the_book_at_once_and_only_when_playing() {
    let dir = tempfile::tempdir().unwrap();
    let book = one_move_book(dir.path());
    let mut uci = Uci::start();
    uci.send("uci");
    let decl = uci.expect("uciok");
    assert!(decl.iter().any(|l| l == "option name OwnBook type check default false"), "{decl:?}");
    assert!(decl.iter().any(|l| l.starts_with("option name BookFile type string")), "{decl:?}");
    uci.send("setoption name BookFile value /nonexistent/book.bin");
    uci.send("isready");
    let said = uci.expect("readyok");
    assert!(said.iter().any(|l| l.starts_with("info string BookFile") && l.contains("no book")), "{said:?}");
    uci.send(&format!("setoption name BookFile value {}", book.display()));
    uci.send("position startpos");
    uci.send("go depth 1");
    let searched = uci.expect("bestmove");
    assert!(!searched.iter().any(|l| l.contains("book move")), "OwnBook is off: {searched:?}");
    uci.send("setoption name OwnBook value true");
    uci.send("go wtime 60000 btime 60000");
    let booked = uci.expect("bestmove");
    assert!(booked.iter().any(|l| l == "info string book move d2d4"), "{booked:?}");
    assert_eq!(booked.last().unwrap(), "bestmove d2d4");
    // Analysis is never from the book, nor is a position the book does not have.
    uci.send("go infinite");
    uci.send("stop");
    let infinite = uci.expect("bestmove");
    assert!(!infinite.iter().any(|l| l.contains("book move")), "{infinite:?}");
    uci.send("position startpos moves d2d4");
    uci.send("go depth 2");
    let out_of_book = uci.expect("bestmove");
    assert!(!out_of_book.iter().any(|l| l.contains("book move")), "{out_of_book:?}");
}

#[test]
fn two_threads_search_and_answer_with_a_legal_move_and_all_their_nodes() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.expect("uciok");
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()), "{lines:?}");
    uci.send("setoption name Threads value 2");
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 c7c5");
    uci.send("go movetime 500");
    let lines = uci.expect("bestmove");
    let info = lines.iter().rfind(|l| l.starts_with("info depth ") && l.contains(" nodes ")).expect("an info line");
    let field = |name: &str| {
        let words: Vec<&str> = info.split_whitespace().collect();
        let at = words.iter().position(|w| *w == name).unwrap_or_else(|| panic!("no {name} in {info}"));
        words[at + 1].parse::<u64>().unwrap()
    };
    assert!(field("nodes") > 0 && field("nps") > 0 && field("time") > 0, "{info}");
    let mut pos = Position::startpos();
    for m in ["e2e4", "c7c5"] {
        let mv = parse_uci(&pos, m).unwrap();
        pos.make_move(mv);
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&pos, best).is_ok(), "{best} is not legal");
    no_more_best_moves(&mut uci);
}

/// 256 threads on a machine with a few cores: the search uses as many as the machine runs at once, so the
/// main thread is not crowded out and `stop` is answered at once (before, 4 s on 2 cores).
#[test]
fn stop_is_prompt_with_the_most_threads() {
    let mut uci = Uci::start();
    uci.send("setoption name Threads value 256");
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    uci.send("stop");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
    // A few milliseconds when idle; the bound is generous for a loaded machine.
    assert!(asked.elapsed() < Duration::from_millis(1500), "bestmove {:?} after stop", asked.elapsed());
}

#[test]
fn threads_out_of_range_are_clamped_with_a_notice() {
    let mut uci = Uci::start();
    uci.send("setoption name Threads value 0");
    assert_eq!(uci.expect("info string").last().unwrap(), "info string Threads 0 is outside 1–256; using 1");
    uci.send("setoption name Threads value 999");
    // More threads than the machine runs at once are taken, and searches use as many as it runs.
    let machine = std::thread::available_parallelism().map_or(1, |n| n.get());
    let expected = if machine >= 256 {
        "info string Threads 999 is outside 1–256; using 256".to_string()
    } else {
        format!("info string Threads 999: this machine runs {machine} threads at once; searches use {machine}")
    };
    assert_eq!(uci.expect("info string").last().unwrap(), &expected);
    uci.send("setoption name Threads value 2");
    uci.send("position startpos");
    uci.send("go depth 5");
    assert!(parse_uci(&Position::startpos(), &uci.best_move()).is_ok());
}

/// However small the limit, the first iteration is finished: the answer comes with a searched move and a real
/// score (a search stopped inside depth 1 reported `score mate 0`, and `tabiya analyse --nodes 1` wrote `#0`).
#[test]
fn the_smallest_node_limit_still_gives_a_real_score_and_line() {
    let mut uci = Uci::start();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (position, fen) in [("position startpos", None), (&format!("position fen {kiwipete}")[..], Some(kiwipete))] {
        uci.send(position);
        uci.send("go nodes 1");
        let lines = uci.expect("bestmove");
        let info = lines.iter().find(|l| l.starts_with("info depth 1 ")).unwrap_or_else(|| panic!("{lines:?}"));
        assert!(info.contains(" score cp ") && info.contains(" pv "), "{info}");
        let pos = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).unwrap());
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(parse_uci(&pos, best).is_ok(), "{best}");
    }
}

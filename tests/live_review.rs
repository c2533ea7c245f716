//! Live and whole-game analysis on the review screen, headless with the built-in engine: toggling analysis
//! brings lines for the shown position and follows the user's steps; analysing the whole game marks a
//! planted blunder, the next-mistake key lands on it, and the panel and eval graph draw whole at small and
//! large sizes. Polls with a deadline; asserts nothing about speed.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabiya::game::FakeTime;
use tabiya::tui::action::{Action, Command, Dir};
use tabiya::tui::app::{App, AppOptions, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::review::ReviewState;
use tabiya::tui::views::screen;

const BLUNDER: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. d4 Qh4 4. Nxh4 *\n";

fn opened(pgn: &str, title: &str) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    config.analysis.game_movetime_ms = 200;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut a = App::new(config, keymap, None, options);
    a.open_review(title, pgn.as_bytes().to_vec(), None).unwrap();
    a
}

fn review(a: &App) -> &ReviewState {
    let Screen::Review(r) = &a.screen else { panic!("not reviewing") };
    r
}

/// Ticks until `done` holds, at most ten seconds.
fn until(a: &mut App, what: &str, done: impl Fn(&ReviewState) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        a.update(Action::Tick);
        if done(review(a)) {
            return;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}: {:?}", review(a).live.rows());
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn render(a: &mut App, w: u16, h: u16) -> Vec<String> {
    a.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| screen::draw(f, a)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect()).collect()
}

fn analysed_game() -> App {
    let mut a = opened(BLUNDER, "blunder.pgn");
    a.update(Action::Type('A'));
    until(&mut a, "the whole-game analysis", |r| r.analysis.done);
    a
}

#[test]
fn toggling_analysis_brings_lines_and_stepping_restarts_it() {
    let mut a = opened(BLUNDER, "g.pgn");
    for _ in 0..2 {
        a.update(Action::Cursor(Dir::Right));
    }
    a.update(Action::Command(Command::Evaluate));
    assert!(review(&a).live.is_on());
    until(&mut a, "lines", |r| !r.live.lines.is_empty());
    let legal_first =
        |r: &ReviewState| r.live.lines.iter().all(|l| l.moves.first().is_some_and(|&m| r.position().is_legal(m)));
    assert!(legal_first(review(&a)));
    // Step on: the old lines go at once, and the new ones belong to the new position (Black to move no more).
    a.update(Action::Cursor(Dir::Right));
    assert!(review(&a).live.lines.is_empty(), "stale lines dropped");
    until(&mut a, "lines for the new position", |r| !r.live.lines.is_empty());
    assert!(legal_first(review(&a)));
    // `a` turns it off again.
    a.update(Action::Type('a'));
    assert!(!review(&a).live.is_on());
    assert!(review(&a).live.rows().is_empty());
}

#[test]
fn whole_game_analysis_marks_the_blunder_and_n_jumps_to_it() {
    let mut a = analysed_game();
    let r = review(&a);
    assert_eq!(r.analysis.positions.len(), 8);
    assert_eq!(r.analysis.judgement(6), Some(tabiya::game::judgement::Judgement::Blunder));
    assert!(r.analysis.report.figures[0].is_some() && r.analysis.report.figures[1].is_some());
    let screen = render(&mut a, 120, 40).join("\n");
    assert!(screen.contains("Qh4??"), "blunder marked in the move list:\n{screen}");
    assert!(screen.contains("Accuracy: White"), "accuracy in the header:\n{screen}");
    a.update(Action::Type('n'));
    assert_eq!(review(&a).main_ply(), Some(6), "n lands on 3...Qh4");
}

#[test]
fn the_notes_say_what_the_analysis_found_for_the_shown_move() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut a = analysed_game();
        a.update(Action::Type('n'));
        let screen = render(&mut a, w, h).join("\n");
        let squashed: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        // Each side's accuracy stays whole in the header, even when the rows run short.
        assert!(squashed.contains("Accuracy: White") && squashed.contains("· Black"), "{w}x{h}:\n{screen}");
        assert!(squashed.contains("Engine: +") || squashed.contains("Engine: #"), "{w}x{h}:\n{screen}");
        assert!(squashed.contains("Blunder.") && squashed.contains("was best."), "{w}x{h}:\n{screen}");
        // The better line, numbered from Black's third move.
        assert!(squashed.contains("3... "), "{w}x{h}:\n{screen}");
        // Stepping to a move the analysis found no fault with shows its evaluation and no verdict.
        a.update(Action::Cursor(Dir::Left));
        let screen = render(&mut a, w, h).join("\n");
        let squashed: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squashed.contains("Engine: ") && !squashed.contains("was best."), "{w}x{h}:\n{screen}");
    }
}

#[test]
fn the_panel_and_graph_draw_whole_small_and_large() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut a = analysed_game();
        a.update(Action::Type('n'));
        a.update(Action::Type('a'));
        until(&mut a, "lines", |r| !r.live.lines.is_empty());
        let lines = render(&mut a, w, h);
        let screen = lines.join("\n");
        assert!(screen.contains("Engine (White's view)"), "{w}x{h}:\n{screen}");
        assert!(screen.contains("Game: analysed 8/8"), "{w}x{h}:\n{screen}");
        // A line's score and depth are never cut: `+1.23 d7  4. Nxh4 …`.
        let depth = |t: &str| t.len() >= 2 && t.starts_with('d') && t[1..].chars().all(|c| c.is_ascii_digit());
        // The line's row is the one where a depth is followed by a move number (a pawn move such
        // as `d5` elsewhere on the screen looks like a depth too); the score stands just before it.
        let move_number = |t: &str| t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && t.ends_with('.');
        let (at, tokens) = lines
            .iter()
            .find_map(|l| line_row(l, &depth, &move_number))
            .unwrap_or_else(|| panic!("no line row:\n{screen}"));
        let score = at.checked_sub(1).map(|i| tokens[i]).unwrap_or("");
        let whole = score.starts_with(['+', '-', '#']) && score.len() >= 2;
        assert!(whole, "score shown whole: {}", tokens.join(" "));
        assert!(lines.iter().any(|l| l.chars().any(|c| ('▁'..='█').contains(&c))), "eval graph drawn:\n{screen}");
    }
}

#[test]
fn the_analysed_game_is_saved_beside_its_file_never_over_one() {
    let dir = std::env::temp_dir().join(format!("tabiya-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("blunder.pgn");
    std::fs::write(&file, BLUNDER).unwrap();
    std::fs::write(dir.join("blunder-analysed.pgn"), "taken").unwrap();
    let mut a = opened(BLUNDER, &file.display().to_string());
    a.update(Action::Type('w'));
    assert!(review(&a).notice.as_deref().is_some_and(|n| n.contains("analyse the whole game first")));
    a.update(Action::Type('A'));
    until(&mut a, "the whole-game analysis", |r| r.analysis.done);
    a.update(Action::Type('w'));
    let notice = review(&a).notice.clone().unwrap_or_default();
    assert!(notice.contains("blunder-analysed-2.pgn"), "{notice}");
    assert_eq!(std::fs::read_to_string(dir.join("blunder-analysed.pgn")).unwrap(), "taken");
    let saved = std::fs::read_to_string(dir.join("blunder-analysed-2.pgn")).unwrap();
    assert!(saved.contains("Qh4 $4") && saved.contains("[WhiteAccuracy"), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Where on a screen row a live line starts: the index of its depth, which follows something like a score
/// (digits and signs, no letters: a SAN move such as `Bd3` before a pawn move `d5` is not one) and is followed
/// by a move number; with the row's tokens.
fn line_row<'a>(
    row: &'a str,
    depth: &dyn Fn(&str) -> bool,
    move_number: &dyn Fn(&str) -> bool,
) -> Option<(usize, Vec<&'a str>)> {
    let tokens: Vec<&str> = row.split_whitespace().collect();
    let score_like =
        |t: &str| t.chars().any(|c| c.is_ascii_digit()) && !t.ends_with('.') && !t.chars().any(char::is_alphabetic);
    tokens.windows(3).position(|w| score_like(w[0]) && depth(w[1]) && move_number(w[2])).map(|i| (i + 1, tokens))
}

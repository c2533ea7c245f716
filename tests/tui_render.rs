//! Render tests: each screen drawn into ratatui's `TestBackend`, compared line by line.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use tabiya::game::FakeTime;
use tabiya::tui::action::{Action, Command, MouseKind};
use tabiya::tui::app::Screen;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::{Config, PieceStyle};
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::screen;

fn app(config: Config) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let time = FakeTime::new();
    App::new(config, keymap, None, AppOptions { saves: None, notify: None, time: Some(Arc::new(time)) })
}

fn game(config: Config, time: &str, start: StartSpec) -> App {
    let mut app = app(config);
    let spec = NewGameSpec { white: PlayerSpec::Human, black: PlayerSpec::Human, time: time.parse().unwrap(), start };
    app.start_game(&spec).unwrap();
    app
}

fn render(app: &mut App, width: u16, height: u16) -> Vec<String> {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>().trim_end().to_string())
        .collect()
}

fn letters() -> Config {
    let mut c = Config::default();
    c.display.pieces = PieceStyle::Letters;
    c
}

fn press(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn contains(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

#[test]
fn play_screen_at_the_minimum_size() {
    let mut a = game(letters(), "5+3", StartSpec::Standard);
    let lines = render(&mut a, 51, 11);
    let expected = [
        "8  r  n  b  q  k  b  n  r    Black: Human",
        "7  p  p  p  p  p  p  p  p    5:00",
        "6",
        "5                            (no moves yet)",
        "4",
        "3",
        "2  P  P  P  P  P  P  P  P",
        "1  R  N  B  Q  K  B  N  R  ▶ White: Human",
        "   a  b  c  d  e  f  g  h    5:00",
        "White to move",
        "Move: type a move (e4, Nf3, e7e8q) · arrows + Enter",
    ];
    assert_eq!(lines, expected);
}

#[test]
fn play_screen_shows_moves_check_typed_text_and_errors() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    for m in ["e4", "f5", "Qh5"] {
        press(&mut a, m);
    }
    let lines = render(&mut a, 80, 24);
    assert!(contains(&lines, "1. e4       f5"), "{lines:#?}");
    assert!(contains(&lines, "2. Qh5+"), "{lines:#?}");
    assert!(contains(&lines, "Black to move — check!"), "{lines:#?}");
    assert!(contains(&lines, "no clock"));
    for c in "Ke7".chars() {
        a.update(Action::Type(c));
    }
    a.update(Action::Submit);
    let lines = render(&mut a, 80, 24);
    let input = lines.iter().find(|l| l.starts_with("Move: ")).unwrap();
    assert!(input.starts_with("Move: Ke7▏  "), "{input}");
    assert!(input.len() > "Move: Ke7▏  ".len(), "a reason follows: {input}");
}

#[test]
fn the_board_flips_and_grows_with_the_terminal() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    a.update(Action::Command(Command::Flip));
    let lines = render(&mut a, 51, 11);
    assert_eq!(lines[0], "1  R  N  B  K  Q  B  N  R  ▶ White: Human");
    assert!(lines[8].starts_with("   h  g  f  e  d  c  b  a"));
    let big = render(&mut a, 160, 50);
    // Squares 2h+1 wide and h tall: at 160×50 h is 5, so the first piece row is the third line.
    assert!(big[2].starts_with("1      R          N          B          K"), "{:#?}", &big[..4]);
}

#[test]
fn unicode_pieces_by_default() {
    let mut a = game(Config::default(), "untimed", StartSpec::Standard);
    let lines = render(&mut a, 51, 11);
    assert!(lines[0].starts_with("8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜"), "{}", lines[0]);
}

#[test]
fn too_small_terminals_get_a_message() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    for (w, h) in [(50, 11), (51, 10), (20, 5), (1, 1)] {
        let lines = render(&mut a, w, h);
        if h >= 3 {
            assert!(contains(&lines, "too small") || contains(&lines, "Terminal"), "{w}x{h}: {lines:#?}");
        }
    }
    let lines = render(&mut a, 40, 10);
    assert!(contains(&lines, "Terminal too small"));
    assert!(contains(&lines, "40×10 now, the board needs 51×11."), "{lines:#?}");
}

#[test]
fn clocks_turn_to_tenths_when_low() {
    let time = FakeTime::new();
    let mut config = letters();
    // The clock runs from the start, so that time passes before the first move.
    config.game.clock_starts = tabiya::tui::config::ClockStarts::AtOnce;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let mut a =
        App::new(config, keymap, None, AppOptions { saves: None, notify: None, time: Some(Arc::new(time.clone())) });
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: TimeControlSpec::Timed { base_ms: 12_000, increment_ms: 0 },
        start: StartSpec::Standard,
    };
    a.start_game(&spec).unwrap();
    time.advance_ms(4_350);
    let lines = render(&mut a, 51, 11);
    assert!(lines[8].ends_with("7.6 ◀"), "{}", lines[8]);
    assert!(lines[1].ends_with("0:12"), "{}", lines[1]);
}

#[test]
fn the_result_is_told_in_words() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    for m in ["f3", "e5", "g4", "Qh4"] {
        press(&mut a, m);
    }
    let lines = render(&mut a, 80, 24);
    assert!(contains(&lines, "Black wins by checkmate. Ctrl+O to review it, Ctrl+N for a new game."), "{lines:#?}");
}

#[test]
fn new_game_screen() {
    let mut a = app(letters());
    let lines = render(&mut a, 80, 24);
    assert!(contains(&lines, "tabiya — new game"));
    assert!(contains(&lines, "White             Human"));
    assert!(contains(&lines, "Black             Computer"));
    assert!(contains(&lines, "level           3 of 12"));
    assert!(contains(&lines, "Time control      10+5"));
    assert!(contains(&lines, "▶                   [ Start the game ]"));
}

#[test]
fn new_game_screen_previews_a_chess960_back_rank() {
    let mut a = app(letters());
    // Up past the bell row to the start row.
    a.update(Action::Cursor(tabiya::tui::action::Dir::Up));
    a.update(Action::Cursor(tabiya::tui::action::Dir::Up));
    a.update(Action::Cursor(tabiya::tui::action::Dir::Right));
    a.update(Action::Cursor(tabiya::tui::action::Dir::Right));
    a.update(Action::Cursor(tabiya::tui::action::Dir::Down));
    for c in "0".chars() {
        a.update(Action::Type(c));
    }
    let lines = render(&mut a, 80, 24);
    assert!(contains(&lines, "Chess960, number"), "{lines:#?}");
    assert!(contains(&lines, "0▏ BBQNNRKR"), "{lines:#?}");
}

#[test]
fn help_overlay_lists_every_command_key() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    a.update(Action::Command(Command::Help));
    let lines = render(&mut a, 100, 40);
    assert!(contains(&lines, "Help"));
    for key in ["Ctrl+Q", "Ctrl+N", "Ctrl+R", "Ctrl+D", "Ctrl+Z", "Ctrl+F", "Ctrl+S", "Ctrl+Y", "Ctrl+P", "F1"] {
        assert!(contains(&lines, key), "{key}: {lines:#?}");
    }
    assert!(contains(&lines, "type a move"));
}

#[test]
fn promotion_picker() {
    let mut a = game(letters(), "untimed", StartSpec::Fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".into()));
    a.dialog = Some(tabiya::tui::dialog::Dialog::promotion(Vec::new()));
    let lines = render(&mut a, 80, 24);
    assert!(contains(&lines, "Promote to"));
    assert!(contains(&lines, "Q queen  R rook  B bishop  N knight"), "{lines:#?}");
}

const PGN: &str = "[Event \"Evil\x1b]52;c;SGVsbG8=\x07 Open\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[White \"Ann\x1b[2J\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n\
    1. f3 {Weak\x1b[31m} e5 $1 (1... e6 2. g4 Qh4#) 2. g4?? Qh4# 0-1\n\n\
    [Event \"Second\"]\n[White \"Cy\"]\n[Black \"Di\"]\n[Result \"*\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n";

fn no_escape(lines: &[String]) {
    for l in lines {
        assert!(!l.chars().any(|c| c.is_control()), "control character on screen: {l:?}");
    }
}

#[test]
fn review_list_shows_games_without_control_characters() {
    let mut a = app(letters());
    a.open_review("games.pgn", PGN.as_bytes().to_vec(), None).unwrap();
    let lines = render(&mut a, 110, 12);
    no_escape(&lines);
    assert!(contains(&lines, "games.pgn — 2 games"));
    assert!(contains(&lines, "Ann [2J"), "{lines:#?}");
    assert!(contains(&lines, "0-1"));
    assert!(contains(&lines, "2024.01.02"));
    assert!(contains(&lines, "From position"));
}

#[test]
fn review_game_shows_moves_comments_nags_and_variations() {
    use tabiya::tui::action::Dir;
    let mut a = app(letters());
    a.open_review("games.pgn", PGN.as_bytes().to_vec(), Some(1)).unwrap();
    a.update(Action::Cursor(Dir::Right));
    a.update(Action::Cursor(Dir::Right));
    let lines = render(&mut a, 90, 30);
    no_escape(&lines);
    assert!(contains(&lines, "main · move 2 of 4"), "{lines:#?}");
    assert!(contains(&lines, "1... e5! — good move"), "{lines:#?}");
    assert!(contains(&lines, "1... e6 2. g4 Qh4#"), "{lines:#?}");
    assert!(contains(&lines, "White: Ann [2J"));
    assert!(contains(&lines, "1. f3¶    e5!↓"), "{lines:#?}");
    a.update(Action::Cursor(Dir::Left));
    let lines = render(&mut a, 90, 30);
    assert!(contains(&lines, "Weak [31m"), "{lines:#?}");
}

const ANNOTATED: &str = include_str!("data/review_annotated.pgn");

/// The annotated game at 8... O-O: a NAG, a long comment, a clock, and two variations, one nested.
fn at_castling(width: u16, height: u16) -> (App, Vec<String>) {
    let mut a = app(letters());
    a.open_review("annotated.pgn", ANNOTATED.as_bytes().to_vec(), None).unwrap();
    for _ in 0..16 {
        a.update(Action::Cursor(tabiya::tui::action::Dir::Right));
    }
    let lines = render(&mut a, width, height);
    no_escape(&lines);
    (a, lines)
}

/// Everything the notes of 8... O-O must show, whole.
const NOTES: [&str; 8] = [
    "8... O-O?! — dubious move",
    "THE-END-OF-COMMENT",
    "8... Bg4! pins the knight 9. d3",
    "9. h3 Bh5 10. d3 +=",
    "9... O-O",
    "8... Na5 9. Bc2 c5 10. d4 --",
    "threat",
    "11. dxe5",
];

#[test]
fn review_shows_all_the_notes_of_a_move_on_a_large_terminal() {
    let (_, lines) = at_castling(200, 60);
    for needle in NOTES {
        assert!(contains(&lines, needle), "{needle}: {lines:#?}");
    }
    for needle in ["GM Alpha (2700)", "Beta (2650)", "C88 Ruy Lopez", "round 4", "time control 300+2"] {
        assert!(contains(&lines, needle), "{needle}: {lines:#?}");
    }
    // The move list: glyphs, the comment and variation marks, the clock left and the time taken.
    assert!(contains(&lines, "O-O?!¶↓"), "{lines:#?}");
    assert!(contains(&lines, "4:50 +10s"), "clock left and time taken: {lines:#?}");
    assert!(contains(&lines, "4:01"), "{lines:#?}");
    assert!(contains(&lines, "main · move 16 of 46"), "{lines:#?}");
}

#[test]
fn review_notes_scroll_on_a_small_terminal_and_nothing_is_cut() {
    use tabiya::tui::action::Nav;
    let (mut a, first) = at_castling(80, 24);
    assert!(contains(&first, "▼"), "more below is marked: {first:#?}");
    let mut seen = first.join("\n");
    for _ in 0..10 {
        a.update(Action::Nav(Nav::PageDown));
        seen.push_str(&render(&mut a, 80, 24).join("\n"));
    }
    // Words are never cut, so each phrase of the notes is on one row or wrapped whole: compare word by word.
    let words: Vec<&str> = seen.split_whitespace().collect();
    let text = words.join(" ");
    for needle in NOTES {
        for word in needle.split_whitespace() {
            assert!(words.contains(&word), "{word} of {needle}: {text}");
        }
    }
    let last = render(&mut a, 80, 24);
    assert!(contains(&last, "11. dxe5") && !contains(&last, "▼"), "scrolled to the end: {last:#?}");
}

#[test]
fn review_mouse_wheel_scrolls_the_notes_and_a_click_enters_a_variation() {
    let (mut a, _) = at_castling(200, 60);
    let Screen::Review(r) = &a.screen else { panic!() };
    let l =
        tabiya::tui::views::review_layout::review(ratatui::layout::Rect::new(0, 0, 200, 60), true, false, r).unwrap();
    let lines = render(&mut a, 200, 60);
    let (row, col) = lines
        .iter()
        .enumerate()
        .find_map(|(y, line)| line.find("10. d3 +=").map(|x| (y, line[..x].chars().count())))
        .expect("the nested variation is shown");
    a.update(Action::Mouse { kind: MouseKind::Down, column: col as u16 + 1, row: row as u16 });
    let Screen::Review(r) = &a.screen else { panic!() };
    assert_eq!(r.breadcrumb(), "main › 8... Bg4! › 9. h3");
    assert_eq!(r.current().unwrap().san, "d3");
    a.update(Action::Mouse { kind: MouseKind::ScrollDown, column: l.notes.x + 1, row: l.notes.y + 1 });
    let Screen::Review(r) = &a.screen else { panic!() };
    assert_eq!(r.current().unwrap().san, "d3", "the wheel over the notes scrolls them, it does not step");
}

#[test]
fn help_fits_a_standard_80_by_24_terminal() {
    let mut a = game(letters(), "untimed", StartSpec::Standard);
    a.update(Action::Command(Command::Help));
    let lines = render(&mut a, 80, 24);
    let top = lines.iter().position(|l| l.contains("┌ Help · any key closes it ")).expect("the box's top");
    let bottom = lines.iter().rposition(|l| l.contains('└')).expect("the box's bottom");
    assert!(lines[top + 1].contains("Playing"), "{lines:#?}");
    assert!(lines[top + 1..bottom].iter().any(|l| l.contains("F3")), "the last command is shown: {lines:#?}");
    let chars = |l: &str| l.chars().collect::<Vec<char>>();
    let left = chars(&lines[top]).iter().position(|&c| c == '┌').unwrap();
    let right = chars(&lines[top]).iter().position(|&c| c == '┐').unwrap();
    for l in &lines[top + 1..bottom] {
        let c = chars(l);
        assert!(c.get(left) == Some(&'│') && c.get(right) == Some(&'│'), "cut: {l}");
    }
}

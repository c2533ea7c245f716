//! Premoves through the headless app: queued by typing or the mouse while the computer thinks, played the
//! instant it has moved (with no time off the person's clock), dropped with a note when illegal by then, and
//! cancelled by Esc, a right-click or a click on empty space. The computer is a fake whose answers the test
//! releases (so "while it thinks" is exact), and once the real built-in engine at level 1.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabiya::game::{Brain, BrainReport, FakeTime, ThinkRequest};
use tabiya::rules::{Color, Position, Role, Square, parse_uci};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::{layout, screen};

/// A computer that answers only when the test says so, with the moves the test wrote (UCI).
#[derive(Clone, Default)]
struct Held {
    state: Arc<Mutex<HeldState>>,
}

#[derive(Default)]
struct HeldState {
    script: Vec<&'static str>,
    asked: Option<(u64, Position)>,
    released: usize,
}

impl Held {
    fn new(script: &[&'static str]) -> Held {
        let h = Held::default();
        h.state.lock().unwrap().script = script.iter().rev().copied().collect();
        h
    }

    /// Lets the next answer through.
    fn release(&self) {
        self.state.lock().unwrap().released += 1;
    }
}

impl Brain for Held {
    fn think(&mut self, r: ThinkRequest) {
        let mut pos = r.start.clone();
        for &m in &r.moves {
            pos.make_move(m);
        }
        self.state.lock().unwrap().asked = Some((r.id, pos));
    }
    fn stop(&mut self) {}
    fn new_game(&mut self) {}
    fn try_recv(&mut self) -> Option<BrainReport> {
        let mut st = self.state.lock().unwrap();
        if st.released == 0 || st.asked.is_none() {
            return None;
        }
        st.released -= 1;
        let (id, pos) = st.asked.take()?;
        let text = st.script.pop().expect("the script has an answer");
        let best = Some(parse_uci(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}")));
        Some(BrainReport::BestMove { id, best })
    }
}

const W: u16 = 100;
const H: u16 = 30;

/// You against a held computer, on fake time; `you` is the colour you play.
fn game_against(you: Color, time: TimeControlSpec, start: StartSpec, script: &[&'static str]) -> (App, Held, FakeTime) {
    let clock = FakeTime::new();
    let mut config = Config::default();
    // These tests count clock time from the start, as over the board.
    config.game.clock_starts = tabiya::tui::config::ClockStarts::AtOnce;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(clock.clone())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: W, height: H });
    let (white, black) = match you {
        Color::White => (PlayerSpec::Human, PlayerSpec::Computer(Some(1))),
        Color::Black => (PlayerSpec::Computer(Some(1)), PlayerSpec::Human),
    };
    app.start_game(&NewGameSpec { white, black, time, start }).unwrap();
    let held = Held::new(script);
    app.play.as_mut().unwrap().game.set_brain(!you, Box::new(held.clone()));
    (app, held, clock)
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn type_move(app: &mut App, text: &str) {
    for c in text.chars() {
        let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char(c), mods)));
    }
    key(app, KeyCode::Enter);
}

fn mouse_at(app: &mut App, kind: MouseEventKind, (column, row): (u16, u16)) {
    app.handle_event(&Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
}

fn cell_of(app: &App, s: &str) -> (u16, u16) {
    let flipped = app.play.as_ref().unwrap().flipped;
    let l = layout::screen(Rect::new(0, 0, app.size.0, app.size.1), true, flipped).unwrap();
    let r = l.board.rect_of(Square::parse(s).unwrap());
    (r.x + r.width / 2, r.y + r.height / 2)
}

fn click(app: &mut App, s: &str) {
    let at = cell_of(app, s);
    mouse_at(app, MouseEventKind::Down(MouseButton::Left), at);
    mouse_at(app, MouseEventKind::Up(MouseButton::Left), at);
}

fn sans(app: &App) -> Vec<String> {
    app.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect()
}

fn premove_text(app: &App) -> Option<String> {
    app.play.as_ref().unwrap().game.premove().map(|p| p.text.clone())
}

fn notice(app: &App) -> Option<String> {
    app.play.as_ref().unwrap().notice.as_ref().map(|(t, _)| t.clone())
}

fn render(app: &mut App, width: u16, height: u16) -> ratatui::buffer::Buffer {
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn text_of(buf: &ratatui::buffer::Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height).map(|y| (0..a.width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>()).collect()
}

#[test]
fn a_typed_premove_is_played_the_instant_the_computer_moves_with_no_time_off_my_clock() {
    let tc = TimeControlSpec::Timed { base_ms: 180_000, increment_ms: 2_000 };
    let (mut app, computer, clock) = game_against(Color::White, tc, StartSpec::Standard, &["e7e5"]);
    clock.advance(Duration::from_secs(1));
    type_move(&mut app, "e4");
    // The computer thinks; what I type now is queued, not refused, and the line is free again.
    type_move(&mut app, "Nf3");
    assert_eq!(premove_text(&app).as_deref(), Some("Nf3"));
    let play = app.play.as_ref().unwrap();
    assert!(play.line.is_empty() && play.line.error().is_none(), "{:?}", play.line.error());
    assert_eq!(sans(&app), ["e4"]);
    let lines = text_of(&render(&mut app, W, H));
    assert!(lines.iter().any(|l| l.contains("premove Nf3")), "{lines:#?}");

    clock.advance(Duration::from_secs(5));
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    assert_eq!(premove_text(&app), None);
    let game = &app.play.as_ref().unwrap().game;
    let nf3 = &game.moves()[2];
    // The premove took no time and still earned the increment: 180 - 1 + 2 + 2.
    assert_eq!(nf3.spent, Duration::ZERO);
    assert_eq!(nf3.clock_after, Some(Duration::from_secs(183)));
    // The computer's five seconds came off its own clock only: 180 - 5 + 2.
    assert_eq!(game.moves()[1].clock_after, Some(Duration::from_secs(177)));
    assert_eq!(game.side_to_move(), Color::Black);
}

#[test]
fn a_clicked_recapture_aimed_at_an_empty_square_plays_when_the_piece_arrives() {
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &["d7d5"]);
    type_move(&mut app, "e4");
    click(&mut app, "e4");
    let targets = app.play.as_ref().unwrap().targets.clone();
    assert!(targets.contains(&Square::parse("d5").unwrap()), "{targets:?}");
    click(&mut app, "d5");
    assert_eq!(premove_text(&app).as_deref(), Some("e4d5"));
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["e4", "d5", "exd5"]);
}

#[test]
fn a_premove_illegal_by_then_is_dropped_with_a_one_line_note() {
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &["e7e5"]);
    type_move(&mut app, "e4");
    type_move(&mut app, "e4d5");
    assert_eq!(premove_text(&app).as_deref(), Some("e4d5"));
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(premove_text(&app), None);
    assert_eq!(notice(&app).as_deref(), Some("Premove e4d5 dropped: not legal after e5"));
    // Nothing else changed: it is my move, and a move plays as usual.
    type_move(&mut app, "Nf3");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
}

#[test]
fn a_promotion_premove_keeps_its_piece() {
    let start = StartSpec::Fen("k7/4P3/8/8/8/8/8/4K3 b - - 0 1".into());
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, start, &["a8a7"]);
    type_move(&mut app, "e7e8n");
    assert_eq!(premove_text(&app).as_deref(), Some("e8=N"));
    computer.release();
    app.update(Action::Tick);
    let game = &app.play.as_ref().unwrap().game;
    assert_eq!(game.moves()[1].mv.promotion(), Some(Role::Knight));
    assert_eq!(sans(&app), ["Ka7", "e8=N"]);
}

#[test]
fn a_mouse_premove_asks_for_the_promotion_piece_and_queues_the_one_chosen() {
    let start = StartSpec::Fen("k7/4P3/8/8/8/8/8/4K3 b - - 0 1".into());
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, start, &["a8b8"]);
    app.config.game.auto_queen = false;
    click(&mut app, "e7");
    click(&mut app, "e8");
    assert!(app.dialog.is_some(), "the promotion picker opens");
    app.update(Action::Type('r'));
    assert_eq!(premove_text(&app).as_deref(), Some("e8=R+"));
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["Kb8", "e8=R+"]);
}

#[test]
fn esc_cancels_the_premove() {
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &["e7e5"]);
    type_move(&mut app, "e4");
    type_move(&mut app, "Nf3");
    assert!(premove_text(&app).is_some());
    key(&mut app, KeyCode::Esc);
    assert_eq!(premove_text(&app), None);
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["e4", "e5"], "nothing was played for me");
}

#[test]
fn a_right_click_cancels_the_premove() {
    let (mut app, computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &["e7e5"]);
    type_move(&mut app, "e4");
    click(&mut app, "g1");
    click(&mut app, "f3");
    assert_eq!(premove_text(&app).as_deref(), Some("Nf3"));
    let at = cell_of(&app, "a1");
    mouse_at(&mut app, MouseEventKind::Down(MouseButton::Right), at);
    assert_eq!(premove_text(&app), None);
    computer.release();
    app.update(Action::Tick);
    assert_eq!(sans(&app), ["e4", "e5"]);
}

#[test]
fn a_click_on_an_empty_square_that_is_not_a_target_cancels_the_premove() {
    let (mut app, _computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &[]);
    type_move(&mut app, "e4");
    type_move(&mut app, "Nf3");
    click(&mut app, "d4");
    assert_eq!(premove_text(&app), None);
    // With a piece held, a square it cannot reach lets go of it and cancels too.
    type_move(&mut app, "Nf3");
    click(&mut app, "b1");
    click(&mut app, "b5");
    assert_eq!(premove_text(&app), None);
    assert_eq!(app.play.as_ref().unwrap().selected, None);
}

#[test]
fn premove_squares_are_marked_at_80x24() {
    let (mut app, _computer, _) = game_against(Color::White, TimeControlSpec::Untimed, StartSpec::Standard, &[]);
    type_move(&mut app, "e4");
    let before = render(&mut app, 80, 24);
    type_move(&mut app, "Nf3");
    let buf = render(&mut app, 80, 24);
    let l = layout::screen(Rect::new(0, 0, 80, 24), true, false).unwrap();
    let premove_bg = app.theme.premove.bg;
    assert!(premove_bg.is_some());
    for s in ["g1", "f3"] {
        let r = l.board.rect_of(Square::parse(s).unwrap());
        for (x, y) in [(r.x, r.y), (r.right() - 1, r.bottom() - 1)] {
            assert_eq!(buf[(x, y)].bg, premove_bg.unwrap(), "{s} is marked");
            assert_ne!(before[(x, y)].bg, buf[(x, y)].bg, "{s} was not marked before");
        }
    }
    // The knight is still drawn on its square, and the status line says what is queued.
    let g1 = l.board.rect_of(Square::parse("g1").unwrap());
    assert_ne!(buf[(g1.x + g1.width / 2, g1.y + g1.height / 2)].symbol(), " ");
    let lines = text_of(&buf);
    assert!(lines.iter().any(|l| l.contains("premove Nf3 (Esc cancels)")), "{lines:#?}");
    // No other square took the colour.
    let marked = Square::all()
        .filter(|&s| {
            let r = l.board.rect_of(s);
            buf[(r.x, r.y)].bg == premove_bg.unwrap()
        })
        .count();
    assert_eq!(marked, 2);
}

#[test]
fn a_premove_against_the_built_in_engine_at_level_1() {
    let mut config = Config::default();
    // These tests count clock time from the start, as over the board.
    config.game.clock_starts = tabiya::tui::config::ClockStarts::AtOnce;
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let mut app = App::new(config, keymap, None, AppOptions::default());
    app.update(Action::Resize { width: W, height: H });
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Computer(Some(1)),
        time: TimeControlSpec::Untimed,
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    type_move(&mut app, "e4");
    // Nc3 is legal whatever Black answers on its first move.
    type_move(&mut app, "Nc3");
    let deadline = Instant::now() + Duration::from_secs(60);
    while sans(&app).len() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        app.update(Action::Tick);
    }
    let moves = sans(&app);
    // The engine at level 1 may already have answered Nc3 within the same tick, so a fourth move is fine.
    assert!(moves.len() >= 3, "{moves:?} {:?}", notice(&app));
    assert_eq!(moves[2], "Nc3");
    assert_eq!(app.play.as_ref().unwrap().game.moves()[2].color, Color::White);
}

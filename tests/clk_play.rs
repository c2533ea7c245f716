//! Issue 13 items 7–9 through the headless app: clocks that wait for each side's first move (or run at once),
//! the delay and the moves to go on the clock line, the opponent's move said and marked, the computer's
//! thinking shown, and a Chess960 game's number on screen and in its PGN. Time is faked throughout.

mod common_game;

use common_game::Scripted;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabiya::game::{Brain, BrainReport, EngineScore, FakeTime, GameController, ThinkRequest, TimeSource};
use tabiya::rules::Color;
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::{ClockStarts, Config};
use tabiya::tui::event_loop::next_tick;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec};
use tabiya::tui::views::{play, screen};

fn app(config: Config, time: &FakeTime) -> App {
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(time.clone())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: 80, height: 24 });
    app
}

fn start(app: &mut App, black: PlayerSpec, time: &str, start: StartSpec) {
    let spec = NewGameSpec { white: PlayerSpec::Human, black, time: time.parse().unwrap(), start };
    app.start_game(&spec).unwrap();
}

fn at_once() -> Config {
    let mut c = Config::default();
    c.game.clock_starts = ClockStarts::AtOnce;
    c
}

fn game(app: &App) -> &GameController {
    &app.play.as_ref().unwrap().game
}

fn type_move(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn clock(app: &App, color: Color) -> Duration {
    game(app).clock(color).unwrap()
}

fn render(app: &mut App) -> Vec<String> {
    let (w, h) = app.size;
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>().trim_end().to_string())
        .collect()
}

fn status(app: &App) -> String {
    play::status_text(app, app.play.as_ref().unwrap()).0
}

fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[test]
fn by_default_no_clock_runs_until_each_side_has_moved() {
    let time = FakeTime::new();
    let mut app = app(Config::default(), &time);
    start(&mut app, PlayerSpec::Human, "5+3", StartSpec::Standard);
    time.advance(s(30));
    app.update(Action::Tick);
    assert_eq!(clock(&app, Color::White), s(300));
    // Nothing will change on screen by itself: the loop sleeps.
    assert_eq!(next_tick(&app), None);
    type_move(&mut app, "e4");
    // White's first move took nothing and earned no increment; Black's clock does not run either.
    assert_eq!(clock(&app, Color::White), s(300));
    time.advance(s(45));
    assert_eq!(clock(&app, Color::Black), s(300));
    assert_eq!(game(&app).flag_deadline(), None);
    type_move(&mut app, "e5");
    // Both have moved: White's clock runs now, and increments are earned from here.
    time.advance(s(10));
    assert_eq!(clock(&app, Color::White), s(290));
    type_move(&mut app, "Nf3");
    assert_eq!(clock(&app, Color::White), s(293));
    time.advance(s(4));
    assert_eq!(clock(&app, Color::Black), s(296));
    assert_eq!(game(&app).moves()[0].spent, s(30));
}

#[test]
fn at_once_runs_whites_clock_from_the_start() {
    let time = FakeTime::new();
    let mut app = app(at_once(), &time);
    start(&mut app, PlayerSpec::Human, "5+3", StartSpec::Standard);
    time.advance(s(10));
    assert_eq!(clock(&app, Color::White), s(290));
    assert!(next_tick(&app).is_some());
    type_move(&mut app, "e4");
    assert_eq!(clock(&app, Color::White), s(293));
}

#[test]
fn the_delay_counts_down_and_the_moves_to_go_show_at_80x24() {
    let time = FakeTime::new();
    let mut app = app(at_once(), &time);
    start(&mut app, PlayerSpec::Human, "40/90d5,30", StartSpec::Standard);
    time.advance(Duration::from_millis(1200));
    app.update(Action::Tick);
    let lines = render(&mut app);
    let white = lines.iter().find(|l| l.contains("1:30:00 ◀")).unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(white.contains("delay 4s") && white.contains("40 to go"), "{white}");
    // The loop wakes when the delay's figure changes, not every few milliseconds.
    assert_eq!(next_tick(&app), Some(Duration::from_millis(802)));
    let black = lines.iter().find(|l| l.contains("1:30:00") && !l.contains('◀')).unwrap();
    assert!(black.contains("40 to go") && !black.contains("delay"), "{black}");
    time.advance(Duration::from_millis(4800));
    let lines = render(&mut app);
    let white = lines.iter().find(|l| l.contains('◀')).unwrap();
    assert!(white.contains("1:29:59") && !white.contains("delay"), "{white}");
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    let lines = render(&mut app);
    assert!(lines.iter().any(|l| l.contains("39 to go")), "{lines:#?}");
}

/// A computer that reports a depth at once and moves only when released.
#[derive(Clone, Default)]
struct Thinker {
    ready: Arc<Mutex<VecDeque<BrainReport>>>,
    held: Arc<Mutex<VecDeque<BrainReport>>>,
}

impl Thinker {
    fn release(&self) {
        let held: Vec<_> = self.held.lock().unwrap().drain(..).collect();
        self.ready.lock().unwrap().extend(held);
    }
}

impl Brain for Thinker {
    fn think(&mut self, r: ThinkRequest) {
        let mut pos = r.start.clone();
        for &m in &r.moves {
            pos.make_move(m);
        }
        let info = BrainReport::Info { id: r.id, depth: 12, multipv: 1, score: Some(EngineScore::Cp(20)), pv: vec![] };
        self.ready.lock().unwrap().push_back(info);
        let best = pos.legal_move_vec().first().copied();
        self.held.lock().unwrap().push_back(BrainReport::BestMove { id: r.id, best });
    }
    fn stop(&mut self) {}
    fn new_game(&mut self) {}
    fn try_recv(&mut self) -> Option<BrainReport> {
        self.ready.lock().unwrap().pop_front()
    }
}

fn against(config: Config, time: &FakeTime, brain: Box<dyn Brain>) -> App {
    let mut app = app(config, time);
    start(&mut app, PlayerSpec::Computer(Some(1)), "untimed", StartSpec::Standard);
    app.play.as_mut().unwrap().game.set_brain(Color::Black, brain);
    app
}

#[test]
fn the_engines_move_is_said_and_marked_for_a_moment() {
    let time = FakeTime::new();
    let thinker = Thinker::default();
    let mut app = against(Config::default(), &time, Box::new(thinker.clone()));
    type_move(&mut app, "e4");
    app.update(Action::Tick);
    assert_eq!(status(&app), "Black to move · thinking… depth 12");
    thinker.release();
    app.update(Action::Tick);
    let san = game(&app).last_move().unwrap().san.clone();
    assert_eq!(status(&app), format!("Black played {san} · White to move"));
    // The move is marked strongly for about a second, and the loop wakes once to take the mark away.
    let marked = app.move_flash.squares(time.now());
    assert_eq!(marked, app.play.as_ref().unwrap().last_move_squares());
    assert_eq!(next_tick(&app), Some(Duration::from_millis(1002)));
    time.advance(Duration::from_millis(1000));
    assert_eq!(app.move_flash.squares(time.now()), None);
    assert_eq!(next_tick(&app), None);
    // Your own move is neither said nor marked.
    type_move(&mut app, "d4");
    assert_eq!(app.move_flash.squares(time.now()), None);
    assert!(status(&app).starts_with("Black to move"), "{}", status(&app));
}

#[test]
fn thinking_is_not_shown_when_turned_off_and_the_bell_follows_the_form() {
    let time = FakeTime::new();
    let mut config = Config::default();
    config.game.show_thinking = false;
    let thinker = Thinker::default();
    let mut app = against(config, &time, Box::new(thinker.clone()));
    type_move(&mut app, "e4");
    app.update(Action::Tick);
    assert_eq!(status(&app), "Black to move");
    // The new-game screen's bell row turns the bell on for the next games.
    app.update(Action::Command(tabiya::tui::action::Command::NewGame));
    let tabiya::tui::app::Screen::NewGame(form) = &mut app.screen else { panic!("no new-game screen") };
    form.focus = tabiya::tui::new_game::Field::Bell;
    app.update(Action::Cursor(tabiya::tui::action::Dir::Right));
    let lines = render(&mut app);
    assert!(lines.iter().any(|l| l.contains("Bell on move") && l.contains("on")), "{lines:#?}");
    app.update(Action::Submit);
    assert!(app.config.sound.bell_on_move);
    app.play.as_mut().unwrap().game.set_brain(Color::Black, Box::new(Scripted::auto()));
    app.take_output();
    type_move(&mut app, "e4");
    app.update(Action::Tick);
    assert_eq!(game(&app).moves().len(), 2);
    assert_eq!(app.take_output(), ["\x07"]);
}

#[test]
fn a_chess960_game_shows_its_number_and_writes_it_in_the_pgn() {
    let time = FakeTime::new();
    let mut app = app(Config::default(), &time);
    start(&mut app, PlayerSpec::Human, "untimed", StartSpec::Chess960(414));
    let lines = render(&mut app);
    assert!(lines.iter().any(|l| l.contains("Chess960 #414")), "{lines:#?}");
    type_move(&mut app, "e4");
    let pgn = game(&app).to_pgn();
    for tag in ["[Variant \"Chess960\"]", "[Chess960 \"414\"]", "[SetUp \"1\"]", "[FEN \"rqnnkbbr/"] {
        assert!(pgn.contains(tag), "{tag} missing: {pgn}");
    }
    // The tag reads back harmlessly, and the number survives it.
    let games = tabiya::game::pgn::read_games(pgn.as_bytes());
    let read = &games[0];
    assert_eq!(read.headers.get("Chess960"), Some("414"));
    assert!(read.is_chess960() && read.error.is_none());
}

#[test]
fn a_chess960_start_given_as_a_fen_is_numbered_too() {
    let time = FakeTime::new();
    let mut app = app(Config::default(), &time);
    // Start 0 (BBQNNRKR): its rooks are not on a and h, so its FEN can only be a Chess960 start.
    let fen = tabiya::rules::chess960::start_position(0).unwrap().to_fen();
    start(&mut app, PlayerSpec::Human, "untimed", StartSpec::Fen(fen));
    assert_eq!(game(&app).chess960_number(), Some(0));
    assert!(render(&mut app).iter().any(|l| l.contains("Chess960 #0")));
    start(&mut app, PlayerSpec::Human, "untimed", StartSpec::Standard);
    assert_eq!(game(&app).chess960_number(), None);
    assert!(!render(&mut app).iter().any(|l| l.contains("Chess960")));
}

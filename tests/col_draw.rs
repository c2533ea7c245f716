//! Draw offers as FIDE and lichess make them: an offer goes with a move (the draw key before the move, or
//! right after it), stands in the status line, is accepted with the draw key or declined by a move, and no
//! dialog ever takes the keyboard. Controller tests first, then the headless app at 80×24.

mod common_game;

use common_game::*;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{
    Brain, BrainReport, ControllerOptions, EndReason, EngineScore, FakeTime, GameCommand, GameController, GameEvent,
    GameSetup, PlayerKind, ThinkRequest, TimeControl,
};
use tabiya::rules::Color;
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config::Config;
use tabiya::tui::keymap::KeyMap;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::screen;

// ----- the controller -----

#[test]
fn an_offer_made_before_the_move_goes_with_it_and_a_move_declines_it() {
    let (mut g, t) = untimed();
    let events = g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    assert_eq!(events, vec![GameEvent::DrawOfferPending(Color::White)]);
    // Not before Black yet: it waits for White's move.
    assert_eq!((g.draw_offer(), g.pending_draw_offer()), (None, Some(Color::White)));
    assert!(matches!(g.apply(GameCommand::AcceptDraw(Color::Black)), Err(tabiya::game::GameError::NoDrawOffer)));
    let events = play(&mut g, &t, "e4", Duration::ZERO);
    assert!(events.contains(&GameEvent::DrawOffered(Color::White)), "{events:?}");
    assert_eq!((g.draw_offer(), g.pending_draw_offer()), (Some(Color::White), None));
    // Black declines by moving.
    let events = play(&mut g, &t, "e5", Duration::ZERO);
    assert!(events.contains(&GameEvent::DrawOfferLapsed));
    assert_eq!(g.draw_offer(), None);
    assert!(g.result().is_none());
}

#[test]
fn an_offer_made_right_after_the_move_stands_at_once_and_is_accepted() {
    let (mut g, t) = untimed();
    play(&mut g, &t, "e4", Duration::ZERO);
    let events = g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    assert_eq!(events, vec![GameEvent::DrawOffered(Color::White)]);
    // Offering twice is refused; the opponent offering back is agreement.
    assert!(g.apply(GameCommand::OfferDraw(Color::White)).is_err());
    g.apply(GameCommand::OfferDraw(Color::Black)).unwrap();
    assert_eq!(g.result().unwrap().reason, EndReason::Agreement);
}

#[test]
fn an_offer_is_withdrawn_before_or_after_its_move() {
    let (mut g, t) = untimed();
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    let events = g.apply(GameCommand::WithdrawDraw(Color::White)).unwrap();
    assert_eq!(events, vec![GameEvent::DrawOfferWithdrawn(Color::White)]);
    let events = play(&mut g, &t, "e4", Duration::ZERO);
    assert!(!events.iter().any(|e| matches!(e, GameEvent::DrawOffered(_))));
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    g.apply(GameCommand::WithdrawDraw(Color::White)).unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(g.apply(GameCommand::WithdrawDraw(Color::White)).is_err());
}

#[test]
fn a_takeback_cancels_an_offer_waiting_for_its_move() {
    let (mut g, t) = untimed();
    play(&mut g, &t, "e4 e5", Duration::ZERO);
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    g.apply(GameCommand::Takeback(Color::White)).unwrap();
    g.apply(GameCommand::AcceptTakeback(Color::Black)).unwrap();
    assert_eq!(g.pending_draw_offer(), None);
}

/// A computer player that reports `score` (its own view, centipawns) before each move.
#[derive(Clone)]
struct Scoring {
    score: i32,
    inner: Scripted,
}

impl Brain for Scoring {
    fn think(&mut self, r: ThinkRequest) {
        let id = r.id;
        self.inner.think(r);
        let info = BrainReport::Info { id, depth: 5, multipv: 1, score: Some(EngineScore::Cp(self.score)), pv: vec![] };
        self.inner.state.lock().unwrap().ready.push_front(info);
    }
    fn stop(&mut self) {}
    fn new_game(&mut self) {}
    fn try_recv(&mut self) -> Option<BrainReport> {
        self.inner.try_recv()
    }
}

fn against(score: i32) -> (GameController, FakeTime) {
    let time = FakeTime::new();
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::Engine { level: 1 })
        .with_time_control(TimeControl::untimed());
    let mut g = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time.clone()))).unwrap();
    g.set_brain(Color::Black, Box::new(Scoring { score, inner: Scripted::auto() }));
    (g, time)
}

#[test]
fn the_computer_answers_an_offer_made_with_a_move_by_its_score() {
    // Level with the person: it plays on.
    let (mut g, t) = against(0);
    play(&mut g, &t, "e4", Duration::ZERO);
    g.poll();
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    let events = play(&mut g, &t, "d4", Duration::ZERO);
    assert!(events.contains(&GameEvent::DrawOffered(Color::White)), "{events:?}");
    assert!(events.contains(&GameEvent::DrawDeclined(Color::Black)), "{events:?}");
    assert!(g.result().is_none());
    // Three pawns down by its own count: it takes the draw offered with the move.
    let (mut g, t) = against(-300);
    play(&mut g, &t, "e4", Duration::ZERO);
    g.poll();
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    play(&mut g, &t, "d4", Duration::ZERO);
    assert_eq!(g.result().unwrap().reason, EndReason::Agreement);
}

// ----- the app at one keyboard -----

fn two_people() -> App {
    let config = Config::default();
    let keymap = KeyMap::from_config(&config.keys).unwrap();
    let options = AppOptions { saves: None, notify: None, time: Some(Arc::new(FakeTime::new())) };
    let mut app = App::new(config, keymap, None, options);
    app.update(Action::Resize { width: 80, height: 24 });
    let spec = NewGameSpec {
        white: PlayerSpec::Human,
        black: PlayerSpec::Human,
        time: TimeControlSpec::Untimed,
        start: StartSpec::Standard,
    };
    app.start_game(&spec).unwrap();
    app
}

fn key(app: &mut App, code: KeyCode, mods: KeyModifiers) {
    app.handle_event(&Event::Key(KeyEvent::new(code, mods)));
}

fn ctrl_d(app: &mut App) {
    key(app, KeyCode::Char('d'), KeyModifiers::CONTROL);
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let mods = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        key(app, KeyCode::Char(c), mods);
    }
}

fn type_move(app: &mut App, text: &str) {
    type_text(app, text);
    key(app, KeyCode::Enter, KeyModifiers::NONE);
}

fn screen_lines(app: &App) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| screen::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..24).map(|y| (0..80).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>()).collect()
}

fn shows(app: &App, needle: &str) -> bool {
    screen_lines(app).iter().any(|l| l.contains(needle))
}

fn sans(app: &App) -> Vec<String> {
    app.play.as_ref().unwrap().game.moves().iter().map(|r| r.san.clone()).collect()
}

fn result(app: &App) -> Option<String> {
    app.play.as_ref().unwrap().game.result_text()
}

#[test]
fn the_draw_key_then_a_move_offers_and_the_draw_key_accepts_without_a_dialog() {
    let mut app = two_people();
    ctrl_d(&mut app);
    assert!(app.dialog.is_none());
    assert!(shows(&app, "White offers a draw with the next move (Ctrl+D withdraws it)"));
    type_move(&mut app, "e4");
    assert!(app.dialog.is_none());
    // Shown to Black in full at 80 columns; Black's keys still go to the move line.
    assert!(shows(&app, "White offers a draw: Ctrl+D accepts, a move declines"), "{:#?}", screen_lines(&app));
    type_text(&mut app, "e5");
    assert_eq!(app.play.as_ref().unwrap().line.text(), "e5");
    ctrl_d(&mut app);
    assert_eq!(result(&app).as_deref(), Some("Draw by agreement"));
}

#[test]
fn a_move_declines_the_offer_and_nothing_asks() {
    let mut app = two_people();
    ctrl_d(&mut app);
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert!(app.dialog.is_none());
    assert_eq!(app.play.as_ref().unwrap().game.draw_offer(), None);
    assert!(!shows(&app, "offers a draw"));
    assert_eq!(result(&app), None);
}

#[test]
fn a_typed_move_then_the_draw_key_plays_it_with_an_offer() {
    let mut app = two_people();
    type_text(&mut app, "e4");
    ctrl_d(&mut app);
    assert_eq!(sans(&app), ["e4"]);
    assert_eq!(app.play.as_ref().unwrap().game.draw_offer(), Some(Color::White));
    assert!(app.dialog.is_none());
    // A typed move that is refused takes its offer with it.
    let mut app2 = two_people();
    type_text(&mut app2, "e5");
    ctrl_d(&mut app2);
    let play = app2.play.as_ref().unwrap();
    assert!(play.game.moves().is_empty());
    assert_eq!((play.game.draw_offer(), play.game.pending_draw_offer()), (None, None));
    assert!(play.line.error().is_some());
}

#[test]
fn the_draw_key_pressed_again_withdraws_the_offer() {
    let mut app = two_people();
    ctrl_d(&mut app);
    ctrl_d(&mut app);
    assert!(shows(&app, "White withdraws the draw offer"));
    type_move(&mut app, "e4");
    assert_eq!(app.play.as_ref().unwrap().game.draw_offer(), None);
}

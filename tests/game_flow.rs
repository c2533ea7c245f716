//! Clocks through the controller, draw offers, takebacks (restoring clocks), and computer players with
//! scripted answers (including stale ones), all on fake time.

mod common_game;

use common_game::*;
use std::sync::Arc;
use std::time::Duration;
use tabiya::game::{
    ControllerOptions, EndReason, FakeTime, GameCommand, GameController, GameError, GameEvent, GameSetup, PlayerKind,
    TimeControl,
};
use tabiya::rules::Color;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn clocks_count_down_for_the_side_to_move_and_keep_every_move_time() {
    let (mut g, t) = people(TimeControl::fischer(secs(300), secs(3)), tabiya::game::StartPosition::Standard);
    t.advance(ms(2_500));
    assert_eq!(g.clock(Color::White), Some(ms(297_500)));
    g.apply(GameCommand::MoveText("e4".into())).unwrap();
    assert_eq!(g.clock(Color::White), Some(ms(300_500)));
    t.advance(secs(7));
    assert_eq!(g.clock(Color::Black), Some(secs(293)));
    g.apply(GameCommand::MoveText("e5".into())).unwrap();
    let spent: Vec<Duration> = g.moves().iter().map(|m| m.spent).collect();
    assert_eq!(spent, vec![ms(2_500), secs(7)]);
    assert_eq!(g.moves()[1].clock_after, Some(secs(296)));
    assert!(g.to_pgn().contains("1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:04:56]}"), "{}", g.to_pgn());
}

#[test]
fn takeback_between_people_needs_acceptance_and_restores_the_clocks() {
    let (mut g, t) = people(TimeControl::fischer(secs(60), secs(0)), tabiya::game::StartPosition::Standard);
    play(&mut g, &t, "e4 e5", secs(5));
    t.advance(secs(4));
    let before = (g.clock(Color::White), g.clock(Color::Black));
    assert_eq!(before, (Some(secs(51)), Some(secs(55))));
    assert_eq!(g.apply(GameCommand::Takeback(Color::Black)).unwrap(), vec![GameEvent::TakebackRequested(Color::Black)]);
    assert!(matches!(g.apply(GameCommand::AcceptTakeback(Color::Black)), Err(GameError::OwnRequest(_))));
    g.apply(GameCommand::AcceptTakeback(Color::White)).unwrap();
    assert_eq!(g.san_list(), vec!["e4"]);
    assert_eq!(g.side_to_move(), Color::Black);
    // Black's clock shows what it showed when e4 was played; White's is as after e4.
    assert_eq!((g.clock(Color::White), g.clock(Color::Black)), (Some(secs(55)), Some(secs(60))));
    // A declined request changes nothing.
    g.apply(GameCommand::Takeback(Color::White)).unwrap();
    g.apply(GameCommand::DeclineTakeback(Color::Black)).unwrap();
    assert_eq!(g.san_list(), vec!["e4"]);
    assert!(matches!(g.apply(GameCommand::AcceptTakeback(Color::Black)), Err(GameError::NoTakebackRequest)));
}

#[test]
fn draw_offers_are_accepted_declined_or_lapse() {
    let (mut g, t) = untimed();
    play(&mut g, &t, "e4", Duration::ZERO);
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    let events = play(&mut g, &t, "e5", Duration::ZERO);
    assert!(events.contains(&GameEvent::DrawOfferLapsed));
    assert_eq!(g.draw_offer(), None);
    // White, to move, offers: the offer goes with White's next move.
    g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    assert_eq!(g.draw_offer(), None);
    play(&mut g, &t, "Nf3", Duration::ZERO);
    g.apply(GameCommand::DeclineDraw(Color::Black)).unwrap();
    assert!(g.result().is_none());
    assert!(matches!(g.apply(GameCommand::AcceptDraw(Color::Black)), Err(GameError::NoDrawOffer)));
    play(&mut g, &t, "Nc6", Duration::ZERO);
    g.apply(GameCommand::OfferDraw(Color::Black)).unwrap();
    g.apply(GameCommand::AcceptDraw(Color::White)).unwrap();
    assert_eq!(g.result().unwrap().reason, EndReason::Agreement);
}

fn against_computer(tc: TimeControl) -> (GameController, FakeTime, Scripted) {
    let time = FakeTime::new();
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::Engine { level: 1 }).with_time_control(tc);
    let mut g = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time.clone()))).unwrap();
    let brain = Scripted::default();
    g.set_brain(Color::Black, Box::new(brain.clone()));
    (g, time, brain)
}

#[test]
fn the_computer_answers_with_the_clocks_and_its_move_is_played() {
    let (mut g, t, brain) = against_computer(TimeControl::fischer(secs(60), secs(2)));
    t.advance(secs(3));
    let events = g.apply(GameCommand::MoveText("e4".into())).unwrap();
    assert!(events.contains(&GameEvent::Thinking(Color::Black)));
    assert_eq!(g.is_thinking(), Some(Color::Black));
    {
        let st = brain.state.lock().unwrap();
        let r = st.requests.last().unwrap();
        assert_eq!((r.wtime, r.btime, r.winc), (Some(secs(59)), Some(secs(60)), Some(secs(2))));
        assert_eq!(r.moves.len(), 1);
    }
    assert!(matches!(g.apply(GameCommand::MoveText("d4".into())), Err(GameError::NotAPerson(Color::Black))));
    t.advance(secs(1));
    brain.release();
    let events = g.poll();
    assert!(matches!(events.first(), Some(GameEvent::MovePlayed { ply: 2, color: Color::Black, .. })), "{events:?}");
    assert_eq!(g.moves()[1].spent, secs(1));
    assert_eq!(g.is_thinking(), None);
}

#[test]
fn takeback_against_the_computer_is_immediate_and_stale_answers_are_dropped() {
    let (mut g, t, brain) = against_computer(TimeControl::fischer(secs(60), secs(0)));
    play(&mut g, &t, "e4", secs(2));
    brain.release();
    g.poll();
    assert_eq!(g.moves().len(), 2);
    play(&mut g, &t, "d4", secs(3));
    assert_eq!(g.is_thinking(), Some(Color::Black));
    // Taken back while the computer thinks: only Ann's move goes; the answer in flight is now stale.
    let events = g.apply(GameCommand::Takeback(Color::White)).unwrap();
    assert!(events.contains(&GameEvent::TakenBack { plies: 1 }));
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.clock(Color::White), Some(secs(58)));
    brain.release();
    assert!(g.poll().is_empty(), "the stale answer is ignored");
    assert_eq!(g.moves().len(), 2);
    // With the computer's reply on the board, the pair goes.
    play(&mut g, &t, "Nf3", secs(1));
    brain.release();
    g.poll();
    assert_eq!(g.moves().len(), 4);
    g.apply(GameCommand::Takeback(Color::White)).unwrap();
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(g.clock(Color::White), Some(secs(58)));
}

#[test]
fn a_computer_declines_a_draw_it_has_no_reason_to_take() {
    let (mut g, t, _brain) = against_computer(TimeControl::untimed());
    play(&mut g, &t, "e4", Duration::ZERO);
    let events = g.apply(GameCommand::OfferDraw(Color::White)).unwrap();
    assert_eq!(events, vec![GameEvent::DrawOffered(Color::White), GameEvent::DrawDeclined(Color::Black)]);
    assert!(g.result().is_none());
}

#[test]
fn computer_against_computer_plays_to_the_end() {
    let time = FakeTime::new();
    let setup = GameSetup::new(PlayerKind::Engine { level: 1 }, PlayerKind::Engine { level: 1 })
        .with_start(tabiya::game::StartPosition::Fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1".into()));
    let mut g = GameController::new(setup, ControllerOptions::default().with_time(Arc::new(time.clone()))).unwrap();
    g.set_brain(Color::White, Box::new(Scripted::auto()));
    g.set_brain(Color::Black, Box::new(Scripted::auto()));
    for _ in 0..400 {
        g.poll();
        if g.is_over() {
            break;
        }
    }
    assert!(g.is_over(), "{:?}", g.san_list());
    assert!(matches!(g.apply(GameCommand::Takeback(Color::White)), Err(GameError::GameOver(_))));
}

#[test]
fn the_built_in_engine_plays_a_move_on_its_thread() {
    let time = FakeTime::new();
    let setup = GameSetup::new(PlayerKind::human("Ann"), PlayerKind::Engine { level: 1 });
    let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let w = Arc::clone(&woken);
    let notify: tabiya::game::Notifier = Arc::new(move || {
        w.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    });
    let mut options = ControllerOptions::default().with_time(Arc::new(time.clone())).with_notify(notify);
    options.untimed_movetime = Duration::from_millis(50);
    let mut g = GameController::new(setup, options).unwrap();
    g.apply(GameCommand::MoveText("e4".into())).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while g.moves().len() < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
        g.poll();
    }
    assert_eq!(g.moves().len(), 2, "the engine answered");
    assert!(woken.load(std::sync::atomic::Ordering::SeqCst) > 0, "the notifier was called");
}

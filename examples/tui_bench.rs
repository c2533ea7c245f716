//! Front-end speed: `cargo run --release --example tui_bench`.
//!
//! Prints medians of: drawing the play screen (ratatui `TestBackend`, a 40-move game, two sizes); start-up
//! to the first frame (configuration, app, a game against the computer with its engine thread, one draw);
//! a key press to the redrawn screen while the engine searches on its thread; and the resident memory after
//! start-up with the default settings (64 MiB engine hash).

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::time::{Duration, Instant};
use tabiya::tui::action::Action;
use tabiya::tui::app::{App, AppOptions};
use tabiya::tui::config;
use tabiya::tui::new_game::NewGameSpec;
use tabiya::tui::setup::{PlayerSpec, StartSpec, TimeControlSpec};
use tabiya::tui::views::screen;

const GAME: &str = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4 Ne2 Ne8 \
                    f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3 axb3 axb3";

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn app(white: PlayerSpec, black: PlayerSpec, time: TimeControlSpec) -> App {
    let loaded = config::load(Some(std::path::Path::new("/nonexistent")));
    let mut app = App::new(loaded.config, loaded.keymap, None, AppOptions::default());
    let spec = NewGameSpec { white, black, time, start: StartSpec::Standard };
    app.start_game(&spec).expect("game starts");
    app
}

fn draw_time(width: u16, height: u16) -> Duration {
    let mut app = app(PlayerSpec::Human, PlayerSpec::Human, "5+3".parse().expect("time control"));
    for san in GAME.split_whitespace() {
        for c in san.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    }
    assert_eq!(app.play.as_ref().map(|p| p.game.moves().len()), Some(40), "the benchmark game is legal");
    app.update(Action::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    let times = (0..2000)
        .map(|_| {
            let t = Instant::now();
            terminal.draw(|f| screen::draw(f, &app)).expect("draw");
            t.elapsed()
        })
        .collect();
    median(times)
}

fn startup_time() -> Duration {
    let times = (0..15)
        .map(|_| {
            let t = Instant::now();
            let mut app = app(PlayerSpec::Human, PlayerSpec::Computer(Some(8)), "5+3".parse().expect("tc"));
            app.update(Action::Resize { width: 100, height: 30 });
            let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("test backend");
            terminal.draw(|f| screen::draw(f, &app)).expect("draw");
            t.elapsed()
        })
        .collect();
    median(times)
}

/// A key typed into the move line and the frame drawn, while the computer (level 8, untimed: 2 s per move)
/// searches on its thread.
fn key_to_frame_while_searching() -> (Duration, Duration) {
    let mut app = app(PlayerSpec::Computer(Some(8)), PlayerSpec::Human, TimeControlSpec::Untimed);
    app.update(Action::Resize { width: 100, height: 30 });
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("test backend");
    let mut times = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1500) {
        let t = Instant::now();
        app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE)));
        app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE)));
        terminal.draw(|f| screen::draw(f, &app)).expect("draw");
        times.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(5));
    }
    let thinking = app.play.as_ref().and_then(|p| p.game.is_thinking()).is_some();
    assert!(thinking, "the engine was still searching during the measurement");
    let worst = *times.iter().max().expect("samples");
    (median(times), worst)
}

fn resident_memory() -> String {
    let _app = app(PlayerSpec::Human, PlayerSpec::Computer(None), "10+5".parse().expect("tc"));
    std::thread::sleep(Duration::from_millis(300));
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status.lines().find(|l| l.starts_with(name)).map_or("?".into(), |l| l[name.len()..].trim().to_string())
    };
    format!("VmRSS {} (peak {})", field("VmRSS:"), field("VmHWM:"))
}

fn main() {
    println!("draw play screen 100x30:          median {:?}", draw_time(100, 30));
    println!("draw play screen 200x60:          median {:?}", draw_time(200, 60));
    println!("start-up to first frame:          median {:?}", startup_time());
    let (key, worst) = key_to_frame_while_searching();
    println!("key to frame, engine searching:   median {key:?}, worst {worst:?}");
    println!("memory after start-up (defaults): {}", resident_memory());
}

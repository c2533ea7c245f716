//! Reviewing the game just played: the review key opens a finished game on the review screen at its last
//! move, Esc comes back to it, and a game still on is not opened. The play screen's foot offers the key once
//! the game is over. Its analysed copy is written beside the save folder, never into it.

mod common_app;

use common_app::{app_on_fake_time, screen_rows, start_untimed, type_moves};
use std::time::{Duration, Instant};
use tabiya::game::SaveStore;
use tabiya::tui::action::{Action, Command, Dir};
use tabiya::tui::app::{App, Screen};
use tabiya::tui::config::Config;
use tabiya::tui::setup::{PlayerSpec, StartSpec};

fn game() -> App {
    game_saved_in(None)
}

fn game_saved_in(saves: Option<SaveStore>) -> App {
    let mut config = Config::default();
    config.engine.hash_mb = 1;
    config.analysis.game_movetime_ms = 100;
    let mut app = app_on_fake_time(config, saves);
    start_untimed(&mut app, PlayerSpec::Human, PlayerSpec::Human, StartSpec::Standard);
    app
}

fn shown_fen(app: &App) -> String {
    let Screen::Review(r) = &app.screen else { panic!("not reviewing") };
    r.position().to_fen()
}

#[test]
fn a_finished_game_opens_for_review_at_its_last_move_and_esc_comes_back() {
    let mut app = game();
    type_moves(&mut app, "f3 e5 g4 Qh4#");
    let final_fen = app.play.as_ref().unwrap().game.position().to_fen();
    app.update(Action::Command(Command::Review));
    assert_eq!(shown_fen(&app), final_fen);
    // The whole game is there: four steps back is the start.
    (0..4).for_each(|_| app.update(Action::Cursor(Dir::Left)));
    assert_eq!(shown_fen(&app), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let lines = screen_rows(&mut app, 80, 24);
    assert!(lines.iter().any(|l| l.contains("Qh4#")), "{lines:#?}");
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Play));
    assert!(app.play.as_ref().unwrap().game.is_over());
}

#[test]
fn a_game_still_on_is_not_opened_for_review() {
    let mut app = game();
    type_moves(&mut app, "e4 e5");
    app.update(Action::Command(Command::Review));
    assert!(matches!(app.screen, Screen::Play));
    let lines = screen_rows(&mut app, 80, 24);
    assert!(lines.iter().any(|l| l.contains("reviewed once it is over")), "{lines:#?}");
}

#[test]
fn the_foot_offers_review_once_the_game_is_over() {
    for (w, h) in [(80, 24), (160, 50)] {
        let mut app = game();
        type_moves(&mut app, "e4 e5");
        let foot = screen_rows(&mut app, w, h).pop().unwrap();
        assert!(foot.contains("resign") && !foot.contains("review"), "{foot}");
        type_moves(&mut app, "Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let lines = screen_rows(&mut app, w, h);
        let foot = lines.last().unwrap();
        assert!(foot.contains("Ctrl+O review") && !foot.contains("resign"), "{foot}");
        assert!(lines.iter().any(|l| l.contains("White wins by checkmate. Ctrl+O to review it")), "{lines:#?}");
    }
}

/// Presses `A` and waits for the whole-game analysis to finish.
fn analyse_whole_game(app: &mut App) {
    app.update(Action::Type('A'));
    let deadline = Instant::now() + Duration::from_secs(20);
    while !matches!(&app.screen, Screen::Review(r) if r.analysis.done) {
        assert!(Instant::now() < deadline, "the whole-game analysis did not finish");
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_review_foot_shows_the_analysis_keys_at_80_columns() {
    let mut app = game();
    type_moves(&mut app, "f3 e5 g4 Qh4#");
    app.update(Action::Command(Command::Review));
    let foot = screen_rows(&mut app, 80, 24).pop().unwrap();
    for hint in ["←→ move", "a analyse", "A analyse game", "F1 help"] {
        assert!(foot.contains(hint), "{hint} missing: {foot}");
    }
    analyse_whole_game(&mut app);
    let foot = screen_rows(&mut app, 80, 24).pop().unwrap();
    assert!(foot.contains("n next mistake") && !foot.contains("A analyse game"), "{foot}");
    let foot = screen_rows(&mut app, 160, 50).pop().unwrap();
    assert!(foot.contains("w save analysed") && foot.contains("Enter play on"), "{foot}");
}

#[test]
fn the_analysed_copy_of_a_saved_game_goes_beside_the_save_folder() {
    let data = std::env::temp_dir().join(format!("tabiya-review-after-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut app = game_saved_in(Some(SaveStore::open(data.join("games")).unwrap()));
    type_moves(&mut app, "f3 e5 g4 Qh4#");
    app.update(Action::Command(Command::Review));
    analyse_whole_game(&mut app);
    app.update(Action::Type('w'));
    let Screen::Review(r) = &app.screen else { panic!("not reviewing") };
    let notice = r.notice.clone().unwrap_or_default();
    assert!(notice.contains("analysed") && notice.contains("-analysed.pgn"), "{notice}");
    let names = |dir: &str| -> Vec<String> {
        let entries = std::fs::read_dir(data.join(dir)).unwrap().filter_map(|e| e.ok());
        entries.filter(|e| e.path().is_file()).map(|e| e.file_name().to_string_lossy().into_owned()).collect()
    };
    let (games, analysed) = (names("games"), names("analysed"));
    assert_eq!(games.len(), 1, "only the game itself in the save folder: {games:?}");
    assert_eq!(analysed, [games[0].replace(".pgn", "-analysed.pgn")]);
    let saved = std::fs::read_to_string(data.join("analysed").join(&analysed[0])).unwrap();
    assert!(saved.contains("g4 $4") && saved.contains("[WhiteAccuracy"), "{saved}");
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn g_on_the_new_game_screen_lists_the_saved_games_and_esc_goes_back() {
    let data = std::env::temp_dir().join(format!("tabiya-saved-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut app = game_saved_in(Some(SaveStore::open(data.join("games")).unwrap()));
    app.update(Action::Command(Command::NewGame));
    app.update(Action::Type('g'));
    let Screen::NewGame(form) = &app.screen else { panic!("left the new-game screen with nothing to list") };
    assert!(form.error.as_deref().is_some_and(|e| e.starts_with("No saved games in")), "{:?}", form.error);
    app.update(Action::Cancel);
    type_moves(&mut app, "f3 e5 g4 Qh4#");
    // The game is written on a thread of its own, a save a move: wait for the last one, not the first.
    let deadline = Instant::now() + Duration::from_secs(10);
    let store = SaveStore::open(data.join("games")).unwrap();
    let fully_saved = |store: &SaveStore| store.list().unwrap().games.iter().any(|g| !g.in_progress && g.plies == 4);
    while !fully_saved(&store) {
        assert!(Instant::now() < deadline, "the game was never saved");
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(20));
    }
    app.update(Action::Command(Command::NewGame));
    let lines = screen_rows(&mut app, 80, 24);
    assert!(lines.iter().any(|l| l.contains("g saved games")), "{lines:#?}");
    app.update(Action::Type('g'));
    assert!(matches!(app.screen, Screen::List), "the list of saved games");
    assert!(screen_rows(&mut app, 80, 24).iter().any(|l| l.contains("Esc new game")));
    app.update(Action::Submit);
    let Screen::Review(r) = &app.screen else { panic!("not reviewing") };
    assert_eq!(r.game.tree.mainline.moves.len(), 4);
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::List));
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::NewGame(_)));
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn the_game_in_progress_is_listed_but_not_resumed_twice() {
    let data = std::env::temp_dir().join(format!("tabiya-saved-busy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let store = SaveStore::open(data.join("games")).unwrap();
    let mut app = game_saved_in(Some(store.clone()));
    type_moves(&mut app, "e4 e5");
    let deadline = Instant::now() + Duration::from_secs(10);
    while store.list().unwrap().games.is_empty() {
        assert!(Instant::now() < deadline, "the game was never saved");
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(20));
    }
    app.update(Action::Command(Command::NewGame));
    app.update(Action::Type('g'));
    assert!(matches!(app.screen, Screen::List));
    app.update(Action::Type('r'));
    assert!(matches!(app.screen, Screen::List));
    let lines = screen_rows(&mut app, 80, 24);
    assert!(lines.iter().any(|l| l.contains("That is the game in progress")), "{lines:#?}");
    app.update(Action::Cancel);
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Play));
    assert_eq!(app.play.as_ref().unwrap().game.position().fullmove_number(), 2);
    drop(app);
    std::fs::remove_dir_all(&data).unwrap();
}

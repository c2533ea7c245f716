//! The top of drawing: picks the screen, then the dialog over it. A pure function of the app state.

use super::layout;
use super::new_game::NewGameView;
use super::too_small::TooSmall;
use crate::tui::action::Command;
use crate::tui::app::{App, Screen};
use ratatui::Frame;
use ratatui::widgets::Widget;

pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match &app.screen {
        Screen::NewGame(form) => {
            let keys = [
                format!("{} help", app.keymap.hint(Command::Help)),
                format!("{} quit", app.keymap.hint(Command::Quit)),
            ];
            let more_keys = app.saved_games_hints();
            let view = NewGameView {
                form,
                pieces: app.config.display.pieces,
                theme: &app.theme,
                notice: app.startup_notice.as_deref(),
                keys: &keys,
                more_keys: &more_keys,
            };
            (&view).render(area, frame.buffer_mut());
        }
        Screen::Unfinished(screen) => super::unfinished::draw(area, frame.buffer_mut(), app, screen),
        Screen::List => {
            if let Some(list) = &app.list {
                super::review::draw_list(frame, app, list);
            }
        }
        Screen::Play | Screen::Review(_) => {
            let flipped = match &app.screen {
                Screen::Review(r) => r.flipped,
                _ => app.play.as_ref().is_some_and(|p| p.flipped),
            };
            let Some(l) = layout::screen(area, app.config.display.coordinates, flipped) else {
                let quit = app.keymap.hint(Command::Quit);
                let view = TooSmall {
                    needed: layout::minimum_size(app.config.display.coordinates),
                    quit: &quit,
                    theme: &app.theme,
                };
                (&view).render(area, frame.buffer_mut());
                return;
            };
            match &app.screen {
                Screen::Review(review) => super::review::draw_review(frame, app, review, &l),
                _ => {
                    if let Some(play) = &app.play {
                        super::play::draw(frame, app, play, &l);
                    }
                }
            }
        }
    }
    if let Some(dialog) = &app.dialog {
        super::dialogs::draw(area, frame.buffer_mut(), app, dialog);
    }
}

//! The new-game screen's state: each side (person, computer at a level, external engine), the time control
//! (presets or custom) and the start (standard, Chess960 random or by number with a preview, or a FEN).
//! and whether the bell rings on the opponent's moves. Up/Down choose a row, Left/Right change it, text rows
//! take typing, Enter starts.

use super::action::{Action, Dir};
use super::config::{Config, ExternalEngine};
use super::setup::{PRESETS, PlayerSpec, StartSpec, TimeControlSpec};
use crate::engine::MAX_LEVEL;
use crate::rules::{Position, Role, chess960};
use crate::text::clean;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerChoice {
    Human,
    Computer,
    /// An engine from the configuration's `[[engines]]`, by index.
    External(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    Standard,
    Chess960Random,
    Chess960Number,
    Fen,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    White,
    WhiteLevel,
    Black,
    BlackLevel,
    Time,
    CustomTime,
    Start,
    Number,
    Fen,
    Bell,
    Go,
}

/// What the user settled on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGameSpec {
    pub white: PlayerSpec,
    pub black: PlayerSpec,
    pub time: TimeControlSpec,
    pub start: StartSpec,
}

pub enum FormOutcome {
    Stay,
    Start(NewGameSpec),
    Cancel,
}

#[derive(Debug, Clone)]
pub struct NewGameForm {
    pub white: PlayerChoice,
    pub white_level: u8,
    pub black: PlayerChoice,
    pub black_level: u8,
    /// Index into `PRESETS`, or `PRESETS.len()` for custom.
    pub time_index: usize,
    pub custom_time: String,
    pub start: StartChoice,
    pub number: String,
    pub fen: String,
    pub focus: Field,
    pub error: Option<String>,
    pub engines: Vec<ExternalEngine>,
    /// Ring the terminal bell after each of the opponent's moves (`[sound] bell_on_move`, for this session).
    pub bell_on_move: bool,
}

impl NewGameForm {
    /// The form filled from the configuration's defaults (you White against the computer, as shipped).
    pub fn from_config(config: &Config) -> NewGameForm {
        let mut engines = config.engines.clone();
        let level = config.game.level;
        let mut choose = |spec: &PlayerSpec| match spec {
            PlayerSpec::Human => (PlayerChoice::Human, level),
            PlayerSpec::Computer(l) => (PlayerChoice::Computer, l.unwrap_or(level)),
            PlayerSpec::Uci(cmd) => {
                let i = engines.iter().position(|e| e.name == *cmd).unwrap_or_else(|| {
                    engines.push(ExternalEngine {
                        name: cmd.clone(),
                        command: cmd.clone(),
                        args: Vec::new(),
                        options: Default::default(),
                    });
                    engines.len() - 1
                });
                (PlayerChoice::External(i), level)
            }
        };
        let (white, white_level) = choose(&config.game.white);
        let (black, black_level) = choose(&config.game.black);
        let tc = config.game.time_control.clone();
        let time_index = PRESETS.iter().position(|p| *p == tc).unwrap_or(PRESETS.len());
        NewGameForm {
            white,
            white_level,
            black,
            black_level,
            time_index,
            custom_time: tc.to_string(),
            start: StartChoice::Standard,
            number: String::new(),
            fen: String::new(),
            focus: Field::Go,
            error: None,
            engines,
            bell_on_move: config.sound.bell_on_move,
        }
    }

    /// The rows shown, in order (level rows only for computers, text rows only when chosen).
    pub fn fields(&self) -> Vec<Field> {
        let mut f = vec![Field::White];
        if self.white == PlayerChoice::Computer {
            f.push(Field::WhiteLevel);
        }
        f.push(Field::Black);
        if self.black == PlayerChoice::Computer {
            f.push(Field::BlackLevel);
        }
        f.push(Field::Time);
        if self.time_index == PRESETS.len() {
            f.push(Field::CustomTime);
        }
        f.push(Field::Start);
        match self.start {
            StartChoice::Chess960Number => f.push(Field::Number),
            StartChoice::Fen => f.push(Field::Fen),
            _ => {}
        }
        f.push(Field::Bell);
        f.push(Field::Go);
        f
    }

    pub fn handle(&mut self, action: &Action) -> FormOutcome {
        match action {
            Action::Cursor(Dir::Up) => self.move_focus(-1),
            Action::Cursor(Dir::Down) | Action::Tab => self.move_focus(1),
            Action::Cursor(Dir::Left) => self.change(-1),
            Action::Cursor(Dir::Right) => self.change(1),
            Action::Type(c) => self.type_char(*c),
            Action::Backspace => {
                if let Some(text) = self.text_mut() {
                    text.pop();
                }
            }
            Action::Select | Action::Submit => {
                return match self.build() {
                    Ok(spec) => FormOutcome::Start(spec),
                    Err(e) => {
                        self.error = Some(e);
                        FormOutcome::Stay
                    }
                };
            }
            Action::Cancel => return FormOutcome::Cancel,
            _ => {}
        }
        FormOutcome::Stay
    }

    fn move_focus(&mut self, delta: isize) {
        let fields = self.fields();
        let i = fields.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        let n = fields.len() as isize;
        self.focus = fields[((i + delta).rem_euclid(n)) as usize];
    }

    fn change(&mut self, delta: isize) {
        self.error = None;
        let players = 2 + self.engines.len();
        let cycle = |i: usize, n: usize| ((i as isize + delta).rem_euclid(n as isize)) as usize;
        match self.focus {
            Field::White => self.white = player_from_index(cycle(player_index(self.white), players)),
            Field::Black => self.black = player_from_index(cycle(player_index(self.black), players)),
            Field::WhiteLevel => {
                self.white_level = (self.white_level as isize + delta).clamp(1, MAX_LEVEL as isize) as u8
            }
            Field::BlackLevel => {
                self.black_level = (self.black_level as isize + delta).clamp(1, MAX_LEVEL as isize) as u8
            }
            Field::Time => self.time_index = cycle(self.time_index, PRESETS.len() + 1),
            Field::Start => {
                let all =
                    [StartChoice::Standard, StartChoice::Chess960Random, StartChoice::Chess960Number, StartChoice::Fen];
                let i = all.iter().position(|s| *s == self.start).unwrap_or(0);
                self.start = all[cycle(i, all.len())];
            }
            Field::Number => {
                let n = self.number.trim().parse::<i32>().unwrap_or(518);
                self.number = (n + delta as i32).rem_euclid(960).to_string();
            }
            Field::Bell => self.bell_on_move = !self.bell_on_move,
            _ => {}
        }
    }

    fn text_mut(&mut self) -> Option<&mut String> {
        match self.focus {
            Field::CustomTime => Some(&mut self.custom_time),
            Field::Number => Some(&mut self.number),
            Field::Fen => Some(&mut self.fen),
            _ => None,
        }
    }

    fn type_char(&mut self, c: char) {
        self.error = None;
        if let Some(text) = self.text_mut()
            && text.chars().count() < 100
            && !c.is_control()
        {
            text.push(c);
        }
    }

    /// The Chess960 number being previewed, if the start is by number and the number is valid.
    pub fn chess960_preview(&self) -> Option<(u16, [Role; 8])> {
        let n: u16 = self.number.trim().parse().ok()?;
        chess960::back_rank(n).map(|rank| (n, rank))
    }

    pub fn time_label(&self) -> String {
        PRESETS.get(self.time_index).map_or_else(|| "custom".to_string(), |p| p.to_string())
    }

    pub fn player_label(&self, choice: PlayerChoice) -> String {
        match choice {
            PlayerChoice::Human => "Human".into(),
            PlayerChoice::Computer => "Computer".into(),
            PlayerChoice::External(i) => {
                self.engines.get(i).map_or_else(|| "engine".into(), |e| format!("Engine: {}", clean(&e.name)))
            }
        }
    }

    fn player_spec(&self, choice: PlayerChoice, level: u8) -> PlayerSpec {
        match choice {
            PlayerChoice::Human => PlayerSpec::Human,
            PlayerChoice::Computer => PlayerSpec::Computer(Some(level)),
            // By name: the app finds the engine's program and arguments, as configured, from it.
            PlayerChoice::External(i) => match self.engines.get(i) {
                Some(e) => PlayerSpec::Uci(e.name.clone()),
                None => PlayerSpec::Human,
            },
        }
    }

    /// Checks the form and builds the game's description.
    ///
    /// # Errors
    /// A one-line reason naming the row that is wrong.
    pub fn build(&self) -> Result<NewGameSpec, String> {
        let time = match PRESETS.get(self.time_index) {
            Some(p) => p.clone(),
            None => self.custom_time.parse().map_err(|e| format!("Custom time: {e}"))?,
        };
        let start = match self.start {
            StartChoice::Standard => StartSpec::Standard,
            StartChoice::Chess960Random => StartSpec::Chess960(chess960::random_number(&mut rand::rng())),
            StartChoice::Chess960Number => match self.chess960_preview() {
                Some((n, _)) => StartSpec::Chess960(n),
                None => return Err(format!("Chess960: '{}' is not a number 0–959", self.number.trim())),
            },
            StartChoice::Fen => {
                Position::from_fen(self.fen.trim()).map_err(|e| format!("FEN: {e}"))?;
                StartSpec::Fen(self.fen.trim().to_string())
            }
        };
        Ok(NewGameSpec {
            white: self.player_spec(self.white, self.white_level),
            black: self.player_spec(self.black, self.black_level),
            time,
            start,
        })
    }
}

fn player_index(p: PlayerChoice) -> usize {
    match p {
        PlayerChoice::Human => 0,
        PlayerChoice::Computer => 1,
        PlayerChoice::External(i) => 2 + i,
    }
}

fn player_from_index(i: usize) -> PlayerChoice {
    match i {
        0 => PlayerChoice::Human,
        1 => PlayerChoice::Computer,
        n => PlayerChoice::External(n - 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_you_against_the_computer_and_enter_starts() {
        let mut form = NewGameForm::from_config(&Config::default());
        let FormOutcome::Start(spec) = form.handle(&Action::Select) else { panic!("Enter should start") };
        assert_eq!(spec.white, PlayerSpec::Human);
        assert_eq!(spec.black, PlayerSpec::Computer(Some(3)));
        assert_eq!(spec.time.to_string(), "10+5");
        assert_eq!(spec.start, StartSpec::Standard);
    }

    #[test]
    fn chess960_by_number_with_preview() {
        let mut form = NewGameForm::from_config(&Config::default());
        form.focus = Field::Start;
        form.handle(&Action::Cursor(Dir::Right));
        form.handle(&Action::Cursor(Dir::Right));
        assert_eq!(form.start, StartChoice::Chess960Number);
        assert!(form.fields().contains(&Field::Number));
        form.focus = Field::Number;
        for c in "518".chars() {
            form.handle(&Action::Type(c));
        }
        let (n, rank) = form.chess960_preview().unwrap();
        assert_eq!(n, 518);
        assert_eq!(rank.map(|r| r.upper_char()).iter().collect::<String>(), "RNBQKBNR");
        let FormOutcome::Start(spec) = form.handle(&Action::Select) else { panic!() };
        assert_eq!(spec.start, StartSpec::Chess960(518));
        form.number = "960".into();
        assert!(matches!(form.handle(&Action::Select), FormOutcome::Stay));
        assert!(form.error.as_deref().unwrap_or("").contains("960"));
    }

    #[test]
    fn bad_fen_and_custom_time_are_refused_with_reasons() {
        let mut form = NewGameForm::from_config(&Config::default());
        form.start = StartChoice::Fen;
        form.fen = "not a fen".into();
        assert!(form.build().unwrap_err().starts_with("FEN:"));
        form.start = StartChoice::Standard;
        form.time_index = PRESETS.len();
        form.custom_time = "7 minutes".into();
        assert!(form.build().unwrap_err().starts_with("Custom time:"));
        form.custom_time = "7+2".into();
        assert_eq!(form.build().unwrap().time.to_string(), "7+2");
        form.custom_time = "5d3".into();
        assert_eq!(form.build().unwrap().time.to_string(), "5d3");
    }

    #[test]
    fn players_cycle_through_engines() {
        let mut config = Config::default();
        let args = vec!["--threads".to_string(), "2".to_string()];
        config.engines.push(ExternalEngine {
            name: "SF".into(),
            command: "/opt/my engines/sf".into(),
            args,
            options: Default::default(),
        });
        let mut form = NewGameForm::from_config(&config);
        form.focus = Field::Black;
        form.handle(&Action::Cursor(Dir::Right));
        assert_eq!(form.black, PlayerChoice::External(0));
        assert_eq!(form.build().unwrap().black, PlayerSpec::Uci("SF".into()));
        form.handle(&Action::Cursor(Dir::Right));
        assert_eq!(form.black, PlayerChoice::Human);
    }

    #[test]
    fn the_bell_row_starts_from_the_config_and_toggles() {
        let mut config = Config::default();
        config.sound.bell_on_move = true;
        let mut form = NewGameForm::from_config(&config);
        assert!(form.bell_on_move);
        assert_eq!(form.fields().iter().rev().take(2).collect::<Vec<_>>(), [&Field::Go, &Field::Bell]);
        form.focus = Field::Bell;
        form.handle(&Action::Cursor(Dir::Left));
        assert!(!form.bell_on_move);
        form.handle(&Action::Cursor(Dir::Right));
        assert!(form.bell_on_move);
    }
}

//! Keys to actions. Commands have configurable keys; the rest (arrows, Enter, Esc, typing) are fixed.
//!
//! The one rule that shapes this module: a binding never takes away a character that moves are written
//! with. Letters, digits and `- = + # .` always go to the move line, so bindings use ctrl/alt, function keys
//! or punctuation such as `?` — and a plain punctuation binding acts only while the move line is empty.

use super::action::{Action, Command, Dir, Nav};
use super::config::KeyConfig;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::fmt;

/// One key with its modifiers, as written in the configuration (`ctrl+q`, `f1`, `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMapError {
    pub action: &'static str,
    pub reason: String,
}

/// Characters that can appear in a move typed in SAN or UCI; never bindable without ctrl/alt.
pub fn is_move_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '=' | '+' | '#' | '.')
}

impl Chord {
    /// Reads `ctrl+q`, `alt+f`, `f1`, `esc`, `?` and the like.
    ///
    /// # Errors
    /// A message naming what is wrong with the text.
    pub fn parse(text: &str) -> Result<Chord, String> {
        let mut ctrl = false;
        let mut alt = false;
        let mut rest = text.trim();
        loop {
            let lower = rest.to_ascii_lowercase();
            if let Some(r) = lower.strip_prefix("ctrl+") {
                ctrl = true;
                rest = &rest[rest.len() - r.len()..];
            } else if let Some(r) = lower.strip_prefix("alt+") {
                alt = true;
                rest = &rest[rest.len() - r.len()..];
            } else {
                break;
            }
        }
        let code = parse_code(rest).ok_or_else(|| format!("'{text}' is not a key"))?;
        let chord = Chord { code, ctrl, alt };
        if let KeyCode::Char(c) = code
            && !ctrl
            && !alt
            && (is_move_char(c) || c == ' ')
        {
            return Err(format!("'{text}' is used to type moves; bind it with ctrl+ or alt+"));
        }
        if !ctrl && !alt && matches!(code, KeyCode::Enter | KeyCode::Esc | KeyCode::Backspace) {
            return Err(format!("'{text}' is needed to play; choose another key"));
        }
        Ok(chord)
    }

    fn matches(&self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if ctrl != self.ctrl || alt != self.alt {
            return false;
        }
        match (self.code, key.code) {
            // Shift is part of the character itself ('?' arrives with or without SHIFT).
            (KeyCode::Char(a), KeyCode::Char(b)) => a.eq_ignore_ascii_case(&b) && (a == b || ctrl || alt),
            (a, b) => a == b,
        }
    }

    /// A plain character binding yields to the move line while text is being typed.
    fn is_plain_char(&self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.ctrl && !self.alt
    }
}

impl fmt::Display for Chord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            write!(f, "Ctrl+")?;
        }
        if self.alt {
            write!(f, "Alt+")?;
        }
        match self.code {
            KeyCode::Char(c) if self.ctrl || self.alt => write!(f, "{}", c.to_ascii_uppercase()),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::Tab => write!(f, "Tab"),
            KeyCode::Home => write!(f, "Home"),
            KeyCode::End => write!(f, "End"),
            KeyCode::PageUp => write!(f, "PgUp"),
            KeyCode::PageDown => write!(f, "PgDn"),
            KeyCode::Insert => write!(f, "Ins"),
            KeyCode::Delete => write!(f, "Del"),
            other => write!(f, "{other:?}"),
        }
    }
}

fn parse_code(s: &str) -> Option<KeyCode> {
    let lower = s.to_ascii_lowercase();
    let mut chars = s.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(KeyCode::Char(c));
    }
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()).filter(|n| (1..=24).contains(n)) {
        return Some(KeyCode::F(n));
    }
    Some(match lower.as_str() {
        "esc" | "escape" => KeyCode::Esc,
        "enter" | "return" => KeyCode::Enter,
        "tab" => KeyCode::Tab,
        "backspace" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "insert" | "ins" => KeyCode::Insert,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" | "pgup" => KeyCode::PageUp,
        "pagedown" | "pgdn" => KeyCode::PageDown,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "space" => KeyCode::Char(' '),
        _ => return None,
    })
}

/// The compiled key bindings of the commands.
#[derive(Debug, Clone)]
pub struct KeyMap {
    bindings: Vec<(Chord, Command)>,
}

impl KeyMap {
    /// Checks and compiles the `[keys]` table.
    ///
    /// # Errors
    /// The first action whose key list has a key that cannot be read or cannot be bound.
    pub fn from_config(keys: &KeyConfig) -> Result<KeyMap, KeyMapError> {
        let mut bindings: Vec<(Chord, Command)> = Vec::new();
        for command in Command::ALL {
            for text in keys_of(keys, command) {
                let chord =
                    Chord::parse(text).map_err(|reason| KeyMapError { action: command.config_name(), reason })?;
                if let Some((_, other)) = bindings.iter().find(|(c, _)| *c == chord) {
                    let reason = format!("'{text}' is already bound to {}", other.config_name());
                    return Err(KeyMapError { action: command.config_name(), reason });
                }
                bindings.push((chord, command));
            }
        }
        Ok(KeyMap { bindings })
    }

    /// The built-in bindings (used if even the defaults were somehow unusable).
    pub fn builtin() -> KeyMap {
        KeyMap::from_config(&KeyConfig::default()).unwrap_or(KeyMap { bindings: Vec::new() })
    }

    /// The command bound to `key`, if any. `typing` tells whether the move line (or a text field) holds text,
    /// in which case plain character bindings give way to typing.
    pub fn command(&self, key: &KeyEvent, typing: bool) -> Option<Command> {
        self.bindings.iter().find(|(chord, _)| chord.matches(key) && !(typing && chord.is_plain_char())).map(|b| b.1)
    }

    /// The keys bound to a command, for the help overlay and hints.
    pub fn keys_for(&self, command: Command) -> Vec<Chord> {
        self.bindings.iter().filter(|(_, c)| *c == command).map(|(k, _)| *k).collect()
    }

    /// The first key of a command as text, for hints such as "Ctrl+N new game".
    pub fn hint(&self, command: Command) -> String {
        self.keys_for(command).first().map_or_else(|| "(unbound)".to_string(), |k| k.to_string())
    }
}

fn keys_of(keys: &KeyConfig, command: Command) -> &[String] {
    match command {
        Command::Help => &keys.help,
        Command::Quit => &keys.quit,
        Command::NewGame => &keys.new_game,
        Command::Resign => &keys.resign,
        Command::Draw => &keys.draw,
        Command::Takeback => &keys.takeback,
        Command::Flip => &keys.flip,
        Command::SavePgn => &keys.save_pgn,
        Command::CopyFen => &keys.copy_fen,
        Command::CopyPgn => &keys.copy_pgn,
        Command::Evaluate => &keys.evaluate,
    }
}

/// The fixed keys: navigation, editing, Enter and Esc. `typing` as in [`KeyMap::command`].
pub fn fixed_action(key: &KeyEvent, typing: bool) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let plain = !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    Some(match key.code {
        KeyCode::Up => Action::Cursor(Dir::Up),
        KeyCode::Down => Action::Cursor(Dir::Down),
        KeyCode::Left => Action::Cursor(Dir::Left),
        KeyCode::Right => Action::Cursor(Dir::Right),
        KeyCode::Home => Action::Nav(Nav::First),
        KeyCode::End => Action::Nav(Nav::Last),
        KeyCode::PageUp => Action::Nav(Nav::PageUp),
        KeyCode::PageDown => Action::Nav(Nav::PageDown),
        KeyCode::Esc => Action::Cancel,
        KeyCode::Tab | KeyCode::BackTab => Action::Tab,
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Enter if typing => Action::Submit,
        KeyCode::Enter => Action::Select,
        KeyCode::Char(' ') if !typing && plain => Action::Select,
        KeyCode::Char(c) if plain => Action::Type(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn chords_parse() {
        assert_eq!(Chord::parse("ctrl+q").unwrap(), Chord { code: KeyCode::Char('q'), ctrl: true, alt: false });
        assert_eq!(Chord::parse("F1").unwrap().code, KeyCode::F(1));
        assert_eq!(Chord::parse("?").unwrap().code, KeyCode::Char('?'));
        assert!(Chord::parse("ctrl+").is_err());
        assert!(Chord::parse("hyper+x").is_err());
    }

    #[test]
    fn move_characters_cannot_be_bound() {
        for c in "abcdefghNBRQKOx12345678=+#-".chars() {
            assert!(Chord::parse(&c.to_string()).is_err(), "{c}");
        }
        assert!(Chord::parse("alt+n").is_ok());
        assert!(Chord::parse("enter").is_err());
    }

    #[test]
    fn defaults_map_commands() {
        let map = KeyMap::builtin();
        assert_eq!(map.command(&key(KeyCode::Char('q'), KeyModifiers::CONTROL), false), Some(Command::Quit));
        assert_eq!(map.command(&key(KeyCode::F(1), KeyModifiers::NONE), true), Some(Command::Help));
        assert_eq!(map.command(&key(KeyCode::Char('?'), KeyModifiers::SHIFT), false), Some(Command::Help));
        // While a move is being typed, '?' is text (Nf3? is a move with a comment).
        assert_eq!(map.command(&key(KeyCode::Char('?'), KeyModifiers::SHIFT), true), None);
        // Plain letters are never commands.
        for c in "NfqrxO".chars() {
            assert_eq!(map.command(&key(KeyCode::Char(c), KeyModifiers::NONE), false), None);
        }
    }

    #[test]
    fn duplicate_bindings_are_refused() {
        let mut keys = KeyConfig::default();
        keys.flip.push("ctrl+q".into());
        let err = KeyMap::from_config(&keys).unwrap_err();
        assert_eq!(err.action, "flip");
    }

    #[test]
    fn enter_submits_only_while_typing() {
        let enter = key(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(fixed_action(&enter, true), Some(Action::Submit));
        assert_eq!(fixed_action(&enter, false), Some(Action::Select));
        assert_eq!(fixed_action(&key(KeyCode::Char('e'), KeyModifiers::NONE), false), Some(Action::Type('e')));
        assert_eq!(fixed_action(&key(KeyCode::Char('N'), KeyModifiers::SHIFT), false), Some(Action::Type('N')));
    }
}

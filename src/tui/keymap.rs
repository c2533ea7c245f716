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

/// Why one action's key list (as the user wrote it) was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMapError {
    /// The action's configuration name (`quit`), which is also its key in `[keys]`.
    pub action: &'static str,
    /// The position in that action's list of the key at fault; `None` when the list as a whole is.
    pub key: Option<usize>,
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
        let mut code = parse_code(rest).ok_or_else(|| format!("'{text}' is not a key"))?;
        // With a modifier the letter's case is not part of the key (`matches` ignores it), so `ctrl+Q` and
        // `ctrl+q` must compare equal when clashes are looked for.
        if let KeyCode::Char(c) = code
            && (ctrl || alt)
        {
            code = KeyCode::Char(c.to_ascii_lowercase());
        }
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
        if ctrl && !alt && matches!(code, KeyCode::Char('u' | 'w' | 'h')) {
            return Err(format!("'{text}' edits the move line, as in a shell; choose another key"));
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
    /// Checks and compiles a `[keys]` table in which every action is set, refusing it whole at the first
    /// problem.
    ///
    /// # Errors
    /// The first action whose key list cannot be used (see [`KeyMap::resolve`]).
    pub fn from_config(keys: &KeyConfig) -> Result<KeyMap, KeyMapError> {
        let (map, errors) = KeyMap::resolve(keys, |_| true);
        errors.into_iter().next().map_or(Ok(map), Err)
    }

    /// Compiles the `[keys]` table, keeping every list that can be kept. `written(command)` tells whether the
    /// user's file sets that action; the others keep their default keys, which a written list may not take.
    ///
    /// A written list is used whole or not at all: an empty list, a key that cannot be read or bound, or a key
    /// that another action has refuses it, and that action keeps its default keys, less any the user gave to
    /// another action. A list that would take every default key of a refused action is refused in turn. So
    /// every action ends with at least one key, no key does two things, and each refusal is reported.
    pub fn resolve(keys: &KeyConfig, written: impl Fn(Command) -> bool) -> (KeyMap, Vec<KeyMapError>) {
        let defaults = KeyConfig::default();
        let default_chords = |command| -> Vec<Chord> {
            defaults.list(command).iter().filter_map(|text| Chord::parse(text).ok()).collect()
        };
        let reserved: Vec<(Chord, Command)> = Command::ALL
            .into_iter()
            .filter(|c| !written(*c))
            .flat_map(|c| default_chords(c).into_iter().map(move |k| (k, c)))
            .collect();
        let mut chosen: Vec<(Command, Vec<(usize, Chord)>)> = Vec::new();
        let mut errors = Vec::new();
        for command in Command::ALL.into_iter().filter(|c| written(*c)) {
            let owner = |chord: &Chord| {
                let default_owner = reserved.iter().find(|(k, _)| k == chord).map(|(_, c)| *c);
                default_owner.or_else(|| holder(&chosen, chord))
            };
            match check_list(keys.list(command), command, owner) {
                Ok(chords) => chosen.push((command, chords)),
                Err(e) => errors.push(e),
            }
        }
        // Refusing a list gives its keys back, so this ends after at most one round per written action.
        while let Some(starved) = Command::ALL.into_iter().find(|c| {
            written(*c) && !chosen.iter().any(|(k, _)| k == c) && {
                let mine = default_chords(*c);
                !mine.is_empty() && mine.iter().all(|k| holder(&chosen, k).is_some())
            }
        }) {
            let Some(first) = default_chords(starved).first().copied() else { break };
            let Some(at) = chosen.iter().position(|(_, ks)| ks.iter().any(|(_, k)| *k == first)) else { break };
            let (taker, chords) = chosen.remove(at);
            let key = chords.iter().find(|(_, k)| *k == first).map(|(i, _)| *i);
            let text = key.and_then(|i| keys.list(taker).get(i)).map_or("", String::as_str);
            let (name, other) = (taker.config_name(), starved.config_name());
            let reason = format!("'{text}' would leave {other} with no key; give {other} another key first");
            errors.push(KeyMapError { action: name, key, reason });
        }
        let mut bindings: Vec<(Chord, Command)> = Vec::new();
        for command in Command::ALL {
            match chosen.iter().find(|(c, _)| *c == command) {
                Some((_, chords)) => bindings.extend(chords.iter().map(|(_, k)| (*k, command))),
                None => bindings.extend(
                    default_chords(command).into_iter().filter(|k| holder(&chosen, k).is_none()).map(|k| (k, command)),
                ),
            }
        }
        (KeyMap { bindings }, errors)
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

/// The action among `chosen` that has `chord`.
fn holder(chosen: &[(Command, Vec<(usize, Chord)>)], chord: &Chord) -> Option<Command> {
    chosen.iter().find(|(_, ks)| ks.iter().any(|(_, k)| k == chord)).map(|(c, _)| *c)
}

/// Reads one action's list: each key with its position in the list, repeats dropped. `owner` tells which
/// action already has a key.
fn check_list(
    list: &[String],
    command: Command,
    owner: impl Fn(&Chord) -> Option<Command>,
) -> Result<Vec<(usize, Chord)>, KeyMapError> {
    let action = command.config_name();
    if list.is_empty() {
        return Err(KeyMapError {
            action,
            key: None,
            reason: format!("an empty list would leave {action} with no key"),
        });
    }
    let mut chords: Vec<(usize, Chord)> = Vec::new();
    for (i, text) in list.iter().enumerate() {
        let chord = Chord::parse(text).map_err(|reason| KeyMapError { action, key: Some(i), reason })?;
        if let Some(other) = owner(&chord).filter(|o| *o != command) {
            let reason = format!("'{text}' is already {}'s key", other.config_name());
            return Err(KeyMapError { action, key: Some(i), reason });
        }
        if !chords.iter().any(|(_, k)| *k == chord) {
            chords.push((i, chord));
        }
    }
    Ok(chords)
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
        // Readline's line editing, which hands reach for on a wrong move text; never bindable (see `Chord`).
        KeyCode::Backspace if key.modifiers.contains(KeyModifiers::ALT) => Action::DeleteWord,
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Char('u') if ctrl_only(key) => Action::ClearLine,
        KeyCode::Char('w') if ctrl_only(key) => Action::DeleteWord,
        // Ctrl+H is what many terminals send for Backspace.
        KeyCode::Char('h') if ctrl_only(key) => Action::Backspace,
        KeyCode::Enter if typing => Action::Submit,
        KeyCode::Enter => Action::Select,
        KeyCode::Char(' ') if !typing && plain => Action::Select,
        KeyCode::Char(c) if plain => Action::Type(c),
        _ => return None,
    })
}

fn ctrl_only(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && !key.modifiers.contains(KeyModifiers::ALT)
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
    fn line_editing_keys_cannot_be_bound_and_edit_the_line() {
        for text in ["ctrl+u", "Ctrl+W", "ctrl+h"] {
            let err = Chord::parse(text).unwrap_err();
            assert!(err.contains("edits the move line"), "{err}");
        }
        let ctrl = |c| key(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(fixed_action(&ctrl('u'), true), Some(Action::ClearLine));
        assert_eq!(fixed_action(&ctrl('w'), true), Some(Action::DeleteWord));
        assert_eq!(fixed_action(&ctrl('h'), true), Some(Action::Backspace));
        assert_eq!(fixed_action(&key(KeyCode::Backspace, KeyModifiers::ALT), true), Some(Action::DeleteWord));
        let map = KeyMap::builtin();
        for c in ['u', 'w', 'h', 'a', 'k'] {
            assert_eq!(map.command(&ctrl(c), true), None, "ctrl+{c} is no command");
        }
        assert_eq!(map.hint(Command::Takeback), "Ctrl+Z");
    }

    #[test]
    fn an_old_config_binding_ctrl_u_to_takeback_is_refused_and_keeps_ctrl_z() {
        let keys = KeyConfig { takeback: vec!["ctrl+z".into(), "ctrl+u".into()], ..KeyConfig::default() };
        let (map, errors) = only(&keys, &[Command::Takeback]);
        assert_eq!((errors.len(), errors[0].action, errors[0].key), (1, "takeback", Some(1)));
        assert_eq!(map.keys_for(Command::Takeback).iter().map(|k| k.to_string()).collect::<Vec<_>>(), ["Ctrl+Z"]);
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

    fn only(keys: &KeyConfig, written: &[Command]) -> (KeyMap, Vec<KeyMapError>) {
        let written = written.to_vec();
        KeyMap::resolve(keys, move |c| written.contains(&c))
    }

    #[test]
    fn an_empty_list_is_refused_and_the_action_keeps_its_keys() {
        let keys = KeyConfig { quit: vec![], ..KeyConfig::default() };
        let (map, errors) = only(&keys, &[Command::Quit]);
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].action, errors[0].key), ("quit", None));
        assert_eq!(map.hint(Command::Quit), "Ctrl+Q");
        assert!(KeyMap::from_config(&keys).is_err());
    }

    #[test]
    fn a_key_taken_from_an_unwritten_action_is_refused_with_its_text() {
        let keys = KeyConfig { help: vec!["f1".into(), "Ctrl+N".into()], ..KeyConfig::default() };
        let (map, errors) = only(&keys, &[Command::Help]);
        assert_eq!((errors[0].action, errors[0].key), ("help", Some(1)));
        assert!(errors[0].reason.contains("'Ctrl+N'") && errors[0].reason.contains("new_game"), "{errors:?}");
        assert_eq!(map.hint(Command::NewGame), "Ctrl+N");
        assert_eq!(map.keys_for(Command::Help).len(), 2, "help keeps f1 and ?");
    }

    #[test]
    fn of_two_written_lists_that_clash_the_later_is_refused() {
        let keys = KeyConfig { flip: vec!["alt+x".into()], evaluate: vec!["ALT+X".into()], ..KeyConfig::default() };
        let (map, errors) = only(&keys, &[Command::Flip, Command::Evaluate]);
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].action, errors[0].key), ("evaluate", Some(0)));
        assert_eq!(map.hint(Command::Flip), "Alt+X");
        assert_eq!(map.hint(Command::Evaluate), "Ctrl+E");
    }

    #[test]
    fn a_list_that_takes_every_key_of_a_refused_action_is_refused_too() {
        let keys = KeyConfig { quit: vec![], flip: vec!["ctrl+q".into(), "ctrl+c".into()], ..KeyConfig::default() };
        let (map, errors) = only(&keys, &[Command::Quit, Command::Flip]);
        let actions: Vec<_> = errors.iter().map(|e| (e.action, e.key)).collect();
        assert_eq!(actions, [("quit", None), ("flip", Some(0))]);
        assert!(errors[1].reason.contains("quit"), "{}", errors[1].reason);
        assert_eq!(map.hint(Command::Quit), "Ctrl+Q");
        assert_eq!(map.hint(Command::Flip), "Ctrl+F");
    }

    #[test]
    fn every_default_list_has_a_key() {
        for command in Command::ALL {
            assert!(!KeyConfig::default().list(command).is_empty(), "{command:?}");
        }
    }

    proptest::proptest! {
        /// Whatever is written, every action keeps a key and no key does two things.
        #[test]
        fn every_action_keeps_a_key(
            lists in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(POOL.to_vec()), 0..4), Command::ALL.len()),
            written in proptest::collection::vec(proptest::bool::ANY, Command::ALL.len()),
        ) {
            let mut keys = KeyConfig::default();
            for (i, command) in Command::ALL.into_iter().enumerate() {
                let list = lists[i].iter().map(|s| s.to_string()).collect();
                *keys.list_mut(command) = list;
            }
            let (map, _) = KeyMap::resolve(&keys, |c| written[Command::ALL.iter().position(|x| *x == c).unwrap_or(0)]);
            for command in Command::ALL {
                proptest::prop_assert!(!map.keys_for(command).is_empty(), "{:?}", command);
            }
            for (i, (a, _)) in map.bindings.iter().enumerate() {
                proptest::prop_assert!(map.bindings[i + 1..].iter().all(|(b, _)| a != b), "{} twice", a);
            }
        }
    }

    const POOL: [&str; 10] = ["ctrl+q", "ctrl+c", "ctrl+n", "f1", "?", "ctrl+f", "f4", "x", "alt+x", "ctrl+e"];

    #[test]
    fn enter_submits_only_while_typing() {
        let enter = key(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(fixed_action(&enter, true), Some(Action::Submit));
        assert_eq!(fixed_action(&enter, false), Some(Action::Select));
        assert_eq!(fixed_action(&key(KeyCode::Char('e'), KeyModifiers::NONE), false), Some(Action::Type('e')));
        assert_eq!(fixed_action(&key(KeyCode::Char('N'), KeyModifiers::SHIFT), false), Some(Action::Type('N')));
    }
}

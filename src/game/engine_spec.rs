//! Which external engines the user has named, and how a saved game finds its engine again.
//!
//! An engine is a program and its arguments, kept apart as given (a path with spaces stays one path). A saved
//! game records only a reference to its engine (the `[[engines]]` name, or the `uci:` text typed on the
//! command line), never a command to run: on resume the reference is looked up in an `EngineCatalog` built
//! from what the user controls, and a reference found nowhere else is refused. A file is data; it must not be
//! able to make tabiya start a program.

use super::player::PlayerKind;

/// An external UCI engine the user named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// How saved games refer to it: the `[[engines]]` name, or the `uci:` text exactly as the user gave it.
    pub reference: String,
    /// Shown on screen and written into PGN's `White`/`Black` tags.
    pub name: String,
    /// The program, as one path (spaces included).
    pub command: String,
    pub args: Vec<String>,
    /// UCI options set after the engine's `uciok` (`setoption name N value V`), e.g. `("Skill Level", "5")`.
    /// Names and values never hold control characters (see `with_options`).
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// An engine from the configuration's `[[engines]]`: the name is its reference.
    pub fn configured(name: &str, command: &str, args: &[String]) -> EngineSpec {
        EngineSpec {
            reference: name.to_string(),
            name: name.to_string(),
            command: command.to_string(),
            args: args.to_vec(),
            options: Vec::new(),
        }
    }

    /// The spec with `extra` options (already checked, e.g. by `parse_option`) added, replacing any of the same
    /// name: the command line's over the configuration's.
    pub fn with_more_options(mut self, extra: &[(String, String)]) -> EngineSpec {
        for (name, value) in extra {
            self.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
            self.options.push((name.clone(), value.clone()));
        }
        self
    }

    /// The spec with these UCI options set. An option whose name or value holds a control character (a
    /// newline would be a second command to the engine) is refused, with the reason.
    ///
    /// # Errors
    /// Names the first bad option.
    pub fn with_options(mut self, options: Vec<(String, String)>) -> Result<EngineSpec, String> {
        for (name, value) in &options {
            option_text_ok(name, value)?;
        }
        self.options = options;
        Ok(self)
    }

    /// An engine given as `uci:TEXT` on the command line or in the configuration's `[game]`. TEXT is the
    /// program and its arguments separated by spaces; a program or argument with spaces is quoted, as in a
    /// shell: `"/opt/my engines/sf" --threads 2` or `'/path with space/sf'` (a backslash escapes the next
    /// character outside single quotes). Its shown name is the program's file name.
    ///
    /// # Errors
    /// An unclosed quote, or no program.
    pub fn from_command_line(text: &str) -> Result<EngineSpec, String> {
        let mut words = split_command_line(text)?.into_iter();
        let command = words.next().ok_or("the engine command is empty")?;
        let name = command.rsplit(['/', '\\']).next().filter(|n| !n.is_empty()).unwrap_or(&command).to_string();
        Ok(EngineSpec { reference: text.trim().to_string(), name, command, args: words.collect(), options: Vec::new() })
    }
}

/// Splits a command line into words the way a POSIX shell would for plain words and quotes (no variables,
/// globs or redirections: nothing is run through a shell).
///
/// # Errors
/// An unclosed quote, or a backslash at the very end.
pub fn split_command_line(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("an unclosed ' quote in the engine command".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("an unclosed \" quote in the engine command".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("an unclosed \" quote in the engine command".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a backslash at the end of the engine command".into()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// The engines the user controls (the configuration's `[[engines]]`, its `[game]` players, and engines given
/// on this command line): the only ones a saved game may name.
/// Whether a UCI option can be sent as written: a name and a value without control characters, the name
/// not empty and not holding the word `value` (which would end it early).
pub fn option_text_ok(name: &str, value: &str) -> Result<(), String> {
    let shown = crate::text::clean(name);
    if name.trim().is_empty() {
        return Err("an engine option has an empty name".into());
    }
    if name.chars().chain(value.chars()).any(char::is_control) {
        return Err(format!("engine option '{shown}': control characters are not allowed"));
    }
    if name.split_whitespace().any(|w| w == "value" || w == "name") {
        return Err(format!("engine option '{shown}': a name cannot hold the words 'name' or 'value'"));
    }
    Ok(())
}

/// Reads `NAME=VALUE` (the command line's `--engine-option`).
///
/// # Errors
/// No `=`, or what `option_text_ok` refuses.
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').ok_or_else(|| {
        format!("engine option '{}': write it as NAME=VALUE, e.g. \"Skill Level=5\"", crate::text::clean(text))
    })?;
    let (name, value) = (name.trim(), value.trim());
    option_text_ok(name, value)?;
    Ok((name.to_string(), value.to_string()))
}

#[derive(Clone, Debug, Default)]
pub struct EngineCatalog {
    pub engines: Vec<EngineSpec>,
    /// For resuming a game whose file names an engine not in the catalog: play that side with this instead.
    /// None: resuming such a game is refused with `GameError::UnknownEngine`.
    pub stand_in: Option<PlayerKind>,
}

impl EngineCatalog {
    pub fn new(engines: Vec<EngineSpec>) -> EngineCatalog {
        EngineCatalog { engines, stand_in: None }
    }

    /// The engine saved games call `reference` (the first with that reference wins, so configured engines,
    /// listed first, take precedence).
    pub fn resolve(&self, reference: &str) -> Option<&EngineSpec> {
        self.engines.iter().find(|e| e.reference == reference.trim())
    }

    /// Adds an engine unless one with the same reference is known.
    pub fn add(&mut self, engine: EngineSpec) {
        if self.resolve(&engine.reference).is_none() {
            self.engines.push(engine);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let w = |s: &str| split_command_line(s).unwrap();
        assert_eq!(w("sf"), ["sf"]);
        assert_eq!(w("  /usr/games/stockfish  --x 1 "), ["/usr/games/stockfish", "--x", "1"]);
        assert_eq!(w("\"/opt/my engines/sf\" --flag"), ["/opt/my engines/sf", "--flag"]);
        assert_eq!(w("'/path with space/sf'"), ["/path with space/sf"]);
        assert_eq!(w("/a\\ b/sf \"q\\\"x\" ''"), ["/a b/sf", "q\"x", ""]);
        for bad in ["'open", "\"open", "end\\"] {
            assert!(split_command_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn options_are_read_and_control_characters_refused() {
        assert_eq!(parse_option("Skill Level=5").unwrap(), ("Skill Level".into(), "5".into()));
        assert_eq!(parse_option(" Threads = 2 ").unwrap(), ("Threads".into(), "2".into()));
        assert_eq!(parse_option("SyzygyPath=/a=b").unwrap(), ("SyzygyPath".into(), "/a=b".into()));
        for bad in ["no equals", "=5", "Hash=1\nquit", "A\u{1b}[2J=1", "x value y=1"] {
            assert!(parse_option(bad).is_err(), "{bad:?}");
        }
        let spec = EngineSpec::configured("SF", "sf", &[]);
        assert!(spec.clone().with_options(vec![("Hash".into(), "16\ngo infinite".into())]).is_err());
        assert_eq!(spec.with_options(vec![("Hash".into(), "16".into())]).unwrap().options.len(), 1);
    }

    #[test]
    fn engines_from_the_command_line_keep_the_text_as_their_reference() {
        let e = EngineSpec::from_command_line(" \"/opt/my engines/sf\" --flag").unwrap();
        assert_eq!(e.command, "/opt/my engines/sf");
        assert_eq!(e.args, ["--flag"]);
        assert_eq!(e.name, "sf");
        assert_eq!(e.reference, "\"/opt/my engines/sf\" --flag");
        assert!(EngineSpec::from_command_line("  ").is_err());
        let catalog = EngineCatalog::new(vec![e.clone()]);
        assert_eq!(catalog.resolve("\"/opt/my engines/sf\" --flag"), Some(&e));
        assert_eq!(catalog.resolve("/opt/my"), None);
    }
}

//! What the user asked for, independent of how (key, mouse, typed text). `App::update` takes these; the
//! keymap and the mouse code make them from terminal events, and tests can feed them directly.

/// A command with a configurable key (see `[keys]` in `config/default.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    Help,
    Quit,
    NewGame,
    Resign,
    Draw,
    Takeback,
    Flip,
    SavePgn,
    CopyFen,
    CopyPgn,
    Evaluate,
    Hint,
    Review,
}

impl Command {
    pub const ALL: [Command; 13] = [
        Command::Help,
        Command::Quit,
        Command::NewGame,
        Command::Resign,
        Command::Draw,
        Command::Takeback,
        Command::Flip,
        Command::SavePgn,
        Command::CopyFen,
        Command::CopyPgn,
        Command::Evaluate,
        Command::Hint,
        Command::Review,
    ];

    /// The configuration key of this command (`[keys] flip = [...]`).
    pub fn config_name(self) -> &'static str {
        match self {
            Command::Help => "help",
            Command::Quit => "quit",
            Command::NewGame => "new_game",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::Takeback => "takeback",
            Command::Flip => "flip",
            Command::SavePgn => "save_pgn",
            Command::CopyFen => "copy_fen",
            Command::CopyPgn => "copy_pgn",
            Command::Evaluate => "evaluate",
            Command::Hint => "hint",
            Command::Review => "review",
        }
    }

    /// What the help overlay says it does.
    pub fn description(self) -> &'static str {
        match self {
            Command::Help => "show or hide this help",
            Command::Quit => "quit (the game is saved; tabiya offers to resume it)",
            Command::NewGame => "new game",
            Command::Resign => "resign (asks first)",
            Command::Draw => "offer, accept, or (when it holds) claim a draw",
            Command::Takeback => "take back your last move",
            Command::Flip => "flip the board",
            Command::SavePgn => "save the game as PGN to a file",
            Command::CopyFen => "copy the position (FEN) to the clipboard",
            Command::CopyPgn => "copy the game (PGN) to the clipboard",
            Command::Evaluate => "live engine analysis on/off (in play: a finished game, or with in_play)",
            Command::Hint => "hint: the engine's best move for the side to move, after 1 s",
            Command::Review => "review the finished game: step through it, analyse it, play on from a move",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// Moving through a game being reviewed (or a list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    First,
    Prev,
    Next,
    Last,
    PageUp,
    PageDown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MouseKind {
    Down,
    /// A right-button press: cancels (the premove, the piece held).
    RightDown,
    Drag,
    Up,
    ScrollUp,
    ScrollDown,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Command(Command),
    /// Arrow keys (and j/k/l, and h while the board cursor shows).
    Cursor(Dir),
    /// Enter or Space on the board (pick up / drop), or Enter on a dialog.
    Select,
    /// A character for the move line or a text field.
    Type(char),
    Backspace,
    /// Ctrl+U: clear the move line or text field, as a shell's line.
    ClearLine,
    /// Ctrl+W or Alt+Backspace: delete the word before the end, as a shell does.
    DeleteWord,
    /// Enter with text in the move line or a text field.
    Submit,
    /// Esc: close the overlay or dialog, drop the piece held, clear the move line.
    Cancel,
    Tab,
    Nav(Nav),
    Mouse {
        kind: MouseKind,
        column: u16,
        row: u16,
    },
    Resize {
        width: u16,
        height: u16,
    },
    /// Time passed (a clock runs) or a background thread has news.
    Tick,
}

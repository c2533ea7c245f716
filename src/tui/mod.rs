//! The terminal front end (ratatui + crossterm on a tokio loop). (Being built; see issue 5.)

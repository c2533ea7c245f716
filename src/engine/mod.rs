//! The computer opponent: alpha-beta search on a background thread, levels for people, and the UCI protocol.
//! (Being built; see issue 3.)

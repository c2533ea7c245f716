//! The UCI protocol (being built).

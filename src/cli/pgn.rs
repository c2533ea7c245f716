//! `tabiya pgn` (being built).

use anyhow::{Result, bail};
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct PgnArgs {}

pub fn run(_args: PgnArgs) -> Result<ExitCode> {
    bail!("`tabiya pgn` is not built yet")
}

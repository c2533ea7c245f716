//! `tabiya play` (being built).

use anyhow::{Result, bail};
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug, Default)]
pub struct PlayArgs {}

pub fn run(_args: PlayArgs) -> Result<ExitCode> {
    bail!("`tabiya play` is not built yet")
}

//! `tabiya uci` (being built).

use anyhow::{Result, bail};
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct UciArgs {}

pub fn run(_args: UciArgs) -> Result<ExitCode> {
    bail!("`tabiya uci` is not built yet")
}

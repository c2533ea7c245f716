//! `tabiya review` (being built).

use anyhow::{Result, bail};
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ReviewArgs {}

pub fn run(_args: ReviewArgs) -> Result<ExitCode> {
    bail!("`tabiya review` is not built yet")
}

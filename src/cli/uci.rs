//! `tabiya uci`: the engine's UCI protocol on standard input and output.

use anyhow::{Context, Result};
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct UciArgs {}

pub fn run(_args: UciArgs) -> Result<ExitCode> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let mut stdout = std::io::stdout().lock();
    tabiya::engine::uci::run(stdin, &mut stdout).context("writing UCI output")?;
    Ok(ExitCode::SUCCESS)
}

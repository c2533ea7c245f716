//! The `tabiya` binary: parses the command line and hands each subcommand to its module. Errors reach the
//! user here as one line on stderr and a non-zero exit status.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tabiya: {e:#}");
            ExitCode::FAILURE
        }
    }
}

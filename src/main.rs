//! The `tabiya` binary: parses the command line and hands each subcommand to its module. Errors reach the
//! user here as one line on stderr and a non-zero exit status, through the one sanitiser (`tabiya::text::clean`):
//! messages quote argument values, file names and file text, which must not reach the terminal raw.

#![forbid(unsafe_code)]

mod cli;

use clap::Parser;
use clap::error::ErrorKind;
use std::process::ExitCode;
use tabiya::text::clean;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => e.exit(),
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        Err(e) => {
            // clap's own message ends with usage lines; a bad argument gets one line, with the hint to --help.
            let text = e.render().to_string();
            let message: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let message = clean(&message.join(" "));
            eprintln!("tabiya: {} (see `tabiya --help`)", message.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tabiya: {}", clean(&format!("{e:#}")));
            ExitCode::FAILURE
        }
    }
}

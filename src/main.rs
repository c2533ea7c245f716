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
            eprintln!("tabiya: {}", clean(&one_line(&e)));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes joined by ": ", leaving out a cause whose words its parent already ends with (the
/// game layer's errors say their system reason themselves, and also keep it as their source).
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

//! Creature Studio: one binary for the editor and the command line.
//!
//! With no arguments it opens the editor on the bundled example project; with a
//! subcommand it runs that command (SPEC §15) and exits.

mod cli;
mod gui;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        None => gui::run_editor(args.project.as_deref()),
        Some(command) => cli::run(command),
    }
}

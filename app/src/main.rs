//! Creature Studio: one binary for the editor and the command line.
//!
//! With no arguments (or `preview` without `--headless`) it opens the editor on a
//! project; with a subcommand it runs that command (SPEC §15) and exits. This is the one
//! place that knows both: the command line and the editor never import each other.

use std::process::ExitCode;

use clap::Parser;
use creature_studio::{cli, gui};

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    // The shadow's kinds of file, known to core's `check`, lint and `diff` from the start.
    creature_workspace::checkers::register_guests();
    let args = cli::Cli::parse();
    match args.command {
        None => gui::run_editor(args.project.as_deref()),
        // `preview` without `--headless` is the editor on that project.
        Some(cli::Command::Preview(p)) if !p.headless => gui::run_editor(Some(&p.project)),
        Some(command) => cli::run(command),
    }
}

/// Output piped into a program that stops reading (`… | head`) ends the command
/// quietly, as for any Unix tool, instead of reporting a panic.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

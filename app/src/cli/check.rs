//! `creature-studio check PATH...`: validate files or whole project folders (SPEC §15).

use std::path::PathBuf;

use creature_core::project::check_paths;

use creature_workspace::checkers::checkers;

use super::{CliError, CliResult};

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// RON files or project folders to check.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

pub fn run(args: &CheckArgs) -> CliResult {
    let errors = check_paths(&args.paths, &checkers());
    if errors.is_empty() {
        Ok(())
    } else {
        // The problems are the command's output; the count is a note for people.
        for e in &errors {
            println!("{e}");
        }
        let n = errors.len();
        Err(CliError(vec![format!("{n} problem{} found", if n == 1 { "" } else { "s" })]))
    }
}

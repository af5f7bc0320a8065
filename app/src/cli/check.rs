//! `creature-studio check PATH...`: validate files or whole project folders (SPEC §15),
//! and with `--lint` warn of what loads but cannot work (SPEC §21).

use std::path::PathBuf;

use creature_core::lint::lint_paths;
use creature_core::project::check_paths;

use creature_workspace::checkers::checkers;

use super::{CliError, CliResult};

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// RON files or project folders to check.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Also warn of what loads but cannot work: desires never active, actions nothing
    /// uses, contradicting examples, unreachable phases, dead shadow features, ...
    #[arg(long)]
    pub lint: bool,
}

pub fn run(args: &CheckArgs) -> CliResult {
    let errors = check_paths(&args.paths, &checkers());
    // The problems are the command's output; the counts are notes for people.
    for e in &errors {
        println!("{e}");
    }
    if !errors.is_empty() {
        let n = errors.len();
        return Err(CliError(vec![format!("{n} problem{} found", plural(n))]));
    }
    if !args.lint {
        return Ok(());
    }
    let (lint, stopped) = lint_paths(&args.paths);
    for e in &stopped {
        println!("{e}");
    }
    for w in &lint.warnings {
        println!("{w}");
    }
    if !lint.allowed.is_empty() {
        let n = lint.allowed.len();
        eprintln!("{n} warning{} allowed by studio.ron", plural(n));
    }
    if lint.warnings.is_empty() && stopped.is_empty() {
        Ok(())
    } else {
        let n = lint.warnings.len();
        Err(CliError(vec![format!("{n} warning{} found", plural(n))]))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

//! `creature-studio check PATH...`: validate files or whole project folders (SPEC §15),
//! and with `--lint` warn of what loads but cannot work (SPEC §21).

use std::path::PathBuf;

use creature_core::lint::lint_paths;
use creature_core::project::check_paths;

use creature_workspace::checkers::{LINT_RULES, checkers};

use super::{CliError, CliResult};
use creature_core::words::count;

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
        return Err(CliError(vec![format!("{} found", count(n, "problem"))]));
    }
    if !args.lint {
        return Ok(());
    }
    let (lint, stopped) = lint_paths(&args.paths, LINT_RULES);
    for e in &stopped {
        println!("{e}");
    }
    for e in &lint.refused {
        println!("{e}");
    }
    for w in &lint.warnings {
        println!("{w}");
    }
    if !lint.allowed.is_empty() {
        let n = lint.allowed.len();
        eprintln!("{} allowed by studio.ron", count(n, "warning"));
    }
    if lint.warnings.is_empty() && stopped.is_empty() && lint.refused.is_empty() {
        Ok(())
    } else {
        let (n, r) = (lint.warnings.len(), lint.refused.len());
        let mut said = format!("{} found", count(n, "warning"));
        if r > 0 {
            said.push_str(&format!(", and {r} allow entr{} without an item", if r == 1 { "y" } else { "ies" }));
        }
        Err(CliError(vec![said]))
    }
}

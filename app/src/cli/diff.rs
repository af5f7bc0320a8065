//! `creature-studio diff A B [--json]` (SPEC §21): what changed between two creature
//! saves, species files or folders, worlds or banks. With `--git` it takes the seven
//! arguments git gives an external diff driver, so that `git diff` shows what changed
//! in the creature's mind.

use std::path::{Path, PathBuf};

use creature_core::printable::escaped_lines;
use creature_workspace::diff::{Side, diff};

use super::{CliError, CliResult, print_json};

#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    /// The two files or species folders; with `--git`, git's seven arguments
    /// (path, old file, old hash, old mode, new file, new hash, new mode).
    #[arg(required = true, num_args = 2..=7)]
    pub paths: Vec<PathBuf>,
    /// Print the difference as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Be git's external diff driver (`diff.creature.command`).
    #[arg(long)]
    pub git: bool,
}

pub fn run(args: &DiffArgs) -> CliResult {
    if args.git {
        return git(args);
    }
    let [a, b] = args.paths.as_slice() else {
        return Err(CliError::from("diff takes two paths (seven with --git)"));
    };
    let found = diff(&Side::at(a), &Side::at(b))?;
    if args.json {
        print_json(&serde_json::to_value(&found).map_err(|e| e.to_string())?);
    } else if found.is_empty() {
        println!("no difference");
    } else {
        // The lines quote what the two files hold.
        for line in found.lines() {
            println!("{}", escaped_lines(&line));
        }
    }
    Ok(())
}

/// Git's driver: the file's path in the repository names its kind; the two sides are
/// git's temporary copies, or `/dev/null` for a file added or deleted. Git stops at a
/// driver that fails, so a file that does not load is reported and the diff goes on.
fn git(args: &DiffArgs) -> CliResult {
    let [path, old, _, _, new, _, _] = args.paths.as_slice() else {
        return Err(CliError::from("--git takes the seven arguments git gives a diff driver"));
    };
    println!("creature-studio diff {}", path.display());
    let null = Path::new("/dev/null");
    if old == null || new == null {
        println!("{}", if old == null { "new file" } else { "deleted" });
        return Ok(());
    }
    let side = |read: &Path, label: &str| Side {
        read: read.to_path_buf(),
        known_as: path.clone(),
        label: format!("{label}/{}", path.display()),
    };
    match diff(&side(old, "a"), &side(new, "b")) {
        Ok(found) if found.is_empty() => println!("no difference in what the studio reads"),
        Ok(found) => found.lines().iter().for_each(|l| println!("{}", escaped_lines(l))),
        Err(problems) => problems.iter().for_each(|p| println!("{p}")),
    }
    Ok(())
}

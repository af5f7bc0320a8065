//! `creature-studio check`.

use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {}

pub fn run(_args: &CheckArgs) -> CliResult {
    Err("`check` is not built yet".into())
}

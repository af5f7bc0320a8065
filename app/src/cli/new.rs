//! `creature-studio new`.

use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct NewArgs {}

pub fn run(_args: &NewArgs) -> CliResult {
    Err("`new` is not built yet".into())
}

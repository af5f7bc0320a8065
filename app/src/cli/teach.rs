//! `creature-studio teach`.

use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct TeachArgs {}

pub fn run(_args: &TeachArgs) -> CliResult {
    Err("`teach` is not built yet".into())
}

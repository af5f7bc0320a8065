//! `creature-studio shadow …` (SPEC §13, §15).

use super::CliResult;

#[derive(clap::Subcommand, Debug)]
pub enum ShadowCommand {}

pub fn run(command: ShadowCommand) -> CliResult {
    match command {}
}

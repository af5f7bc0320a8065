//! `creature-studio species …`.

use super::CliResult;

#[derive(clap::Subcommand, Debug)]
pub enum SpeciesCommand {}

pub fn run(command: &SpeciesCommand) -> CliResult {
    match *command {}
}

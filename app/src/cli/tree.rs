//! `creature-studio tree …`.

use super::CliResult;

#[derive(clap::Subcommand, Debug)]
pub enum TreeCommand {}

pub fn run(command: &TreeCommand) -> CliResult {
    match *command {}
}

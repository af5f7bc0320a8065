//! `creature-studio new`: write a newborn creature (SPEC §3) to a save file.

use std::path::PathBuf;

use creature_core::creature::Creature;
use creature_core::species::data::Species;

use super::{CliResult, check_out, load_data};
use creature_core::file_writer::Policy;

#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// The species, e.g. Cow or PolarBear.
    #[arg(long)]
    pub species: String,
    /// The seed of the birth variation.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A name for the creature.
    #[arg(long)]
    pub name: Option<String>,
    /// Where to write the save.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// Species data folder to use instead of the built-in data.
    #[arg(long)]
    pub species_dir: Option<PathBuf>,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: &NewArgs) -> CliResult {
    let data = load_data(args.species_dir.as_deref())?;
    let species = Species::parse(&args.species)?;
    let policy = Policy::forced(args.force);
    check_out(&args.output, &policy)?;
    let mut creature = Creature::newborn(&data, species, args.seed);
    if let Some(name) = &args.name {
        creature.name.clone_from(name);
    }
    creature.save(&args.output, &policy)?;
    eprintln!("wrote a newborn {species} (seed {}) to {}", args.seed, args.output.display());
    Ok(())
}

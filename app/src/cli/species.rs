//! `creature-studio species report`: how soon each trait alone fills its desire, and
//! how fast each species learns miracles (SPEC §3, §15).

use std::path::PathBuf;

use creature_core::mind::character::report;
use creature_core::species::data::Trait;
use creature_core::species::trait_desire;
use serde_json::{Map, Value, json};

use super::{CliResult, load_data, print_json};

#[derive(clap::Subcommand, Debug)]
pub enum SpeciesCommand {
    /// Time to full from each trait alone, and the miracle multiplier, per species.
    Report {
        /// Print the machine-readable JSON of SPEC §15.
        #[arg(long)]
        json: bool,
        /// Species data folder to use instead of the built-in data.
        #[arg(long)]
        species_dir: Option<PathBuf>,
    },
}

pub fn run(command: &SpeciesCommand) -> CliResult {
    match command {
        SpeciesCommand::Report { json, species_dir } => {
            let data = load_data(species_dir.as_deref())?;
            let rows = report(&data);
            if *json {
                let species: Vec<Value> = rows
                    .iter()
                    .map(|r| {
                        let traits: Map<String, Value> =
                            Trait::ALL.iter().map(|t| (t.field().to_owned(), json!(r.traits.get(*t)))).collect();
                        let times: Map<String, Value> =
                            r.time_to_full.iter().map(|(d, s)| (d.name().to_owned(), json!(s))).collect();
                        json!({
                            "name": r.name.name(),
                            "traits": traits,
                            "time_to_full": times,
                            "miracle_multiplier": r.miracle_multiplier,
                        })
                    })
                    .collect();
                print_json(&json!({ "species": species }));
            } else {
                println!(
                    "{:<10} {:>5} {:>5} {:>5} {:>5} {:>5}  {:>11} {:>11} {:>15} {:>11} {:>9}  {:>7}",
                    "species",
                    "kind",
                    "frnd",
                    "comm",
                    "leth",
                    "aggr",
                    "Compassion",
                    "ToBeFriends",
                    "ToManifestState",
                    "Tiredness",
                    "Anger",
                    "miracle"
                );
                for r in &rows {
                    let t = |x: Trait| r.traits.get(x);
                    let time = |x: Trait| human_time(r.time_to_full.get(&trait_desire(x)).copied().flatten());
                    println!(
                        "{:<10} {:>5.2} {:>5.2} {:>5.2} {:>5.2} {:>5.2}  {:>11} {:>11} {:>15} {:>11} {:>9}  {:>6.2}×",
                        r.name.name(),
                        t(Trait::Kindness),
                        t(Trait::Friendliness),
                        t(Trait::Communicativeness),
                        t(Trait::Lethargy),
                        t(Trait::Aggression),
                        time(Trait::Kindness),
                        time(Trait::Friendliness),
                        time(Trait::Communicativeness),
                        time(Trait::Lethargy),
                        time(Trait::Aggression),
                        r.miracle_multiplier
                    );
                }
                println!("\nTime to full: from the trait's innate source alone, from empty, without decay (SPEC §2).");
            }
            Ok(())
        }
    }
}

/// Seconds as a short human figure: "29.8 min", "26.0 h", "3.9 d", or "never".
pub fn human_time(seconds: Option<f64>) -> String {
    match seconds {
        None => "never".to_owned(),
        Some(s) if s < 60.0 => format!("{s:.0} s"),
        Some(s) if s < 3600.0 => format!("{:.1} min", s / 60.0),
        Some(s) if s < 3.0 * 86400.0 => format!("{:.1} h", s / 3600.0),
        Some(s) => format!("{:.1} d", s / 86400.0),
    }
}

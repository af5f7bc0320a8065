//! Parquet exports for other tools (SPEC §18): `shadow export` writes a bank as one
//! row per event, `shadow import` reads it back, and `sim --newborns … --parquet` writes
//! one row per newborn of a batch or of one shard of it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use creature_core::shard::Shard;
use creature_core::species::data::{Data, Species};
use creature_core::world::batch;
use creature_core::world::batch_parquet;
use creature_core::world::file::WorldFile;
use creature_shadow::bank::Bank;
use serde_json::json;

use super::{CliError, CliResult, Output, check_out, print_json};
use creature_core::file_writer::Policy;

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The bank (RON or binary).
    bank: PathBuf,
    #[command(flatten)]
    o: Output,
}

#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The Parquet file, as `shadow export` writes it.
    file: PathBuf,
    #[command(flatten)]
    o: Output,
}

/// `shadow export BANK -o OUT.parquet`.
pub fn export(a: &ExportArgs) -> CliResult {
    let policy = a.o.policy();
    check_out(&a.o.out, &policy)?;
    let bank = Bank::load(&a.bank)?;
    bank.save_parquet(&a.o.out, &policy)?;
    if a.o.json {
        print_json(&json!({
            "events": bank.len(),
            "features": bank.features(),
            "out": a.o.out.display().to_string(),
        }));
    } else {
        println!("{}: {} events with {} features, one row each", a.o.out.display(), bank.len(), bank.features().len());
    }
    Ok(())
}

/// `shadow import FILE.parquet -o BANK`.
pub fn import(a: &ImportArgs) -> CliResult {
    let policy = a.o.policy();
    check_out(&a.o.out, &policy)?;
    let bank = Bank::load_parquet(&a.file)?;
    bank.save(&a.o.out, &policy)?;
    let s = bank.stats();
    if a.o.json {
        print_json(&json!({
            "events": s.events,
            "segments": s.segments,
            "matches": s.matches,
            "out": a.o.out.display().to_string(),
        }));
    } else {
        println!("{}: {} events in {} segments of {} matches", a.o.out.display(), s.events, s.segments, s.matches);
    }
    Ok(())
}

/// What `sim --newborns N --parquet OUT [--shard I/K]` runs: the batch's size and
/// seed, and the shard of it.
pub struct BatchExport<'a> {
    pub out: &'a Path,
    /// How `out` is written.
    pub policy: &'a Policy,
    pub shard: Option<&'a str>,
    pub newborns: usize,
    pub turns: u64,
    pub seed: u64,
    pub phase: u8,
    pub json: bool,
}

/// Runs the newborns of one shard of a batch (all of them without `--shard`) and writes
/// one row per newborn.
pub fn sim_batch(data: &Arc<Data>, species: Species, world: &WorldFile, x: &BatchExport<'_>) -> CliResult {
    let shard = match x.shard {
        Some(text) => Shard::parse(text).map_err(|e| CliError::from(format!("--shard {e}")))?,
        None => Shard::ALL,
    };
    let started = Instant::now();
    let lives = batch::lives(data, species, world, x.newborns, shard, x.turns, x.seed, x.phase);
    batch_parquet::save(x.out, species, &lives, x.policy)?;
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    if x.json {
        print_json(&json!({
            "newborns": lives.len(),
            "batch": x.newborns,
            "shard": format!("{}/{}", shard.index, shard.of),
            "out": x.out.display().to_string(),
            "wall_ms": wall_ms,
        }));
    } else {
        println!(
            "{}: {} of {} newborn {species}s (shard {}/{}), one row each, in {wall_ms:.0} ms",
            x.out.display(),
            lives.len(),
            x.newborns,
            shard.index,
            shard.of
        );
    }
    Ok(())
}

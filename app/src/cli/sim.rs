//! `creature-studio sim`: the creature simulation headless, as fast as it runs
//! (SPEC §15): one creature with a summary (and `--trace` lines), or a batch of
//! newborns with the spread of their desires.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use creature_core::creature::Creature;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::species::data::{Data, Species};
use creature_core::world::batch;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Sim, Summary};
use serde_json::{Value, json};

use super::{CliResult, bounds, check_out, load_data};
use creature_core::file_writer::Policy;

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    /// The species, e.g. Cow or PolarBear.
    #[arg(long)]
    pub species: String,
    /// A creature save to run instead of a newborn (it must be of the species).
    #[arg(long)]
    pub creature: Option<PathBuf>,
    /// The world file; the bundled example village when omitted.
    #[arg(long)]
    pub world: Option<PathBuf>,
    /// Simulated seconds to run (10 turns per second): 0 to 604800, a week.
    #[arg(long, value_parser = bounds::number(0.0..=bounds::WEEK))]
    pub seconds: f64,
    /// The seed of the run (and of the newborn's birth).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Print one JSON line per plan change, lesson, skill and miracle.
    #[arg(long)]
    pub trace: bool,
    /// Run this many newborns in parallel and report how their desires spread: 1 to
    /// 1000000.
    #[arg(long, value_parser = bounds::count(1..=bounds::MAX_NEWBORNS))]
    pub newborns: Option<usize>,
    /// The development phase to run at, 0 to 13; a newborn's 0 or the save's when omitted.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=bounds::LAST_PHASE))]
    pub phase: Option<u8>,
    /// Species data folder to use instead of the built-in data.
    #[arg(long)]
    pub species_dir: Option<PathBuf>,
    /// With --newborns: write one row per newborn to this Parquet file (SPEC §18).
    #[arg(long, requires = "newborns")]
    pub parquet: Option<PathBuf>,
    /// With --parquet: run only the newborns whose index ≡ I (mod K), each as in the whole batch.
    #[arg(long, value_name = "I/K", requires = "parquet")]
    pub shard: Option<String>,
    /// With --parquet: replace the file if it exists.
    #[arg(long, requires = "parquet")]
    pub force: bool,
}

pub fn run(args: &SimArgs) -> CliResult {
    let data = Arc::new(load_data(args.species_dir.as_deref())?);
    let species = Species::parse(&args.species)?;
    let turns = (args.seconds * TURNS_PER_SECOND).round() as u64;
    let world = match &args.world {
        Some(path) => WorldFile::load(path, &data)?,
        None => WorldFile::builtin(&data)?,
    };
    if let Some(n) = args.newborns {
        return run_batch(args, &data, species, &world, n, turns);
    }
    let creature = match &args.creature {
        Some(path) => {
            let c = Creature::load(path, &data)?;
            if c.species != species {
                return Err(
                    format!("{}: the creature is of species {}, not {species}", path.display(), c.species).into()
                );
            }
            c
        }
        None => Creature::newborn(&data, species, args.seed),
    };
    let mut sim = Sim::new(Arc::clone(&data), creature, world, args.seed);
    if let Some(p) = args.phase {
        sim.set_phase(p);
    }
    sim.record(args.trace);
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    // Trace lines go out as the run makes them, a simulated minute at a time.
    let chunk = 600;
    let mut left = turns;
    while left > 0 {
        let n = left.min(chunk);
        sim.run(n);
        left -= n;
        if args.trace {
            for e in sim.take_events().iter().filter(|e| e.is_trace()) {
                let line = serde_json::to_string(e).map_err(|e| e.to_string())?;
                writeln!(out, "{line}").map_err(|e| e.to_string())?;
            }
        }
    }
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let summary = sim.summary();
    if args.json {
        writeln!(out, "{}", summary_json(&summary, wall_ms)).map_err(|e| e.to_string())?;
    } else {
        writeln!(out, "{}", readable(&sim, &summary, wall_ms)).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The summary of SPEC §15: `{"turns","plans","lessons","desires":{...},"wall_ms"}`.
fn summary_json(s: &Summary, wall_ms: f64) -> Value {
    json!({
        "turns": s.turns,
        "plans": s.plans,
        "lessons": s.lessons,
        "desires": s.desires.iter().map(|(d, v)| (d.name().to_owned(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "wall_ms": wall_ms,
    })
}

fn readable(sim: &Sim, s: &Summary, wall_ms: f64) -> String {
    let c = sim.creature();
    let mut desires: Vec<_> = s.desires.iter().filter(|(_, v)| **v > 0.0).collect();
    desires.sort_by(|a, b| b.1.total_cmp(a.1).then(a.0.cmp(b.0)));
    let top: Vec<String> = desires.iter().take(8).map(|(d, v)| format!("{d} {v:.3}")).collect();
    let mut busiest: Vec<_> = sim.desires().into_iter().filter(|d| d.seconds > 0.0).collect();
    busiest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    let time: Vec<String> = busiest.iter().take(8).map(|d| format!("{} {:.0} s", d.desire, d.seconds)).collect();
    let b = c.body;
    format!(
        "{} ({}, phase {}) lived {:.1} simulated seconds ({} turns) in {:.0} ms\n\
         plans started: {}; lessons: {}; liking of the player: {:.3}\n\
         body: energy {:.2}, health {:.2}, fatigue {:.2}, thirst {:.2}\n\
         strongest desires: {}\n\
         time spent on: {}",
        c.name,
        c.species,
        c.phase,
        sim.time(),
        s.turns,
        wall_ms,
        s.plans,
        s.lessons,
        c.liking,
        b.energy,
        b.health,
        b.fatigue,
        b.thirst,
        if top.is_empty() { "none".to_owned() } else { top.join(", ") },
        if time.is_empty() { "nothing".to_owned() } else { time.join(", ") },
    )
}

fn run_batch(args: &SimArgs, data: &Arc<Data>, species: Species, world: &WorldFile, n: usize, turns: u64) -> CliResult {
    if args.creature.is_some() {
        return Err("--newborns runs newborns; it cannot be combined with --creature".into());
    }
    if args.trace {
        return Err("--trace follows one creature; it cannot be combined with --newborns".into());
    }
    if let Some(out) = &args.parquet {
        let policy = Policy::forced(args.force).flag("--parquet");
        check_out(out, &policy)?;
        let x = super::parquet::BatchExport {
            out,
            policy: &policy,
            shard: args.shard.as_deref(),
            newborns: n,
            turns,
            seed: args.seed,
            phase: args.phase.unwrap_or(0),
            json: args.json,
        };
        return super::parquet::sim_batch(data, species, world, &x);
    }
    let started = Instant::now();
    let report = batch::run(data, species, world, n, turns, args.seed, args.phase.unwrap_or(0));
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    if args.json {
        let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
        if let Some(o) = v.as_object_mut() {
            o.insert("wall_ms".to_owned(), json!(wall_ms));
            o.insert("threads".to_owned(), json!(batch::threads()));
        }
        println!("{v}");
    } else {
        println!(
            "{n} newborn {species}s, {:.0} simulated seconds each, in {wall_ms:.0} ms on {} threads",
            report.seconds,
            batch::threads()
        );
        println!(
            "{:<28} {:>28}   {:>34}",
            "desire", "final value: p10 / median / p90", "seconds on it: p10 / median / p90"
        );
        for (d, s) in &report.desires {
            if s.end.max > 0.0 || s.seconds.max > 0.0 {
                println!(
                    "{:<28} {:>8.3} / {:>7.3} / {:>7.3}   {:>10.0} / {:>9.0} / {:>9.0}",
                    d.name(),
                    s.end.p10,
                    s.end.median,
                    s.end.p90,
                    s.seconds.p10,
                    s.seconds.median,
                    s.seconds.p90
                );
            }
        }
    }
    Ok(())
}

//! `creature-studio train TARGET [--species S,S,... | --species all] [--seeds K]
//! [--budget N] [--seed S] [--json] [-o OUT.lesson.ron] [--parquet OUT.parquet]`
//! (SPEC §22): the fewest lessons that make a target hold on every seed, per species, and
//! the best script written as a lesson script that `teach` and the Lesson panel play.
//! With `--shard I/K` only the species at places ≡ I (mod K) are searched, into the
//! Parquet table; `--results` puts the report together from the shards' tables
//! (app/tools/dask_train.py).

use std::path::{Path, PathBuf};
use std::time::Instant;

use creature_core::file_writer::{self, Policy};
use creature_core::names::Species;
use creature_core::train::report_parquet::{self, ReportRow};
use creature_core::train::{
    self, DEFAULT_BUDGET, DEFAULT_SEEDS, FIRST_SEED, LoadedTarget, MAX_BUDGET, MAX_SEEDS, Searched, Settings, Trained,
};
use creature_core::world::batch::Shard;
use serde_json::{Value, json};

use super::{CliError, CliResult, bounds, check_out, print_json};

#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// The target: `NAME.target.ron` (SPEC §22).
    pub target: PathBuf,
    /// Species to train instead of the target's: names separated by commas, or `all`.
    #[arg(long, value_name = "S,S,...|all", value_parser = once_each)]
    pub species: Option<String>,
    /// Seeds the target must hold on: the newborns born with SEED, SEED+1, ...: 1 to 256.
    #[arg(long, default_value_t = DEFAULT_SEEDS, value_parser = bounds::count(1..=MAX_SEEDS as u64))]
    pub seeds: usize,
    /// The most lesson scripts tried per species: 1 to 1000000.
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_parser = bounds::count(1..=MAX_BUDGET as u64))]
    pub budget: usize,
    /// The first seed; the same seed gives the same answer on any number of threads.
    #[arg(long, default_value_t = FIRST_SEED)]
    pub seed: u64,
    #[arg(long)]
    pub json: bool,
    /// Write the script found for the first species as a lesson script.
    #[arg(short = 'o', long = "output", value_name = "OUT.lesson.ron", conflicts_with_all = ["shard", "results"])]
    pub output: Option<PathBuf>,
    /// Write one row per species to this Parquet file.
    #[arg(long, value_name = "OUT.parquet")]
    pub parquet: Option<PathBuf>,
    /// Replace OUT or the Parquet file if there is one.
    #[arg(long)]
    pub force: bool,
    /// Search only the species at places ≡ I (mod K) of the list, each exactly as in the
    /// whole report, into the --parquet table: one task of a report split over machines
    /// (app/tools/dask_train.py).
    #[arg(long, value_name = "I/K", requires = "parquet", conflicts_with = "results")]
    pub shard: Option<String>,
    /// Search nothing: the report from the tables its shards wrote with --parquet, which
    /// must hold each species once (same --species, --seeds, --seed and --budget).
    #[arg(long, value_name = "TABLE.parquet", num_args = 1..)]
    pub results: Vec<PathBuf>,
}

/// A `--species` list naming each species once: a repeated one is refused, saying
/// which (a name that is no species is left to [`species_of`]).
fn once_each(list: &str) -> Result<String, String> {
    let mut seen: Vec<Species> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if let Ok(s) = Species::parse(name) {
            if seen.contains(&s) {
                return Err(format!("{s} is named twice; name each species once"));
            }
            seen.push(s);
        }
    }
    Ok(list.to_owned())
}

/// The species `--species` names, or the target's own.
fn species_of(arg: Option<&str>, own: Species) -> Result<Vec<Species>, CliError> {
    match arg.map(str::trim) {
        None => Ok(vec![own]),
        Some("all") => Ok(Species::ALL.to_vec()),
        Some(list) => {
            let names = list.split(',').map(str::trim).filter(|n| !n.is_empty());
            let species: Result<Vec<Species>, String> =
                names.map(|n| Species::parse(n).map_err(|e| format!("--species: {e}"))).collect();
            let species = species.map_err(CliError::from)?;
            if species.is_empty() {
                Err("--species: expected species names separated by commas, or `all`".into())
            } else {
                Ok(species)
            }
        }
    }
}

pub fn run(a: &TrainArgs) -> CliResult {
    let outputs = [("-o", a.output.as_deref()), ("--parquet", a.parquet.as_deref())];
    file_writer::distinct_outputs(&outputs.iter().filter_map(|(f, p)| Some((*f, (*p)?))).collect::<Vec<_>>())?;
    let target = train::load(&a.target)?;
    let script_policy = Policy::forced(a.force).flag("-o");
    let table_policy = Policy::forced(a.force).flag("--parquet");
    if let Some(out) = &a.output {
        check_out(out, &script_policy)?;
    }
    if let Some(out) = &a.parquet {
        check_out(out, &table_policy)?;
    }
    let searched = Searched::of(&a.target, &target)?;
    let shard = a.shard.as_deref().map(Shard::parse).transpose().map_err(|e| format!("--shard {e}"))?;
    let species = species_of(a.species.as_deref(), target.target.species)?;
    let settings = Settings::new(a.seed, a.seeds, a.budget);
    let started = Instant::now();
    let (rows, trained) = if a.results.is_empty() {
        let shard = shard.unwrap_or(Shard::ALL);
        let mine: Vec<Species> = species.iter().copied().skip(shard.index).step_by(shard.of).collect();
        let targets: Vec<LoadedTarget> =
            mine.iter().map(|s| target.for_species(*s)).collect::<Result<_, _>>().map_err(CliError::from)?;
        // The species in one pool, so that both cores stay busy to the report's end.
        let trained: Vec<Trained> = train::train_each(&targets, &settings, &|_, _| {});
        (trained.iter().map(|t| ReportRow::of(t, &settings, &searched)).collect(), trained)
    } else {
        let mut rows = Vec::new();
        for table in &a.results {
            let table_rows = report_parquet::load(table)?;
            report_parquet::searched_for(table, &table_rows, &searched, &a.target)?;
            rows.extend(table_rows);
        }
        let tables: Vec<String> = a.results.iter().map(|p| p.display().to_string()).collect();
        (report_parquet::gather(&species, &settings, rows, &tables.join(", "))?, Vec::new())
    };
    let train_ms = started.elapsed().as_secs_f64() * 1000.0;
    let pace = Pace::of(&rows, train_ms, a.results.is_empty());
    if let Some(out) = &a.parquet {
        report_parquet::save(out, &rows, &table_policy)?;
    }
    let written = match (&a.output, trained.first()) {
        (Some(out), Some(first)) if first.lessons.is_some() => {
            write_script(out, first, &a.target, &settings, &script_policy)?;
            Some(out)
        }
        _ => None,
    };
    if a.json {
        let species: Vec<Value> = rows.iter().map(row_json).collect();
        print_json(&json!({
            "target": a.target.display().to_string(),
            "species": species,
            "train_ms": train_ms,
            "runs_per_second": pace.runs_per_second,
            "turns_per_trial": pace.turns_per_trial,
        }));
    } else {
        let why = |r: &ReportRow| trained.iter().find(|t| t.species == r.species)?.closest.clone()?.why;
        let whys: Vec<Option<String>> = rows.iter().map(why).collect();
        print!("{}", table(&target, &rows, &whys, train_ms, &pace));
        match (written, &a.output) {
            (Some(out), _) => println!("wrote the script to {}", out.display()),
            (None, Some(out)) => println!("wrote no script to {}: the target was not reached", out.display()),
            (None, None) => {}
        }
    }
    Ok(())
}

/// How fast the search went, beside its wall time: the runs (a script on one seed) made a
/// second, when they were made here rather than read from the shards' tables, and the turns
/// a run lived on the mean (a run ends once its verdict is known).
struct Pace {
    runs_per_second: Option<f64>,
    turns_per_trial: Option<f64>,
}

impl Pace {
    fn of(rows: &[ReportRow], train_ms: f64, searched_here: bool) -> Pace {
        let runs: usize = rows.iter().map(|r| r.runs).sum();
        let runs_per_second = (searched_here && train_ms > 0.0).then(|| runs as f64 / train_ms * 1000.0);
        Pace { runs_per_second, turns_per_trial: report_parquet::turns_per_run(rows) }
    }
}

/// The script found, with a comment saying where it came from, as the editor keeps it.
fn write_script(out: &Path, t: &Trained, target: &Path, s: &Settings, policy: &Policy) -> CliResult {
    let text = creature_workspace::train_runs::script_text(t, target, s);
    file_writer::write(out, text.as_bytes(), policy).map_err(CliError::from)
}

fn row_json(r: &ReportRow) -> Value {
    let closest = r.closest.map_or(Value::Null, |(index, observed)| json!({"index": index, "observed": observed}));
    json!({
        "species": r.species,
        "lessons": r.lessons,
        "held": r.held,
        "seeds": r.seeds,
        "tried": r.tried,
        "runs": r.runs,
        "closest": closest,
    })
}

/// The report for people: one line per species, and for a target not reached the
/// expectation nearest to holding (with why it failed, when the search ran here).
fn table(target: &LoadedTarget, rows: &[ReportRow], whys: &[Option<String>], train_ms: f64, pace: &Pace) -> String {
    let mut out = format!("{:<10} {:>8} {:>6} {:>7} {:>7}\n", "species", "lessons", "held", "tried", "runs");
    for (r, why) in rows.iter().zip(whys) {
        let lessons = r.lessons.map_or("-".to_owned(), |n| n.to_string());
        let held = format!("{}/{}", r.held, r.seeds);
        out += &format!("{:<10} {lessons:>8} {held:>6} {:>7} {:>7}\n", r.species.name(), r.tried, r.runs);
        if let Some((index, observed)) = r.closest {
            let what = target.target.expect.get(index).map_or(String::new(), creature_core::scenario::Expect::describe);
            let why = why.clone().unwrap_or_else(|| format!("{what} was {observed}"));
            out += &format!("  not reached; closest: expect {index}: {why}\n");
        }
    }
    out += &format!("trained in {train_ms:.0} ms");
    if let Some(rate) = pace.runs_per_second {
        out += &format!(", {rate:.0} runs a second");
    }
    if let Some(turns) = pace.turns_per_trial {
        out += &format!(", {turns:.0} turns a run");
    }
    out += "\n";
    out
}

//! `creature-studio recording info | seek | fork | diff | find` (SPEC §17, §19): a
//! recorded run read back without the project folder, the state at any second, a fork
//! on changed data, what differs between two recordings, and the turns a condition fired.

use std::path::{Path, PathBuf};
use std::time::Instant;

use creature_core::creature::Creature;
use creature_core::file_reader::read_text;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::recording::{Future, Recorder, Recording, Reload, diff, turn_of_seconds};
use creature_core::scenario::State;
use creature_core::species::data::Data;
use creature_core::world::file::WorldFile;
use serde_json::json;

use super::{CliResult, bounds, check_out, print_json};
use creature_core::file_writer::Policy;

#[derive(clap::Subcommand, Debug)]
pub enum RecordingCommand {
    /// What a recording holds: version, seed, turns, inputs, reloads, snapshots, events.
    Info(InfoArgs),
    /// The state (SPEC §16 STATE) at a simulated second, and how long the seek took.
    Seek(SeekArgs),
    /// A new run from a second on, with changed data, keeping the recorded inputs.
    Fork(ForkArgs),
    /// What differs between two recordings, and from when.
    Diff(DiffArgs),
    /// Every turn at which a condition fired (SPEC §19), as `Lesson(sign: Slap)`.
    Find(FindArgs),
}

#[derive(clap::Args, Debug)]
pub struct FindArgs {
    pub file: PathBuf,
    /// The condition (SPEC §19), in RON.
    #[arg(long, value_name = "COND")]
    pub when: String,
    /// Print JSON (SPEC §19).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct InfoArgs {
    pub file: PathBuf,
    /// Print JSON (SPEC §17).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct SeekArgs {
    pub file: PathBuf,
    /// The simulated second: 0 to the recording's end (at most 31536000, a year).
    #[arg(long, value_parser = bounds::number(0.0..=bounds::LONGEST_RECORDING))]
    pub at: f64,
    /// Print JSON (SPEC §17).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct ForkArgs {
    pub file: PathBuf,
    /// The simulated second to fork at: 0 to the recording's end (at most 31536000, a year).
    #[arg(long, value_parser = bounds::number(0.0..=bounds::LONGEST_RECORDING))]
    pub at: f64,
    /// Species data to run on from the fork, instead of the recording's.
    #[arg(long)]
    pub species_dir: Option<PathBuf>,
    /// A creature save to swap in at the fork.
    #[arg(long)]
    pub creature: Option<PathBuf>,
    /// A world file to swap in at the fork.
    #[arg(long)]
    pub world: Option<PathBuf>,
    /// Simulated seconds to run after the fork, 0 to 604800 (a week); default: to the
    /// original's end.
    #[arg(long, value_parser = bounds::number(0.0..=bounds::WEEK))]
    pub seconds: Option<f64>,
    /// The new recording.
    #[arg(short = 'o', long = "out")]
    pub out: PathBuf,
    /// Replace OUT if it exists (never the recording forked from).
    #[arg(long)]
    pub force: bool,
}

#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    pub a: PathBuf,
    pub b: PathBuf,
    /// Print JSON (SPEC §17).
    #[arg(long)]
    pub json: bool,
}

pub fn run(c: &RecordingCommand) -> CliResult {
    match c {
        RecordingCommand::Info(a) => info(a),
        RecordingCommand::Seek(a) => seek(a),
        RecordingCommand::Fork(a) => fork(a),
        RecordingCommand::Diff(a) => diff_files(a),
        RecordingCommand::Find(a) => find(a),
    }
}

fn seconds(turn: u64) -> f64 {
    turn as f64 / TURNS_PER_SECOND
}

fn info(a: &InfoArgs) -> CliResult {
    let rec = Recording::load(&a.file)?;
    let v = json!({
        "version": creature_core::recording::VERSION,
        "seed": rec.seed,
        "turns": rec.turns,
        "sim_seconds": seconds(rec.turns),
        "inputs": rec.input_count(),
        "reloads": rec.reload_count(),
        "snapshots": rec.snapshots.len(),
        "events": rec.events.len(),
    });
    if a.json {
        print_json(&v);
    } else {
        println!(
            "{}: {} s ({} turns, seed {}), {} inputs, {} reloads, {} snapshots, {} events",
            a.file.display(),
            seconds(rec.turns),
            rec.turns,
            rec.seed,
            rec.input_count(),
            rec.reload_count(),
            rec.snapshots.len(),
            rec.events.len()
        );
        for m in rec.markers().iter().filter(|m| !matches!(m.kind, creature_core::recording::MarkerKind::Plan)) {
            println!("  {:>9.1} s  {}", seconds(m.turn), m.text);
        }
    }
    Ok(())
}

/// Opens a recording file to play it.
fn open(path: &Path) -> Result<Recorder, super::CliError> {
    let rec = Recording::load(path)?;
    Recorder::open(rec).map_err(|errors| errors_in(path, &errors))
}

/// Problems of the files kept inside a recording, said as the recording's.
fn errors_in(path: &Path, errors: &[creature_core::error::LoadError]) -> super::CliError {
    super::CliError(errors.iter().map(|e| format!("{}: in the recorded file {e}", path.display())).collect())
}

fn find(a: &FindArgs) -> CliResult {
    let r = open(&a.file)?;
    let cond = creature_core::cond::Cond::parse(&a.when, r.sim().data(), r.sim().world())
        .map_err(|e| format!("--when, column {}: {}", e.col, e.message))?;
    let started = Instant::now();
    let hits = r.find(&cond).map_err(|m| format!("{}: {m}", a.file.display()))?;
    let find_ms = started.elapsed().as_secs_f64() * 1000.0;
    let listed: Vec<_> = hits.iter().map(|&t| json!({"turn": t, "sim_time": seconds(t)})).collect();
    if a.json {
        print_json(&json!({"hits": listed, "find_ms": find_ms}));
    } else {
        println!("{}: {} fired {} times (found in {find_ms:.1} ms)", a.file.display(), cond.describe(), hits.len());
        for t in hits {
            println!("  turn {t} ({} s)", seconds(t));
        }
    }
    Ok(())
}

fn seek(a: &SeekArgs) -> CliResult {
    let mut r = open(&a.file)?;
    let turn = turn_of_seconds(a.at, r.recording().turns).map_err(|m| format!("{}: {m}", a.file.display()))?;
    let started = Instant::now();
    let sim = r.seek(turn).map_err(|m| format!("{}: {m}", a.file.display()))?;
    let seek_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut v = serde_json::to_value(State::of(&sim)).unwrap_or_default();
    v["seek_ms"] = json!(seek_ms);
    if a.json {
        print_json(&v);
    } else {
        println!("{}: at {} s (turn {turn}), found in {seek_ms:.2} ms", a.file.display(), seconds(turn));
        println!("  {v}");
    }
    Ok(())
}

fn fork(a: &ForkArgs) -> CliResult {
    let policy = Policy::forced(a.force).flag("-o");
    check_out(&a.out, &policy)?;
    let mut r = open(&a.file)?;
    let end_before = r.recording().turns;
    let turn = turn_of_seconds(a.at, end_before).map_err(|m| format!("{}: {m}", a.file.display()))?;
    let end = match a.seconds {
        // At most a week of turns (its bound): a whole number well inside u64.
        Some(s) => turn + (s * TURNS_PER_SECOND).round() as u64,
        None => end_before,
    };
    let mut changed = Vec::new();
    if let Some(dir) = &a.species_dir {
        let texts = Data::texts(Some(dir))?;
        // Checked here so that a folder with problems is reported with its own paths.
        Data::load_dir(dir)?;
        changed.push(Reload::Species(texts));
    }
    let mut fork = r.fork_with(turn, Future::Keep, changed)?;
    // Each swapped-in file is checked first against the data the fork runs on, so that
    // a wrong file (a bank given as the world) is reported under its own path.
    if let Some(p) = &a.creature {
        let text = read_text(p)?;
        Creature::parse(&p.display().to_string(), &text, fork.sim().data())?;
        fork.reload(Reload::Creature(text))?;
    }
    if let Some(p) = &a.world {
        let text = read_text(p)?;
        WorldFile::parse(&p.display().to_string(), &text, fork.sim().data())?;
        fork.reload(Reload::World(text))?;
    }
    fork.run_to(end);
    fork.recording().save(&a.out, &policy)?;
    println!("{}: {} forked at {} s, run to {} s", a.out.display(), a.file.display(), seconds(turn), seconds(end));
    Ok(())
}

fn diff_files(a: &DiffArgs) -> CliResult {
    let ra = open(&a.a)?;
    let rb = open(&a.b)?;
    let d = diff(&ra, &rb).map_err(|m| format!("{} / {}: {m}", a.a.display(), a.b.display()))?;
    if a.json {
        print_json(&serde_json::to_value(&d).unwrap_or_default());
    } else {
        match d.first_difference {
            None => println!("{} and {} do not differ", a.a.display(), a.b.display()),
            Some(t) => println!("{} and {} differ from {t} s", a.a.display(), a.b.display()),
        }
        for (desire, x) in &d.desires {
            println!("  {desire}: up to {:.4} apart at {} s", x.max_abs, x.at);
        }
        println!("  plans only in a: {}, only in b: {}", d.plans.only_a, d.plans.only_b);
        println!("  lessons: {} and {}", d.lessons.a, d.lessons.b);
        for t in &d.trees {
            println!("  {} {:?} tree: examples differ", t.desire, t.tree);
        }
    }
    Ok(())
}

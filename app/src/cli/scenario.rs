//! `creature-studio scenario run FILE|DIR` (SPEC §16): designers' behaviour tests. A
//! file runs with a readable account or `--json`; a folder runs every
//! `*.scenario.ron` below it and prints one line per scenario.

use std::io::Write;
use std::path::{Path, PathBuf};

use creature_core::scenario::{self, Expect, Outcome};
use serde_json::{Value, json};

use super::{CliError, CliResult, bounds, check_out};
use creature_core::file_writer::Policy;
use creature_core::printable::escaped_lines;
use creature_core::words::count;

#[derive(clap::Subcommand, Debug)]
pub enum ScenarioCommand {
    /// Run a scenario file, or every `*.scenario.ron` below a folder.
    Run(RunArgs),
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// A scenario file or a folder of them.
    pub path: PathBuf,
    /// Print JSON (SPEC §16).
    #[arg(long)]
    pub json: bool,
    /// Print one JSON line per plan change, lesson, skill and miracle before the result.
    #[arg(long)]
    pub trace: bool,
    /// Also print the state at this simulated second (`state` in the JSON): 0 to the
    /// scenario's end, which is at most 604800 (a week).
    #[arg(long, value_parser = bounds::number(0.0..=bounds::WEEK))]
    pub state_at: Option<f64>,
    /// Record the run into this file (SPEC §17), to seek, fork and compare later.
    #[arg(long, value_name = "OUT.recording")]
    pub record: Option<PathBuf>,
    /// With --record: replace the file if it exists (never one the scenario reads).
    #[arg(long, requires = "record")]
    pub force: bool,
    /// Stop at the first turn this condition fires (SPEC §19, as `PlanStarted(kind:
    /// Villager)`) and report the run so far with the state there.
    #[arg(long = "break", value_name = "COND", conflicts_with = "record")]
    pub until: Option<String>,
}

pub fn run(c: &ScenarioCommand) -> CliResult {
    let ScenarioCommand::Run(args) = c;
    if args.path.is_dir() { run_dir(args) } else { run_file(args) }
}

fn run_file(args: &RunArgs) -> CliResult {
    let path = &args.path;
    let (out, expect) = match (&args.record, &args.until) {
        (None, Some(cond)) => run_until(path, cond, args.state_at)?,
        (None, None) => scenario::run_file(path, args.state_at)?,
        (Some(to), _) => {
            let loaded = scenario::file::load(path)?;
            let policy = Policy::forced(args.force).flag("--record");
            check_out(to, &policy)?;
            let (out, expect, rec) = scenario::run_file_recorded(loaded, args.state_at)?;
            rec.save(to, &policy)?;
            (out, expect)
        }
    };
    let mut stdout = std::io::stdout().lock();
    if args.trace {
        for e in out.events.iter().filter(|e| e.is_trace()) {
            let _ = writeln!(stdout, "{}", serde_json::to_string(e).unwrap_or_default());
        }
    }
    if args.json {
        let mut v = to_json(&out);
        if args.until.is_some() {
            v["break"] = out.broke.map_or(Value::Null, |t| json!({"turn": t, "sim_time": t as f64 / 10.0}));
        }
        let _ = writeln!(stdout, "{v}");
    } else {
        let _ = writeln!(
            stdout,
            "{}: {} after {:.1} s ({}, {})",
            path.display(),
            if out.passed { "passed" } else { "FAILED" },
            out.sim_time,
            count(out.plans as usize, "plan"),
            count(out.lessons as usize, "lesson")
        );
        match (out.broke, &args.until) {
            (Some(t), Some(cond)) => {
                let _ = writeln!(stdout, "  stopped at turn {t} ({:.1} s): {cond} fired", t as f64 / 10.0);
            }
            (None, Some(cond)) => {
                let _ = writeln!(stdout, "  {cond} never fired");
            }
            _ => {}
        }
        for m in &out.expectations {
            let mark = if m.passed { "ok  " } else { "FAIL" };
            let what = match &m.why {
                Some(why) => why.clone(),
                None => format!("{}: {}", expect.get(m.index).map(Expect::describe).unwrap_or_default(), m.observed),
            };
            // What an expectation names comes from the scenario and the world.
            let _ = writeln!(stdout, "  {mark} #{} {}", m.index, escaped_lines(&what));
        }
        for r in &out.refused {
            let _ = writeln!(stdout, "  FAIL {}", escaped_lines(&r.to_string()));
        }
        if let Some(s) = &out.state {
            let _ = writeln!(stdout, "  state: {}", serde_json::to_string(s).unwrap_or_default());
        }
    }
    if out.passed { Ok(()) } else { Err(CliError(Vec::new())) }
}

fn run_dir(args: &RunArgs) -> CliResult {
    if args.record.is_some() {
        return Err("--record records one scenario file, not a folder".into());
    }
    if args.until.is_some() {
        return Err("--break stops one scenario file, not a folder".into());
    }
    let files = scenario_files(&args.path);
    if files.is_empty() {
        return Err(format!("{}: no *.scenario.ron files below this folder", args.path.display()).into());
    }
    let mut failed = 0;
    let mut stdout = std::io::stdout().lock();
    for f in &files {
        let line = match scenario::run_file(f, None) {
            Ok((out, expect)) => {
                if !out.passed {
                    failed += 1;
                }
                let first = first_failure(&out, &expect);
                if args.json {
                    let mut v = to_json(&out);
                    v["file"] = json!(f.display().to_string());
                    v.to_string()
                } else if out.passed {
                    format!("pass {}", f.display())
                } else {
                    format!("FAIL {}: {first}", f.display())
                }
            }
            Err(errors) => {
                failed += 1;
                let e: Vec<String> = errors.iter().map(ToString::to_string).collect();
                if args.json {
                    json!({"file": f.display().to_string(), "passed": false, "problems": e}).to_string()
                } else {
                    format!("FAIL {}: {}", f.display(), e.join("; "))
                }
            }
        };
        let _ = writeln!(stdout, "{line}");
    }
    if failed == 0 { Ok(()) } else { Err(format!("{failed} of {} scenarios failed", files.len()).into()) }
}

/// The first failed expectation of a run, for the one-line account of a folder.
fn first_failure(out: &Outcome, expect: &[Expect]) -> String {
    if let Some(r) = out.refused.first() {
        return r.clone();
    }
    out.expectations
        .iter()
        .find(|m| !m.passed)
        .map(|m| match &m.why {
            Some(why) => format!("expectation #{} {why}", m.index),
            None => {
                let what = expect.get(m.index).map(Expect::describe).unwrap_or_default();
                format!("expectation #{} {what}: observed {}", m.index, m.observed)
            }
        })
        .unwrap_or_default()
}

/// The `*.scenario.ron` files below `dir`, in path order.
fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    creature_core::project::ron_files(dir)
        .into_iter()
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".scenario.ron")))
        .collect()
}

/// The JSON of SPEC §16.
/// Runs the scenario at `path` until `cond` fires; a condition that names something
/// the scenario's data or world lacks is refused with its column.
fn run_until(path: &Path, cond: &str, state_at: Option<f64>) -> Result<(Outcome, Vec<Expect>), CliError> {
    let loaded = scenario::file::load(path)?;
    scenario::run::check_state_at(path, &loaded, state_at)?;
    let scenario::run::Prepared { loaded, mut sim } = scenario::prepare(loaded)?;
    let cond = creature_core::cond::Cond::parse(cond, sim.data(), sim.world())
        .map_err(|e| CliError(vec![format!("--break, column {}: {}", e.col, e.message)]))?;
    let expect = loaded.scenario.expect.clone();
    Ok((scenario::run_until(&mut sim, &loaded, state_at, Some(cond)), expect))
}

fn to_json(out: &Outcome) -> Value {
    let mut v = json!({
        "passed": out.passed,
        "sim_time": out.sim_time,
        "plans": out.plans,
        "lessons": out.lessons,
        "expectations": out.expectations,
    });
    if let Some(s) = &out.state {
        v["state"] = serde_json::to_value(s).unwrap_or(Value::Null);
    }
    if !out.refused.is_empty() {
        v["refused"] = json!(out.refused);
    }
    v
}

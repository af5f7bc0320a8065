//! `creature-studio shadow curate` (SPEC §13): a bank's exact and near duplicates, its
//! outliers and its coverage of situation classes, and, only when asked with
//! `--delete KINDS -o OUT`, the bank without the flagged events, saved atomically.

use std::path::{Path, PathBuf};

use creature_core::file_reader::read_text;
use creature_shadow::arena::state_name;
use creature_shadow::bank::Bank;
use creature_shadow::curate::{CurateOptions, Curation, FlagKind, curate};
use creature_shadow::schema::{ARENA_SCHEMA, Schema};
use serde_json::{Value, json};

use super::shared::{mismatch, save};
use crate::cli::{CliError, CliResult, bounds, check_out, print_json};
use creature_core::file_writer::Policy;
use creature_core::words::{count, noun_for};

#[derive(clap::Args, Debug)]
pub struct CurateArgs {
    /// The schema near duplicates are measured with; the built-in arena schema by default.
    #[arg(long)]
    schema: Option<PathBuf>,
    /// The bank (RON or binary).
    #[arg(long)]
    bank: PathBuf,
    /// The largest schema distance (Σ weight · similarity) of near duplicates: 0 to 1000.
    #[arg(long, default_value_t = CurateOptions::default().near, value_parser = bounds::number(0.0..=bounds::MAX_CURATE))]
    near: f64,
    /// k of the outlier fences P5 − k·(P95 − P5) and P95 + k·(P95 − P5): 0 to 1000.
    #[arg(long, default_value_t = CurateOptions::default().fence, value_parser = bounds::number(0.0..=bounds::MAX_CURATE))]
    fence: f64,
    /// Coverage classes with fewer events than this are thin: 0 to 5000000 (a bank's most
    /// events).
    #[arg(long, default_value_t = CurateOptions::default().thin, value_parser = bounds::count(0..=bounds::MAX_EVENTS as u64))]
    thin: usize,
    /// Delete the events flagged with these kinds (duplicates, near_duplicates,
    /// outliers; comma-separated) and save the rest to OUT.
    #[arg(long, value_name = "KINDS", requires = "out")]
    delete: Option<String>,
    /// Where to save the curated bank: RON for .ron, the binary form otherwise.
    #[arg(short = 'o', long = "out", requires = "delete")]
    out: Option<PathBuf>,
    /// Replace OUT if it exists.
    #[arg(long, requires = "out")]
    force: bool,
    #[arg(long)]
    json: bool,
}

/// The kinds named in `--delete`.
fn kinds(list: &str) -> Result<Vec<FlagKind>, CliError> {
    let mut out = Vec::new();
    for name in list.split(',').filter(|n| !n.trim().is_empty()) {
        let k = FlagKind::from_name(name).ok_or_else(|| {
            CliError::from(format!(
                "--delete: {}",
                creature_core::error::unknown_name("kind of flag", name.trim(), FlagKind::ALL.iter().map(|k| k.name()))
            ))
        })?;
        if !out.contains(&k) {
            out.push(k);
        }
    }
    if out.is_empty() {
        return Err("--delete: name at least one kind: duplicates, near_duplicates or outliers".into());
    }
    Ok(out)
}

pub fn run(a: &CurateArgs) -> CliResult {
    let delete = a.delete.as_deref().map(kinds).transpose()?;
    let policy = Policy::forced(a.force).flag("-o");
    if let Some(out) = &a.out {
        check_out(out, &policy)?;
    }
    let (schema_file, schema_text) = match &a.schema {
        Some(p) => (p.clone(), read_text(p)?),
        None => (PathBuf::from("the built-in arena schema"), ARENA_SCHEMA.to_owned()),
    };
    let schema = Schema::parse(&schema_file.display().to_string(), &schema_text)?;
    let mut bank = Bank::load(&a.bank)?;
    let options = CurateOptions { near: a.near, fence: a.fence, thin: a.thin };
    let c = curate(&schema, &bank, &options).map_err(|e| mismatch(&e, (&schema_file, &schema_text), &a.bank))?;
    let deleted = match (&delete, &a.out) {
        (Some(kinds), Some(out)) => {
            let ids = c.ids(kinds);
            let removed = bank.delete_events(&ids);
            save(&bank, out, &policy)?;
            Some((kinds.clone(), removed, out.as_path()))
        }
        _ => None,
    };
    if a.json {
        let mut v = curation_json(&c);
        v["deleted"] = deleted.as_ref().map_or(Value::Null, |(kinds, removed, out)| {
            json!({
                "kinds": kinds.iter().map(|k| k.name()).collect::<Vec<_>>(),
                "removed": removed,
                "events": bank.len(),
                "out": out.display().to_string(),
            })
        });
        print_json(&v);
        return Ok(());
    }
    print_text(&a.bank, &c);
    if let Some((kinds, removed, out)) = deleted {
        let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
        println!(
            "deleted {} flagged as {}; {} has {} events",
            count(removed, "event"),
            names.join(", "),
            out.display(),
            bank.len()
        );
    }
    Ok(())
}

/// The curation as JSON (docs/commands.md: `shadow curate`).
/// A situation class of the coverage table as JSON: its band, and both states with
/// their names.
pub(super) fn class_json(c: &creature_shadow::curate::Class) -> Value {
    json!({
        "distance": c.band.name(),
        "own_state": c.own_state,
        "own_state_name": state_name(c.own_state as f64),
        "opp_state": c.opp_state,
        "opp_state_name": state_name(c.opp_state as f64),
    })
}

pub fn curation_json(c: &Curation) -> Value {
    let repeats = |list: &[creature_shadow::curate::Repeat]| {
        list.iter().map(|r| json!({"event": r.id, "of": r.of, "distance": r.distance})).collect::<Vec<_>>()
    };
    let classes: Vec<Value> = c
        .coverage
        .rows
        .iter()
        .map(|r| {
            let mut class = class_json(&r.class);
            class["events"] = json!(r.events);
            class["thin"] = json!(r.thin);
            class
        })
        .collect();
    json!({
        "events": c.events,
        "options": {"near": c.options.near, "fence": c.options.fence, "thin": c.options.thin},
        "counts": {
            "duplicates": c.count(FlagKind::Duplicates),
            "near_duplicates": c.count(FlagKind::NearDuplicates),
            "outliers": c.count(FlagKind::Outliers),
            "flagged": c.ids(&FlagKind::ALL).len(),
        },
        "duplicates": repeats(&c.duplicates),
        "near_duplicates": repeats(&c.near_duplicates),
        "outliers": c.outliers.iter().map(|o| json!({
            "event": o.id, "on": o.on.name(), "value": o.value, "low": o.low, "high": o.high,
        })).collect::<Vec<_>>(),
        "fences": c.fences.iter().map(|f| json!({
            "on": f.on.name(), "quantile": f.quantile, "from": f.from, "to": f.to, "low": f.low, "high": f.high,
        })).collect::<Vec<_>>(),
        "coverage": {
            "thin_below": c.options.thin,
            "classes": classes,
            "thin": c.coverage.thin(),
            "missing": c.coverage.missing,
        },
    })
}

fn print_text(bank: &Path, c: &Curation) {
    println!(
        "{}: {} events; {} exact {}, {} near {} within {}, {}",
        bank.display(),
        c.events,
        c.count(FlagKind::Duplicates),
        noun_for(c.count(FlagKind::Duplicates), "duplicate"),
        c.count(FlagKind::NearDuplicates),
        noun_for(c.count(FlagKind::NearDuplicates), "duplicate"),
        c.options.near,
        count(c.count(FlagKind::Outliers), "outlier")
    );
    for o in c.outliers.iter().take(20) {
        println!("  event {:>6}: {} = {} outside {:.3} … {:.3}", o.id, o.on.name(), o.value, o.low, o.high);
    }
    if c.outliers.len() > 20 {
        println!("  … and {} more", c.outliers.len() - 20);
    }
    if let Some(f) = &c.coverage.missing {
        println!("no coverage table: the bank records no `{f}`");
        return;
    }
    println!(
        "coverage: {} situation classes (distance × own state × opponent state), {} thin (< {} events):",
        c.coverage.rows.len(),
        c.coverage.thin(),
        c.options.thin
    );
    let name = |code: i64| state_name(code as f64).map_or_else(|| code.to_string(), str::to_owned);
    for r in &c.coverage.rows {
        println!(
            "  {:<5} {:<13} vs {:<13} {:>6}{}",
            r.class.band.name(),
            name(r.class.own_state),
            name(r.class.opp_state),
            r.events,
            if r.thin { "  thin" } else { "" }
        );
    }
}

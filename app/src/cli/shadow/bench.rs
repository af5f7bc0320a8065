//! `creature-studio shadow bench`: the speed and size of the shadow query (SPEC §13,
//! §15) on a bank recorded from bot matches: query time at the median and the 99th
//! percentile, the time to build the index and to open the bank in its binary form, and
//! the memory the bank and the index hold per event. `--dump DIR` writes the bank and
//! the queries with their answers for an outside reference (app/tools/numpy_bank_bench.py).

use std::path::{Path, PathBuf};
use std::time::Instant;

use creature_shadow::bank::Bank;
use creature_shadow::select::Index;
use creature_shadow::workload::{Workload, arena_workload};
use serde_json::json;

use crate::cli::{CliError, CliResult, bounds, check_out, print_json};
use creature_core::file_writer::Policy;

/// The files `--dump DIR` writes.
const DUMP_BANK: &str = "bank.parquet";
const DUMP_WORKLOAD: &str = "workload.json";

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Events in the bank: 1 to 5000000 (a bank's most events).
    #[arg(long, default_value_t = 40_000, value_parser = bounds::count(1..=bounds::MAX_EVENTS as u64))]
    events: usize,
    /// The first this many features of the arena schema: 1 to 20 (all of them).
    #[arg(long, default_value_t = 16, value_parser = bounds::count(1..=bounds::arena_features()))]
    features: usize,
    /// How many different queries to time (each five times): 1 to 1000000.
    #[arg(long, default_value_t = 2_000, value_parser = bounds::count(1..=bounds::MAX_QUERIES))]
    queries: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
    /// Write the bank (bank.parquet) and the schema, queries and answers (workload.json)
    /// into this folder.
    #[arg(long, value_name = "DIR")]
    dump: Option<PathBuf>,
    /// With --dump: replace the files in DIR if they exist.
    #[arg(long, requires = "dump")]
    force: bool,
}

/// Milliseconds since `t`.
fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

pub fn bench(a: &BenchArgs) -> CliResult {
    if let Some(dir) = &a.dump {
        for name in [DUMP_BANK, DUMP_WORKLOAD] {
            check_out(&dir.join(name), &Policy::forced(a.force))?;
        }
    }
    let started = Instant::now();
    let w = arena_workload(a.events, a.features, a.queries, a.seed)?;
    let recorded = ms(started);
    let built = Instant::now();
    let index = Index::build(&w.schema, &w.bank).map_err(|e| CliError::from(e.message))?;
    let built = ms(built);
    // Warm the caches, then time every query on its own.
    for (state, playing) in w.queries.iter().take(200) {
        std::hint::black_box(index.select(state, *playing));
    }
    let mut times: Vec<f64> = Vec::with_capacity(w.queries.len() * 5);
    let mut candidates = 0usize;
    for _ in 0..5 {
        for (state, playing) in &w.queries {
            let t = Instant::now();
            let sel = std::hint::black_box(index.select(state, *playing));
            times.push(t.elapsed().as_secs_f64() * 1e6);
            candidates += sel.map_or(0, |s| s.candidates.len());
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((p * times.len() as f64).ceil() as usize).clamp(1, times.len()) - 1];
    let (p50, p99) = (pct(0.50), pct(0.99));
    if let Some(dir) = &a.dump {
        dump(dir, &w, &index, &Policy::forced(a.force))?;
    }
    let (open_ms, opened) = open_time(&w.bank)?;
    // The memory of the bank as opening its file leaves it, with no room kept for growth.
    let n = opened.len().max(1) as f64;
    let bank_bytes = opened.heap_bytes() as f64 / n;
    let index_bytes = index.heap_bytes() as f64 / n;
    let state_bytes = opened.state_heap_bytes() as f64 / n;
    // The bank records every arena feature; the goal is stated per 16 features.
    let n_features = opened.features().len().max(1) as f64;
    let per_16 = bank_bytes - state_bytes + state_bytes * 16.0 / n_features;
    if a.json {
        print_json(&json!({
            "events": w.bank.len(),
            "features": w.schema.features.len(),
            "query_us_p50": p50,
            "query_us_p99": p99,
            "index_build_ms": built,
            "open_binary_ms": open_ms,
            "bank_bytes_per_event": bank_bytes,
            "state_bytes_per_event": state_bytes,
            "bank_bytes_per_event_per_16_features": per_16,
            "index_bytes_per_event": index_bytes,
        }));
        return Ok(());
    }
    println!(
        "bank: {} events recorded from bot matches in {recorded:.0} ms; index built in {built:.1} ms",
        w.bank.len()
    );
    println!("schema: the first {} features of the arena schema", w.schema.features.len());
    println!(
        "{} queries × 5: median {p50:.1} µs, 99th percentile {p99:.1} µs (targets at 40,000 events × 16 features: \
         median ≤ 10 µs, 99th percentile ≤ 25 µs; at 1,000,000: median ≤ 100 µs)",
        w.queries.len()
    );
    println!("candidates per query: {:.1} on average", candidates as f64 / times.len() as f64);
    println!("the binary bank opens in {open_ms:.1} ms (target at 1,000,000 events: ≤ 300 ms)");
    println!(
        "memory per event: bank {bank_bytes:.1} bytes for {n_features} features (of which the state {state_bytes:.1}), \
         {per_16:.1} bytes per 16 features (target ≤ 64); index {index_bytes:.0} bytes"
    );
    Ok(())
}

/// The best of three loads of the bank saved in its binary form, in milliseconds, and
/// the bank as loaded.
fn open_time(bank: &Bank) -> Result<(f64, Bank), CliError> {
    let path = std::env::temp_dir().join(format!("creature-studio-bench-{}.bank", std::process::id()));
    // A name of this process's own in the temporary folder, removed below.
    bank.save(&path, &Policy::replacing())?;
    let timed = || -> Result<(f64, Bank), CliError> {
        let mut best = f64::INFINITY;
        let mut last = None;
        for _ in 0..3 {
            let t = Instant::now();
            let loaded = Bank::load(&path)?;
            best = best.min(ms(t));
            if loaded.len() != bank.len() {
                return Err(format!("{}: the saved bank came back with {} events", path.display(), loaded.len()).into());
            }
            last = Some(loaded);
        }
        Ok((best, last.unwrap_or_default()))
    };
    let best = timed();
    let _ = std::fs::remove_file(&path);
    best
}

/// Writes `bank.parquet` (SPEC §18) and `workload.json`: the schema, each query's state
/// (in schema order) and the id of the event its playing event's continuation is, and
/// each answer's best score and candidate ids.
fn dump(dir: &Path, w: &Workload, index: &Index, policy: &Policy) -> CliResult {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot make the folder: {e}", dir.display()))?;
    let bank = dir.join(DUMP_BANK);
    w.bank.save_parquet(&bank, policy)?;
    let ids: Vec<u64> = w.bank.events().iter().map(|e| e.id).collect();
    let queries: Vec<_> = w
        .queries
        .iter()
        .map(|(state, playing)| {
            let continuation = playing.and_then(|p| index.continuation(p)).map(|c| ids[c]);
            let answer = index.select(state, *playing);
            json!({
                "state": state,
                "continuation": continuation,
                "best": answer.as_ref().map(|s| s.best),
                "candidates": answer.map(|s| s.candidates.iter().map(|c| c.id).collect::<Vec<_>>()),
            })
        })
        .collect();
    let text = serde_json::to_string(&json!({"schema": w.schema, "queries": queries})).map_err(|e| e.to_string())?;
    creature_core::file_writer::write(&dir.join(DUMP_WORKLOAD), text.as_bytes(), policy).map_err(CliError::from)
}

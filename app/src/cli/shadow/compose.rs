//! `shadow compose`: a bank made of slices of others, each event keeping its source
//! bank and match, and the situation classes two sources both give.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::shared::save;
use crate::cli::{CliError, CliResult, Output, check_out, print_json};
use creature_shadow::arena::state_name;
use creature_shadow::bank::Bank;
use creature_shadow::compose::{Composition, Filter, compose};

#[derive(clap::Args, Debug)]
pub struct ComposeArgs {
    /// A part: BANK:FILTER, the events of BANK the filter takes (close, mid, far,
    /// own=STATE, opp=STATE, action=NAME, FEATURE<X, FEATURE>X, joined by commas; all
    /// of BANK without a filter). Repeat for each part.
    #[arg(long = "part", required = true, value_name = "BANK:FILTER")]
    parts: Vec<String>,
    #[command(flatten)]
    o: Output,
}

/// A part's bank path and filter: the filter follows the last `:` when what follows
/// reads as one, so a path may hold a `:` of its own.
fn split(part: &str) -> Result<(PathBuf, Filter), String> {
    let (path, filter) = match part.rsplit_once(':') {
        Some((path, filter)) if !filter.contains(['/', '\\']) => {
            (path, Filter::parse(filter).map_err(|e| format!("--part {part}: {e}"))?)
        }
        _ => (part, Filter::default()),
    };
    if path.is_empty() {
        return Err(format!("--part {part}: no bank before the filter; expected BANK:FILTER"));
    }
    Ok((PathBuf::from(path), filter))
}

pub fn run(a: &ComposeArgs) -> CliResult {
    let mut parts = Vec::with_capacity(a.parts.len());
    for p in &a.parts {
        parts.push(split(p).map_err(CliError::from)?);
    }
    let policy = a.o.policy();
    check_out(&a.o.out, &policy)?;
    let mut banks = Vec::with_capacity(parts.len());
    for ((path, _), part) in parts.iter().zip(&a.parts) {
        let name = path.file_name().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        // A bank that does not load is said with the part that named it.
        let bank = Bank::load(path).map_err(|e| CliError(vec![format!("{e} (--part {part})")]))?;
        banks.push((name, bank));
    }
    let sources: Vec<(&str, &Bank, &Filter)> =
        banks.iter().zip(&parts).map(|((n, b), (_, f))| (n.as_str(), b, f)).collect();
    let c = compose(&sources).map_err(|e| CliError::from(format!("cannot compose: {e}")))?;
    save(&c.bank, &a.o.out, &policy)?;
    if a.o.json {
        print_json(&composition_json(&c, &parts, &a.o.out));
    } else {
        print_text(&c, &parts, &a.o.out);
    }
    Ok(())
}

fn composition_json(c: &Composition, parts: &[(PathBuf, Filter)], out: &std::path::Path) -> Value {
    let parts: Vec<Value> = c
        .parts
        .iter()
        .zip(parts)
        .map(|((bank, n), (_, f))| json!({"bank": bank, "filter": f.text, "events": n}))
        .collect();
    let conflicts: Vec<Value> = c
        .conflicts
        .iter()
        .map(|k| {
            let mut class = super::curate::class_json(&k.class);
            class["sources"] = k.sources.iter().map(|(b, n)| json!({"bank": b, "events": n})).collect();
            class
        })
        .collect();
    json!({"events": c.bank.len(), "parts": parts, "conflicts": conflicts, "out": out.display().to_string()})
}

fn print_text(c: &Composition, parts: &[(PathBuf, Filter)], out: &std::path::Path) {
    for ((bank, n), (_, f)) in c.parts.iter().zip(parts) {
        let filter = if f.text.is_empty() { "all" } else { f.text.as_str() };
        println!("{bank} [{filter}]: {n} events");
    }
    println!("{}: {} events", out.display(), c.bank.len());
    if c.conflicts.is_empty() {
        println!("no conflicts: no situation class comes from two parts");
        return;
    }
    println!("{} conflicts: situation classes two parts give events of", c.conflicts.len());
    let name = |code: i64| state_name(code as f64).map_or_else(|| code.to_string(), str::to_owned);
    for k in &c.conflicts {
        let from: Vec<String> = k.sources.iter().map(|(b, n)| format!("{b} {n}")).collect();
        println!(
            "  {:<5} {:<13} vs {:<13} {}",
            k.class.band.name(),
            name(k.class.own_state),
            name(k.class.opp_state),
            from.join(" · ")
        );
    }
}

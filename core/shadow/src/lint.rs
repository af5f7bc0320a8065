//! The shadow's rule for `check --lint` (SPEC §21), on schemas against the banks they
//! play: features that can never change which event is chosen. Core's lint runs it
//! beside its own rules, as a [`FileRule`](creature_core::guest::FileRule).

use super::bank::Bank;
use super::fit::schemas_for;
use super::schema::{Feature, Similarity, curve_at};
use creature_core::file_kind::FileKind;
use creature_core::file_reader::read_text;
use creature_core::guest::ProjectFiles;
use creature_core::lint_rules::{Rule, Warning};
use creature_core::ronpos::Placer;

/// A feature whose largest part of a score is under this share of the continuation
/// bias sways a choice only between events otherwise tied to many places.
const NEGLIGIBLE: f64 = 0.01;

/// Warns of each feature of a schema that can never change which event of a bank it
/// plays is chosen.
pub fn dead_features(s: &ProjectFiles, out: &mut Vec<Warning>) {
    let Some(shadow_dir) = &s.guest_dir else { return };
    for path in s.of(FileKind::Guest(super::kinds::BANK.name)) {
        let Some(schemas) = schemas_for(path, Some(shadow_dir)) else { continue };
        let Ok(bank) = Bank::load(path) else { continue };
        if bank.is_empty() {
            continue;
        }
        let bank_name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
        for named in &schemas {
            let Ok(text) = read_text(std::path::Path::new(&named.file)) else { continue };
            let placer = Placer::new(&text);
            for (i, f) in named.schema.features.iter().enumerate() {
                let Some(column) = bank.feature_position(&f.name).map(|c| bank.column(c)) else { continue };
                if let Some(why) = dead(f, &column, named.schema.bias, &bank_name) {
                    let msg = format!("{} can never change a choice in {bank_name}: {why}", f.name);
                    out.push(Warning::new(
                        Rule::DeadFeature,
                        &named.file,
                        placer.item("features", i, Some("name")),
                        &f.name,
                        msg,
                    ));
                }
            }
        }
    }
}

/// Why feature `f` never sways a choice among the bank's events (`column`, its values),
/// against a continuation bias of `bias`.
fn dead(f: &Feature, column: &[f64], bias: f64, bank: &str) -> Option<String> {
    let lo = column.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = column.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if lo == hi {
        return Some(format!("every event of {bank} holds {lo}, so it never tells two events apart"));
    }
    let most = f.weight * largest_unlikeness(&f.similarity, lo, hi, f.scale);
    if most <= 0.0 {
        return Some(format!("with weight {} it adds nothing to any score", f.weight));
    }
    (bias > 0.0 && most < NEGLIGIBLE * bias).then(|| {
        format!(
            "it adds at most {most:.3e} to a score over the bank's range [{lo}, {hi}], under a hundredth of the continuation bias {bias}"
        )
    })
}

/// The largest unlikeness of two values in `[lo, hi]` (SPEC §13's similarity).
fn largest_unlikeness(sim: &Similarity, lo: f64, hi: f64, scale: f64) -> f64 {
    match sim {
        Similarity::Curve { points } => {
            let far = (hi - lo) / scale;
            points
                .iter()
                .map(|p| p.0)
                .filter(|x| (0.0..=far).contains(x))
                .chain([0.0, far])
                .map(|x| curve_at(points, x))
                .fold(0.0, f64::max)
        }
        other => other.eval(lo, hi, scale),
    }
}

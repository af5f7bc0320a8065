//! The rule on scenarios: an expectation that already holds before the player does
//! anything tests nothing the inputs do.

use super::{Rule, Subject, Warning};
use crate::project::FileKind;
use crate::ronpos::Placer;
use crate::scenario::{Loaded, prepare, run};

pub(super) fn lint(s: &Subject<'_>, out: &mut Vec<Warning>) {
    use rayon::prelude::*;
    // Each scenario runs to its first input on its own: on all cores, in file order.
    let scenarios: Vec<&std::path::PathBuf> = s.files_of(FileKind::Scenario).collect();
    let found: Vec<Vec<Warning>> = scenarios.par_iter().map(|path| lint_file(path)).collect();
    out.extend(found.into_iter().flatten());
}

fn lint_file(path: &std::path::Path) -> Vec<Warning> {
    let Ok(loaded) = crate::scenario::file::load(path) else { return Vec::new() };
    let placer = Placer::new(&loaded.text);
    true_before_inputs(&loaded)
        .into_iter()
        .map(|(index, t0)| {
            let e = &loaded.scenario.expect[index];
            let msg = format!(
                "{} already holds at {t0} s, before the first input: it does not test what the inputs do",
                e.describe()
            );
            let item = format!("expect {}", index + 1);
            Warning::new(Rule::TrueBeforeInputs, &loaded.file, placer.item("expect", index, None), item, msg)
        })
        .collect()
}

/// The expectations measured after the first input that already hold when it comes,
/// by index, with the second of the first input. Only a scenario whose first input has
/// a time (not one that waits for an event) is asked.
fn true_before_inputs(loaded: &Loaded) -> Vec<(usize, f64)> {
    let sc = &loaded.scenario;
    let Some(first) = sc.inputs.first() else { return Vec::new() };
    let Some(t0) = first.at.or(first.after).filter(|_| first.on.is_none()) else { return Vec::new() };
    let mut asked = Vec::new();
    let mut before = loaded.clone();
    before.scenario.inputs.clear();
    before.scenario.seconds = t0;
    before.scenario.expect.clear();
    for (i, e) in sc.expect.iter().enumerate() {
        let mut e = e.clone();
        if let Some(at) = e.moment_mut()
            && *at > t0
        {
            *at = t0;
            asked.push(i);
            before.scenario.expect.push(e);
        }
    }
    if asked.is_empty() {
        return Vec::new();
    }
    let Ok(prepared) = prepare(before) else { return Vec::new() };
    let outcome = run(prepared, None);
    outcome.expectations.iter().filter(|m| m.passed).filter_map(|m| asked.get(m.index).map(|i| (*i, t0))).collect()
}

//! Every expectation of the example scenarios can fail: each one, turned round so that
//! what the run measured no longer fits (its bounds moved just past the value, a
//! `known`, `active`, `taught`, `gone` or `remembered` flipped, a count's `exactly` one
//! more, another root asked for), fails on the same run. An expectation that passed
//! whatever was measured would check nothing.

use std::path::{Path, PathBuf};

use creature_core::scenario::file::{Expect, Root, load};
use creature_core::scenario::{Observed, prepare, run};

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .collect();
    files.sort();
    files
}

/// Bounds that leave `v` just outside: a lower bound a little above it.
fn past(v: f64) -> (Option<f64>, Option<f64>) {
    (Some(v + 1e-6_f64.max(v.abs() * 1e-6)), None)
}

/// `e` turned round against what was measured, or `None` when it cannot be.
fn contradict(e: &Expect, observed: Observed, attributes: &[String]) -> Option<Expect> {
    let mut e = e.clone();
    match (&mut e, observed) {
        (Expect::Knows { known, .. }, Observed::Known(k)) => *known = Some(!k),
        (Expect::Active { active, .. }, Observed::Known(a)) => *active = !a,
        (Expect::Lesson { taught: Some(t), .. }, Observed::Known(k)) => *t = !k,
        (Expect::Gone { gone, .. }, Observed::Known(g)) => *gone = Some(!g),
        (Expect::Credit { remembered: Some(r), .. }, Observed::Known(k)) => *r = !k,
        (Expect::Count { exactly: Some(n), .. }, Observed::Number(v)) => *n = v + 1.0,
        (Expect::Tree { root: root @ (Root::Any | Root::Leaf | Root::Named(_)), .. }, _) => {
            *root = match root {
                Root::Any => Root::Leaf,
                Root::Named(r) => attributes.iter().find(|a| *a != r).cloned().map_or(Root::Leaf, Root::Named),
                _ => Root::Any,
            };
        }
        (e, Observed::Number(v)) => {
            let (min, max) = e.bounds_mut()?;
            (*min, *max) = past(v);
        }
        _ => return None,
    }
    Some(e)
}

#[test]
fn every_expectation_of_the_examples_fails_when_its_value_is_wrong() {
    let attributes = creature_core::species::data::Data::builtin().unwrap().attributes;
    let mut contradicted = 0;
    for path in examples() {
        let loaded = load(&path).unwrap();
        let first = run(prepare(loaded.clone()).unwrap(), None);
        assert!(first.passed, "{} passes as shipped", path.display());
        let mut turned = loaded.clone();
        let mut which = Vec::new();
        for m in &first.expectations {
            if let Some(c) = contradict(&loaded.scenario.expect[m.index], m.observed, &attributes) {
                turned.scenario.expect[m.index] = c;
                which.push(m.index);
            }
        }
        assert_eq!(which.len(), first.expectations.len(), "{}: every expectation turns round", path.display());
        let second = run(prepare(turned).unwrap(), None);
        for m in second.expectations.iter().filter(|m| which.contains(&m.index)) {
            assert!(
                !m.passed,
                "{} #{}: {} passed on {}",
                path.display(),
                m.index,
                loaded.scenario.expect[m.index].describe(),
                m.observed
            );
        }
        contradicted += which.len();
    }
    assert!(contradicted >= 50, "{contradicted} expectations turned round");
}

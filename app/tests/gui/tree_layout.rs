//! The tree graph's layout on real trees: for every one of the 80 trees of every
//! creature in the example project, and every tree its lesson scripts build, no two
//! nodes overlap and every child sits below its parent. Random trees are checked too.

use std::path::Path;

use creature_core::creature::Creature;
use creature_core::creature::lesson::run_script;
use creature_core::mind::script::LessonScript;
use creature_core::mind::tree::{Example, Tree, build};
use creature_core::names::Desire;
use creature_core::species::data::{Data, TreeKind};
use creature_studio::gui::tree_layout::{layout, rects};
use creature_studio::gui::view::graph::{build_snarl, estimate_size};
use proptest::prelude::*;

fn check(tree: &Tree, what: &str) {
    let snarl = build_snarl(tree);
    let sizes: Vec<egui::Vec2> = snarl.nodes().map(estimate_size).collect();
    let r = rects(&layout(tree, &sizes), &sizes);
    for i in 0..r.len() {
        for j in i + 1..r.len() {
            let overlap = r[i].intersect(r[j]);
            assert!(
                overlap.width() <= 0.0 || overlap.height() <= 0.0,
                "{what}: nodes {i} and {j} overlap: {:?} {:?}",
                r[i],
                r[j]
            );
        }
        for (_, c) in &tree.nodes[i].branches {
            assert!(r[*c].min.y >= r[i].max.y, "{what}: child {c} is not below its parent {i}");
        }
    }
}

fn example_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

#[test]
fn every_tree_of_the_example_creatures_lays_out_without_overlaps() {
    let data = Data::builtin().unwrap();
    let mut creatures = Vec::new();
    for e in std::fs::read_dir(example_dir().join("creatures")).unwrap().flatten() {
        creatures.push((e.path().display().to_string(), Creature::load(&e.path(), &data).unwrap()));
    }
    assert!(!creatures.is_empty());
    // The trees lesson scripts teach, on the creatures and on their own newborns.
    let mut taught = Vec::new();
    for e in std::fs::read_dir(example_dir().join("lessons")).unwrap().flatten().filter(|e| e.path().is_file()) {
        let text = std::fs::read_to_string(e.path()).unwrap();
        let Ok(script) = LessonScript::parse("s", &text, &data) else { continue };
        for (name, c) in &creatures {
            let mut c = c.clone();
            c.phase = 2;
            run_script(&script, &data, &mut c);
            taught.push((format!("{name} + {}", e.path().display()), c));
        }
    }
    let mut largest = 0;
    for (name, c) in creatures.iter().chain(&taught) {
        for d in Desire::ALL {
            for k in [TreeKind::Activity, TreeKind::ActOn] {
                let tree = c.tree(*d, k).tree(&data.attributes);
                largest = largest.max(tree.nodes.len());
                check(&tree, &format!("{name} {d} {k:?}"));
            }
        }
    }
    assert!(largest >= 10, "the example project has a tree worth laying out ({largest} nodes)");
}

fn example_strategy() -> impl Strategy<Value = Example> {
    let answer = |values: &'static [&'static str]| proptest::option::of(proptest::sample::select(values));
    (
        answer(&["mine", "other", "none"]),
        answer(&["yes", "no"]),
        answer(&[
            "villager",
            "sheep",
            "wolf",
            "rock",
            "tree",
            "town",
            "fish",
            "grain",
            "horse",
            "storage_pit_of_a_long_name",
        ]),
        answer(&["norse", "celtic", "aztec", "greek"]),
        -1.0f64..=1.0,
    )
        .prop_map(|(al, alive, kind, tribe, f)| {
            let mut answers = std::collections::BTreeMap::new();
            for (a, v) in [("allegiance", al), ("alive", alive), ("kind", kind), ("tribe", tribe)] {
                if let Some(v) = v {
                    answers.insert(a.to_owned(), v.to_owned());
                }
            }
            Example { answers, feedback: (f * 10.0).round() / 10.0 }
        })
}

proptest! {
    #[test]
    fn random_sixteen_example_trees_never_overlap(examples in proptest::collection::vec(example_strategy(), 1..=16)) {
        let attributes: Vec<String> = ["allegiance", "alive", "kind", "tribe"].iter().map(|s| (*s).to_owned()).collect();
        check(&build(&attributes, &examples), "random");
    }
}

//! The floors of the core crate and the shadow crate. Core: the species folder's data at
//! the bottom, on the ground floor's helpers; the mind above it; the creature above the
//! mind; the world above the creature; what reads runs (conditions, recordings,
//! scenarios, training, lint, diff, the project) on top. The shadow: the fighting game
//! on the ground floor's schema and clock; the replay banks and their search above it;
//! play, fitting and curation above the banks; leagues, scorecards, workloads and
//! composition on top. A file names only files of its own floor or below: an upward
//! name is a failure, as a circle is.

use crate::circles::{CRATES, Source, crate_of, crate_sources, edges, module_of};

/// Core's floors from the bottom up, each by the first segment of its modules' paths;
/// a module named on none is a ground-floor helper, below them all.
const CORE_FLOORS: &[&[&str]] = &[
    &["species"],
    &["mind"],
    &["creature"],
    &["world"],
    &["cond", "watched", "recording", "scenario", "train", "lint", "lint_rules", "diff", "project", "debugger_files"],
];

/// The shadow crate's floors from the bottom up, as core's.
const SHADOW_FLOORS: &[&[&str]] = &[
    &["arena", "bots"],
    &["bank", "bind", "diff", "select", "single_bound"],
    &["fight", "fit", "curate", "lint"],
    &["league", "league_parquet", "score", "workload", "compose", "gauntlet_progress"],
];

/// The floor of the file at `path`: 0 for the ground, the crate root above everything.
fn floor(path: &str, floors: &[&[&str]]) -> usize {
    let module = module_of(path);
    let Some(first) = module.first() else { return usize::MAX };
    floors.iter().position(|f| f.contains(&first.as_str())).map_or(0, |i| i + 1)
}

/// Every name from a file to a file on a higher floor.
fn upward(sources: &[Source], floors: &[&[&str]]) -> Vec<String> {
    let next = edges(sources);
    let mut up = Vec::new();
    for (i, targets) in next.iter().enumerate() {
        let here = floor(&sources[i].path, floors);
        for &t in targets {
            let there = floor(&sources[t].path, floors);
            if there > here {
                up.push(format!("{} (floor {here}) names {} (floor {there})", sources[i].path, sources[t].path));
            }
        }
    }
    up
}

#[test]
fn a_name_up_a_floor_is_found_and_one_down_is_not() {
    let floors: &[&[&str]] = &[&["species"], &["mind"]];
    let sources = crate_of(&[
        ("lib.rs", "pub mod species;\npub mod mind;\npub mod error;"),
        ("error.rs", "pub struct E;"),
        ("species/mod.rs", "pub mod data;"),
        ("species/data.rs", "use crate::error::E;\nuse crate::mind::desire::K;\npub struct Data;"),
        ("mind/mod.rs", "pub mod desire;"),
        ("mind/desire.rs", "use crate::species::data::Data;\npub const K: u8 = 1;"),
    ]);
    assert_eq!(upward(&sources, floors), ["species/data.rs (floor 1) names mind/desire.rs (floor 2)"]);
}

#[test]
fn no_core_file_names_a_floor_above_its_own() {
    let up = upward(&crate_sources(CRATES[0]), CORE_FLOORS);
    assert!(up.is_empty(), "{} upward name(s) in core:\n{up:#?}", up.len());
}

#[test]
fn no_shadow_file_names_a_floor_above_its_own() {
    let up = upward(&crate_sources(CRATES[3]), SHADOW_FLOORS);
    assert!(up.is_empty(), "{} upward name(s) in the shadow crate:\n{up:#?}", up.len());
}

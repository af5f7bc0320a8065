//! The floors of each crate. Core: the species folder's data (with the link's messages,
//! which name its trees) at the bottom, on the ground floor's helpers; the mind above it;
//! the creature above the mind; the world above the creature; what reads runs
//! (conditions, recordings, scenarios, training, lint, diff, the project) on top. The
//! shadow: the fighting game on the ground floor's schema and clock;
//! the replay banks and their search above it; play, fitting and curation above the banks;
//! leagues, scorecards, workloads and composition on top. The workspace: a document and its
//! edits on the ground floor's RON text, undo stack and watcher; the running preview and
//! the runs off the caller's thread above; the `Workspace` that holds both above them; what
//! works across the whole workspace (changes from disk routed, documents and preview kept
//! in step) on top. The studio's two wings, which `layers.rs` keeps from naming each other,
//! each have floors of their own: the command line's shared helpers under its commands; the
//! editor's view state, then its commands, then its panels, then the chrome around them,
//! and the studio that carries the commands out on top. A file names only files of its own
//! floor or below: an upward name is a failure, as a circle is.

use crate::circles::{CRATES, Source, crate_of, crate_sources, edges, module_of};

/// Core's floors from the bottom up, each by its modules' paths from the crate root; a
/// module named on none is a ground-floor helper, below them all (`lint_rules`, the lint
/// rules' names and warnings, and `guest`, the hooks other crates' files come in by,
/// are there, for the shadow crate stands on them).
pub(crate) const CORE_FLOORS: &[&[&str]] = &[
    // The species folder's data, as read and checked; the link's messages, which name a
    // desire's trees as the species data does.
    &["species", "link"],
    // The creature mind, with no creature and no world.
    &["mind"],
    // The creature and its save.
    &["creature"],
    // The village and the simulation.
    &["world"],
    // What reads runs: conditions, recordings, scenarios, training, lint, diff, the project.
    &["cond", "watched", "recording", "scenario", "train", "lint", "diff", "project", "debugger_files"],
];

/// The shadow crate's floors from the bottom up, as core's.
const SHADOW_FLOORS: &[&[&str]] = &[
    // The fighting game and its bots.
    &["arena", "bots"],
    // The replay banks and their search.
    &["bank", "bind", "diff", "select", "single_bound"],
    // Play, fitting and curation.
    &["fight", "fit", "curate", "lint"],
    // Leagues, scorecards, workloads and composition.
    &["league", "league_parquet", "score", "workload", "compose", "gauntlet_progress"],
];

/// The workspace crate's floors from the bottom up, as core's: under them all, the RON
/// text edited in place, the undo stack, the watcher and the joins of core and the shadow.
const WORKSPACE_FLOORS: &[&[&str]] = &[
    // One document: its value, baseline and text, every edit as data and its reducers.
    &["document", "edit", "reduce"],
    // The running preview with its debugger and heat, the creature a project opens on,
    // and the runs off the caller's thread.
    &["live_preview", "opening_creature", "breakpoints", "watches", "heat", "scenario_runs", "train_runs"],
    // The `Workspace`: the project's files and problems, the documents, the undo order.
    &["workspace"],
    // Across the whole workspace: changes from disk routed, documents and preview in step.
    &["loaders", "reload", "folder_texts", "folders", "preview_sync", "breakpoint_edits", "watch_edits", "train_keep"],
];

/// The command line's floors from the bottom up, by paths from `cli`; its root, `cli/mod.rs`,
/// defines and dispatches the commands above them all.
const CLI_FLOORS: &[&[&str]] = &[
    // What the commands share: every number's bound, Parquet in and out, the shadow's flags.
    &["bounds", "parquet", "shadow::shared"],
    // The commands, one module each.
    &[
        "check",
        "diff",
        "new",
        "species",
        "tree",
        "teach",
        "sim",
        "scenario",
        "recording",
        "train",
        "preview_headless",
        "serve",
        "shadow",
    ],
];

/// The editor's floors from the bottom up, by paths from `gui`; under them all, the
/// words of its messages and the layout of a tree.
const GUI_FLOORS: &[&[&str]] = &[
    // What several panels share, which only holds and shows: the selection, the log, the bank.
    &["view", "shadow::view"],
    // The commands the panels return, with their text and keys.
    &["command", "shadow::command", "time_travel"],
    // The panels, each drawing from the workspace and the view into commands.
    &["panels", "shadow::panels"],
    // What surrounds the panels: menus, palette, dock, dialogs, questions, toasts.
    &["chrome"],
    // The studio, which carries the commands out after the frame and reads and writes files.
    &["app", "shadow::app"],
];

/// The floor of `module` (a path from the root of the floors' wing): one above the floor
/// of the longest entry it lies under, 0 for a ground-floor helper under none, and above
/// everything for a module that holds floors of its own (the wing's root, `gui::shadow`).
fn floor(module: &[String], floors: &[&[&str]]) -> usize {
    let mut under: Option<(usize, usize)> = None;
    let mut holds_floors = false;
    for (i, names) in floors.iter().enumerate() {
        for name in names.iter() {
            let entry: Vec<&str> = name.split("::").collect();
            let shared = entry.iter().zip(module).take_while(|(a, b)| **a == b.as_str()).count();
            if shared == entry.len() && under.is_none_or(|(len, _)| entry.len() > len) {
                under = Some((entry.len(), i + 1));
            } else if shared == module.len() && entry.len() > module.len() {
                holds_floors = true;
            }
        }
    }
    match under {
        Some((_, f)) => f,
        None if holds_floors => usize::MAX,
        None => 0,
    }
}

/// Every name from a file to a file on a higher floor, among the files of the wing (the
/// modules under `wing`, `""` for the whole crate); names into or out of the wing are
/// another test's to judge.
fn upward(sources: &[Source], wing: &str, floors: &[&[&str]]) -> Vec<String> {
    let wing: Vec<&str> = wing.split("::").filter(|s| !s.is_empty()).collect();
    let in_wing = |path: &str| {
        let module = module_of(path);
        let inside = module.len() >= wing.len() && wing.iter().zip(&module).all(|(w, m)| *w == m.as_str());
        inside.then(|| floor(&module[wing.len()..], floors))
    };
    let next = edges(sources);
    let mut up = Vec::new();
    for (i, targets) in next.iter().enumerate() {
        let Some(here) = in_wing(&sources[i].path) else { continue };
        for &t in targets {
            let Some(there) = in_wing(&sources[t].path) else { continue };
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
    assert_eq!(upward(&sources, "", floors), ["species/data.rs (floor 1) names mind/desire.rs (floor 2)"]);
}

#[test]
fn a_longer_entry_places_its_modules_and_a_wing_leaves_the_rest_out() {
    let floors: &[&[&str]] = &[&["view", "shadow::view"], &["panels"], &["shadow::app"]];
    let sources = crate_of(&[
        ("lib.rs", "pub mod gui;\npub mod cli;"),
        ("cli.rs", "use crate::gui::shadow::app::Handler;"),
        ("gui/mod.rs", "pub mod view; pub mod panels; pub mod shadow; pub mod words;\npub use shadow::app::Handler;"),
        ("gui/words.rs", "pub fn count() {}\nfn f() { crate::cli::go() }"),
        ("gui/view.rs", "use crate::gui::shadow::view::Bank;\nuse crate::gui::words::count;"),
        ("gui/panels.rs", "use crate::gui::shadow::app::Handler;\nuse crate::gui::view::View;"),
        ("gui/shadow/mod.rs", "pub mod view; pub mod app;"),
        ("gui/shadow/view.rs", "pub struct Bank;\nfn f() { crate::gui::panels::draw() }"),
        ("gui/shadow/app.rs", "use crate::gui::panels::draw;\npub struct Handler;"),
    ]);
    let module = |p: &str| module_of(p)[1..].to_vec();
    assert_eq!(floor(&module("gui/shadow/view.rs"), floors), 1);
    assert_eq!(floor(&module("gui/shadow/app.rs"), floors), 3);
    assert_eq!(floor(&module("gui/shadow/mod.rs"), floors), usize::MAX, "a module that holds floors");
    assert_eq!(floor(&module("gui/words.rs"), floors), 0, "a ground-floor helper");
    assert_eq!(
        upward(&sources, "gui", floors),
        [
            "gui/panels.rs (floor 2) names gui/shadow/app.rs (floor 3)",
            "gui/shadow/view.rs (floor 1) names gui/panels.rs (floor 2)",
        ]
    );
}

#[test]
fn no_core_file_names_a_floor_above_its_own() {
    let up = upward(&crate_sources(CRATES[0]), "", CORE_FLOORS);
    assert!(up.is_empty(), "{} upward name(s) in core:\n{up:#?}", up.len());
}

#[test]
fn no_shadow_file_names_a_floor_above_its_own() {
    let up = upward(&crate_sources(CRATES[3]), "", SHADOW_FLOORS);
    assert!(up.is_empty(), "{} upward name(s) in the shadow crate:\n{up:#?}", up.len());
}

#[test]
fn no_workspace_file_names_a_floor_above_its_own() {
    let up = upward(&crate_sources(CRATES[1]), "", WORKSPACE_FLOORS);
    assert!(up.is_empty(), "{} upward name(s) in the workspace crate:\n{up:#?}", up.len());
}

#[test]
fn no_studio_file_names_a_floor_above_its_own() {
    let sources = crate_sources(CRATES[2]);
    let mut up = upward(&sources, "cli", CLI_FLOORS);
    up.extend(upward(&sources, "gui", GUI_FLOORS));
    assert!(up.is_empty(), "{} upward name(s) in the studio crate:\n{up:#?}", up.len());
}

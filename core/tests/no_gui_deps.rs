//! core stays free of GUI and platform crates, so the two crates depend one way only
//! (the app on core): walk creature-core's dependency graph in Cargo.lock and refuse
//! any of them.

use std::collections::{BTreeMap, BTreeSet};

const FORBIDDEN: &[&str] =
    &["egui", "eframe", "winit", "wgpu", "rfd", "notify", "egui_plot", "egui-snarl", "egui_kittest"];

/// Package name → names of its dependencies, from the lock file (all versions merged).
fn lock_graph(lock: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .map(|s| s.trim_end_matches('"').to_owned())
            .expect("every package has a name");
        let deps: BTreeSet<String> = match block.find("dependencies = [") {
            Some(i) => block[i..]
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with(']'))
                .filter_map(|l| l.trim().trim_end_matches(',').trim_matches('"').split(' ').next().map(str::to_owned))
                .collect(),
            None => BTreeSet::new(),
        };
        graph.entry(name).or_default().extend(deps);
    }
    graph
}

#[test]
fn core_depends_on_no_gui_or_platform_crate() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock")).expect("Cargo.lock");
    let graph = lock_graph(&lock);
    assert!(graph.contains_key("creature-core"));
    assert!(graph["creature-studio"].contains("eframe"), "the walk must see the app's GUI dependencies");
    let mut seen = BTreeSet::new();
    let mut stack = vec!["creature-core".to_owned()];
    while let Some(p) = stack.pop() {
        if seen.insert(p.clone()) {
            stack.extend(graph.get(&p).into_iter().flatten().cloned());
        }
    }
    let bad: Vec<_> = FORBIDDEN.iter().filter(|f| seen.contains(**f)).collect();
    assert!(bad.is_empty(), "creature-core pulls in {bad:?}");
}

//! The workspace crate is the open project without a GUI: the command line uses it
//! without a window, and it must build where no display or GPU exists. Ask cargo for
//! its resolved dependency tree (normal dependencies, this platform, these features)
//! and refuse any windowing, GPU, dialog, plot, dock or node-graph crate, or egui.

use std::process::Command;

const FORBIDDEN: &[&str] = &[
    "eframe",
    "egui",
    "egui-winit",
    "egui-wgpu",
    "wgpu",
    "winit",
    "rfd",
    "egui_dock",
    "egui_plot",
    "egui-snarl",
    "egui_kittest",
];

fn tree(package: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--edges", "normal", "--prefix", "none", "--format", "{p}", "-p", package])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn the_workspace_crate_depends_on_no_gui_crate() {
    let app = tree("creature-studio");
    assert!(app.iter().any(|p| p == "eframe"), "the walk must see the app's GUI dependencies: {app:?}");
    let deps = tree("creature-workspace");
    assert!(deps.iter().any(|p| p == "notify"), "the walk sees the watcher: {deps:?}");
    let bad: Vec<&String> = deps.iter().filter(|p| FORBIDDEN.contains(&p.as_str())).collect();
    assert!(bad.is_empty(), "creature-workspace pulls in {bad:?}");
}

//! Image snapshots of the editor's pictures: the species plots and a tree graph,
//! rendered by wgpu (lavapipe on a machine without a GPU). Run with
//! `cargo test -p creature-studio --features snapshots`; `UPDATE_SNAPSHOTS=1` rewrites
//! the reference images in `tests/snapshots/`.

#![cfg(feature = "snapshots")]

mod gui_support;

use creature_core::data::TreeKind;
use creature_core::names::{Desire, Species};
use creature_studio::gui::command::Command;
use creature_studio::gui::panels;
use creature_studio::gui::view::View;
use creature_studio::gui::workspace::Workspace;
use egui_kittest::Harness;
use gui_support::example;

struct State {
    ws: Workspace,
    view: View,
}

fn harness(
    size: egui::Vec2,
    show: fn(&mut egui::Ui, &Workspace, &mut View, &mut Vec<Command>),
) -> Harness<'static, State> {
    let mut ws = Workspace::open(&example()).unwrap();
    let mut view = View::default();
    let id = ws.open_creature(&example().join("creatures/ruth.ron")).unwrap();
    view.select_creature(&ws, id);
    view.select_tree(Desire::Hunger, TreeKind::ActOn);
    view.species = Species::Cow;
    Harness::builder().with_size(size).with_max_steps(32).build_ui_state(
        move |ui, s: &mut State| {
            egui::Frame::central_panel(ui.style()).show(ui, |ui| {
                let mut out = Vec::new();
                show(ui, &s.ws, &mut s.view, &mut out);
            });
        },
        State { ws, view },
    )
}

#[test]
fn species_plots_of_the_cow() {
    let mut h = harness(egui::vec2(1100.0, 1420.0), panels::plots::show);
    h.run();
    h.snapshot("species_plots_cow");
}

#[test]
fn tree_graph_of_ruths_hunger_acton() {
    let mut h = harness(egui::vec2(1500.0, 460.0), panels::graph::show);
    h.run();
    h.state_mut().view.graph.fit = true;
    h.state_mut().view.graph.fit_all = true;
    h.run();
    h.snapshot("tree_graph_hunger_acton");
}

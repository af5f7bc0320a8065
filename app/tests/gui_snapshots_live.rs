//! Image snapshots of the live panels: the creature preview after 30 simulated seconds
//! and the replay bank view of the example rushdown bank. Run with
//! `cargo test -p creature-studio --features snapshots`; `UPDATE_SNAPSHOTS=1` rewrites
//! the reference images in `tests/snapshots/`.

#![cfg(feature = "snapshots")]

mod gui_support;

use creature_core::project::Project;
use creature_studio::gui::command::Command;
use creature_studio::gui::live;
use creature_studio::gui::view::View;
use creature_studio::gui::workspace::Workspace;
use creature_studio::preview::LivePreview;
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
    let ws = Workspace::open(&example()).unwrap();
    let mut view = View::default();
    // Paused after 30 simulated seconds, so every run draws the same moment.
    let mut preview = LivePreview::open(&example(), 1, creature_studio::cli::checkers()).unwrap();
    preview.speed = 0.0;
    preview.sim.run(300);
    view.live.preview = Some(preview);
    let project = Project::open(&example()).unwrap();
    view.live.shadow.open_project(&example(), Some(&project));
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
fn preview_of_the_example_village() {
    let mut h = harness(egui::vec2(1200.0, 760.0), live::preview::show);
    h.run();
    h.snapshot("live_preview");
}

#[test]
fn bank_view_of_the_rushdown_bank() {
    let mut h = harness(egui::vec2(1200.0, 760.0), |ui, _, view, out| live::bank::show(ui, view, out));
    h.run();
    h.snapshot("live_bank");
}

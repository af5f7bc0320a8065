//! Image snapshots of the editor's pictures, rendered by wgpu (lavapipe on a machine
//! without a GPU): the species plots, a tree graph, the creature preview after 30
//! simulated seconds and the replay bank view of the example rushdown bank. Run with
//! `cargo test -p creature-studio --features snapshots`; `UPDATE_SNAPSHOTS=1` rewrites
//! the reference images in `tests/snapshots/`.

#![cfg(feature = "snapshots")]

use creature_core::names::{Desire, Species};
use creature_core::project::Project;
use creature_core::species::data::TreeKind;
use creature_studio::gui::command::Command;
use creature_studio::gui::panels;
use creature_studio::gui::view::View;
use creature_workspace::Workspace;
use creature_workspace::live_preview::LivePreview;
use egui_kittest::Harness;

use crate::support::example;

struct State {
    ws: Workspace,
    view: View,
    graph: panels::graph::GraphPanel,
    bank: creature_studio::gui::shadow::panels::bank::BankPanel,
}

impl State {
    fn new(ws: Workspace, view: View) -> State {
        State { ws, view, graph: panels::graph::GraphPanel::default(), bank: Default::default() }
    }

    fn graph(&self) -> &creature_studio::gui::view::graph::GraphView {
        &self.graph.graph
    }

    fn graph_mut(&mut self) -> &mut creature_studio::gui::view::graph::GraphView {
        &mut self.graph.graph
    }
}

type Show = fn(&mut egui::Ui, &Workspace, &View, &mut Vec<Command>);

/// The example project with Ruth's Hunger ActOn tree selected and the Cow species shown.
fn editor_state() -> State {
    let mut ws = Workspace::open(&example()).unwrap();
    let mut view = View::default();
    let id = ws.open_creature(&example().join("creatures/ruth.ron")).unwrap();
    view.focus.set(id);
    view.show_focus(&ws);
    view.select_tree(Desire::Hunger, TreeKind::ActOn);
    view.species = Species::Cow;
    State::new(ws, view)
}

/// The example project with a preview paused after 30 simulated seconds, so every run
/// draws the same moment, and the shadow banks open.
fn live_state() -> State {
    let mut ws = Workspace::open(&example()).unwrap();
    let mut view = View::default();
    let mut preview = LivePreview::open(&Project::open(&example()).unwrap(), 1).unwrap();
    preview.speed = 0.0;
    preview.run(300);
    ws.preview = Some(preview);
    let project = Project::open(&example()).unwrap();
    creature_studio::gui::shadow::app::open_project(&mut view.shadow, &example(), Some(&project));
    creature_studio::gui::shadow::app::load(&mut view.shadow, &mut ws);
    State::new(ws, view)
}

/// The tree graph panel alone, with its own state, in a window of `size`.
fn graph_harness(size: egui::Vec2, state: State) -> Harness<'static, State> {
    Harness::builder().with_size(size).with_max_steps(32).build_ui_state(
        move |ui, s: &mut State| {
            egui::Frame::central_panel(ui.style()).show(ui, |ui| {
                let mut out = Vec::new();
                panels::graph::show(ui, &s.ws, &s.view, &mut s.graph, &mut out);
            });
        },
        state,
    )
}

fn harness(size: egui::Vec2, state: State, show: Show) -> Harness<'static, State> {
    Harness::builder().with_size(size).with_max_steps(32).build_ui_state(
        move |ui, s: &mut State| {
            egui::Frame::central_panel(ui.style()).show(ui, |ui| {
                let mut out = Vec::new();
                show(ui, &s.ws, &s.view, &mut out);
            });
        },
        state,
    )
}

#[test]
fn species_plots_of_the_cow() {
    let mut h = harness(egui::vec2(1100.0, 1420.0), editor_state(), |ui, ws, view, out| {
        panels::plots::show(ui, ws, view, &mut panels::plots::PlotsPanel::default(), out);
    });
    h.run();
    h.snapshot("species_plots_cow");
}

#[test]
fn tree_graph_of_ruths_hunger_acton() {
    // The size of the Tree panel in the default layout, fitted as Ctrl+0 fits it: the
    // text stays readable and the rest is a pan away.
    let mut h = graph_harness(egui::vec2(640.0, 530.0), editor_state());
    h.run();
    h.state_mut().graph_mut().fit_asked();
    h.run();
    let scale = h.state().graph().scale().expect("drawn");
    assert!(scale * 12.5 >= panels::graph::MIN_TEXT_POINTS, "node text at {} points", scale * 12.5);
    // Laid out from sizes known before it is drawn: two runs draw the same pixels.
    let options = egui_kittest::SnapshotOptions::new().max_failed_pixels(16);
    h.snapshot_options("tree_graph_hunger_acton", &options);
}

#[test]
fn preview_of_the_example_village() {
    let mut h = harness(egui::vec2(1200.0, 760.0), live_state(), |ui, ws, view, out| {
        panels::village::show(ui, ws, view, &mut panels::village::PreviewPanel::default(), out);
    });
    h.run();
    h.snapshot("live_preview");
}

#[test]
fn bank_view_of_the_rushdown_bank() {
    // The bank view with its own state, which keeps the curation it started.
    let mut h = Harness::builder().with_size(egui::vec2(1200.0, 760.0)).with_max_steps(32).build_ui_state(
        |ui, s: &mut State| {
            egui::Frame::central_panel(ui.style()).show(ui, |ui| {
                let mut out = Vec::new();
                creature_studio::gui::shadow::panels::bank::show(ui, &s.ws, &s.view, &mut s.bank, &mut out);
            });
        },
        live_state(),
    );
    // The curation is computed off the editor's thread: the picture waits for it, so
    // every run draws the same.
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(60) {
        h.step();
        let s = h.state();
        if s.bank.curate.curated(s.view.shadow.generation) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run();
    h.snapshot("live_bank");
}

/// The example preview after 30 simulated seconds, with the preview creature (Daisy)
/// open and a Hunger plan on a sheep under way: the graph of its Hunger ActOn tree draws
/// the plan's live path; Watches plots Hunger, its drive and the sheep's score.
fn debugger_state() -> State {
    use creature_core::world::sim::Act;
    let mut state = live_state();
    let p = state.ws.preview.as_mut().unwrap();
    p.act(Act::Phase(6)).unwrap();
    let eat = Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "sheep_1".into(), target: None };
    p.act(eat).unwrap();
    p.run(5);
    let sim = p.sim().clone();
    for w in [r#"Desire("Hunger")"#, r#"Drive("Hunger")"#, r#"Score(desire: "Hunger", tree: ActOn, object: "sheep_1")"#]
    {
        state.ws.watches.add(w, &sim).unwrap();
    }
    state.ws.sample_watches().unwrap();
    let id = state.ws.open_creature(&example().join("creatures/daisy.ron")).unwrap();
    state.view.focus.set(id);
    state.view.show_focus(&state.ws);
    state.view.select_tree(Desire::Hunger, TreeKind::ActOn);
    state
}

#[test]
fn watches_over_the_preview_run() {
    let mut h = harness(egui::vec2(900.0, 620.0), debugger_state(), |ui, ws, _view, out| {
        panels::watches::show(ui, ws, &mut String::new(), out);
    });
    h.run();
    h.snapshot("watches");
}

#[test]
fn the_live_path_through_daisys_hunger_acton_tree() {
    let mut h = graph_harness(egui::vec2(640.0, 400.0), debugger_state());
    h.run();
    assert!(!h.state().graph().path.is_empty(), "the plan's path is drawn");
    let options = egui_kittest::SnapshotOptions::new().max_failed_pixels(16);
    h.snapshot_options("live_path", &options);
}

#[test]
fn the_heat_of_daisys_hunger_acton_tree_after_a_meal() {
    let mut state = debugger_state();
    state.ws.preview.as_mut().unwrap().run(300);
    let mut h = graph_harness(egui::vec2(640.0, 400.0), state);
    h.run();
    let counts = h.state().graph().heat.counts().map(<[u32]>::to_vec).expect("the graph shows the heat");
    assert!(counts[0] > 0, "the meal asked the tree: {counts:?}");
    let options = egui_kittest::SnapshotOptions::new().max_failed_pixels(16);
    h.snapshot_options("heat", &options);
}

//! The tree graph's heat: each node glows by how often the preview's creature asked the
//! tree and the answer passed it, over the last simulated seconds before the turn shown
//! ([`creature_workspace::heat`]). Counted only while the graph shows the preview's
//! creature and the heat is on.

use creature_core::mind::tree::Tree;
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_workspace::Workspace;
use egui::{Color32, Frame, Shadow};

use crate::gui::view::graph::GraphView;

const HEAT: Color32 = Color32::from_rgb(255, 110, 30);

/// Brings the graph's heat up to date from `built`, the preview's own build of the tree
/// the graph shows (`None` where the graph is not the preview's), or hides it.
pub fn update(ws: &Workspace, g: &mut GraphView, built: Option<&Tree>, (d, k): (Desire, TreeKind)) {
    let nodes = g.tree.nodes.len();
    let h = &mut g.heat;
    h.shown = match (&ws.preview, built) {
        (Some(p), Some(tree)) if h.on => h.counted.update(p, d, k, tree, h.seconds).is_some_and(|c| c.len() == nodes),
        _ => false,
    };
}

/// The header's control: heat on or off, and its window in simulated seconds.
pub fn control(ui: &mut egui::Ui, g: &mut GraphView) {
    let tip = "Each node glows by how often the plan under way asked this tree about its object \
               and the answer passed the node, over the last simulated seconds; hover a node for its count";
    if g.of_game() {
        let mut off = false;
        ui.add_enabled(false, egui::Checkbox::new(&mut off, "heat"))
            .on_disabled_hover_text("The game does not tell how often its creature's plans asked each node");
        return;
    }
    let h = &mut g.heat;
    ui.checkbox(&mut h.on, "heat").on_hover_text(tip);
    if h.on {
        ui.add(egui::DragValue::new(&mut h.seconds).range(1.0..=3600.0).speed(1.0).suffix(" s"))
            .on_hover_text("How many simulated seconds before the shown turn the heat counts");
    }
}

/// Node `i`'s share of the hottest node's count, in 0..=1; `None` without heat.
#[must_use]
pub fn share(counts: Option<&[u32]>, i: usize) -> Option<f32> {
    let counts = counts?;
    let most = counts.iter().copied().max().filter(|&m| m > 0)?;
    Some(counts.get(i).copied().unwrap_or(0) as f32 / most as f32)
}

/// `frame` with a glow as strong as the node's share of the heat.
pub fn tint(frame: Frame, share: Option<f32>) -> Frame {
    match share.filter(|&s| s > 0.0) {
        Some(s) => frame.shadow(Shadow {
            offset: [0, 0],
            blur: 14,
            spread: (2.0 + 6.0 * s).round() as u8,
            color: HEAT.gamma_multiply(0.25 + 0.75 * s),
        }),
        None => frame,
    }
}

/// The hover line for node `i`: its count over the window.
#[must_use]
pub fn hover_line(counts: Option<&[u32]>, seconds: f64, i: usize) -> Option<String> {
    let n = *counts?.get(i)?;
    let times = if n == 1 { "time" } else { "times" };
    Some(format!("Asked {n} {times} in the last {seconds:.0} simulated s"))
}

//! The tree graph's heat: each node glows by how often the preview's creature asked the
//! tree and the answer passed it, over the last simulated seconds before the turn shown
//! ([`creature_workspace::heat`]). Counted only while the graph shows the preview's
//! creature and the heat is on; for a game's creature, the counts the game told (beyond
//! SPEC §23, counted by the same heat), shown while they are the tree's drawn.

use creature_core::link::message::{HeatOf, ToldHeat};
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
    h.told = None;
    h.not_told = None;
    h.shown = match (&ws.preview, built) {
        (Some(p), Some(tree)) if h.on => h.counted.update(p, d, k, tree, h.seconds).is_some_and(|c| c.len() == nodes),
        _ => false,
    };
}

/// The heat a game's creature's graph wants told: the tree shown over the window, while
/// the heat is on.
#[must_use]
pub fn wanted(g: &GraphView, (desire, kind): (Desire, TreeKind)) -> Option<HeatOf> {
    g.heat.on.then_some(HeatOf { desire, kind, seconds: g.heat.seconds })
}

/// Shows the heat `told` by the game for the graph's tree, while the heat is on and
/// the counts are of the tree `(d, k)` and window shown, one a node of the tree drawn
/// (a mind told after the heat may have grown the tree: no heat until the two agree);
/// `not_told` is why the game does not tell it, if it said so.
pub fn from_game(g: &mut GraphView, (told, not_told): (Option<&ToldHeat>, Option<&str>), (d, k): (Desire, TreeKind)) {
    let nodes = g.tree.nodes.len();
    let h = &mut g.heat;
    if h.not_told.as_deref() != not_told {
        h.not_told = not_told.map(str::to_owned);
    }
    let fits =
        |t: &&ToldHeat| h.on && (t.desire, t.kind) == (d, k) && t.seconds == h.seconds && t.counts.len() == nodes;
    match told.filter(fits) {
        Some(t) if h.told.as_ref() != Some(&t.counts) => h.told = Some(t.counts.clone()),
        Some(_) => {}
        None => h.told = None,
    }
    h.shown = h.told.is_some();
}

/// The header's control: heat on or off, and its window in simulated seconds. For a
/// game that does not tell its heat, shown switched off, its hover saying why.
pub fn control(ui: &mut egui::Ui, g: &mut GraphView) {
    let tip = "Each node glows by how often the plan under way asked this tree about its object \
               and the answer passed the node, over the last simulated seconds; hover a node for its count";
    if let Some(why) = g.heat.not_told.as_deref().filter(|_| g.of_game()) {
        let mut off = false;
        ui.add_enabled(false, egui::Checkbox::new(&mut off, "heat")).on_disabled_hover_text(format!(
            "The game does not tell how often its creature's plans asked each node ({why})"
        ));
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

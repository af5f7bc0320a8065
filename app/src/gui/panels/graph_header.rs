//! The tree graph's header and its gold path: the tree's name and size, Fit, the search
//! box and the heat, what the fit folded, whose path is drawn in gold, and the gain
//! ratios at the question under the pointer.

use creature_core::names::Desire;
use creature_core::species::data::TreeKind;

use super::graph_heat;
use crate::gui::command::{Command, SelectCommand, UiCommand, kind_name};
use crate::gui::view::View;
use crate::gui::view::graph::GraphView;
use crate::gui::words::count;
use creature_workspace::{DocId, Workspace};
use egui::Color32;

/// The gold of a path through the tree: the asked draft's or the live plan's.
pub const PATH: Color32 = Color32::from_rgb(255, 200, 40);

/// What the builder weighed at a question: its gain ratio and the runner-up's.
pub fn gain_text(question: &str, gains: &[(String, f64)]) -> Option<String> {
    let (best, rest) = gains.split_first()?;
    let runner = match rest.first() {
        Some((a, g)) => format!("runner-up {a}? {g:.3}"),
        None => "no other question splits its examples".to_owned(),
    };
    Some(format!("{question}? gain ratio {:.3} · {runner}", best.1))
}

/// Whose path the graph draws in gold, for the header.
pub(super) enum PathNote {
    /// "Ask the tree": the draft's path.
    Asking,
    /// The live plan's path through the tree shown, said in words.
    Live(String),
    /// The live plan is another desire's: its path is drawn in that desire's tree only,
    /// which the header links to.
    Elsewhere(Desire),
}

/// Sets the path the graph draws in gold: "Ask the tree" draws the draft's path;
/// otherwise the running plan's live path, only through the tree of the plan's desire.
/// Returns what the header says of it.
pub(super) fn gold_path(ws: &Workspace, view: &View, g: &mut GraphView, creature: &DocId) -> Option<PathNote> {
    let (d, k) = view.tree;
    // The plan under way at the shown turn, when it is another desire's than the tree's.
    let runs_it = ws.preview_creature_doc().as_ref() == Some(creature);
    let plan = ws.preview.as_ref().filter(|_| runs_it).and_then(|p| p.shown().plan().map(|p| p.desire));
    let asking = view.asked.is_some();
    let elsewhere = plan.filter(|p| *p != d && !asking);
    let live = if asking || elsewhere.is_some() { None } else { ws.live_path(creature, d, k) };
    let path: Vec<usize> = match &view.asked {
        Some(object) => g.tree.path(&object.answers),
        None => live.as_ref().map(|l| l.nodes.clone()).unwrap_or_default(),
    };
    // A new answer to "ask the tree" brings the node it reaches into view; a live path
    // moves as the run goes, and the person's view stays where it is.
    if path != g.path && live.is_none() {
        g.focus = path.last().copied();
    }
    g.path = path;
    if asking {
        return Some(PathNote::Asking);
    }
    if let Some(p) = elsewhere {
        return Some(PathNote::Elsewhere(p));
    }
    live.map(|l| {
        let what = if k == TreeKind::ActOn { "object" } else { "target" };
        let verdict = l.verdict.map_or("no verdict".to_owned(), |v| format!("verdict {v:+.2}"));
        PathNote::Live(format!("live: the {} plan's {what} {}, {verdict}: the gold path", l.plan_desire, l.object))
    })
}

/// About what the heat's checkbox and seconds take beside the search box.
const HEAT_CONTROL_WIDTH: f32 = 130.0;
/// About what "12 found" takes.
const FOUND_WIDTH: f32 = 70.0;

/// The search box: finds a question or an answer and folds what holds neither.
fn search_box(ui: &mut egui::Ui, g: &mut GraphView) {
    let label = ui.label("🔍");
    // Beside it: the count found while it holds text, then the heat's control.
    let beside = HEAT_CONTROL_WIDTH + if g.search.trim().is_empty() { 0.0 } else { FOUND_WIDTH };
    let field = ui
        .add(
            egui::TextEdit::singleline(&mut g.search)
                .id_salt("tree-graph-search")
                .hint_text("find a question or value")
                // Narrower in a narrow panel, so the heat's control stays on its line.
                .desired_width((ui.available_rect_before_wrap().width() - beside).clamp(70.0, 150.0)),
        )
        .labelled_by(label.id)
        .on_hover_text("Finds the questions that ask it and the answers that are it, and folds the rest");
    if field.changed() {
        let text = g.search.clone();
        g.search(&text);
    }
    if !g.search.trim().is_empty() {
        ui.label(format!("{} found", g.found.len()));
    }
}

/// The lines above the graph: the tree's name and size, Fit, the search and the heat;
/// then what the fit folded, whose path is drawn in gold, and what the builder weighed
/// at the question under the pointer (or the selected one).
pub(super) fn header(
    ui: &mut egui::Ui,
    g: &mut GraphView,
    view: &View,
    (creature, n): (&str, usize),
    path_note: Option<PathNote>,
    out: &mut Vec<Command>,
) {
    let (d, k) = view.tree;
    ui.horizontal_wrapped(|ui| {
        let hints = "Drag: pan · Ctrl+wheel: zoom · −/+ on a question folds it · click a node: its examples · \
                     right click: break or watch from it";
        ui.strong(format!("{d} {} of {creature}", kind_name(k))).on_hover_text(hints);
        ui.label(format!("{} · {} · {n}/16 examples", count(g.tree.nodes.len(), "node"), leaves(g.tree.leaves())));
        let fit_tip = "Lay the tree out again and fit it to the view at a readable size, folding only what \
                       cannot fit (Ctrl+0)";
        if ui.button("⛶ Fit").on_hover_text(fit_tip).clicked() {
            out.push(Command::Ui(UiCommand::FitGraph));
        }
        search_box(ui, g);
        graph_heat::control(ui, g);
    });
    // The question under the pointer (or the selected one): what it gained over the rest.
    let weighed = g.hovered.or(view.node).and_then(|i| {
        let q = g.tree.nodes.get(i)?.question.as_deref()?;
        gain_text(q, g.gains.get(i)?)
    });
    ui.horizontal_wrapped(|ui| {
        if g.fit_folded > 0 {
            let n = g.fit_folded;
            ui.weak(format!(
                "Fit folded {n} question{} to keep the text readable (+ unfolds)",
                if n == 1 { "" } else { "s" }
            ));
        }
        let tip =
            "Ask the tree's draft, or else where the preview's plan under way at the shown turn goes through this tree";
        match path_note {
            Some(PathNote::Asking) => {
                ui.colored_label(PATH, "asking: the gold path").on_hover_text(tip);
            }
            Some(PathNote::Live(note)) => {
                ui.colored_label(PATH, note).on_hover_text(tip);
            }
            Some(PathNote::Elsewhere(p)) => {
                let link = ui.link(format!("the live plan is {p}'s: show {p} {}", kind_name(k))).on_hover_text(
                    "The preview's plan under way is another desire's: its path is drawn through that desire's tree",
                );
                if link.clicked() {
                    out.push(Command::Select(SelectCommand::Tree(p, k)));
                }
            }
            None => {}
        }
        match weighed {
            Some(t) => ui.label(t),
            None => ui.weak("hover a question for its gain ratio and the runner-up"),
        };
    });
}

/// "1 leaf", "14 leaves".
fn leaves(n: usize) -> String {
    if n == 1 { "1 leaf".to_owned() } else { format!("{n} leaves") }
}

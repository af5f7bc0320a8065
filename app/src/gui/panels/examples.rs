//! The examples of the selected tree: its 16 slots (15 permanent, the 16th rotating),
//! each editable in place; the selected node's examples highlighted; and an object row
//! to add as a new example or to ask the tree about.

use std::collections::{BTreeMap, BTreeSet};

use creature_core::creature::Creature;
use creature_core::mind::tree::{CAPACITY, Example, PERMANENT, UNKNOWN};
use creature_core::mind::usefulness::UsefulnessCurve;

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, SelectCommand, Tab, kind_name};
use crate::gui::panels::verdict_colour;
use crate::gui::view::View;
use creature_workspace::edit::Edit;
use creature_workspace::{DocId, Workspace};
/// This panel's tab.
pub const TAB: Tab = Tab::new("Examples", "Examples");

/// The shown tree's examples, with the panel's own draft: the object to add as an
/// example or to ask the tree about (the view holds it while the tree is asked, for the
/// Tree to draw its path).
pub struct ExamplesPanel {
    pub draft: Example,
}

impl Default for ExamplesPanel {
    fn default() -> Self {
        let answers: BTreeMap<String, String> =
            [("allegiance", "none"), ("kind", "sheep"), ("alive", "yes"), ("edible", "yes")]
                .iter()
                .map(|(a, v)| ((*a).to_owned(), (*v).to_owned()))
                .collect();
        Self { draft: Example { answers, feedback: 0.5 } }
    }
}

impl Panel for ExamplesPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderPictures
    }

    /// The table scrolls its own parts: down as a whole, its answers sideways.
    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, &mut self.draft, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, draft: &mut Example, out: &mut Vec<Command>) {
    let Some(id) = view.focus.creature().cloned() else {
        ui.weak("Open a creature to see the examples of its trees.");
        return;
    };
    let Some(c) = ws.creature(&id) else { return };
    let (d, k) = view.tree;
    let memory = c.tree(d, k);
    let attributes = &ws.data.attributes;
    let values = known_values(c, attributes);
    // The tree as the Tree panel draws it, so that a node's examples are the graph's.
    let Some(tree) = ws.shown_tree(&id, d, k) else { return };
    let selected = view.node.and_then(|n| tree.nodes.get(n)).cloned();
    let in_node: Vec<usize> =
        view.node.filter(|_| selected.is_some()).map(|n| tree.examples(n).to_vec()).unwrap_or_default();

    ui.horizontal_wrapped(|ui| {
        // The header names the creature, as every panel that shows one does.
        ui.strong(format!("{d} {} of {}", kind_name(k), id.label()));
        let slots = format!(
            "{}/{CAPACITY} slots · {} taught",
            memory.examples.len(),
            crate::gui::words::count(memory.lessons as usize, "lesson")
        );
        ui.label(slots).on_hover_text("Slots 1–15 stay for good; slot 16 ↻ holds only the latest lesson");
        // What is done with the new object (the table's first row), in view whatever
        // the panel's width.
        add_or_ask(ui, ws, (view, draft), &id, out);
    });
    if let Some(n) = &selected {
        ui.horizontal(|ui| {
            let what = match &n.question {
                Some(q) => format!("question \u{201c}{q}?\u{201d}"),
                None => "leaf".to_owned(),
            };
            ui.colored_label(
                egui::Color32::from_rgb(90, 170, 255),
                format!(
                    "Selected {what}: verdict {:+.2}, {} example{} (highlighted)",
                    n.verdict,
                    n.len(),
                    if n.len() == 1 { "" } else { "s" }
                ),
            );
            if ui.small_button("clear").clicked() {
                out.push(Command::Select(SelectCommand::Node(None)));
            }
        });
    }
    if view.asked.is_some() {
        asked(ui, draft, &tree);
    }
    ui.separator();
    table(ui, ws, (view, draft), &id, c, &in_node, &values, out);
    // While the tree is asked, the Tree draws the draft's path as it is now.
    if view.asked.as_ref().is_some_and(|asked| asked != draft) {
        out.push(Command::Select(SelectCommand::Ask(Some(draft.clone()))));
    }
}

/// The slots' table: the slot, the answers (which scroll sideways) and the feedback,
/// with the new object's row first.
#[allow(clippy::too_many_arguments)]
fn table(
    ui: &mut egui::Ui,
    ws: &Workspace,
    (view, draft): (&View, &mut Example),
    id: &DocId,
    c: &Creature,
    in_node: &[usize],
    values: &BTreeMap<String, BTreeSet<String>>,
    out: &mut Vec<Command>,
) {
    let (d, k) = view.tree;
    let memory = c.tree(d, k);
    let attributes = &ws.data.attributes;
    let used: BTreeSet<&String> = memory.examples.iter().flat_map(|e| e.answers.keys()).collect();
    // The object being written is the table's first row, under its columns: on a short
    // panel it and the first slots are in view, the rest a scroll away. The key columns
    // stay put (the slot on the left, the feedback being learnt on the right) while the
    // answers between them scroll sideways.
    let row = ui.spacing().interact_size.y;
    let spacing = egui::vec2(6.0, 3.0);
    egui::ScrollArea::vertical().id_salt("examples").auto_shrink([false, true]).show(ui, |ui| {
        ui.horizontal_top(|ui| {
            egui::Grid::new("slots-key").min_row_height(row).spacing(spacing).show(ui, |ui| {
                ui.weak("slot");
                ui.end_row();
                ui.strong("new").on_hover_text("The object to add as an example, or to ask the tree about");
                ui.end_row();
                for slot in 0..CAPACITY {
                    slot_label(ui, slot, in_node.contains(&slot));
                    ui.end_row();
                }
            });
            let answers_width = (ui.available_width() - FEEDBACK_WIDTH).max(80.0);
            egui::ScrollArea::horizontal()
                .id_salt("examples-answers")
                .max_width(answers_width)
                .auto_shrink([true, true])
                .show(ui, |ui| {
                    egui::Grid::new("slots-answers").min_row_height(row).striped(true).spacing(spacing).show(
                        ui,
                        |ui| {
                            for a in attributes {
                                let t = egui::RichText::new(a);
                                ui.label(if used.contains(a) { t.strong() } else { t.weak() });
                            }
                            ui.end_row();
                            object_answers(ui, ws, draft, values);
                            ui.end_row();
                            for slot in 0..CAPACITY {
                                let highlighted = in_node.contains(&slot);
                                match memory.examples.get(slot) {
                                    Some(e) => example_answers(
                                        ui,
                                        id,
                                        view.tree,
                                        slot,
                                        e,
                                        attributes,
                                        values,
                                        highlighted,
                                        out,
                                    ),
                                    None => {
                                        for _ in attributes {
                                            ui.weak("·");
                                        }
                                    }
                                }
                                ui.end_row();
                            }
                        },
                    );
                });
            egui::Grid::new("slots-feedback").min_row_height(row).spacing(spacing).show(ui, |ui| {
                ui.weak("feedback").on_hover_text("The value being learnt: −1 worst … +1 best");
                ui.end_row();
                ui.add(egui::DragValue::new(&mut draft.feedback).range(-1.0..=1.0).speed(0.01).fixed_decimals(2))
                    .on_hover_text("The feedback the new example carries");
                ui.end_row();
                for slot in 0..CAPACITY {
                    match memory.examples.get(slot) {
                        Some(e) => example_feedback(ui, id, view.tree, slot, e, out),
                        None => {
                            ui.weak("empty");
                        }
                    }
                    ui.end_row();
                }
            });
        });
    });
}

/// What the feedback column and its delete buttons take at the table's right.
const FEEDBACK_WIDTH: f32 = 110.0;

/// A slot's number, marked when the selected node holds it; the rotating slot says so.
fn slot_label(ui: &mut egui::Ui, slot: usize, highlighted: bool) {
    let rotating = slot == PERMANENT;
    let label = if rotating { format!("{} ↻", slot + 1) } else { format!("{}", slot + 1) };
    let text = egui::RichText::new(label).monospace();
    ui.label(if highlighted { text.color(egui::Color32::from_rgb(90, 170, 255)).strong() } else { text })
        .on_hover_text(if rotating { "The rotating slot: each new lesson replaces it" } else { "A permanent slot" });
}

/// Every answer each attribute takes anywhere in the creature's trees, for the pickers.
fn known_values(c: &Creature, attributes: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let all = c.trees.iter().flat_map(|t| t.activity.examples.iter().chain(&t.acton.examples)).map(|e| &e.answers);
    known_values_of(all, attributes)
}

/// Every answer each attribute takes in `answers`.
pub fn known_values_of<'a>(
    answers: impl Iterator<Item = &'a BTreeMap<String, String>>,
    attributes: &[String],
) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = attributes.iter().map(|a| (a.clone(), BTreeSet::new())).collect();
    for e in answers {
        for (a, v) in e {
            if let Some(set) = out.get_mut(a) {
                set.insert(v.clone());
            }
        }
    }
    out
}

/// A picker for one answer: the known values, "unknown", and a field for a new one.
pub fn answer_picker(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    current: &str,
    known: Option<&BTreeSet<String>>,
    highlight: bool,
) -> Option<String> {
    let mut chosen = None;
    let shown = if current == UNKNOWN { egui::RichText::new("·").weak() } else { egui::RichText::new(current) };
    let shown = if highlight { shown.color(egui::Color32::from_rgb(90, 170, 255)) } else { shown };
    egui::ComboBox::from_id_salt(id).selected_text(shown).width(78.0).show_ui(ui, |ui| {
        if ui.selectable_label(current == UNKNOWN, "unknown").clicked() {
            chosen = Some(UNKNOWN.to_owned());
        }
        for v in known.into_iter().flatten() {
            if ui.selectable_label(v == current, v).clicked() {
                chosen = Some(v.clone());
            }
        }
        ui.separator();
        let mut typed = String::new();
        let r = ui.add(egui::TextEdit::singleline(&mut typed).hint_text("new value, Enter").desired_width(100.0));
        if r.lost_focus() && !typed.trim().is_empty() {
            chosen = Some(typed.trim().to_owned());
        }
    });
    chosen
}

fn with_answer(e: &Example, attribute: &str, value: String) -> Example {
    let mut e = e.clone();
    if value == UNKNOWN {
        e.answers.remove(attribute);
    } else {
        e.answers.insert(attribute.to_owned(), value);
    }
    e
}

/// An example's answers, a picker under each attribute.
#[allow(clippy::too_many_arguments)]
fn example_answers(
    ui: &mut egui::Ui,
    id: &DocId,
    (d, k): (creature_core::names::Desire, creature_core::species::data::TreeKind),
    slot: usize,
    e: &Example,
    attributes: &[String],
    values: &BTreeMap<String, BTreeSet<String>>,
    highlighted: bool,
    out: &mut Vec<Command>,
) {
    for a in attributes {
        if let Some(v) = answer_picker(ui, ("slot", slot, a), e.answer(a), values.get(a), highlighted) {
            out.push(Command::Edit(Edit::ExampleSet {
                creature: id.clone(),
                desire: d,
                kind: k,
                index: slot,
                example: with_answer(e, a, v),
            }));
        }
    }
}

/// An example's feedback, coloured by its verdict, and its delete button.
fn example_feedback(
    ui: &mut egui::Ui,
    id: &DocId,
    (d, k): (creature_core::names::Desire, creature_core::species::data::TreeKind),
    slot: usize,
    e: &Example,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let mut f = e.feedback;
        let r = ui
            .add(egui::DragValue::new(&mut f).range(-1.0..=1.0).speed(0.01).fixed_decimals(2))
            .on_hover_text("−1 worst … +1 best");
        ui.painter().rect_filled(
            r.rect.shrink2(egui::vec2(0.0, r.rect.height() * 0.42)).translate(egui::vec2(0.0, r.rect.height() * 0.5)),
            1.0,
            verdict_colour(e.feedback),
        );
        if r.changed() {
            let mut n = e.clone();
            n.feedback = f;
            out.push(Command::Edit(Edit::ExampleSet {
                creature: id.clone(),
                desire: d,
                kind: k,
                index: slot,
                example: n,
            }));
        }
        if ui.small_button("🗑").on_hover_text("Delete this example (the tree is rebuilt)").clicked() {
            out.push(Command::Edit(Edit::ExampleRemove { creature: id.clone(), desire: d, kind: k, index: slot }));
        }
    });
}

/// The new object's answers: a picker under each attribute.
fn object_answers(ui: &mut egui::Ui, ws: &Workspace, draft: &mut Example, values: &BTreeMap<String, BTreeSet<String>>) {
    for a in &ws.data.attributes {
        if let Some(v) = answer_picker(ui, ("draft", a), draft.answer(a), values.get(a), false) {
            *draft = with_answer(draft, a, v);
        }
    }
}

/// Adds the new object as an example, or asks the tree about it.
fn add_or_ask(ui: &mut egui::Ui, ws: &Workspace, (view, draft): (&View, &Example), id: &DocId, out: &mut Vec<Command>) {
    let (d, k) = view.tree;
    let full = ws.creature(id).is_some_and(|c| c.tree(d, k).examples.len() >= CAPACITY);
    let add = if full { "➕ Add example (replaces slot 16 ↻)" } else { "➕ Add example" };
    let tip = "Add the new object (the table's first row) with its feedback; the tree is rebuilt at once";
    if ui.button(add).on_hover_text(tip).clicked() {
        out.push(Command::Edit(Edit::ExampleAdd { creature: id.clone(), desire: d, kind: k, example: draft.clone() }));
    }
    let mut asking = view.asked.is_some();
    if ui
        .toggle_value(&mut asking, "❓ Ask the tree")
        .on_hover_text("Show the new object's path through the tree")
        .changed()
    {
        out.push(Command::Select(SelectCommand::Ask(asking.then(|| draft.clone()))));
    }
}

/// The new object's way through the tree, while the tree is asked about it.
fn asked(ui: &mut egui::Ui, draft: &Example, tree: &creature_core::mind::tree::Tree) {
    let e = tree.explain(&draft.answers);
    let path: Vec<String> = e
        .steps
        .iter()
        .map(|s| format!("{} = {}{}", s.question, s.answer, if s.followed { "" } else { " (no branch: stops)" }))
        .collect();
    let score = UsefulnessCurve::default().usefulness(e.verdict);
    let verdict = e.verdict.map_or("no verdict (unknown)".to_owned(), |v| format!("verdict {v:+.2}"));
    let text = format!(
        "Asked: {} ➡ {verdict}, usefulness {score:.3}",
        if path.is_empty() { "root".to_owned() } else { path.join(" ➡ ") }
    );
    ui.colored_label(e.verdict.map_or(egui::Color32::GRAY, verdict_colour), text);
}

//! "Why?": the preview creature's reasons at the shown turn, from core's `Sim::why`; or,
//! while a game's creature is in focus, its reasons as the game worked them out with the
//! same function and told them over the link (beyond SPEC §23, when the game tells).
//!
//! - the decision: why the plan under way holds, or what is about to take over (the 2×
//!   rule, a commanded plan, idling);
//! - the plans: the one under way and each desire's candidate, with every factor of
//!   its priority (desire × activity × distance × usefulness × action, the action
//!   from its opinion and novelty);
//! - the path of the plan's object through its ActOn tree, each question with the
//!   examples its split was learnt from;
//! - the active desires, each source's input, threshold and drive;
//! - the credit a lesson given now would hand each remembered plan.
//!
//! Each part links to its panel: a plan or step to the tree graph (and the node), a
//! step's examples to the Examples panel, a desire to the species sliders.

use creature_core::cond::Cond;
use creature_core::decimals::decimal;
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_core::watched::Watched;
use creature_core::world::sim::{PlanWhy, TurnWhy};
use egui::{Color32, RichText};

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, DockCommand, PreviewCommand, SelectCommand, Tab};
use crate::gui::panels::verdict_colour;
use crate::gui::view::View;
use creature_workspace::{DocId, Workspace};

const CURRENT: Color32 = Color32::from_rgb(255, 200, 40);

/// The turn the panel explains: the preview's creature as it is now.
fn turn(ws: &Workspace) -> Option<TurnWhy> {
    ws.preview.as_ref().map(|p| p.shown().why())
}
/// This panel's tab.
pub const TAB: Tab = Tab::new("Why", "Why?");

/// Why the shown turn went as it did.
pub struct WhyPanel;

impl Panel for WhyPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderEditors
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, out: &mut Vec<Command>) {
    if let Some(id) = view.focus.game() {
        game_why(ui, ws, view, id, out);
        return;
    }
    let Some(why) = turn(ws) else {
        ui.weak("Why? explains the running preview: open a project whose preview starts.");
        return;
    };
    // The creature in focus, which the preview runs; a preview that runs no creature in
    // focus (a newborn) names its own.
    let creature = match view.focus.in_preview(ws).and_then(|id| ws.creature(id)) {
        Some(c) => c.name.clone(),
        None => ws.preview.as_ref().map_or_else(String::new, |p| p.shown().creature().name.clone()),
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Why? {creature} at {:.1} s (turn {})", why.time, why.turn));
        ui.weak("follows the preview: pause it (Space) to read a turn at leisure");
    });
    ui.separator();
    body(ui, &why, ws.preview_creature_doc().as_ref(), view, out);
}

/// The game's creature `id` in focus: its reasons as the game told them (beyond SPEC
/// §23), or why there are none.
fn game_why(ui: &mut egui::Ui, ws: &Workspace, view: &View, id: u32, out: &mut Vec<Command>) {
    let Some(game) = &ws.game else { return };
    let name = game.creatures.iter().find(|c| c.id == id).map_or_else(|| format!("creature {id}"), |c| c.name.clone());
    let mind = game.minds.get(&id);
    let Some((at, why)) = mind.and_then(|m| m.why.as_ref()) else {
        let said = mind.and_then(|m| m.not_told.as_deref()).unwrap_or("asking the game…");
        ui.label(format!("Why? {name}, in the game at {}: this game has not told its reasons.", game.address));
        ui.weak(said);
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Why? {name} at {:.1} s (turn {}), in the game at {}", why.time, why.turn, game.address));
        let lost = if game.attached() { "" } else { "; the link is lost" };
        ui.weak(format!("as the game told it at {at:.1} s, asked again as it plans and learns{lost}"));
    });
    ui.separator();
    body(ui, why, None, view, out);
}

/// The reasons, part by part; `doc` is the creature document a tree link puts in focus
/// (none for a game's creature, which stays in focus).
fn body(ui: &mut egui::Ui, why: &TurnWhy, doc: Option<&DocId>, view: &View, out: &mut Vec<Command>) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.label(RichText::new(&why.decision).strong());
        ui.add_space(6.0);
        plans(ui, why, doc, out);
        ui.add_space(6.0);
        path(ui, why, doc, out);
        ui.add_space(6.0);
        desires(ui, why, view, out);
        ui.add_space(6.0);
        credit(ui, why);
    });
}

/// Shows `d`'s tree of `kind` of the creature shown (the preview's `doc`, or the game's
/// in focus) in the tree graph.
fn open_tree(doc: Option<&DocId>, out: &mut Vec<Command>, d: Desire, kind: TreeKind, node: Option<usize>) {
    if let Some(doc) = doc {
        out.push(Command::Select(SelectCommand::Creature(doc.clone())));
    }
    out.push(Command::Select(SelectCommand::Tree(d, kind)));
    out.push(Command::Select(SelectCommand::Node(node)));
    out.push(Command::Dock(DockCommand::Show(super::graph::TAB)));
}

fn plans(ui: &mut egui::Ui, why: &TurnWhy, doc: Option<&DocId>, out: &mut Vec<Command>) {
    ui.heading("Plans");
    if why.plans.is_empty() {
        ui.weak("No desire has a plan this turn.");
        return;
    }
    ui.weak(
        "priority = desire × activity × object score (distance × usefulness) × action (0.5 + 0.0025·(opinion+1) + novelty)",
    );
    egui::Grid::new("why-plans").striped(true).spacing([12.0, 3.0]).show(ui, |ui| {
        for h in
            ["plan", "priority", "desire", "activity", "distance", "usefulness", "action", "opinion", "novelty", ""]
        {
            ui.strong(h);
        }
        ui.end_row();
        for p in &why.plans {
            plan_row(ui, p, doc, out);
            ui.end_row();
        }
    });
}

fn plan_row(ui: &mut egui::Ui, p: &PlanWhy, doc: Option<&DocId>, out: &mut Vec<Command>) {
    let name = if p.object == p.target {
        format!("{} {} {}", p.desire, p.action, p.object)
    } else {
        format!("{} {} {} ➡ {}", p.desire, p.action, p.object, p.target)
    };
    let text = RichText::new(if p.current { format!("▶ {name}") } else { name });
    let row = ui.label(if p.current { text.color(CURRENT).strong() } else { text });
    row.on_hover_text("Right click to break on this plan or watch its object's score").context_menu(|ui| {
        let plan = Cond::PlanStarted {
            desire: Some(p.desire),
            action: Some(p.action.clone()),
            object: Some(p.object.clone()),
            kind: None,
        };
        if ui.button(format!("Break when {} {} {} starts", p.desire, p.action, p.object)).clicked() {
            out.push(Command::Preview(PreviewCommand::AddBreakpoint(plan.text())));
            ui.close();
        }
        let score = Watched::Score { desire: p.desire, tree: TreeKind::ActOn, object: p.object.clone() };
        if ui.button(format!("Watch {}'s score by {} ActOn", p.object, p.desire)).clicked() {
            out.push(Command::Preview(PreviewCommand::AddWatch(score.text())));
            out.push(Command::Dock(DockCommand::Show(super::watches::TAB)));
            ui.close();
        }
    });
    for v in [p.priority, p.value, p.activity, p.distance, p.usefulness, p.action_priority] {
        ui.monospace(decimal(v));
    }
    ui.monospace(format!("{:+.2}", p.opinion));
    ui.monospace(format!("{:.4}", p.novelty));
    if ui.small_button("tree").on_hover_text(format!("Show {}'s ActOn tree", p.desire)).clicked() {
        open_tree(doc, out, p.desire, TreeKind::ActOn, None);
    }
}

fn path(ui: &mut egui::Ui, why: &TurnWhy, doc: Option<&DocId>, out: &mut Vec<Command>) {
    let Some(path) = &why.path else { return };
    ui.heading(format!("{} through {}'s ActOn tree", path.object, path.desire));
    if path.steps.is_empty() && path.node.is_none() {
        ui.weak("The tree has no examples: every object is unknown to it.");
    }
    for s in &path.steps {
        ui.horizontal_wrapped(|ui| {
            let asked = format!("{}? ➡ {}", s.question, s.answer);
            if ui.link(asked).on_hover_text("Show this question in the tree graph").clicked() {
                open_tree(doc, out, path.desire, TreeKind::ActOn, Some(s.node));
            }
            let examples = s.examples.iter().map(|e| format!("#{}", e + 1)).collect::<Vec<_>>().join(" ");
            if ui
                .small_button(format!("examples {examples}"))
                .on_hover_text("The examples this split was learnt from")
                .clicked()
            {
                open_tree(doc, out, path.desire, TreeKind::ActOn, Some(s.node));
                out.push(Command::Dock(DockCommand::Show(super::examples::TAB)));
            }
        });
    }
    if let (Some(node), Some(v)) = (path.node, path.verdict) {
        ui.horizontal_wrapped(|ui| {
            ui.label("verdict");
            ui.colored_label(verdict_colour(v), format!("{v:+.2}"));
            let examples = path.examples.iter().map(|e| format!("#{}", e + 1)).collect::<Vec<_>>().join(" ");
            if ui.small_button(format!("from {examples}")).clicked() {
                open_tree(doc, out, path.desire, TreeKind::ActOn, Some(node));
                out.push(Command::Dock(DockCommand::Show(super::examples::TAB)));
            }
        });
    }
}

fn desires(ui: &mut egui::Ui, why: &TurnWhy, view: &View, out: &mut Vec<Command>) {
    ui.heading("Desires");
    for d in &why.desires {
        let title = format!("{}  {:.3} / {:.2}   drive {:.3}", d.desire, d.value, d.max, d.drive);
        egui::CollapsingHeader::new(title).id_salt(("why-desire", d.desire.index())).show(ui, |ui| {
            egui::Grid::new(("why-sources", d.desire.index())).spacing([12.0, 2.0]).show(ui, |ui| {
                for h in ["source", "input", "threshold", "drive"] {
                    ui.strong(h);
                }
                ui.end_row();
                for s in &d.sources {
                    ui.label(s.reads);
                    ui.monospace(format!("{:.3}", s.input));
                    ui.monospace(format!("{:.3}", s.threshold));
                    ui.monospace(format!("{:.3}", s.drive));
                    ui.end_row();
                }
            });
            if ui.link("Species sliders").on_hover_text("The traits and thresholds behind these drives").clicked() {
                out.push(Command::Select(SelectCommand::Species(view.species)));
                out.push(Command::Dock(DockCommand::Show(super::species::TAB)));
            }
        });
    }
}

fn credit(ui: &mut egui::Ui, why: &TurnWhy) {
    ui.heading("A lesson now would teach");
    if why.credit.is_empty() {
        ui.weak("No plan is remembered yet: a lesson now would teach nothing.");
        return;
    }
    egui::Grid::new("why-credit").striped(true).spacing([12.0, 2.0]).show(ui, |ui| {
        for h in ["plan (oldest first)", "credit"] {
            ui.strong(h);
        }
        ui.end_row();
        for c in &why.credit {
            ui.label(format!("{} {} {}", c.plan.desire, c.plan.action, c.plan.object));
            ui.monospace(decimal(c.score));
            ui.end_row();
        }
    });
}

//! A tree node's right-click menu: breakpoints and watches set from the tree graph.
//! For the tree's desire: break when one of its plans starts, or a lesson teaches one.
//! For the objects of the preview's village whose answers reach the node now, nearest
//! first: break
//! when a plan on one starts (ActOn trees judge a plan's object), break when its score
//! by this tree moves away from where it stands, or watch that score.

use creature_core::cond::Cond;
use creature_core::mind::tree::Tree;
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_core::watched::{Unit, Watched};
use creature_core::world::sim::Sim;

use crate::gui::command::{Command, DockCommand, PreviewCommand, kind_name};

/// The most objects the menu lists by name.
const MOST_OBJECTS: usize = 8;

/// What a node's menu needs: the tree (its desire and kind, and its nodes as drawn) and
/// the preview's simulation at the turn shown, when the graph shows the preview's
/// creature.
pub struct NodeMenu<'a> {
    pub desire: Desire,
    pub kind: TreeKind,
    pub tree: &'a Tree,
    pub sim: Option<&'a Sim>,
}

impl NodeMenu<'_> {
    /// The ids of the objects whose answers reach node `node` or pass it now, the
    /// nearest to the creature first.
    #[must_use]
    pub fn objects_at(&self, node: usize) -> Vec<String> {
        let Some(sim) = self.sim else { return Vec::new() };
        let v = sim.village();
        let me = v.objects[v.me].pos;
        let mut here: Vec<(f64, &str)> = v
            .objects
            .iter()
            .filter(|o| self.tree.path(&o.answers).contains(&node))
            .map(|o| (o.distance_from(me), o.id.as_str()))
            .collect();
        here.sort_by(|a, b| a.0.total_cmp(&b.0));
        here.into_iter().map(|(_, id)| id.to_owned()).collect()
    }

    /// The menu's entries for node `node`.
    pub fn show(&self, ui: &mut egui::Ui, node: usize, out: &mut Vec<Command>) {
        let d = self.desire;
        let tree = format!("{d} {}", kind_name(self.kind));
        if self.sim.is_none() {
            ui.weak("Breakpoints and watches need the preview of this creature running");
            return;
        }
        let plan = Cond::PlanStarted { desire: Some(d), action: None, object: None, kind: None };
        if ui.button(format!("Break when a {d} plan starts")).clicked() {
            add_breakpoint(ui, out, &plan);
        }
        let lesson = Cond::Lesson { desire: Some(d), sign: None };
        if ui.button(format!("Break when a lesson teaches a {d} plan")).clicked() {
            add_breakpoint(ui, out, &lesson);
        }
        let objects = self.objects_at(node);
        ui.separator();
        if objects.is_empty() {
            ui.weak("No object of the village reaches this node now");
            return;
        }
        ui.weak(format!("{} object{} reach this node now", objects.len(), if objects.len() == 1 { "" } else { "s" }));
        for id in objects.iter().take(MOST_OBJECTS) {
            ui.menu_button(id, |ui| self.object_entries(ui, id, &tree, out));
        }
        if objects.len() > MOST_OBJECTS {
            ui.weak(format!("and {} more", objects.len() - MOST_OBJECTS));
        }
    }

    fn object_entries(&self, ui: &mut egui::Ui, id: &str, tree: &str, out: &mut Vec<Command>) {
        let (desire, kind) = (self.desire, self.kind);
        if kind == TreeKind::ActOn {
            let plan =
                Cond::PlanStarted { desire: Some(desire), action: None, object: Some(id.to_owned()), kind: None };
            if ui.button(format!("Break when a {desire} plan on {id} starts")).clicked() {
                add_breakpoint(ui, out, &plan);
            }
        }
        let now = self.sim.and_then(|s| s.usefulness(desire, kind, id).ok());
        if let Some(v) = now {
            // A tenth of the scores' range either side of the score now, in round
            // figures, where the range leaves room.
            let (lo, hi) = Unit::Score.span();
            let step = (hi - lo) / 10.0;
            let round = |x: f64| (x * 1000.0).round() / 1000.0;
            let (up, down) = (round(v + step), round(v - step));
            let score = |above, below| Cond::Score { desire, tree: kind, object: id.to_owned(), above, below };
            ui.weak(format!("its score by {tree} is {v:.3} now"));
            if up < hi && ui.button(format!("Break when its score by {tree} comes above {up}")).clicked() {
                add_breakpoint(ui, out, &score(Some(up), None));
            }
            if down > lo && ui.button(format!("Break when its score by {tree} comes below {down}")).clicked() {
                add_breakpoint(ui, out, &score(None, Some(down)));
            }
        }
        let watch = Watched::Score { desire, tree: kind, object: id.to_owned() };
        if ui
            .button(format!("Watch its score by {tree}"))
            .on_hover_text("Plot it over the whole run in Watches")
            .clicked()
        {
            out.push(Command::Preview(PreviewCommand::AddWatch(watch.text())));
            out.push(Command::Dock(DockCommand::Show(super::watches::TAB)));
            ui.close();
        }
    }
}

fn add_breakpoint(ui: &mut egui::Ui, out: &mut Vec<Command>, cond: &Cond) {
    out.push(Command::Preview(PreviewCommand::AddBreakpoint(cond.text())));
    ui.close();
}

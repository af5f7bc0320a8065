//! Compare (SPEC §17): the preview's run beside one of its branches or a recording file:
//! the desires that differ most over time, both runs overlaid (this run solid, the other
//! dashed) with a cursor at the shown turn; the first second at which they differ; the
//! plans and lessons only one had; the trees whose examples differ, each a click from
//! the tree graph. A game's run (SPEC §23, live or saved) is either side, compared by
//! what its states say (`compare_states`). Or two files of one kind, as
//! `creature-studio diff` tells them apart (`compare_files`).

use egui::Color32;
use egui_plot::{Line, LineStyle, Plot, VLine};

use super::compare_plot::PALETTE;
use super::{Cx, Home, Panel};
use crate::gui::command::{Command, DockCommand, FileCommand, SelectCommand, Tab};
use crate::gui::view::compare::{CompareUi, Other, This};
use creature_workspace::{DocId, Workspace};

/// The game's creature `id` as a side of the comparison.
fn game_side(ws: &Workspace, id: u32) -> String {
    let name = ws.game.as_ref().and_then(|g| g.creatures.iter().find(|c| c.id == id)).map_or("?", |c| &c.name);
    format!("the game's run of {name} ({id})")
}

/// The run to compare (the preview's, or a game's creature's), and the run to compare
/// it with: a branch of the preview's run, a game's creature's run, or a file (a
/// recording, or a game's run saved).
fn pick_other(ui: &mut egui::Ui, ws: &Workspace, st: &mut ComparePanel, out: &mut Vec<Command>) {
    let p = ws.preview.as_ref();
    let creatures: Vec<u32> = ws.game.as_ref().map(|g| g.creatures.iter().map(|c| c.id).collect()).unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        ui.strong("Compare");
        let this = match st.run.this {
            This::Preview => "the preview's run".to_owned(),
            This::Game(id) => game_side(ws, id),
        };
        egui::ComboBox::from_id_salt("compare-this").width(200.0).selected_text(this).show_ui(ui, |ui| {
            ui.selectable_value(&mut st.run.this, This::Preview, "the preview's run");
            for id in &creatures {
                ui.selectable_value(&mut st.run.this, This::Game(*id), game_side(ws, *id));
            }
        });
        ui.strong("with");
        let shown = match &st.run.other {
            None => "…".to_owned(),
            Some(Other::Branch(i)) => p.and_then(|p| p.branches.get(*i)).map_or_else(String::new, |b| b.name.clone()),
            Some(Other::File(path, _) | Other::SavedRun(path, _)) => crate::gui::words::short(path),
            Some(Other::Game(id)) => game_side(ws, *id),
        };
        egui::ComboBox::from_id_salt("compare-with").width(260.0).selected_text(shown).show_ui(ui, |ui| {
            let branches = p.map(|p| p.branches.as_slice()).unwrap_or_default();
            for (i, b) in branches.iter().enumerate() {
                if ui.selectable_label(false, &b.name).clicked() {
                    st.run.other = Some(Other::Branch(i));
                }
            }
            if branches.is_empty() {
                ui.weak("no branches yet: look back on the timeline and play on from there");
            }
            for id in &creatures {
                if ui.selectable_label(false, game_side(ws, *id)).clicked() {
                    st.run.other = Some(Other::Game(*id));
                }
            }
        });
        ui.label("or a file:");
        let mut path = st.path.clone();
        let edit = ui.add(
            egui::TextEdit::singleline(&mut path)
                .hint_text("path/to/run.recording or game.run.ron")
                .desired_width(220.0),
        );
        st.path = path;
        if (edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))) || ui.small_button("Open").clicked() {
            // The studio reads the file and hands it to this panel.
            out.push(Command::File(FileCommand::CompareRecording(std::path::PathBuf::from(st.path.trim()))));
        }
    });
}

/// This panel's tab.
pub const TAB: Tab = Tab::new("Compare", "Compare");

/// The comparison: what the run is compared with and the result, and a recording's
/// path as typed.
#[derive(Default)]
pub struct ComparePanel {
    pub run: CompareUi,
    pub path: String,
    /// Comparing two files instead of two runs.
    pub files_mode: bool,
    pub files: super::compare_files::FilesCompare,
}

impl Panel for ComparePanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Pictures
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.files_mode, false, "Two runs");
            ui.selectable_value(&mut self.files_mode, true, "Two files");
        });
        if self.files_mode {
            super::compare_files::show(ui, cx.ws, &mut self.files, cx.out);
        } else {
            show(ui, cx.ws, cx.view.focus.in_preview(cx.ws), self, cx.out);
        }
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, focus: Option<&DocId>, st: &mut ComparePanel, out: &mut Vec<Command>) {
    pick_other(ui, ws, st, out);
    if st.run.of_states() {
        st.run.sync(ws);
        super::compare_states::show(ui, ws, &st.run);
        return;
    }
    let Some(p) = ws.preview.as_ref() else {
        ui.weak("Compare needs the preview running.");
        return;
    };
    st.run.sync(ws);
    let Some(result) = &st.run.result else {
        ui.weak("Pick a branch of the preview's run (or open a recording) to see where the two part.");
        return;
    };
    let c = match result {
        Ok(c) => c,
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    if let Some(c) = focus.and_then(|id| ws.creature(id)) {
        ui.weak(format!("This run is {}'s, the creature in focus.", c.name));
    }
    let d = &c.diff;
    match d.first_difference {
        None => ui.label("The two runs never differ."),
        Some(t) => ui.strong(format!("They first differ at {t:.1} s.")),
    };
    ui.label(format!(
        "Plans only in this run: {} · only in the other: {} · lessons: {} here, {} there",
        d.plans.only_a, d.plans.only_b, d.lessons.a, d.lessons.b
    ));
    if !d.trees.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Trees whose examples differ:");
            for t in &d.trees {
                let name = format!("{} {}", t.desire, crate::gui::command::kind_name(t.tree));
                if ui.small_button(name).on_hover_text("Both runs' trees side by side, below").clicked() {
                    st.run.tree = Some((t.desire, t.tree));
                }
            }
        });
    }
    if let Some((desire, kind)) = st.run.tree
        && let Some(other) = st.run.other.as_ref().and_then(|o| crate::gui::view::compare::other_recorder(ws, o))
    {
        ui.horizontal(|ui| {
            ui.strong(format!("{desire} {} at each run's end", crate::gui::command::kind_name(kind)));
            if ui.small_button("open this run's in the tree graph").clicked() {
                if let Some(doc) = ws.preview_creature_doc() {
                    out.push(Command::Select(SelectCommand::Creature(doc)));
                }
                out.push(Command::Select(SelectCommand::Tree(desire, kind)));
                out.push(Command::Dock(DockCommand::Show(super::graph::TAB)));
            }
            if ui.small_button("close").clicked() {
                st.run.tree = None;
            }
        });
        let build = |sim: &creature_core::world::sim::Sim| {
            creature_core::mind::tree::build(&sim.data().attributes, &sim.creature().tree(desire, kind).examples)
        };
        let (mine, theirs) = (build(p.sim()), build(other.sim()));
        ui.columns(2, |cols| {
            for (col, (name, tree)) in cols.iter_mut().zip([("this run", &mine), ("the other", &theirs)]) {
                col.label(name);
                super::compare_trees::draw(col, tree, 180.0);
                let lines = crate::gui::view::compare::tree_lines(tree).join("\n");
                // A column lays out justified, which would spread a wrapped line's
                // letters over its width: the lines are laid out from the left.
                col.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
                    ui.label(egui::RichText::new(lines).monospace().small());
                });
            }
        });
    }
    let cursor = p.shown().time();
    let end = super::compare_plot::desire_plot(ui, (&c.a, &c.b), &c.desires, d.first_difference, Some(cursor));
    watches(ui, ws, c, cursor, end);
}

/// The project's watches over both runs (this run solid, the other dashed), with the
/// same cursor at the shown turn.
fn watches(ui: &mut egui::Ui, ws: &Workspace, c: &crate::gui::view::compare::Compared, cursor: f64, end: f64) {
    let list = ws.watches.list();
    if list.is_empty() || c.watched_a.is_empty() {
        return;
    }
    ui.strong("Watches in both runs");
    let entries: Vec<super::legend::Entry> =
        list.iter().enumerate().map(|(i, w)| (PALETTE[i % PALETTE.len()], w.watched.describe())).collect();
    super::legend::row(ui, &entries, "solid: this run · dashed: the other");
    let within = |t: f64| (0.0..=end).contains(&t);
    Plot::new("compare-watches").height(160.0).include_x(0.0).include_x(end).x_axis_label("simulated seconds").show(
        ui,
        |plot| {
            for (i, w) in list.iter().enumerate() {
                let colour = PALETTE[i % PALETTE.len()];
                let line = |samples: &[creature_core::recording::Sample]| -> Vec<[f64; 2]> {
                    samples
                        .iter()
                        .filter(|(_, t, _)| within(*t))
                        .filter_map(|(_, t, v)| v.get(i).copied().flatten().map(|y| [*t, y]))
                        .collect()
                };
                let name = w.watched.describe();
                plot.line(Line::new(format!("{name} (this run)"), line(&c.watched_a)).color(colour).width(2.0));
                plot.line(
                    Line::new(format!("{name} (other)"), line(&c.watched_b))
                        .color(colour)
                        .style(LineStyle::dashed_dense()),
                );
            }
            if within(cursor) {
                plot.vline(VLine::new("shown turn", cursor).color(Color32::from_rgb(255, 200, 40)));
            }
        },
    );
}

//! Compare's second use: two files of one kind (creature saves, species files or
//! folders, worlds, banks) told apart as `creature-studio diff` tells them, with a tree
//! that differs drawn for both side by side and the examples only one side has marked.

use std::path::PathBuf;

use creature_core::mind::tree::{Example, build};
use creature_workspace::diff::{Diff, Sides, TreeDiff, unmatched};
use egui::{Color32, RichText};

use crate::gui::command::{Command, FileCommand, kind_name};
use creature_workspace::Workspace;

/// The two files as chosen, and what was found.
#[derive(Default)]
pub struct FilesCompare {
    pub a: String,
    pub b: String,
    pub result: Option<Result<(Sides, Diff), String>>,
    /// The tree (by its place in the diff's list) drawn for both sides.
    pub tree: Option<usize>,
    /// The project's files that can be compared, for the pickers, with the count of
    /// the project's files they were picked from (read again when it changes).
    choices: (usize, Vec<PathBuf>),
}

impl FilesCompare {
    /// Takes what the studio found comparing the two files (`FileCommand::CompareFiles`).
    pub fn found(&mut self, result: Result<(Sides, Diff), String>) {
        self.tree = None;
        self.result = Some(result);
    }
}

/// The project's creature saves, species files, worlds and banks.
fn comparable(ws: &Workspace) -> Vec<PathBuf> {
    use creature_core::project::FileKind;
    let kinds = [
        FileKind::Creature,
        FileKind::SpeciesData,
        FileKind::World,
        FileKind::Guest(creature_shadow::kinds::BANK.name),
    ];
    ws.files.iter().filter(|f| kinds.contains(&Workspace::kind_of(f))).cloned().collect()
}

/// One path: typed, or picked from the project's files that can be compared.
fn path_field(ui: &mut egui::Ui, files: &[PathBuf], label: &str, path: &mut String, width: f32) {
    ui.label(label);
    ui.add(egui::TextEdit::singleline(path).hint_text("path/to/file.ron").desired_width(width));
    egui::ComboBox::from_id_salt(("compare-file", label)).width(24.0).selected_text("").show_ui(ui, |ui| {
        for f in files {
            if ui.selectable_label(false, crate::gui::words::short(f)).clicked() {
                *path = f.display().to_string();
            }
        }
    });
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, st: &mut FilesCompare, out: &mut Vec<Command>) {
    // Both paths on one row where they fit, each as wide as half the panel allows.
    let width = (ui.available_width() / 2.0 - 80.0).clamp(120.0, 360.0);
    if st.choices.0 != ws.files.len() {
        st.choices = (ws.files.len(), comparable(ws));
    }
    ui.horizontal_wrapped(|ui| {
        path_field(ui, &st.choices.1, "A", &mut st.a, width);
        path_field(ui, &st.choices.1, "B", &mut st.b, width);
        let ready = !st.a.trim().is_empty() && !st.b.trim().is_empty();
        if ui.add_enabled(ready, egui::Button::new("Compare")).on_hover_text("What changed from A to B").clicked() {
            // The studio reads both files through the workspace and hands back what differs.
            let (a, b) = (PathBuf::from(st.a.trim()), PathBuf::from(st.b.trim()));
            out.push(Command::File(FileCommand::CompareFiles { a, b }));
        }
    });
    egui::ScrollArea::vertical().id_salt("compare-files").auto_shrink(false).show(ui, |ui| result(ui, st));
}

/// What was found, below the paths.
fn result(ui: &mut egui::Ui, st: &mut FilesCompare) {
    let Some(result) = &st.result else {
        ui.weak("Pick two creature saves, species files or folders, worlds or banks to see what changed from A to B.");
        return;
    };
    let (sides, diff) = match result {
        Ok(found) => found,
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    if diff.is_empty() {
        ui.label("The two hold the same.");
        return;
    }
    for line in diff.lines() {
        ui.label(RichText::new(line).monospace());
    }
    let trees: &[TreeDiff] = match diff {
        Diff::Creature(d) => &d.trees,
        Diff::Species(d) => &d.trees,
        Diff::World(_) | Diff::Guest(_) => &[],
    };
    if !trees.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Trees that differ:");
            for (i, t) in trees.iter().enumerate() {
                let whose = t.species.as_ref().map_or(String::new(), |s| format!(" ({s})"));
                let name = format!("{} {}{whose}", t.desire, kind_name(t.tree));
                if ui.selectable_label(st.tree == Some(i), name).on_hover_text("Both sides' trees, below").clicked() {
                    st.tree = Some(i);
                }
            }
        });
    }
    if let Some((a, b, attributes)) = st.tree.and_then(|i| trees.get(i)).and_then(|t| sides.tree(t)) {
        let (removed, added) = (unmatched(&b, &a), unmatched(&a, &b));
        ui.columns(2, |cols| {
            let sides = [
                ("A", &a, &removed, "−", Color32::from_rgb(235, 90, 80)),
                ("B", &b, &added, "+", Color32::from_rgb(110, 210, 120)),
            ];
            for (col, (name, examples, marked, sign, colour)) in cols.iter_mut().zip(sides) {
                col.label(format!("{name}: {}", crate::gui::words::count(examples.len(), "example")));
                super::compare_trees::draw(col, &build(&attributes, examples), 180.0);
                // A column lays out justified, which would spread a wrapped line's
                // letters over its width: the examples are laid out from the left.
                col.with_layout(egui::Layout::top_down(egui::Align::LEFT), |col| {
                    for (e, only) in examples.iter().zip(marked) {
                        let text = RichText::new(format!("{} {}", if *only { sign } else { " " }, example_line(e)))
                            .monospace()
                            .small();
                        col.label(if *only { text.color(colour) } else { text });
                    }
                });
            }
        });
    }
}

/// An example in one line: its answers and its feedback.
fn example_line(e: &Example) -> String {
    let answers: Vec<String> = e.answers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    format!("{}; feedback {:+.2}", answers.join(", "), e.feedback)
}

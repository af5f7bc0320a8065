//! The modal questions: unsaved changes before closing or opening another project, a
//! failure to report, and the "changed on disk" question.

use std::path::PathBuf;

use creature_workspace::{Conflict, DocId, Workspace};

/// A question or a message that needs an answer before work goes on.
#[derive(Clone, Debug, PartialEq)]
pub enum Modal {
    /// The window is closing (or a project is being replaced) with unsaved edits.
    UnsavedChanges { then: AfterConfirm },
    /// Something failed; the text says what, and that nothing was lost.
    Error(String),
}

/// What to do once the unsaved-changes question is answered.
#[derive(Clone, Debug, PartialEq)]
pub enum AfterConfirm {
    Close,
    OpenProject(PathBuf),
}

/// The answer to a [`Modal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Go on (close, open the other project); false cancels.
    pub go_on: bool,
    /// Save every unsaved edit first.
    pub save_first: bool,
}

/// What holds unsaved edits, for the unsaved-changes question: the documents and, when
/// `source` is true, the text in Source; and whether that is more than one thing.
pub fn unsaved_names(ws: &Workspace, source: bool) -> (String, bool) {
    let names: Vec<String> = ws.dirty_docs().iter().map(DocId::label).collect();
    let many = names.len() + usize::from(source) > 1;
    let what = match (names.is_empty(), source) {
        (true, true) => "the text in Source".to_owned(),
        (false, true) => format!("{} and the text in Source", names.join(", ")),
        _ => names.join(", "),
    };
    (what, many)
}

/// The question or message `modal`; the person's answer once given. `unsaved` names
/// what holds unsaved edits, `many` is true when that is more than one file.
pub fn show(ctx: &egui::Context, modal: &Modal, unsaved: &str, many: bool) -> Option<Answer> {
    let mut answer: Option<bool> = None; // Some(true): go on; Some(false): cancel
    let mut save_first = false;
    let r = egui::Modal::new(egui::Id::new("modal")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        match modal {
            Modal::UnsavedChanges { then } => {
                ui.heading("Unsaved changes");
                ui.label(format!("{unsaved} {} edits that are not saved.", if many { "have" } else { "has" }));
                ui.label(match then {
                    AfterConfirm::Close => "Save them before closing?",
                    AfterConfirm::OpenProject(_) => "Save them before opening another project?",
                });
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Save all").clicked() {
                        save_first = true;
                        answer = Some(true);
                    }
                    if ui.button("Discard edits").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(false);
                    }
                });
            }
            Modal::Error(msg) => {
                ui.heading("That did not work");
                ui.label(msg);
                ui.add_space(8.0);
                if ui.button("OK").clicked() {
                    answer = Some(false);
                }
            }
        }
    });
    if r.should_close() && answer.is_none() {
        answer = Some(false);
    }
    answer.map(|go_on| Answer { go_on, save_first })
}

/// The question for a file saved by another program while the studio holds unsaved
/// edits of it: `Some(true)` keeps the studio's edits, `Some(false)` takes the file.
pub fn conflict(ctx: &egui::Context, c: &Conflict) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::new("live-conflict")).show(ctx, |ui| {
        ui.set_max_width(480.0);
        ui.heading("Changed on disk");
        ui.label(format!(
            "{} was saved by another program while the studio holds unsaved edits of {}. \
             The preview runs the version on disk. Which do you keep?",
            c.path.display(),
            c.doc.label()
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Keep the studio's edits").clicked() {
                answer = Some(true);
            }
            if ui.button("Take the file on disk").clicked() {
                answer = Some(false);
            }
        });
    });
    answer
}

//! The modal questions: unsaved changes (and an arena match recorded but not kept)
//! before closing or opening another project, a failure to report, and the "changed on
//! disk" question.

use std::path::PathBuf;

use creature_workspace::{Conflict, DocId, Workspace};

use crate::gui::command::ArenaCommand;

/// A question or a message that needs an answer before work goes on.
#[derive(Clone, Debug, PartialEq)]
pub enum Modal {
    /// The window is closing (or a project is being replaced) with unsaved edits, or
    /// with a match recorded in the arena and not kept.
    UnsavedChanges { then: AfterConfirm },
    /// A match is about to start (`then`) while the one recorded before it is not kept.
    UnkeptMatch { then: ArenaCommand },
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
    /// Keep the recorded match in its bank and save every unsaved edit first.
    pub save_first: bool,
}

/// What would be lost, for the unsaved-changes question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unsaved {
    /// What holds unsaved edits (empty when nothing does).
    pub names: String,
    /// That is more than one thing.
    pub many: bool,
    /// A match recorded in the arena waits to be kept or discarded.
    pub recorded_match: bool,
    /// Where Keep puts it: the bank shown, or a new bank.
    pub keep_in: String,
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

/// The question or message `modal`; the person's answer once given. `unsaved` says
/// what would be lost.
pub fn show(ctx: &egui::Context, modal: &Modal, unsaved: &Unsaved) -> Option<Answer> {
    let mut answer: Option<bool> = None; // Some(true): go on; Some(false): cancel
    let mut save_first = false;
    let r = egui::Modal::new(egui::Id::new("modal")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        match modal {
            Modal::UnsavedChanges { then } => {
                let (edits, recorded) = (!unsaved.names.is_empty(), unsaved.recorded_match);
                ui.heading(if edits { "Unsaved changes" } else { "A recorded match is not kept" });
                if edits {
                    let verb = if unsaved.many { "have" } else { "has" };
                    ui.label(format!("{} {verb} edits that are not saved.", unsaved.names));
                }
                if recorded {
                    ui.label("The match recorded in the arena is not kept in a bank.");
                }
                let what = match (edits, recorded) {
                    (true, true) => "Keep the match and save the edits",
                    (false, true) => "Keep the match in its bank (and save the bank)",
                    _ => "Save them",
                };
                ui.label(match then {
                    AfterConfirm::Close => format!("{what} before closing?"),
                    AfterConfirm::OpenProject(_) => format!("{what} before opening another project?"),
                });
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    let (keep, discard) = match (edits, recorded) {
                        (true, true) => ("Keep and save all", "Discard all"),
                        (false, true) => ("Keep", "Discard"),
                        _ => ("Save all", "Discard edits"),
                    };
                    if ui.button(keep).clicked() {
                        save_first = true;
                        answer = Some(true);
                    }
                    if ui.button(discard).clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(false);
                    }
                });
            }
            Modal::UnkeptMatch { .. } => {
                ui.heading("A recorded match is not kept");
                ui.label(format!(
                    "The match recorded in the arena is not kept in a bank. Keep it in {} before the next match starts?",
                    unsaved.keep_in
                ));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(format!("Keep in {}", unsaved.keep_in)).clicked() {
                        save_first = true;
                        answer = Some(true);
                    }
                    if ui.button("Discard").clicked() {
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

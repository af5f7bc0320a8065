//! The one handler of [`FileCommand`]s, and the files' saves: a project opened, a file
//! opened by its kind into its panel or shown at its first problem, Source's text edited
//! and saved, a file changed on disk while edited here resolved, the files a panel shows
//! read for it (the start page's, a recording or two files for Compare); documents saved
//! and saved as.

use std::path::Path;

use creature_core::error::LoadError;
use creature_core::names::Species;
use creature_core::project::FileKind;
use creature_core::recording::{Recorder, Recording};
use creature_shadow::kinds;
use creature_workspace::diff::{self, Side};
use creature_workspace::{DocId, Workspace};

use super::Studio;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::chrome::modal::{AfterConfirm, Modal};
use crate::gui::command::{Command, FileCommand, SelectCommand};
use crate::gui::panels;
use crate::gui::panels::compare::ComparePanel;
use crate::gui::panels::start::StartPanel;
use crate::gui::view::compare::Other;
use crate::gui::words::short;

impl Studio {
    /// Carries out a command on the project's files.
    pub(super) fn apply_file(&mut self, c: FileCommand) {
        match c {
            FileCommand::OpenProject(p) => {
                if self.ws.dirty_docs().is_empty() {
                    self.open_project(&p);
                } else {
                    self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::OpenProject(p) });
                }
            }
            FileCommand::Open(p) => self.open_file(&p),
            FileCommand::ShowSource { path, line } => {
                self.view.show_source(&path, line, || source_text(&path));
                self.show_source_tab();
            }
            FileCommand::EditSource(text) => {
                if let Some(s) = &mut self.view.source {
                    s.text = text;
                }
            }
            FileCommand::Resolve { path, keep_studio } => self.resolve(&path, keep_studio),
            FileCommand::ReadStartPage => {
                let disk = super::start_page::read(&self.ws, &self.recent);
                if let Some(p) = self.panels.state_mut::<StartPanel>() {
                    p.disk = disk;
                }
            }
            FileCommand::CompareRecording(path) if creature_core::link::run_file::is_run_file(&path) => {
                let opened = creature_core::link::run_file::SavedRun::load(&path);
                let Some(st) = self.panels.state_mut::<ComparePanel>() else { return };
                match opened {
                    Ok(run) => st.run.other = Some(Other::SavedRun(path, Box::new(run))),
                    Err(e) => st.run.result = Some(Err(e.to_string())),
                }
            }
            FileCommand::CompareRecording(path) => {
                let opened = Recording::load(&path).and_then(Recorder::open);
                let Some(st) = self.panels.state_mut::<ComparePanel>() else { return };
                match opened {
                    Ok(r) => st.run.other = Some(Other::File(path, Box::new(r))),
                    Err(e) => {
                        st.run.result = Some(Err(e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")));
                    }
                }
            }
            FileCommand::CompareFiles { a, b } => {
                let found = diff::load(&Side::at(&a), &Side::at(&b))
                    .map(|sides| {
                        let diff = sides.diff();
                        (sides, diff)
                    })
                    .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"));
                if let Some(st) = self.panels.state_mut::<ComparePanel>() {
                    st.files.found(found);
                }
            }
        }
    }

    /// Selects a document just opened, or, when it does not load, says why and shows
    /// the file at its first problem.
    fn show_opened(&mut self, p: &Path, opened: Result<DocId, Vec<LoadError>>, select: fn(DocId) -> Command) {
        match opened {
            Ok(id) => self.apply(select(id)),
            Err(errors) => {
                let line = errors.first().map_or(1, |e| e.line);
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                self.status = format!("{} does not load: {first}", p.display());
                self.apply(Command::File(FileCommand::ShowSource { path: p.to_path_buf(), line }));
            }
        }
    }

    pub(crate) fn open_file(&mut self, p: &Path) {
        match Workspace::kind_of(p) {
            FileKind::LessonScript => {
                let opened = self.ws.open_lesson(p);
                self.show_opened(p, opened, |id| Command::Select(SelectCommand::Lesson(id)));
            }
            FileKind::Creature => {
                let opened = self.ws.open_creature(p);
                self.show_opened(p, opened, |id| Command::Select(SelectCommand::Creature(id)));
            }
            FileKind::SpeciesData => {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                if let Some(s) = Species::ALL.iter().find(|s| s.file_stem() == stem) {
                    self.apply(Command::Select(SelectCommand::Species(*s)));
                } else if self.ws.doc_for_path(p) == Some(DocId::Desires) {
                    self.view.active = Some(DocId::Desires);
                    self.show_tab(panels::species::TAB);
                } else {
                    self.apply(Command::File(FileCommand::ShowSource { path: p.to_path_buf(), line: 1 }));
                }
            }
            kind @ FileKind::Guest(name)
                if [kinds::BANK.name, kinds::SCHEMA.name, kinds::STATE.name].contains(&name) =>
            {
                match self.open_shadow_file(p, kind) {
                    Ok(()) => {
                        self.show_tab(if name == kinds::BANK.name {
                            crate::gui::shadow::panels::bank::TAB
                        } else if name == kinds::SCHEMA.name {
                            crate::gui::shadow::panels::schema::TAB
                        } else {
                            crate::gui::shadow::panels::query::TAB
                        });
                        self.status = format!("Showing {}", p.display());
                    }
                    Err(e) => {
                        self.status = format!("{} does not load: {e}", p.display());
                        self.apply(Command::File(FileCommand::ShowSource { path: p.to_path_buf(), line: 1 }));
                    }
                }
            }
            FileKind::Guest(name) if name == kinds::GAUNTLET.name => {
                self.apply(Command::Arena(crate::gui::command::ArenaCommand::Gauntlet(p.to_path_buf())));
                self.show_tab(crate::gui::shadow::panels::arena::TAB);
            }
            FileKind::GameRun => self.open_game_run(p),
            _ => self.apply(Command::File(FileCommand::ShowSource { path: p.to_path_buf(), line: 1 })),
        }
    }

    pub(crate) fn save_doc(&mut self, id: &DocId) {
        match self.ws.save(id) {
            Ok(path) => self.status = format!("Saved {}", path.display()),
            Err(e) => {
                self.status.clone_from(&e);
                self.modal = Some(Modal::Error(e));
            }
        }
    }

    pub(super) fn save_as(&mut self) {
        let Some(id) = self.view.active_docs(&self.ws).into_iter().next() else {
            self.status = "Nothing to save: select a species or a creature first".into();
            return;
        };
        let start = self.ws.docs.get(&id).and_then(|d| d.path.parent().map(Path::to_path_buf));
        let Some(path) = self.dialogs.save_file(start.as_deref(), &id.label()) else { return };
        match self.ws.save_as(&id, &path) {
            Ok(new_id) => {
                // The copy is shown; the preview runs on with the run it has.
                if matches!(new_id, DocId::Creature(_)) {
                    self.focus_creature(&new_id);
                }
                self.status = format!("Saved {}", path.display());
            }
            Err(e) => {
                self.status.clone_from(&e);
                self.modal = Some(Modal::Error(e));
            }
        }
    }

    pub(super) fn save_source(&mut self) {
        let Some(src) = &mut self.view.source else { return };
        // The source view saves the file it shows, over itself.
        let policy = creature_core::file_writer::Policy::replacing_its_own_input();
        match creature_core::file_writer::write(&src.path, src.text.as_bytes(), &policy) {
            Ok(()) => {
                src.saved.clone_from(&src.text);
                self.ws.wrote((src.path.clone(), src.text.clone().into_bytes()));
                self.status = format!("Saved {}", src.path.display());
                self.ws.reload();
            }
            Err(e) => {
                let msg = format!("{e}. Your text is kept.");
                self.status.clone_from(&msg);
                self.modal = Some(Modal::Error(msg));
            }
        }
    }

    /// Answers the "changed on disk while edited here" question for `path`.
    pub(super) fn resolve(&mut self, path: &Path, keep_studio: bool) {
        self.ws.resolve(path, keep_studio);
        self.view.trees_changed();
        self.status = if keep_studio {
            format!("Kept the studio's edits of {}; the file on disk is unchanged", short(path))
        } else {
            format!("Took {} from disk", short(path))
        };
    }
}

/// A file's text for the Source view; what stops it being read, as a comment.
pub(super) fn source_text(path: &Path) -> String {
    creature_core::file_reader::read_bytes(path, creature_core::file_reader::Limit::Text)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_else(|e| format!("// {e}\n"))
}

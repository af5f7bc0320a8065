//! Opening and saving files from the editor: a file opened by its kind into its panel,
//! or shown at its first problem; documents saved, saved as, and the source view's text
//! saved.

use std::path::Path;

use creature_core::error::LoadError;
use creature_core::names::Species;
use creature_core::project::FileKind;
use creature_workspace::{DocId, Workspace};

use super::Studio;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::chrome::modal::Modal;
use crate::gui::command::Command;
use crate::gui::panels;
use crate::gui::words::short;

impl Studio {
    /// Selects a document just opened, or, when it does not load, says why and shows
    /// the file at its first problem.
    fn show_opened(&mut self, p: &Path, opened: Result<DocId, Vec<LoadError>>, select: fn(DocId) -> Command) {
        match opened {
            Ok(id) => self.apply(select(id)),
            Err(errors) => {
                let line = errors.first().map_or(1, |e| e.line);
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                self.status = format!("{} does not load: {first}", p.display());
                self.apply(Command::ShowSource { path: p.to_path_buf(), line });
            }
        }
    }

    pub(crate) fn open_file(&mut self, p: &Path) {
        match Workspace::kind_of(p) {
            FileKind::LessonScript => {
                let opened = self.ws.open_lesson(p);
                self.show_opened(p, opened, Command::SelectLesson);
            }
            FileKind::Creature => {
                let opened = self.ws.open_creature(p);
                self.show_opened(p, opened, Command::SelectCreature);
            }
            FileKind::SpeciesData => {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                if let Some(s) = Species::ALL.iter().find(|s| s.file_stem() == stem) {
                    self.apply(Command::SelectSpecies(*s));
                } else if self.ws.doc_for_path(p) == Some(DocId::Desires) {
                    self.view.active = Some(DocId::Desires);
                    self.show_tab(panels::species::TAB);
                } else {
                    self.apply(Command::ShowSource { path: p.to_path_buf(), line: 1 });
                }
            }
            kind @ (FileKind::ShadowBank | FileKind::ShadowSchema | FileKind::ShadowState) => {
                match self.open_shadow_file(p, kind) {
                    Ok(()) => {
                        self.show_tab(match kind {
                            FileKind::ShadowBank => crate::gui::shadow::panels::bank::TAB,
                            FileKind::ShadowSchema => crate::gui::shadow::panels::schema::TAB,
                            _ => crate::gui::shadow::panels::query::TAB,
                        });
                        self.status = format!("Showing {}", p.display());
                    }
                    Err(e) => {
                        self.status = format!("{} does not load: {e}", p.display());
                        self.apply(Command::ShowSource { path: p.to_path_buf(), line: 1 });
                    }
                }
            }
            FileKind::Gauntlet => {
                self.apply(Command::Arena(crate::gui::command::ArenaCommand::Gauntlet(p.to_path_buf())));
                self.show_tab(crate::gui::shadow::panels::arena::TAB);
            }
            _ => self.apply(Command::ShowSource { path: p.to_path_buf(), line: 1 }),
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

    /// Shows the Source tab without hiding another panel's: where it shares a tab
    /// group (or is not in the dock) it opens in a group of its own, split off below
    /// the group it was in (or the focused one), so the preview beside it keeps running.
    pub(super) fn show_source_tab(&mut self) {
        let tab = panels::source::TAB;
        let shared = self.dock.find_tab(&tab).filter(|at| {
            let leaf = self.dock[at.surface][at.node].get_leaf();
            leaf.is_some_and(|l| l.tabs().len() > 1 && l.active != at.tab)
        });
        let from = match (self.dock.find_tab(&tab), shared) {
            (Some(_), None) => return self.show_tab(tab),
            (Some(at), Some(_)) => {
                self.dock.remove_tab(at);
                Some(egui_dock::NodePath { surface: at.surface, node: at.node })
            }
            (None, _) => self.dock.focused_leaf(),
        };
        let Some(from) = from else { return self.show_tab(tab) };
        let [_, own] = self.dock[from.surface].split_below(from.node, SOURCE_SPLIT, vec![tab]);
        self.dock.set_focused_node_and_surface(egui_dock::NodePath { surface: from.surface, node: own });
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

/// The share of its group's height a group keeps when Source splits off below it.
const SOURCE_SPLIT: f32 = 0.5;

/// A file's text for the Source view; what stops it being read, as a comment.
pub(super) fn source_text(path: &Path) -> String {
    creature_core::file_reader::read_bytes(path, creature_core::file_reader::Limit::Text)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_else(|e| format!("// {e}\n"))
}

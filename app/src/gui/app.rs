//! The editor application: the dock of panels, the menus, the command palette, the
//! dialogs, and the loop that applies the frame's commands after drawing.

use std::path::{Path, PathBuf};

use creature_core::data::TreeKind;
use creature_core::error::LoadError;
use creature_core::names::{Desire, Species};
use creature_core::project::FileKind;
use egui_dock::{DockArea, DockState, NodeIndex, Style as DockStyle, TabViewer};

use super::command::{self, Command, NAMED, Tab};
use super::panels;
use super::view::View;
use super::workspace::{DocId, Workspace};

/// The file and folder dialogs. The real editor uses rfd; tests use a stand-in that
/// answers without a window.
pub trait Dialogs {
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf>;
}

/// The desktop's own dialogs (xdg portal on Linux).
pub struct RfdDialogs;

impl Dialogs for RfdDialogs {
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a project folder (with a studio.ron)");
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.pick_folder()
    }

    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a studio file").add_filter("RON", &["ron"]);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.pick_file()
    }

    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Save as").add_filter("RON", &["ron"]).set_file_name(name);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.save_file()
    }
}

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

const NO_DIALOG: &str = "Nothing chosen. Without a desktop file dialog, type the path: File → Open path… (Ctrl+L)";

const STORAGE_DOCK: &str = "creature-studio.dock";
const STORAGE_RECENT: &str = "creature-studio.recent";
const MAX_RECENT: usize = 10;

/// The editor.
pub struct Studio {
    pub ws: Workspace,
    pub view: View,
    pub dock: DockState<Tab>,
    pub recent: Vec<PathBuf>,
    pub modal: Option<Modal>,
    /// The command palette's query while it is open.
    pub palette: Option<String>,
    /// The path being typed in the "Open path" prompt while it is open.
    pub path_prompt: Option<String>,
    /// The last thing that happened, for the status bar.
    pub status: String,
    dialogs: Box<dyn Dialogs>,
    pending: Vec<Command>,
    /// Set once the person has agreed to close with unsaved edits (or saved them).
    close_confirmed: bool,
    title: String,
    /// When the editor was started; with `CREATURE_STUDIO_TIMING` set, the time to the
    /// first frame is printed on stderr.
    pub started: Option<std::time::Instant>,
}

/// The panel layout a new user starts with: files on the left, the editors in the
/// middle, their pictures on the right, problems and examples below.
pub fn default_dock() -> DockState<Tab> {
    let mut dock = DockState::new(vec![Tab::Species, Tab::Creature, Tab::Lesson, Tab::Preview, Tab::Arena]);
    let surface = dock.main_surface_mut();
    let [main, _files] = surface.split_left(NodeIndex::root(), 0.14, vec![Tab::Project]);
    let [top, _below] = surface.split_below(main, 0.68, vec![Tab::Problems, Tab::Examples, Tab::Source, Tab::Bank]);
    let [_editors, _pictures] = surface.split_right(
        top,
        0.46,
        vec![Tab::SpeciesPlots, Tab::TreeGraph, Tab::LessonResults, Tab::Query, Tab::Schema],
    );
    dock
}

impl Studio {
    /// The editor on a project folder, or with the built-in data when there is none
    /// (or it does not open: its problems are then listed).
    pub fn new(project: Option<&Path>, dialogs: Box<dyn Dialogs>, storage: Option<&dyn eframe::Storage>) -> Studio {
        let dock = storage
            .and_then(|s| eframe::get_value::<DockState<Tab>>(s, STORAGE_DOCK))
            .filter(|d| d.iter_all_tabs().count() > 0)
            .unwrap_or_else(default_dock);
        let recent = storage.and_then(|s| eframe::get_value(s, STORAGE_RECENT)).unwrap_or_default();
        let mut studio = Studio {
            ws: Workspace::builtin(),
            view: View::default(),
            dock,
            recent,
            modal: None,
            palette: None,
            path_prompt: None,
            status: String::new(),
            dialogs,
            pending: Vec::new(),
            close_confirmed: false,
            title: String::new(),
            started: None,
        };
        match project {
            Some(p) => studio.open_project(p),
            None => {
                studio.status =
                    "No project: the built-in species data, read-only. Open a project with Ctrl+Shift+O.".into();
            }
        }
        studio
    }

    fn open_project(&mut self, path: &Path) {
        match Workspace::open(path) {
            Ok(ws) => {
                self.ws = ws;
                let selected = self.view.species;
                self.view = View { species: selected, ..View::default() };
                let root = self.ws.project.as_ref().map(|p| p.root.clone()).unwrap_or_else(|| path.to_path_buf());
                let root = root.canonicalize().unwrap_or(root);
                self.recent.retain(|r| r != &root);
                self.recent.insert(0, root);
                self.recent.truncate(MAX_RECENT);
                // Open the project's first creature so the inspector has something to show.
                if let Some(first) = self.ws.files.iter().find(|f| Workspace::kind_of(f) == FileKind::Creature).cloned()
                    && let Ok(id) = self.ws.open_creature(&first)
                {
                    self.view.select_creature(&self.ws, id);
                }
                if let Some(first) =
                    self.ws.files.iter().find(|f| Workspace::kind_of(f) == FileKind::LessonScript).cloned()
                    && let Ok(id) = self.ws.open_lesson(&first)
                {
                    self.view.lesson = Some(id);
                }
                self.view.active = Some(DocId::Species(self.view.species));
                let n = self.ws.problems.len();
                self.status = format!(
                    "Opened {} ({} file{}, {n} problem{})",
                    self.ws.name(),
                    self.ws.files.len(),
                    if self.ws.files.len() == 1 { "" } else { "s" },
                    if n == 1 { "" } else { "s" }
                );
            }
            Err(errors) => {
                self.ws.problems = errors;
                self.status = format!("Cannot open the project at {}: see Problems", path.display());
                self.show_tab(Tab::Problems);
            }
        }
    }

    /// Queues a command, as a menu item or a test would.
    pub fn run(&mut self, c: Command) {
        self.pending.push(c);
    }

    fn show_tab(&mut self, tab: Tab) {
        if let Some(path) = self.dock.find_tab(&tab) {
            let _ = self.dock.set_active_tab(path);
        } else {
            self.dock.push_to_focused_leaf(tab);
        }
    }

    fn project_dir(&self) -> Option<PathBuf> {
        self.ws.project.as_ref().map(|p| p.root.clone())
    }

    /// Applies one command.
    fn apply(&mut self, c: Command) {
        match c {
            Command::OpenProject => {
                let start = self.project_dir();
                match self.dialogs.pick_project(start.as_deref()) {
                    Some(p) => self.apply(Command::OpenProjectAt(p)),
                    None => self.status = NO_DIALOG.into(),
                }
            }
            Command::OpenProjectAt(p) => {
                if self.ws.dirty_docs().is_empty() {
                    self.open_project(&p);
                } else {
                    self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::OpenProject(p) });
                }
            }
            Command::OpenFile => {
                let start = self.project_dir();
                match self.dialogs.pick_file(start.as_deref()) {
                    Some(p) => self.apply(Command::OpenFileAt(p)),
                    None => self.status = NO_DIALOG.into(),
                }
            }
            Command::OpenFileAt(p) => self.open_file(&p),
            Command::OpenPath => {
                let start = self.project_dir().map(|p| p.display().to_string()).unwrap_or_default();
                self.path_prompt = Some(start);
            }
            Command::ShowSource { path, line } => {
                self.view.show_source(&path, line);
                self.show_tab(Tab::Source);
            }
            Command::SaveSource => self.save_source(),
            Command::Save => {
                let ids = self.view.active_docs(&self.ws);
                let dirty: Vec<DocId> = ids.into_iter().filter(|id| self.ws.is_dirty(id)).collect();
                if dirty.is_empty() {
                    self.status = "Already saved".into();
                }
                for id in dirty {
                    self.save_doc(&id);
                }
            }
            Command::SaveAll => {
                for id in self.ws.dirty_docs() {
                    self.save_doc(&id);
                }
            }
            Command::SaveAs => self.save_as(),
            Command::Revert => {
                for id in self.view.active_docs(&self.ws) {
                    self.ws.revert(&id);
                }
                self.status = "Reverted to the saved files".into();
            }
            Command::Reload => {
                self.ws.reload();
                self.status = format!("Reloaded {} from disk", self.ws.name());
            }
            Command::Undo => match self.ws.undo() {
                Some(id) => {
                    self.status = format!("Undid an edit of {}", id.label());
                    self.view.follow(&self.ws, &id);
                }
                None => self.status = "Nothing to undo".into(),
            },
            Command::Redo => match self.ws.redo() {
                Some(id) => {
                    self.status = format!("Redid an edit of {}", id.label());
                    self.view.follow(&self.ws, &id);
                }
                None => self.status = "Nothing to redo".into(),
            },
            Command::Palette => self.palette = Some(String::new()),
            Command::ShowTab(t) => self.show_tab(t),
            Command::ResetLayout => self.dock = default_dock(),
            Command::Quit => self.modal_or_close(),
            Command::SelectSpecies(s) => {
                self.view.species = s;
                self.view.active = Some(DocId::Species(s));
                self.show_tab(Tab::Species);
                self.show_tab(Tab::SpeciesPlots);
            }
            Command::SelectCreature(id) => {
                self.view.select_creature(&self.ws, id);
                self.show_tab(Tab::Creature);
                self.show_tab(Tab::TreeGraph);
            }
            Command::SelectTree(d, k) => {
                self.view.select_tree(d, k);
                self.show_tab(Tab::TreeGraph);
                self.show_tab(Tab::Examples);
            }
            Command::SelectNode(n) => self.view.graph.selected = n,
            Command::SelectLesson(id) => {
                self.view.lesson = Some(id.clone());
                self.view.active = Some(id);
                self.view.lesson_ui.playhead = None;
                self.view.lesson_ui.selected = None;
                self.show_tab(Tab::Lesson);
                self.show_tab(Tab::LessonResults);
            }
            Command::Play => {
                if self.view.lesson.is_some() {
                    self.view.lesson_ui.playhead = Some(0.0);
                    self.view.lesson_ui.playing = true;
                    self.show_tab(Tab::LessonResults);
                }
            }
            Command::ApplyLesson => self.apply_lesson(),
            Command::NewbornsBorn => self.view.newborn_seed = self.view.newborn_seed.wrapping_add(1),
            Command::FitGraph => {
                self.view.graph.fit = true;
                self.view.graph.fit_all = true;
            }
            Command::Edit(e) => match self.ws.apply(e) {
                Ok(id) => self.view.active = Some(id),
                Err(e) => self.status = e,
            },
            Command::Live(c) => self.apply_live(c),
        }
    }

    fn apply_lesson(&mut self) {
        let (Some(lesson), Some(creature)) = (self.view.lesson.clone(), self.view.creature.clone()) else {
            self.status = "Open a lesson script and a creature to apply it to".into();
            return;
        };
        let (Some(script), Some(target)) = (self.ws.lesson(&lesson), self.ws.creature(&creature)) else { return };
        let outcome = self.view.lesson_ui.outcome(script, Some(target), &self.ws.data).clone();
        let taught = outcome.run.lessons.iter().filter(|l| l.taught.is_some()).count();
        let with = Box::new(outcome.after.clone());
        match self.ws.apply(crate::gui::edit::Edit::ReplaceCreature { creature: creature.clone(), with }) {
            Ok(_) => {
                self.status = format!(
                    "Applied {} to {}: {taught} lesson{} taught (Ctrl+Z undoes it)",
                    lesson.label(),
                    creature.label(),
                    if taught == 1 { "" } else { "s" }
                );
                self.view.lesson_ui.applied = Some(crate::gui::view::Applied { creature: creature.clone(), outcome });
                self.view.active = Some(creature);
                self.view.graph.invalidate();
                self.show_tab(Tab::LessonResults);
            }
            Err(e) => self.status = e,
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
                self.apply(Command::ShowSource { path: p.to_path_buf(), line });
            }
        }
    }

    fn open_file(&mut self, p: &Path) {
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
                    self.show_tab(Tab::Species);
                } else {
                    self.apply(Command::ShowSource { path: p.to_path_buf(), line: 1 });
                }
            }
            kind @ (FileKind::ShadowBank | FileKind::ShadowSchema | FileKind::ShadowState) => {
                match self.view.live.shadow.open_file(&mut self.ws, p, kind) {
                    Ok(()) => {
                        self.show_tab(match kind {
                            FileKind::ShadowBank => Tab::Bank,
                            FileKind::ShadowSchema => Tab::Schema,
                            _ => Tab::Query,
                        });
                        self.status = format!("Showing {}", p.display());
                    }
                    Err(e) => {
                        self.status = format!("{} does not load: {e}", p.display());
                        self.apply(Command::ShowSource { path: p.to_path_buf(), line: 1 });
                    }
                }
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

    fn save_as(&mut self) {
        let Some(id) = self.view.active_docs(&self.ws).into_iter().next() else {
            self.status = "Nothing to save: select a species or a creature first".into();
            return;
        };
        let start = self.ws.docs.get(&id).and_then(|d| d.path.parent().map(Path::to_path_buf));
        let Some(path) = self.dialogs.save_file(start.as_deref(), &id.label()) else { return };
        match self.ws.save_as(&id, &path) {
            Ok(new_id) => {
                if matches!(new_id, DocId::Creature(_)) {
                    self.view.select_creature(&self.ws, new_id);
                }
                self.status = format!("Saved {}", path.display());
            }
            Err(e) => {
                self.status.clone_from(&e);
                self.modal = Some(Modal::Error(e));
            }
        }
    }

    fn save_source(&mut self) {
        let Some(src) = &mut self.view.source else { return };
        match creature_core::fsutil::save_atomic(&src.path, src.text.as_bytes()) {
            Ok(()) => {
                src.saved.clone_from(&src.text);
                self.status = format!("Saved {}", src.path.display());
                self.ws.reload();
            }
            Err(e) => {
                let msg = format!("cannot save {}: {e}. Your text is kept.", src.path.display());
                self.status.clone_from(&msg);
                self.modal = Some(Modal::Error(msg));
            }
        }
    }

    /// True when the editor holds edits that are not on disk.
    pub fn has_unsaved(&self) -> bool {
        !self.ws.dirty_docs().is_empty() || self.view.source.as_ref().is_some_and(|s| s.text != s.saved)
    }

    fn modal_or_close(&mut self) {
        if self.has_unsaved() && !self.close_confirmed {
            self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::Close });
        } else {
            self.close_confirmed = true;
            self.pending.push(Command::Quit);
        }
    }

    /// Draws one frame and applies its commands. `ui` is the whole window.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut commands = std::mem::take(&mut self.pending);
        let quitting = commands.contains(&Command::Quit) && self.close_confirmed;
        if quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if self.modal.is_none() && self.palette.is_none() && self.path_prompt.is_none() {
            let typing = ctx.egui_wants_keyboard_input();
            commands.extend(
                command::from_shortcuts(&ctx)
                    .into_iter()
                    .filter(|c| !(typing && matches!(c, Command::Undo | Command::Redo))),
            );
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_confirmed && self.has_unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::Close });
        }

        self.advance_playback(&ctx);
        self.live_frame(&ctx);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default().frame(egui::Frame::NONE).show(ui, |ui| {
            let mut viewer = Viewer { ws: &self.ws, view: &mut self.view, out: &mut commands };
            DockArea::new(&mut self.dock)
                .style(DockStyle::from_egui(ui.style().as_ref()))
                .show_leaf_collapse_buttons(false)
                .show_inside(ui, &mut viewer);
        });
        self.palette_window(&ctx, &mut commands);
        self.path_window(&ctx, &mut commands);
        self.modal_window(&ctx, &mut commands);
        self.live_windows(&ctx);

        // Panels drew before the commands changed anything: one more frame shows it.
        let applied = !commands.is_empty();
        for c in commands {
            self.apply(c);
        }
        let interacting =
            ctx.input(|i| i.pointer.any_down()) || ctx.dragged_id().is_some() || ctx.egui_wants_keyboard_input();
        if !interacting {
            self.ws.snapshot();
        }
        self.update_title(&ctx);
        if applied || !self.pending.is_empty() {
            ctx.request_repaint();
        }
    }

    /// Moves the lesson playhead on while playing; it stops after the last event.
    fn advance_playback(&mut self, ctx: &egui::Context) {
        let lu = &mut self.view.lesson_ui;
        if !lu.playing {
            return;
        }
        let end = self
            .view
            .lesson
            .as_ref()
            .and_then(|id| self.ws.lesson(id))
            .and_then(|l| l.events.last())
            .map_or(0.0, |e| e.at);
        let dt = f64::from(ctx.input(|i| i.stable_dt).min(0.1));
        let t = lu.playhead.unwrap_or(0.0) + dt * lu.speed;
        if t >= end + 0.5 {
            lu.playhead = None;
            lu.playing = false;
        } else {
            lu.playhead = Some(t);
            ctx.request_repaint();
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let dirty = if self.has_unsaved() { " ●" } else { "" };
        let title = format!("{}{dirty} — Creature Studio", self.ws.name());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn menu_bar(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                for c in [Command::OpenProject, Command::OpenFile, Command::OpenPath] {
                    menu_item(ui, &c, true, out);
                }
                ui.menu_button("Recent projects", |ui| {
                    if self.recent.is_empty() {
                        ui.label("none yet");
                    }
                    for r in &self.recent {
                        if ui.button(r.display().to_string()).clicked() {
                            out.push(Command::OpenProjectAt(r.clone()));
                        }
                    }
                });
                ui.separator();
                let any_dirty = !self.ws.dirty_docs().is_empty();
                menu_item(ui, &Command::Save, true, out);
                menu_item(ui, &Command::SaveAs, true, out);
                menu_item(ui, &Command::SaveAll, any_dirty, out);
                menu_item(ui, &Command::Revert, any_dirty, out);
                menu_item(ui, &Command::Reload, self.ws.project.is_some(), out);
                ui.separator();
                menu_item(ui, &Command::Quit, true, out);
            });
            ui.menu_button("Edit", |ui| {
                menu_item(ui, &Command::Undo, self.ws.can_undo(), out);
                menu_item(ui, &Command::Redo, self.ws.can_redo(), out);
                ui.separator();
                menu_item(ui, &Command::Palette, true, out);
            });
            ui.menu_button("View", |ui| {
                for t in Tab::ALL {
                    menu_item(ui, &Command::ShowTab(t), true, out);
                }
                ui.separator();
                menu_item(ui, &Command::ResetLayout, true, out);
                menu_item(ui, &Command::FitGraph, true, out);
                menu_item(ui, &Command::NewbornsBorn, true, out);
            });
            ui.menu_button("Species", |ui| {
                for s in Species::ALL {
                    let dirty = if self.ws.is_dirty(&DocId::Species(*s)) { " ⏺" } else { "" };
                    if ui.button(format!("{s}{dirty}")).clicked() {
                        out.push(Command::SelectSpecies(*s));
                    }
                }
            });
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(self.ws.name()).strong());
            ui.separator();
            let dirty = self.ws.dirty_docs();
            if dirty.is_empty() {
                ui.label("all saved");
            } else {
                let names: Vec<String> = dirty.iter().map(DocId::label).collect();
                ui.label(
                    egui::RichText::new(format!("⏺ unsaved: {}", names.join(", "))).color(ui.visuals().warn_fg_color),
                );
            }
            ui.separator();
            let n = self.ws.problems.len();
            let problems = egui::RichText::new(format!("{n} problem{}", if n == 1 { "" } else { "s" }));
            ui.label(if n > 0 { problems.color(ui.visuals().error_fg_color) } else { problems });
            ui.separator();
            if let Some(rate) = self.view.live.status() {
                ui.label(rate);
                ui.separator();
            }
            ui.label(&self.status);
        });
    }

    fn palette_window(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(query) = &mut self.palette else { return };
        let entries = palette_entries(&self.ws);
        let q = query.to_lowercase();
        let mut ranked: Vec<(u8, &Command)> =
            entries.iter().filter_map(|c| rank(&c.label().to_lowercase(), &q).map(|r| (r, c))).collect();
        ranked.sort_by_key(|(r, _)| *r);
        let matches: Vec<&Command> = ranked.into_iter().map(|(_, c)| c).take(14).collect();
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::new("palette")).show(ctx, |ui| {
            ui.set_width(520.0);
            let edit = ui.add(
                egui::TextEdit::singleline(query)
                    .hint_text("Type a command, a species, a tree, a file…")
                    .desired_width(f32::INFINITY),
            );
            edit.request_focus();
            ui.separator();
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            for (i, c) in matches.iter().enumerate() {
                let shortcut = c.shortcut().map(|s| ctx.format_shortcut(&s)).unwrap_or_default();
                let r = ui.add(
                    egui::Button::new(c.label())
                        .right_text(shortcut)
                        .frame_when_inactive(i == 0)
                        .min_size(egui::vec2(ui.available_width(), 0.0)),
                );
                if r.clicked() || (enter && i == 0) {
                    out.push((*c).clone());
                    close = true;
                }
            }
            if matches.is_empty() {
                ui.weak("no command matches");
            }
        });
        if close || modal.should_close() {
            self.palette = None;
        }
    }

    /// The "Open path" prompt: a project folder (or its `studio.ron`) opens as the
    /// project, any other file in the editor that fits it.
    fn path_window(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(path) = &mut self.path_prompt else { return };
        let mut done = false;
        let modal = egui::Modal::new(egui::Id::new("open-path")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading("Open path");
            ui.label("A project folder (with a studio.ron), or a file to open in the project.");
            let edit = ui.add(egui::TextEdit::singleline(path).desired_width(f32::INFINITY));
            edit.request_focus();
            let p = PathBuf::from(path.trim());
            let is_project = p.join(creature_core::project::MANIFEST).is_file()
                || p.file_name().is_some_and(|n| n == creature_core::project::MANIFEST);
            let what = if is_project {
                "a project"
            } else if p.is_file() {
                "a file"
            } else {
                "nothing there yet"
            };
            ui.weak(what);
            ui.horizontal(|ui| {
                let go = ui.add_enabled(is_project || p.is_file(), egui::Button::new("Open")).clicked()
                    || (ui.input(|i| i.key_pressed(egui::Key::Enter)) && (is_project || p.is_file()));
                if go {
                    out.push(if is_project {
                        Command::OpenProjectAt(p.clone())
                    } else {
                        Command::OpenFileAt(p.clone())
                    });
                    done = true;
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
        });
        if done || modal.should_close() {
            self.path_prompt = None;
        }
    }

    fn modal_window(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(modal) = self.modal.clone() else { return };
        let mut answer: Option<bool> = None; // Some(true): go on; Some(false): cancel
        let mut save_first = false;
        let r = egui::Modal::new(egui::Id::new("modal")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            match &modal {
                Modal::UnsavedChanges { then } => {
                    ui.heading("Unsaved changes");
                    let names: Vec<String> = self.ws.dirty_docs().iter().map(DocId::label).collect();
                    let mut what = names.join(", ");
                    if self.view.source.as_ref().is_some_and(|s| s.text != s.saved) {
                        what = if what.is_empty() {
                            "the text in Source".into()
                        } else {
                            format!("{what} and the text in Source")
                        };
                    }
                    ui.label(format!(
                        "{what} {} edits that are not saved.",
                        if names.len() > 1 { "have" } else { "has" }
                    ));
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
        let Some(go_on) = answer else { return };
        self.modal = None;
        if !go_on {
            return;
        }
        if let Modal::UnsavedChanges { then } = modal {
            if save_first {
                for id in self.ws.dirty_docs() {
                    self.save_doc(&id);
                }
                if self.view.source.as_ref().is_some_and(|s| s.text != s.saved) {
                    self.save_source();
                }
                if self.modal.is_some() {
                    return; // a save failed: its message is showing and nothing is closed
                }
            }
            match then {
                AfterConfirm::Close => {
                    self.close_confirmed = true;
                    out.push(Command::Quit);
                }
                AfterConfirm::OpenProject(p) => self.open_project(&p),
            }
        }
    }
}

fn menu_item(ui: &mut egui::Ui, c: &Command, enabled: bool, out: &mut Vec<Command>) {
    let shortcut = c.shortcut().map(|s| ui.ctx().format_shortcut(&s)).unwrap_or_default();
    if ui.add_enabled(enabled, egui::Button::new(c.label()).shortcut_text(shortcut)).clicked() {
        out.push(c.clone());
    }
}

/// How well `text` matches a palette query, best first: it starts with the query (0),
/// a word of it does (1), it holds the query (2), or the query's letters in order (3).
fn rank(text: &str, query: &str) -> Option<u8> {
    let query = query.trim();
    if text.starts_with(query) {
        return Some(0);
    }
    if text.split([' ', ':', '/', '_', '.']).any(|w| w.starts_with(query)) {
        return Some(1);
    }
    if text.contains(query) {
        return Some(2);
    }
    let mut chars = text.chars();
    query.chars().filter(|c| !c.is_whitespace()).all(|q| chars.any(|t| t == q)).then_some(3)
}

/// What the palette offers: the named commands, every panel, species, tree and file.
fn palette_entries(ws: &Workspace) -> Vec<Command> {
    let mut out: Vec<Command> = NAMED.iter().filter(|c| **c != Command::Palette).cloned().collect();
    out.extend(Tab::ALL.iter().map(|t| Command::ShowTab(*t)));
    out.extend(Species::ALL.iter().map(|s| Command::SelectSpecies(*s)));
    if ws.creatures().next().is_some() {
        for d in Desire::ALL {
            for k in [TreeKind::Activity, TreeKind::ActOn] {
                out.push(Command::SelectTree(*d, k));
            }
        }
    }
    out.extend(ws.files.iter().map(|f| Command::OpenFileAt(f.clone())));
    out
}

/// Draws each dock tab from the workspace and collects the commands it returns.
struct Viewer<'a> {
    ws: &'a Workspace,
    view: &'a mut View,
    out: &'a mut Vec<Command>,
}

impl TabViewer for Viewer<'_> {
    type Tab = Tab;

    fn title(&mut self, tab: &mut Tab) -> egui::WidgetText {
        let n = self.ws.problems.len();
        match tab {
            Tab::Problems if n > 0 => format!("Problems ({n})").into(),
            Tab::Source => match &self.view.source {
                Some(s) => format!("Source: {}{}", s.name(), if s.text != s.saved { " ⏺" } else { "" }).into(),
                None => "Source".into(),
            },
            t => t.title().into(),
        }
    }

    fn id(&mut self, tab: &mut Tab) -> egui::Id {
        egui::Id::new(("tab", *tab))
    }

    fn ui(&mut self, ui: &mut egui::Ui, tab: &mut Tab) {
        panels::show(*tab, ui, self.ws, self.view, self.out);
    }

    fn scroll_bars(&self, tab: &Tab) -> [bool; 2] {
        match tab {
            Tab::TreeGraph
            | Tab::Source
            | Tab::Species
            | Tab::Problems
            | Tab::Project
            | Tab::Preview
            | Tab::Bank
            | Tab::Schema
            | Tab::Query => [false, false],
            _ => [false, true],
        }
    }
}

impl eframe::App for Studio {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let start = std::time::Instant::now();
        self.frame(ui);
        self.view.live.note_frame_time(start.elapsed().as_secs_f64());
        if let Some(t) = self.started.take()
            && std::env::var_os("CREATURE_STUDIO_TIMING").is_some()
        {
            eprintln!("creature-studio: first frame drawn {} ms after start", t.elapsed().as_millis());
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_DOCK, &self.dock);
        eframe::set_value(storage, STORAGE_RECENT, &self.recent);
    }
}

//! The editor application: [`Studio`] draws a frame (menus, dock of panels, modal
//! questions), then applies the frame's commands, then lets the workspace catch up with
//! the files on disk and the running preview.

use std::path::{Path, PathBuf};
use std::time::Duration;

use creature_core::data::TreeKind;
use creature_core::error::LoadError;
use creature_core::names::Species;
use creature_core::project::FileKind;
use creature_core::scenario::Act;
use creature_workspace::edit::Edit;
use creature_workspace::live_preview::LivePreview;
use creature_workspace::{Change, DocId, Workspace};
use egui_dock::{DockArea, DockState};

use super::chrome::dialogs::{self, Dialogs};
use super::chrome::dock::{self, Viewer, default_dock};
use super::chrome::modal::{self, AfterConfirm, Modal};
use super::chrome::toasts::Toasts;
use super::chrome::{file_browser, menu, palette, short};
use super::command::{self, Command, LiveCommand, Tab};
use super::time_travel;
use super::view::View;

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
    pub toasts: Toasts,
    dialogs: Box<dyn Dialogs>,
    pending: Vec<Command>,
    /// Set once the person has agreed to close with unsaved edits (or saved them).
    close_confirmed: bool,
    title: String,
    /// The project the watcher and the preview were started for.
    live_for: Option<PathBuf>,
    /// When the editor was started; with `CREATURE_STUDIO_TIMING` set, the time to the
    /// first frame is printed on stderr.
    pub started: Option<std::time::Instant>,
}

impl Studio {
    /// The editor on a project folder, or with the built-in data when there is none
    /// (or it does not open: its problems are then listed).
    pub fn new(project: Option<&Path>, dialogs: Box<dyn Dialogs>, storage: Option<&dyn eframe::Storage>) -> Studio {
        let (dock, recent) = dock::restore(storage);
        let mut studio = Studio {
            ws: Workspace::builtin(),
            view: View::default(),
            dock,
            recent,
            modal: None,
            palette: None,
            path_prompt: None,
            status: String::new(),
            toasts: Toasts::default(),
            dialogs,
            pending: Vec::new(),
            close_confirmed: false,
            title: String::new(),
            live_for: None,
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
                self.live_for = None;
                self.view = View { species: self.view.species, ..View::default() };
                if let Some(p) = &self.ws.project {
                    dock::remember(&mut self.recent, p.root.clone());
                }
                // The project's first creature and lesson, so the inspector and the
                // timeline have something to show.
                if let Some(id) = self.ws.first_file(FileKind::Creature).and_then(|f| self.ws.open_creature(&f).ok()) {
                    self.view.select_creature(&self.ws, id);
                }
                self.view.lesson =
                    self.ws.first_file(FileKind::LessonScript).and_then(|f| self.ws.open_lesson(&f).ok());
                self.view.active = Some(DocId::Species(self.view.species));
                self.status = format!("Opened {}", self.ws.summary());
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
                    None => self.path_prompt = dialogs::own_dialog(self.dialogs.as_ref(), start.as_deref()),
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
                    None => self.path_prompt = dialogs::own_dialog(self.dialogs.as_ref(), start.as_deref()),
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
            Command::Undo | Command::Redo => {
                let undo = c == Command::Undo;
                let (done, verb) = if undo { (self.ws.undo(), "Undid") } else { (self.ws.redo(), "Redid") };
                self.status = match done {
                    Some(id) => {
                        self.view.follow(&self.ws, &id);
                        format!("{verb} an edit of {}", id.label())
                    }
                    None => format!("Nothing to {}", if undo { "undo" } else { "redo" }),
                };
            }
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
            Command::SelectNode(n) => self.view.select_node(&self.ws, n),
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
            Command::FitGraph => self.view.graph.fit = true,
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
        match self.ws.apply(Edit::ReplaceCreature { creature: creature.clone(), with }) {
            Ok(_) => {
                self.status = format!(
                    "Applied {} to {}: {taught} lesson{} taught (Ctrl+Z undoes it)",
                    lesson.label(),
                    creature.label(),
                    if taught == 1 { "" } else { "s" }
                );
                self.view.lesson_ui.applied_to(creature.clone(), outcome);
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
                match self.view.shadow.open_file(&mut self.ws, p, kind) {
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

    fn save_doc(&mut self, id: &DocId) {
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
        !self.ws.dirty_docs().is_empty() || self.view.source_edited()
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
            commands.extend(command::from_shortcuts(&ctx, ctx.egui_wants_keyboard_input()));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_confirmed && self.has_unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::Close });
        }

        let dt = f64::from(ctx.input(|i| i.stable_dt).min(0.1));
        if self.view.advance_playback(&self.ws, dt) {
            ctx.request_repaint();
        }
        self.live_frame(&ctx);
        egui::Panel::top("menu").show(ui, |ui| menu::menu_bar(ui, &self.ws, &self.recent, &mut commands));
        let pace = self.view.village.status(self.ws.preview.as_ref());
        egui::Panel::bottom("status").show(ui, |ui| menu::status_bar(ui, &self.ws, pace, &self.status));
        dock::make_room_for_problems(&mut self.dock, &mut self.view.problems_seen, self.ws.problems.len());
        egui::CentralPanel::default().frame(egui::Frame::NONE).show(ui, |ui| {
            let mut viewer = Viewer { ws: &self.ws, view: &mut self.view, recent: &self.recent, out: &mut commands };
            DockArea::new(&mut self.dock)
                .style(dock::style(ui.style()))
                .show_leaf_collapse_buttons(false)
                .show_inside(ui, &mut viewer);
        });
        self.windows(&ctx, &mut commands);

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

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = format!("{}{} — Creature Studio", self.ws.name(), if self.has_unsaved() { " *" } else { "" });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The windows over the dock: the palette, the "Open path" prompt, the modal
    /// question, the "changed on disk" question and the toasts.
    fn windows(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if let Some(query) = &mut self.palette
            && palette::show(ctx, query, &self.ws, out)
        {
            self.palette = None;
        }
        if let Some(path) = &mut self.path_prompt
            && file_browser::show(ctx, path, out)
        {
            self.path_prompt = None;
        }
        if let Some(m) = self.modal.clone() {
            let (unsaved, many) = modal::unsaved_names(&self.ws, self.view.source_edited());
            if let Some(answer) = modal::show(ctx, &m, &unsaved, many) {
                self.answer_modal(m, answer, out);
            }
        }
        if let Some(c) = self.ws.conflicts.first().cloned()
            && let Some(keep_studio) = modal::conflict(ctx, &c)
        {
            self.apply_live(LiveCommand::Resolve { path: c.path, keep_studio });
        }
        self.toasts.show(ctx);
    }

    /// Carries out the person's answer to a modal question.
    fn answer_modal(&mut self, m: Modal, answer: modal::Answer, out: &mut Vec<Command>) {
        self.modal = None;
        if !answer.go_on {
            return;
        }
        if let Modal::UnsavedChanges { then } = m {
            if answer.save_first {
                for id in self.ws.dirty_docs() {
                    self.save_doc(&id);
                }
                if self.view.source_edited() {
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

    /// Once per frame: starts the watcher and the preview for the project, routes the
    /// files changed on disk, runs the simulation for the frame's wall time (while its
    /// panel is on screen) and the arena's frames, and keeps the toasts' clock.
    fn live_frame(&mut self, ctx: &egui::Context) {
        self.open_live_if_needed(ctx);
        let now = ctx.input(|i| i.time);
        let changes = self.ws.poll();
        if !changes.is_empty() {
            self.after_changes(changes, now);
        }
        self.ws.push_edits_to_preview();
        let dt = f64::from(ctx.input(|i| i.stable_dt).clamp(0.0, 0.25));
        if self.view.village.begin_frame(self.ws.preview.as_ref())
            && let Some(p) = self.ws.preview.as_mut()
        {
            let before = p.sim_time();
            p.advance(dt);
            let simulated = p.sim_time() - before;
            self.view.village.measure(simulated, dt, f64::from(ctx.input(|i| i.unstable_dt)));
            ctx.request_repaint();
        }
        self.take_preview_events();
        let shadow = &mut self.view.shadow;
        if shadow.load_if_wanted(&mut self.ws) {
            ctx.request_repaint();
        }
        shadow.sync(&self.ws);
        if shadow.arena.tick(dt) {
            ctx.request_repaint();
        }
        // A scenario run reports from its worker: look again soon while it goes on.
        if self.ws.scenarios.poll() || self.ws.scenarios.progress().is_some() {
            ctx.request_repaint_after(Duration::from_millis(50));
        }
        if let Some(next) = self.toasts.expire(now) {
            ctx.request_repaint_after(Duration::from_secs_f64(next.max(0.05)));
        }
    }

    /// Starts watching the project and its preview, once per project (again after a
    /// restart). A preview that cannot start leaves the watcher running: documents
    /// still follow their files.
    fn open_live_if_needed(&mut self, ctx: &egui::Context) {
        let Some(root) = self.ws.project.as_ref().map(|p| p.root.clone()) else { return };
        if self.live_for.as_ref() == Some(&root) {
            return;
        }
        self.live_for = Some(root.clone());
        self.view.shadow.open_project(&root, self.ws.project.as_ref());
        let waker = ctx.clone();
        if let Err(e) = self.ws.watch(move || waker.request_repaint()) {
            self.status = format!("Hot reload is off: cannot watch {}: {e}", root.display());
        }
        self.ws.start_preview(1);
        self.view.village.resume_speed = 1.0;
    }

    /// Says what the files changed on disk did: the workspace already took them into
    /// the documents and the preview (or asked about them); here the log, the toasts and
    /// the status bar tell it.
    fn after_changes(&mut self, changes: Vec<Change>, now: f64) {
        let t = self.ws.preview.as_ref().map_or(0.0, LivePreview::sim_time);
        for c in changes {
            match c {
                Change::Reloaded { file } => {
                    let name = short(&file);
                    self.view.village.log(t, format!("reloaded {name}"), 0);
                    self.toasts.push(now, format!("Reloaded {name}"), false);
                    self.view.shadow.file_changed(&mut self.ws, &file);
                }
                Change::Unchanged { .. } => {}
                Change::Failed { file, errors } => {
                    let first = errors.first().map(ToString::to_string).unwrap_or_else(|| short(&file));
                    self.view.village.log(t, format!("reload failed, keeping the last good version: {first}"), -1);
                    self.status =
                        format!("{} does not load: {first}; the last good version stays in use", short(&file));
                    self.toasts.push(now, first, true);
                }
            }
        }
        self.view.graph.invalidate();
    }

    /// Moves the preview's events into the log; a lesson that reached the creature's
    /// document selects it and the tree it taught.
    fn take_preview_events(&mut self) {
        for (e, reached) in self.ws.take_preview_events() {
            self.view.village.log_event(&e);
            if let Some(id) = reached {
                self.view.creature = Some(id);
                if let creature_core::world::sim::Event::Lesson { taught: Some(tp), .. } = &e {
                    self.view.select_tree(tp.desire, TreeKind::ActOn);
                }
                self.view.graph.invalidate();
            }
        }
    }

    /// Does `act` to the preview's creature; the status bar says why when it cannot.
    fn preview_act(&mut self, act: Act) {
        if let Err(e) = self.ws.preview_act(act) {
            self.status = e;
        }
    }

    /// Carries out one command of the live panels.
    fn apply_live(&mut self, c: LiveCommand) {
        let preview = self.ws.preview.as_mut();
        match c {
            LiveCommand::Hand(h) => {
                if let Err(e) = self.ws.preview_hand(h) {
                    self.status = e;
                }
                self.take_preview_events();
            }
            LiveCommand::Speed(s) => {
                if let Some(s) = preview.map(|p| p.set_speed(s))
                    && s > 0.0
                {
                    self.view.village.resume_speed = s;
                }
            }
            LiveCommand::StepTurn => {
                if let Some(p) = preview {
                    p.step();
                }
                self.take_preview_events();
            }
            LiveCommand::Phase(phase) => self.preview_act(Act::Phase(phase.min(13))),
            LiveCommand::Leash(l) => self.preview_act(Act::Leash(l)),
            LiveCommand::RunScenarios(files) => {
                self.status = format!("Running {} scenario(s): see each in the Scenarios panel", files.len());
                self.ws.scenarios.start(files, || {});
            }
            LiveCommand::LearnIntoSave(on) => self.ws.preview_learns = on,
            LiveCommand::Time(t) => self.status = time_travel::apply(t, &mut self.ws, self.dialogs.as_mut()),
            LiveCommand::KeepLearning => match self.ws.keep_preview_learning() {
                Ok(id) => self.status = format!("Kept what the preview learnt in {} (Ctrl+Z undoes it)", id.label()),
                Err(e) => self.status = e,
            },
            LiveCommand::SavePreviewScenario => match self.ws.save_preview_scenario() {
                Ok(path) => {
                    self.status = format!("Saved the preview's inputs as {}", path.display());
                    self.view.scenario = Some(path);
                    self.show_tab(Tab::Scenarios);
                }
                Err(e) => self.status = e,
            },
            LiveCommand::Restart => {
                self.live_for = None;
                self.view.village.log.clear();
            }
            LiveCommand::Resolve { path, keep_studio } => {
                self.ws.resolve(&path, keep_studio);
                self.view.graph.invalidate();
                self.status = if keep_studio {
                    format!("Kept the studio's edits of {}; the file on disk is unchanged", short(&path))
                } else {
                    format!("Took {} from disk", short(&path))
                };
            }
            LiveCommand::SaveSchema | LiveCommand::SaveBank => {
                let sh = &self.view.shadow;
                let id = if c == LiveCommand::SaveSchema { sh.schema_doc() } else { sh.bank_doc() };
                if let Some(id) = id {
                    self.save_doc(&id);
                }
            }
            other => {
                let (msg, edited) = self.view.shadow.apply(other, &mut self.ws, self.dialogs.as_mut());
                if let Some(id) = edited {
                    self.view.active = Some(id);
                }
                if let Some(m) = msg {
                    self.status = m;
                }
            }
        }
    }
}

impl eframe::App for Studio {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let start = std::time::Instant::now();
        self.frame(ui);
        self.view.village.note_frame_time(start.elapsed().as_secs_f64());
        if let Some(t) = self.started.take()
            && std::env::var_os("CREATURE_STUDIO_TIMING").is_some()
        {
            eprintln!("creature-studio: first frame drawn {} ms after start", t.elapsed().as_millis());
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        dock::persist(storage, &self.dock, &self.recent);
    }
}

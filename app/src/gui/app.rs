//! The editor application: [`Studio`] draws a frame (menus, dock of panels, modal
//! questions), then applies the frame's commands, then lets the workspace catch up with
//! the files on disk and the running preview. The frame loop is `frame.rs`; each
//! command family has one handler file beside it.

mod dock;
mod edit;
mod files;
mod focus;
mod frame;
mod game;
mod game_focus;
mod lesson;
mod preview;
mod scenario;
mod select;
mod start_page;
mod status;
mod time_travel;
mod train;
mod ui_command;

use std::path::{Path, PathBuf};

use creature_core::project::FileKind;
use creature_workspace::opening_creature::opening_creature;
use creature_workspace::{DocId, Workspace};
use egui_dock::DockState;

use super::chrome::chooser::{Chooser, OwnDialog};
use super::chrome::dialogs::Dialogs;
use super::chrome::modal::{self, AfterConfirm, Modal};
use super::chrome::toasts::Toasts;
use super::chrome::{self, file_browser, palette};
use super::command::{ArenaCommand, Command, Tab};
use super::panels::{self, registry::Panels};
use super::view::View;
use super::view::graph::GraphView;
use crate::gui::command::UiCommand;

/// The editor.
pub struct Studio {
    pub ws: Workspace,
    pub view: View,
    /// Every panel with its own state (the registry's).
    pub panels: Panels,
    pub dock: DockState<Tab>,
    /// The strip along the bottom as the dock last drew it.
    strip: chrome::dock::Strip,
    /// The layout put aside while one panel is maximised.
    pub stashed_dock: Option<DockState<Tab>>,
    pub recent: Vec<PathBuf>,
    pub modal: Option<Modal>,
    /// The command palette while it is open.
    pub palette: Option<palette::Palette>,
    /// The studio's own file dialog while it is open (Ctrl+L, or a dialog without a
    /// desktop service).
    pub path_prompt: Option<OwnDialog>,
    /// The last thing that happened, for the status bar.
    pub status: String,
    /// What the status message claims about the present, while it claims it.
    status_claim: Option<(status::Claim, String)>,
    pub toasts: Toasts,
    pub(crate) dialogs: Chooser,
    pending: Vec<Command>,
    /// Set once the person has agreed to close with unsaved edits (or saved them).
    close_confirmed: bool,
    title: String,
    /// The project the watcher and the preview were started for.
    live_for: Option<PathBuf>,
    /// Whether the window was fitted to its monitor, once it was known.
    fitted: bool,
    /// When the editor was started; with `CREATURE_STUDIO_TIMING` set, the time to the
    /// first frame is printed on stderr.
    pub started: Option<std::time::Instant>,
}

/// Where eframe's storage keeps the arena's idle time before a shadow takes a side.
const STORAGE_IDLE: &str = "creature-studio.arena-idle-seconds";

impl Studio {
    /// The editor on a project folder, or with the built-in data when there is none
    /// (or it does not open: its problems are then listed).
    pub fn new(project: Option<&Path>, dialogs: Box<dyn Dialogs>, storage: Option<&dyn eframe::Storage>) -> Studio {
        let panels = Panels::default();
        let (dock, recent) = chrome::dock::restore(storage, &panels);
        let mut studio = Studio {
            ws: Workspace::builtin(),
            view: View::default(),
            panels,
            dock,
            strip: chrome::dock::Strip::default(),
            stashed_dock: None,
            recent,
            modal: None,
            palette: None,
            path_prompt: None,
            status: String::new(),
            status_claim: None,
            toasts: Toasts::default(),
            dialogs: Chooser::new(dialogs),
            pending: Vec::new(),
            close_confirmed: false,
            title: String::new(),
            live_for: None,
            fitted: false,
            started: None,
        };
        if let Some(seconds) = storage.and_then(|s| eframe::get_value::<f64>(s, STORAGE_IDLE)) {
            studio.view.shadow.arena.set_idle_seconds(seconds);
        }
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
                self.panels = Panels::default();
                if let Some(p) = &self.ws.project {
                    chrome::dock::remember(&mut self.recent, p.root.clone());
                }
                // The creature the project opens on (the start page's example, the one
                // `serve` runs) and the first lesson, so the inspector and the timeline
                // have something to show.
                let opening = self.ws.project.as_ref().and_then(|p| opening_creature(p, &self.ws.data));
                if let Some((file, tree)) = opening
                    && let Ok(id) = self.ws.open_creature(&file)
                {
                    self.focus_creature(&id);
                    if let Some(tree) = tree {
                        self.view.tree = tree;
                    }
                }
                self.view.lesson =
                    self.ws.first_file(FileKind::LessonScript).and_then(|f| self.ws.open_lesson(&f).ok());
                self.view.active = Some(DocId::Species(self.view.species));
                let summary = self.ws.summary();
                self.status_while(status::Claim::Summary(summary.clone()), format!("Opened {summary}"));
            }
            Err(errors) => {
                self.ws.problems = errors;
                self.status = format!("Cannot open the project at {}: see Problems", path.display());
                self.show_tab(panels::problems::TAB);
            }
        }
    }

    /// Queues a command, as a menu item or a test would.
    pub fn run(&mut self, c: impl Into<Command>) {
        self.pending.push(c.into());
    }

    /// The tree graph's own state (its layout, folds, search and heat).
    pub fn graph(&self) -> &GraphView {
        &self.panels.state::<panels::graph::GraphPanel>().expect("the registry has the tree graph").graph
    }

    pub fn graph_mut(&mut self) -> &mut GraphView {
        &mut self.panels.state_mut::<panels::graph::GraphPanel>().expect("the registry has the tree graph").graph
    }

    fn project_dir(&self) -> Option<PathBuf> {
        self.ws.project.as_ref().map(|p| p.root.clone())
    }

    /// Applies one command: each family goes to its one handler.
    fn apply(&mut self, c: Command) {
        match c {
            Command::Ui(c) => self.apply_ui(c),
            Command::File(c) => self.apply_file(c),
            Command::Dock(c) => self.apply_dock(c),
            Command::Select(c) => self.apply_select(c),
            Command::Edit(e) => self.apply_edit(e),
            Command::Preview(c) => self.apply_preview(c),
            Command::Lesson(c) => self.apply_lesson_view(c),
            Command::Time(c) => self.apply_time(c),
            Command::Bank(c) => self.apply_bank(c),
            Command::Arena(c) => self.apply_arena_said(c),
            Command::Scenario(c) => self.apply_scenario(c),
            Command::Train(c) => self.apply_train(c),
            Command::Game(c) => self.apply_game(c),
            Command::League(c) => self.apply_league(c),
        }
    }

    /// True when the editor holds edits that are not on disk, or an arena match
    /// recorded and not yet kept or discarded.
    pub fn has_unsaved(&self) -> bool {
        !self.ws.dirty_docs().is_empty() || self.view.source_edited() || self.view.shadow.arena.pending.is_some()
    }

    fn modal_or_close(&mut self) {
        if self.has_unsaved() && !self.close_confirmed {
            self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::Close });
        } else {
            self.close_confirmed = true;
            self.pending.push(Command::Ui(UiCommand::Quit));
        }
    }

    /// The window's title: the project's name, a mark while anything is unsaved, and
    /// the project's folder in full, so that the person sees which copy is open.
    pub fn window_title(&self) -> String {
        let name = format!("{}{}", self.ws.name(), if self.has_unsaved() { " *" } else { "" });
        match &self.ws.project {
            Some(p) => {
                let root = std::path::absolute(&p.root).unwrap_or_else(|_| p.root.clone());
                format!("{name} — {} — Creature Studio", root.display())
            }
            None => format!("{name} — Creature Studio"),
        }
    }

    /// The windows over the dock: the palette, the "Open path" prompt, the modal
    /// question, the "changed on disk" question and the toasts.
    fn windows(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if let Some(p) = &mut self.palette
            && palette::show(ctx, p, &self.ws, &self.panels.tabs(), out)
        {
            self.palette = None;
        }
        if let Some(dialog) = &mut self.path_prompt {
            match file_browser::show(ctx, dialog, out) {
                file_browser::Answer::Open => {}
                file_browser::Answer::Closed => self.path_prompt = None,
                file_browser::Answer::Chosen(path) => {
                    if let Some(c) = self.path_prompt.take().and_then(|d| d.then) {
                        self.dialogs.answer(c.clone(), path);
                        out.push(c);
                    }
                }
            }
        }
        if let Some(m) = self.modal.clone() {
            let (names, many) = modal::unsaved_names(&self.ws, self.view.source_edited());
            let recorded_match = self.view.shadow.arena.pending.is_some();
            let keep_in =
                self.view.shadow.bank_path.as_deref().map_or_else(|| "a new bank".to_owned(), super::words::short);
            let unsaved = modal::Unsaved { names, many, recorded_match, keep_in };
            if let Some(answer) = modal::show(ctx, &m, &unsaved) {
                self.answer_modal(m, answer, out);
            }
        }
        if let Some(c) = self.ws.conflicts.first().cloned()
            && let Some(keep_studio) = modal::conflict(ctx, &c)
        {
            self.resolve(&c.path, keep_studio);
        }
        self.toasts.show(ctx);
    }

    /// Carries out the person's answer to a modal question.
    fn answer_modal(&mut self, m: Modal, answer: modal::Answer, out: &mut Vec<Command>) {
        self.modal = None;
        if !answer.go_on {
            return;
        }
        if let Modal::UnkeptMatch { then } = m {
            self.apply_arena(ArenaCommand::Keep(answer.save_first));
            self.apply_arena_said(then);
            return;
        }
        if let Modal::UnsavedChanges { then } = m {
            if answer.save_first {
                // The recorded match goes into its bank first, so that the bank is saved
                // with the rest.
                if self.view.shadow.arena.pending.is_some() {
                    self.apply_arena(ArenaCommand::Keep(true));
                }
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
                    out.push(Command::Ui(UiCommand::Quit));
                }
                AfterConfirm::OpenProject(p) => self.open_project(&p),
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
        // A maximised panel is a moment's view: the layout kept is the one put aside.
        chrome::dock::persist(storage, self.stashed_dock.as_ref().unwrap_or(&self.dock), &self.recent);
        eframe::set_value(storage, STORAGE_IDLE, &self.view.shadow.arena.idle_seconds);
    }
}

//! The frame loop: each frame the live side catches up (the watcher's changes, the
//! running preview, the arena, the workers), then the menus, the dock of panels and the
//! windows over it draw, each pushing commands, and only then are the frame's commands
//! applied ([`Studio::apply`] hands each family to its handler).

use std::time::Duration;

use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_workspace::Change;
use creature_workspace::live_preview::LivePreview;
use egui_dock::DockArea;

use super::Studio;
use super::status::Claim;
use crate::gui::chrome::dock::{self, Viewer};
use crate::gui::chrome::modal::{AfterConfirm, Modal};
use crate::gui::chrome::{menu, window};
use crate::gui::command::keys::{self, Scope};
use crate::gui::command::{ArenaCommand, ArenaKey, Command, UiCommand};
use crate::gui::words::short;

impl Studio {
    /// Draws one frame and applies its commands. `ui` is the whole window.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut commands = std::mem::take(&mut self.pending);
        let quitting = commands.contains(&Command::Ui(UiCommand::Quit)) && self.close_confirmed;
        if quitting {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if self.modal.is_none() && self.palette.is_none() && self.path_prompt.is_none() {
            // While the person types in a text field, undo and redo are left to the
            // field: its own text undo takes Ctrl+Z.
            let typing = ctx.egui_wants_keyboard_input();
            commands.extend(keys::pressed(&ctx, Scope::Global, |c| {
                !(typing && matches!(c, Command::Ui(UiCommand::Undo) | Command::Ui(UiCommand::Redo)))
            }));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_confirmed && self.has_unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::Close });
        }

        self.fit_window(&ctx);
        let dt = f64::from(ctx.input(|i| i.stable_dt).min(0.1));
        if self.view.advance_playback(&self.ws, dt) {
            ctx.request_repaint();
        }
        self.live_frame(&ctx);
        egui::Panel::top("menu").show(ui, |ui| {
            let (tabs, arena_playing) = (self.panels.tabs(), self.view.shadow.arena.keyboard_playing());
            menu::menu_bar(ui, &self.ws, &self.recent, &tabs, arena_playing, &mut commands);
        });
        let pace = self.view.village.status(self.ws.preview.as_ref());
        egui::Panel::bottom("status").show(ui, |ui| {
            let line = menu::StatusLine {
                focus: self.view.focus.creature(),
                game_focus: self.view.focus.game(),
                preview: pace,
                match_unkept: self.view.shadow.arena.pending.is_some(),
                status: &self.status,
            };
            menu::status_bar(ui, &self.ws, line, &mut commands);
        });
        self.strip.follow(&mut self.dock, &self.panels, self.ws.problems.len());
        let (mut live, mut shown) = (Vec::new(), (false, false));
        egui::CentralPanel::default().frame(egui::Frame::NONE).show(ui, |ui| {
            let mut viewer = Viewer {
                panels: &mut self.panels,
                ws: &self.ws,
                view: &self.view,
                recent: &self.recent,
                out: &mut commands,
                live: Vec::new(),
                maximised: self.stashed_dock.is_some(),
                preview_shown: false,
                shadow_shown: false,
            };
            DockArea::new(&mut self.dock)
                .style(dock::style(ui.style()))
                .show_leaf_collapse_buttons(false)
                .show_inside(ui, &mut viewer);
            live = viewer.live;
            shown = (viewer.preview_shown, viewer.shadow_shown);
        });
        // The preview runs, and the shadow files load, for the panels drawn.
        self.view.village.shown |= shown.0;
        self.view.shadow.wanted |= shown.1;
        // A tab picked in the strip by its button sizes the strip for the next frame.
        if self.strip.follow(&mut self.dock, &self.panels, self.ws.problems.len()) {
            ctx.request_repaint();
        }
        for scope in live {
            commands.extend(self.scope_keys(&ctx, scope));
        }
        self.windows(&ctx, &mut commands);

        // Panels drew before the commands changed anything: one more frame shows it.
        let applied = !commands.is_empty();
        for c in commands {
            self.dialogs.asking(&c);
            self.apply(c);
            // A dialog without a desktop service hands over to the studio's own.
            if let Some(own) = self.dialogs.finished() {
                self.status.clear();
                self.path_prompt = Some(own);
            }
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

    /// The commands of a panel's scope of keys this frame: the preview's pressed keys
    /// that fit the preview as it is, the arena's held keys when they changed.
    fn scope_keys(&self, ctx: &egui::Context, scope: Scope) -> Vec<Command> {
        match scope {
            Scope::Global => Vec::new(),
            Scope::Preview => keys::pressed(ctx, scope, |c| match c {
                Command::Preview(p) => p.enabled(self.ws.preview.as_ref()),
                _ => true,
            }),
            Scope::Arena => {
                let mut out = keys::pressed(ctx, scope, |c| matches!(c, Command::Arena(ArenaCommand::HandOver(_))));
                let held = ArenaKey::input(keys::held_arena_keys(ctx));
                if self.view.shadow.arena.keys().is_some_and(|k| k != held) {
                    out.push(Command::Arena(ArenaCommand::Keys(held)));
                }
                out
            }
        }
    }

    /// Once the monitor is known: a window that does not fit it is maximised (so the
    /// status bar is in view), the first window on a roomy screen grows.
    fn fit_window(&mut self, ctx: &egui::Context) {
        if self.fitted {
            return;
        }
        let (monitor, inner) = ctx.input(|i| (i.viewport().monitor_size, i.viewport().inner_rect));
        let (Some(monitor), Some(inner)) = (monitor, inner) else { return };
        self.fitted = true;
        if let Some(c) = window::first_fit(Some(monitor), inner.size()) {
            ctx.send_viewport_cmd(c);
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Once per frame: starts the watcher and the preview for the project, routes the
    /// files changed on disk, runs the simulation for the frame's wall time (while its
    /// panel is on screen) and the arena's frames, and keeps the toasts' clock.
    pub(super) fn live_frame(&mut self, ctx: &egui::Context) {
        self.open_live_if_needed(ctx);
        let now = ctx.input(|i| i.time);
        let changes = self.ws.poll();
        if !changes.is_empty() {
            self.after_changes(changes, now);
        }
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
        if let Some(p) = self.ws.preview.as_ref() {
            let parted: Vec<f64> = p.branches.iter().map(|b| b.parted as f64 / TURNS_PER_SECOND).collect();
            self.view.village.keep_to(p.sim_time(), &parted);
        }
        self.take_preview_events();
        if let Some(p) = self.ws.preview.as_mut() {
            p.find_breakpoint_hits();
        }
        if let Err(e) = self.ws.sample_watches() {
            self.status = e;
        }
        self.check_status();
        if self.shadow_frame(dt) {
            ctx.request_repaint();
        }
        // A scenario run reports from its worker: look again soon while it goes on.
        if self.ws.scenarios.poll() || self.ws.scenarios.progress().is_some() {
            ctx.request_repaint_after(Duration::from_millis(50));
        }
        // So does a training search.
        if self.ws.training.poll() || self.ws.training.running() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        // An attached game sends states at the rate asked, and a lost link is tried again.
        if self.ws.game.is_some() {
            self.ws.poll_game();
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
        self.open_shadow_project(&root);
        let waker = ctx.clone();
        if let Err(e) = self.ws.watch(move || waker.request_repaint()) {
            self.status = format!("Hot reload is off: cannot watch {}: {e}", root.display());
        }
        let focused = self.focused_path();
        self.ws.start_preview_on(1, focused.as_deref());
        self.view.village.resume_speed = 1.0;
    }

    /// Says what the files changed on disk did: the workspace already took them into
    /// the documents and the preview (or asked about them); here the log, the toasts and
    /// the status bar tell it.
    fn after_changes(&mut self, changes: Vec<Change>, now: f64) {
        let t = self.ws.preview.as_ref().map_or(0.0, LivePreview::sim_time);
        let told = changes.iter().any(|c| !matches!(c, Change::Unchanged { .. }));
        for c in changes {
            // The Source view follows its file whatever the change (its own edits kept).
            let (Change::Reloaded { file }
            | Change::Unchanged { file }
            | Change::Removed { file }
            | Change::Refused { file, .. }
            | Change::Failed { file, .. }) = &c;
            self.view.source_changed_on_disk(file, || super::files::source_text(file));
            match c {
                Change::Reloaded { file } => {
                    let name = short(&file);
                    self.view.village.log(t, format!("reloaded {name}"), 0);
                    self.toasts.push(now, format!("Reloaded {name}"), false);
                    self.shadow_file_changed(&file);
                }
                Change::Unchanged { .. } => {}
                Change::Removed { file } => {
                    let name = short(&file);
                    self.view.village.log(t, format!("{name} is gone; keeping the last good version"), -1);
                    let msg = format!("{name} is gone (deleted or renamed); the last good version stays in use");
                    self.status_while(Claim::FileProblem(file.clone()), msg);
                    self.toasts.push(now, format!("{name} is gone"), true);
                }
                Change::Refused { file, errors } => {
                    let first = errors.first().map(ToString::to_string).unwrap_or_else(|| short(&file));
                    let name = short(&file);
                    self.view.village.log(t, format!("the preview keeps its data, it cannot take {name}: {first}"), -1);
                    let msg = format!("{name} loaded, but the running preview cannot take it: {first}");
                    self.status_while(Claim::FileProblem(file.clone()), msg);
                    self.toasts.push(now, format!("The preview cannot take {name}"), true);
                }
                Change::Failed { file, errors } => {
                    let first = errors.first().map(ToString::to_string).unwrap_or_else(|| short(&file));
                    self.view.village.log(t, format!("reload failed, keeping the last good version: {first}"), -1);
                    let msg = format!("{} does not load: {first}; the last good version stays in use", short(&file));
                    self.status_while(Claim::FileProblem(file.clone()), msg);
                    self.toasts.push(now, first, true);
                }
            }
        }
        if told {
            self.view.trees_changed();
        }
    }
}

//! The live side of the editor: once per frame the watcher's changes, the running
//! preview and the arena; the commands of the live panels carried out on the preview.

use std::path::Path;
use std::time::Duration;

use creature_core::scenario::Act;
use creature_core::species::data::TreeKind;
use creature_workspace::Change;
use creature_workspace::Workspace;
use creature_workspace::live_preview::LivePreview;

use super::Studio;
use super::status::Claim;
use crate::gui::command::{PreviewCommand, ScenarioCommand};
use crate::gui::panels;
use crate::gui::words::{count, short};
use creature_core::mind::desire::TURNS_PER_SECOND;

impl Studio {
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

    /// Does a change of the workspace; the status bar says why it could not be done.
    fn or_status(&mut self, change: impl FnOnce(&mut creature_workspace::Workspace) -> Result<(), String>) {
        if let Err(e) = change(&mut self.ws) {
            self.status = e;
        }
    }

    /// Moves the preview's events into the log; a lesson that reached the creature's
    /// document selects it and the tree it taught; a breakpoint that fired is said in
    /// the log and the status bar.
    pub(super) fn take_preview_events(&mut self) {
        let hit = self.ws.preview.as_mut().and_then(|p| p.breakpoints.hit.take());
        if let Some(h) = hit {
            let t = h.turn as f64 / 10.0;
            self.view.village.log(t, format!("breakpoint {} fired: {} (paused)", h.index + 1, h.what), -1);
            self.status = format!("Paused at {t:.1} s: breakpoint {}, {}", h.index + 1, h.what);
        }
        let rule = self.ws.preview.as_ref().and_then(|p| crate::gui::view::village::hand_rule(p.sim()));
        for (e, reached) in self.ws.take_preview_events() {
            self.view.village.log_event(&e, rule.as_deref());
            if let Some(id) = reached {
                self.focus_creature(&id);
                if let creature_core::world::sim::Event::Lesson { taught: Some(tp), .. } = &e {
                    self.view.select_tree(tp.desire, TreeKind::ActOn);
                }
                self.view.trees_changed();
            }
        }
    }

    /// Does `act` to the preview's creature; a release's lesson, as the simulation
    /// returned it, is what the preview shows of it; the status bar says why an act
    /// cannot be done.
    fn preview_act(&mut self, act: &Act) {
        let hand = |ws: &Workspace| {
            ws.preview.as_ref().map(|p| {
                let sim = p.sim();
                let h = &sim.teaching().hand;
                (h.total, sim.creature().liking, h.holding)
            })
        };
        let before = hand(&self.ws);
        match self.ws.preview_act(act.clone()) {
            Ok(Some(lesson)) => self.view.village.set_last_lesson(self.ws.preview.as_ref(), Some(lesson)),
            Ok(None) => {}
            Err(e) => self.status = e,
        }
        // The hand's touches in the log, with the turn's time and what they changed.
        if let (Some(before), Some(after), Some(p)) = (before, hand(&self.ws), self.ws.preview.as_ref()) {
            let rule = crate::gui::view::village::hand_rule(p.sim());
            if let Some((text, tone)) = crate::gui::view::village::hand_line(act, before, after, rule.as_deref()) {
                self.view.village.log(p.sim_time(), text, tone);
            }
        }
        self.take_preview_events();
    }

    /// Carries out a command to the running preview.
    pub(super) fn apply_preview(&mut self, c: PreviewCommand) {
        let preview = self.ws.preview.as_mut();
        match c {
            PreviewCommand::Act(a) => self.preview_act(&a),
            PreviewCommand::Speed(s) => self.set_preview_speed(s),
            PreviewCommand::TogglePause => {
                if let Some(p) = preview {
                    let s = if p.speed > 0.0 { 0.0 } else { self.view.village.resume_speed.max(1.0) };
                    self.set_preview_speed(s);
                }
            }
            PreviewCommand::StepTurn => {
                if let Some(p) = preview {
                    p.step();
                }
                self.take_preview_events();
            }
            PreviewCommand::LearnIntoSave(on) => self.ws.preview_learns = on,
            PreviewCommand::KeepLearning => match self.ws.keep_preview_learning() {
                Ok(id) => self.status = format!("Kept what the preview learnt in {} (Ctrl+Z undoes it)", id.label()),
                Err(e) => self.status = e,
            },
            PreviewCommand::AddBreakpoint(c) => self.or_status(|ws| ws.add_breakpoint(&c)),
            PreviewCommand::SetBreakpoint(i, on) => self.or_status(|ws| ws.set_breakpoint_on(i, on)),
            PreviewCommand::RemoveBreakpoint(i) => self.or_status(|ws| ws.remove_breakpoint(i)),
            PreviewCommand::AddWatch(w) => self.or_status(|ws| ws.add_watch(&w)),
            PreviewCommand::RemoveWatch(i) => self.or_status(|ws| ws.remove_watch(i)),
            PreviewCommand::AddBookmark(name) => {
                self.or_status(|ws| ws.preview.as_mut().ok_or("the preview is not running")?.add_bookmark(&name));
            }
            PreviewCommand::RemoveBookmark(i) => {
                if let Some(p) = self.ws.preview.as_mut() {
                    p.recorder_mut().remove_bookmark(i);
                }
            }
            PreviewCommand::Restart => {
                self.live_for = None;
                self.view.village.log.clear();
                self.view.village.set_last_lesson(None, None);
            }
        }
    }

    /// Sets the preview's pace; a pace above 0 is the one a later "play" goes back to.
    fn set_preview_speed(&mut self, s: f64) {
        if let Some(s) = self.ws.preview.as_mut().map(|p| p.set_speed(s))
            && s > 0.0
        {
            self.view.village.resume_speed = s;
        }
    }

    /// Carries out a command to the project's scenarios.
    pub(super) fn apply_scenario(&mut self, c: ScenarioCommand) {
        match c {
            ScenarioCommand::Run(files) => {
                let msg = format!("Running {}: see each in the Scenarios panel", count(files.len(), "scenario"));
                self.ws.scenarios.start(files.clone(), || {});
                self.status_while(Claim::ScenariosRunning(files), msg);
            }
            ScenarioCommand::SaveFromPreview => match self.ws.save_preview_scenario() {
                Ok(path) => {
                    self.status = format!("Saved the preview's inputs as {}", path.display());
                    // The Scenarios panel shows the new scenario: the studio hands it the
                    // choice, which stays the panel's own.
                    if let Some(p) = self.panels.state_mut::<panels::scenarios::ScenariosPanel>() {
                        p.chosen = Some(path);
                    }
                    self.show_tab(panels::scenarios::TAB);
                }
                Err(e) => self.status = e,
            },
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

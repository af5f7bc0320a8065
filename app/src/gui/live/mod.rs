//! The live half of the studio (issue 7): the running creature preview with the hand and
//! hot reload, and the shadow tools (replay bank, schema, query inspector, arena).
//!
//! The state lives in [`Live`], kept in the [`View`](super::view::View) beside the other
//! panels' state. Panels draw from it and return [`LiveCommand`]s like every other panel;
//! [`Studio::apply_live`] carries them out after the frame and [`Studio::live_frame`]
//! moves the simulation and the arena on, once per frame, and drains the file watcher.

pub mod arena;
pub mod bank;
pub mod preview;
pub mod schema;
pub mod shadow;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use creature_core::data::{Data, TreeKind};
use creature_core::error::LoadError;
use creature_core::mind::leash::Leash;
use creature_core::world::sim::{Event, HandEvent};

use super::app::Studio;
use super::edit::Edit;
use crate::preview::{LivePreview, Reload};

pub use shadow::ShadowState;

/// How long a toast stays on screen, in seconds.
const TOAST_SECONDS: f64 = 6.0;
/// Lines kept in the preview's event log.
const LOG_LINES: usize = 400;

/// Everything the live panels ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveCommand {
    /// A touch of the player's hand on the preview creature (SPEC §5).
    Hand(HandEvent),
    /// Simulated seconds per wall second; 0 pauses.
    Speed(f64),
    /// Runs exactly one turn (0.1 s), paused or not.
    StepTurn,
    Phase(u8),
    Leash(Leash),
    /// Starts the preview again from the project's files.
    Restart,
    /// Answers the "changed on disk while edited here" question: keep the studio's
    /// edits (`true`) or take the file on disk (`false`).
    Resolve {
        path: PathBuf,
        keep_studio: bool,
    },
    /// Shows the replay bank at `path`.
    OpenBank(PathBuf),
    DeleteMatch(u64),
    DeleteSegment(u64),
    /// Merges the bank at `path` into the shown one (the union, with provenance).
    MergeBank(PathBuf),
    /// Saves the shown bank's document (also when it is new and unedited).
    SaveBank,
    /// Saves the schema's document (also when it is the built-in one, not yet a file).
    SaveSchema,
    /// The arena: start a match against `opponent` (a bot style name or "shadow").
    ArenaStart {
        opponent: String,
        autoplay: bool,
        record: bool,
    },
    /// Plays the running match to its end at once.
    ArenaFinish,
    /// At the match end: keep the recording in the bank, or drop it.
    ArenaKeep(bool),
}

impl LiveCommand {
    /// The name in the palette and the undo menu.
    pub fn label(&self) -> String {
        match self {
            LiveCommand::Hand(h) => format!("Hand: {h:?}"),
            LiveCommand::Speed(s) if *s == 0.0 => "Pause the preview".into(),
            LiveCommand::Speed(s) => format!("Preview speed ×{s}"),
            LiveCommand::StepTurn => "Step the preview one turn".into(),
            LiveCommand::Phase(p) => format!("Preview phase {p}"),
            LiveCommand::Leash(l) => format!("Preview leash {l:?}"),
            LiveCommand::Restart => "Restart the preview".into(),
            LiveCommand::Resolve { path, .. } => format!("Resolve {}", path.display()),
            LiveCommand::OpenBank(p) => format!("Open bank {}", p.display()),
            LiveCommand::DeleteMatch(m) => format!("Delete match {m}"),
            LiveCommand::DeleteSegment(s) => format!("Delete segment {s}"),
            LiveCommand::MergeBank(p) => format!("Merge bank {}", p.display()),
            LiveCommand::SaveBank => "Save the bank".into(),
            LiveCommand::SaveSchema => "Save the schema".into(),
            LiveCommand::ArenaStart { opponent, .. } => format!("Arena: fight {opponent}"),
            LiveCommand::ArenaFinish => "Arena: play to the end".into(),
            LiveCommand::ArenaKeep(true) => "Arena: keep the recording".into(),
            LiveCommand::ArenaKeep(false) => "Arena: discard the recording".into(),
        }
    }
}

/// One line of the preview's event log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub t: f64,
    pub text: String,
    /// −1 bad (slap, failure, problem), 0 neutral, +1 good (stroke, skill).
    pub tone: i8,
}

/// A short message in the corner of the window.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub error: bool,
    /// `ctx` time (seconds) at which it goes.
    pub until: f64,
}

/// A file that changed on disk while the studio holds unsaved edits of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    pub path: PathBuf,
    pub doc: String,
}

/// The live panels' state.
#[derive(Default)]
pub struct Live {
    pub preview: Option<LivePreview>,
    /// Why the preview could not start.
    pub open_errors: Vec<LoadError>,
    /// The project root the preview was opened for (opened once per project).
    opened_for: Option<PathBuf>,
    pub log: Vec<LogLine>,
    pub toasts: Vec<Toast>,
    pub conflicts: Vec<Conflict>,
    /// Files whose contents on disk the person already chose not to take, with those
    /// bytes (a binary bank has no text): the same save reported twice by the watcher is
    /// not asked about again.
    declined: Vec<(PathBuf, Vec<u8>)>,
    /// Measured simulated seconds per wall second.
    pub rate: f64,
    rate_window: (f64, f64),
    /// Whether the preview panel was drawn in the last frame. The simulation runs only
    /// while it is on screen (beside the tree graph, say), so a hidden preview costs
    /// nothing and an idle editor does not redraw sixty times a second.
    pub preview_shown: bool,
    /// Measured frames per second of the whole window, while the preview runs.
    pub fps: f64,
    fps_window: (u32, f64),
    preview_shown_last: bool,
    /// The studio's own time per frame in milliseconds (the app's pass, not the GPU's
    /// drawing), smoothed, as measured in the real window.
    pub frame_ms: Option<f64>,
    /// The preview creature's document as last given to (or taken from) the preview:
    /// when the document differs, the person edited it and the preview takes the edit.
    synced_creature: Option<creature_core::creature::Creature>,
    /// The document of the preview creature's file, found once rather than every frame.
    creature_doc: Option<super::workspace::DocId>,
    /// The speed to go back to after a pause.
    pub resume_speed: f64,
    pub show_inactive: bool,
    pub shadow: ShadowState,
}

impl Live {
    /// The status bar's figure: simulated seconds per wall second.
    pub fn status(&self) -> Option<String> {
        let p = self.preview.as_ref()?;
        Some(if p.speed == 0.0 {
            format!("preview paused at {:.1} s", p.sim_time())
        } else if !self.preview_shown_last {
            format!("preview ×{} (runs while shown)", p.speed)
        } else if self.rate == 0.0 {
            format!("preview ×{}", p.speed)
        } else {
            let own = self.frame_ms.map_or_else(String::new, |ms| format!(" · studio {ms:.1} ms per frame"));
            format!("preview ×{} · {:.1} sim s / wall s · {:.0} fps{own}", p.speed, self.rate, self.fps)
        })
    }

    /// Records how long the studio's pass over one frame took, in seconds.
    pub fn note_frame_time(&mut self, seconds: f64) {
        let ms = seconds * 1000.0;
        self.frame_ms = Some(self.frame_ms.map_or(ms, |old| 0.9 * old + 0.1 * ms));
    }

    fn toast(&mut self, now: f64, text: String, error: bool) {
        self.toasts.push(Toast { text, error, until: now + TOAST_SECONDS });
        if self.toasts.len() > 5 {
            self.toasts.remove(0);
        }
    }

    fn log(&mut self, t: f64, text: String, tone: i8) {
        self.log.push(LogLine { t, text, tone });
        if self.log.len() > LOG_LINES {
            let extra = self.log.len() - LOG_LINES;
            self.log.drain(..extra);
        }
    }
}

impl Studio {
    /// Once per frame: opens the preview for the project, drains the file watcher into
    /// reloads, runs the simulation for the frame's wall time and the arena's frames,
    /// and keeps the toasts' clock.
    pub fn live_frame(&mut self, ctx: &egui::Context) {
        self.open_preview_if_needed(ctx);
        let now = ctx.input(|i| i.time);
        let reloads = self.view.live.preview.as_mut().map(LivePreview::poll).unwrap_or_default();
        if !reloads.is_empty() {
            self.after_reloads(reloads, now);
        }
        self.edits_to_preview();
        let dt = f64::from(ctx.input(|i| i.stable_dt).clamp(0.0, 0.25));
        let live = &mut self.view.live;
        let shown = std::mem::take(&mut live.preview_shown);
        live.preview_shown_last = shown;
        let running = shown && live.preview.as_ref().is_some_and(|p| p.speed > 0.0);
        if !running {
            live.rate = 0.0;
            live.rate_window = (0.0, 0.0);
            live.fps_window = (0, 0.0);
        }
        if let Some(p) = live.preview.as_mut()
            && running
        {
            let before = p.sim_time();
            p.advance(dt);
            live.rate_window.0 += p.sim_time() - before;
            live.rate_window.1 += dt;
            // Two seconds a figure: the simulation runs whole 0.1 s turns, and a shorter
            // window would show their rounding rather than the pace.
            if live.rate_window.1 >= 2.0 {
                live.rate = live.rate_window.0 / live.rate_window.1;
                live.rate_window = (0.0, 0.0);
            }
            // Frames counted over real time (the frame's own dt), half a second at a time.
            live.fps_window.0 += 1;
            live.fps_window.1 += f64::from(ctx.input(|i| i.unstable_dt));
            if live.fps_window.1 >= 0.5 {
                live.fps = f64::from(live.fps_window.0) / live.fps_window.1;
                live.fps_window = (0, 0.0);
            }
            ctx.request_repaint();
        }
        self.drain_sim_events();
        let shadow = &mut self.view.live.shadow;
        if shadow.load_if_wanted(&mut self.ws) {
            ctx.request_repaint();
        }
        shadow.sync(&self.ws);
        if self.view.live.shadow.arena.tick(dt) {
            ctx.request_repaint();
        }
        self.view.live.toasts.retain(|t| t.until > now);
        if let Some(next) = self.view.live.toasts.iter().map(|t| t.until - now).reduce(f64::min) {
            ctx.request_repaint_after(Duration::from_secs_f64(next.max(0.05)));
        }
    }

    /// Studio edits reach the running preview without a save, as a save would bring
    /// them: species and desire numbers as the preview's data, the preview creature's
    /// document as its creature. Nothing is pushed while a "changed on disk" question
    /// is open, since the preview runs the disk's version until it is answered.
    fn edits_to_preview(&mut self) {
        let live = &mut self.view.live;
        if !live.conflicts.is_empty() {
            return;
        }
        let Some(p) = live.preview.as_mut() else { return };
        let ws = &self.ws;
        let running = p.sim.data();
        if running.steepness != ws.data.steepness
            || running.desires != ws.data.desires
            || running.species != ws.data.species
        {
            let mut data = Data::clone(running);
            data.steepness = ws.data.steepness;
            data.desires.clone_from(&ws.data.desires);
            data.species.clone_from(&ws.data.species);
            p.sim.reload_data(Arc::new(data));
        }
        let Some(path) = p.creature_path() else { return };
        if live.creature_doc.as_ref().is_none_or(|id| ws.creature(id).is_none()) {
            live.creature_doc = ws.doc_for_path(path);
        }
        let Some(id) = &live.creature_doc else { return };
        let Some(doc) = ws.creature(id) else { return };
        match &live.synced_creature {
            Some(synced) if synced == doc => {}
            // First seen: the preview loaded the file, so only unsaved edits are news.
            None if !ws.is_dirty(id) => live.synced_creature = Some(doc.clone()),
            _ => {
                p.sim.reload_creature(doc.clone());
                live.synced_creature = Some(doc.clone());
            }
        }
    }

    /// The live windows over the dock: toasts and the on-disk conflict question.
    pub fn live_windows(&mut self, ctx: &egui::Context) {
        toasts(ctx, &self.view.live.toasts);
        self.conflict_window(ctx);
    }

    fn open_preview_if_needed(&mut self, ctx: &egui::Context) {
        let Some(root) = self.ws.project.as_ref().map(|p| p.root.clone()) else { return };
        if self.view.live.opened_for.as_ref() == Some(&root) {
            return;
        }
        self.view.live.opened_for = Some(root.clone());
        self.view.live.shadow.open_project(&root, self.ws.project.as_ref());
        match LivePreview::open(&root, 1, crate::cli::checkers()) {
            Ok(mut p) => {
                let waker = ctx.clone();
                if let Err(e) = p.watch_waking(move || waker.request_repaint()) {
                    self.status = format!("Hot reload is off: cannot watch {}: {e}", root.display());
                }
                p.sim.record(true);
                self.view.live.synced_creature = None;
                self.view.live.creature_doc = None;
                self.view.live.resume_speed = 1.0;
                self.view.live.preview = Some(p);
                self.view.live.open_errors.clear();
            }
            Err(errors) => {
                self.view.live.preview = None;
                self.view.live.open_errors = errors;
            }
        }
    }

    /// What the watcher's changes did: the preview already swapped in what loaded;
    /// here the documents follow the files (unless they hold edits: then the person is
    /// asked), problems are listed and toasts say what happened.
    fn after_reloads(&mut self, reloads: Vec<Reload>, now: f64) {
        let t = self.view.live.preview.as_ref().map_or(0.0, LivePreview::sim_time);
        let mut refresh = false;
        for r in reloads {
            match r {
                Reload::Reloaded { file } => {
                    let name = short(&file);
                    self.view.live.log(t, format!("reloaded {name}"), 0);
                    self.view.live.toast(now, format!("Reloaded {name}"), false);
                    match self.ws.doc_for_path(&file) {
                        Some(id) if self.ws.is_dirty(&id) => {
                            let read = std::fs::read(&file);
                            // The studio's own save coming back holds nothing new to ask about.
                            let changed = read.as_ref().map_or(true, |bytes| self.ws.differs_from_disk(&id, bytes));
                            let disk = read.unwrap_or_default();
                            let declined = self.view.live.declined.iter().any(|(p, t)| *p == file && *t == disk);
                            if changed && !declined && !self.view.live.conflicts.iter().any(|c| c.path == file) {
                                self.view.live.conflicts.push(Conflict { path: file.clone(), doc: id.label() });
                            }
                        }
                        _ => refresh = true,
                    }
                    self.view.live.shadow.file_changed(&mut self.ws, &file);
                }
                Reload::Failed { file, errors } => {
                    let first = errors.first().map(ToString::to_string).unwrap_or_else(|| short(&file));
                    self.view.live.log(t, format!("reload failed, keeping the last good version: {first}"), -1);
                    self.view.live.toast(now, first, true);
                    for e in errors {
                        if !self.ws.problems.contains(&e) {
                            self.ws.problems.push(e);
                        }
                    }
                    self.status = format!("{} does not load: the preview keeps the last good version", short(&file));
                }
            }
        }
        if refresh {
            self.ws.reload();
            self.view.graph.invalidate();
        }
    }

    /// Moves the simulation's events into the log; a lesson also reaches the creature's
    /// document, so the inspector and the tree graph show what the creature learnt.
    fn drain_sim_events(&mut self) {
        let Some(p) = self.view.live.preview.as_mut() else { return };
        let events = p.sim.take_events();
        if events.is_empty() {
            return;
        }
        let creature_path = p.creature_path().map(Path::to_path_buf);
        let learnt = p.sim.creature().clone();
        for e in events {
            match e {
                Event::Lesson { t, total, lesson, taught, liking } => {
                    let tone = match lesson {
                        Some(l) if l > 0.0 => 1,
                        Some(_) => -1,
                        None => 0,
                    };
                    let text = match (&lesson, &taught) {
                        (Some(l), Some(tp)) => format!(
                            "lesson {l:+.2} (total {total:+.2}) taught to {} {} {} · liking {liking:+.2}",
                            tp.desire, tp.action, tp.object
                        ),
                        (Some(l), None) => format!("lesson {l:+.2}: no plan to credit; liking {liking:+.2}"),
                        _ => format!("released; nothing taught (total {total:+.2})"),
                    };
                    self.view.live.log(t, text, tone);
                    if let Some(path) = &creature_path
                        && let Some(id) = self.ws.doc_for_path(path)
                        && let Some(doc_creature) = self.ws.creature(&id)
                    {
                        let mut with = doc_creature.clone();
                        with.liking = learnt.liking;
                        if let Some(tp) = &taught {
                            let i = tp.desire.index();
                            if let (Some(dst), Some(src)) = (with.trees.get_mut(i), learnt.trees.get(i)) {
                                *dst = src.clone();
                            }
                            if let (Some(dst), Some(src)) = (with.desires.get_mut(i), learnt.desires.get(i)) {
                                *dst = src.clone();
                            }
                            if let Some(o) = learnt.opinions.get(&tp.action) {
                                with.opinions.insert(tp.action.clone(), *o);
                            }
                        }
                        // What the preview learnt is already in it: not an edit to push back.
                        self.view.live.synced_creature = Some(with.clone());
                        if self.ws.apply(Edit::ReplaceCreature { creature: id.clone(), with: Box::new(with) }).is_ok() {
                            self.view.creature = Some(id);
                            if let Some(tp) = &taught {
                                self.view.select_tree(tp.desire, TreeKind::ActOn);
                            }
                            self.view.graph.invalidate();
                        }
                    }
                }
                Event::Plan { t, desire, action, object, why, .. } => {
                    self.view.live.log(t, format!("plan: {desire} {action} {object} ({why:?})"), 0);
                }
                Event::Skill { t, skill } => self.view.live.log(t, format!("learnt the skill {skill} by watching"), 1),
                Event::Miracle { t, miracle, result, sightings } => {
                    self.view.live.log(t, format!("tried {miracle}: {result:?} after {sightings} sightings"), 0);
                }
                Event::Sighting { t, miracle, counted } => {
                    self.view.live.log(t, format!("saw {miracle} (+{counted} sightings)"), 0);
                }
                Event::Failed { t, desire, action, object } => {
                    self.view.live.log(t, format!("gave up: {desire} {action} {object}"), -1);
                }
                Event::Copied { t, desire, action, object } => {
                    self.view.live.log(t, format!("copied you: {desire} {action} {object}"), 1);
                }
                Event::Done { .. } => {}
            }
        }
    }

    /// Carries out one live command.
    pub fn apply_live(&mut self, c: LiveCommand) {
        let live = &mut self.view.live;
        match c {
            LiveCommand::Hand(h) => {
                let Some(p) = live.preview.as_mut() else { return };
                if let Err(e) = p.sim.hand(h) {
                    self.status = e;
                }
                self.drain_sim_events();
            }
            LiveCommand::Speed(s) => {
                if let Some(p) = live.preview.as_mut() {
                    let s = if s.is_finite() { s.clamp(0.0, 100.0) } else { 1.0 };
                    if s > 0.0 {
                        live.resume_speed = s;
                    }
                    p.speed = s;
                }
            }
            LiveCommand::StepTurn => {
                if let Some(p) = live.preview.as_mut() {
                    p.sim.step();
                }
                self.drain_sim_events();
            }
            LiveCommand::Phase(phase) => {
                if let Some(p) = live.preview.as_mut() {
                    p.sim.set_phase(phase.min(13));
                }
            }
            LiveCommand::Leash(l) => {
                if let Some(p) = live.preview.as_mut() {
                    p.sim.set_leash(l);
                }
            }
            LiveCommand::Restart => {
                live.opened_for = None;
                live.log.clear();
            }
            LiveCommand::Resolve { path, keep_studio } => {
                live.conflicts.retain(|c| c.path != path);
                if keep_studio {
                    let disk = std::fs::read(&path).unwrap_or_default();
                    live.declined.retain(|(p, _)| *p != path);
                    live.declined.push((path.clone(), disk));
                    // The studio's version is the one to run: the next frame pushes it.
                    live.synced_creature = None;
                    self.status = format!("Kept the studio's edits of {}; the file on disk is unchanged", short(&path));
                } else if let Some(id) = self.ws.doc_for_path(&path) {
                    self.ws.revert(&id);
                    self.ws.reload();
                    self.view.graph.invalidate();
                    self.status = format!("Took {} from disk", short(&path));
                }
            }
            LiveCommand::SaveSchema | LiveCommand::SaveBank => {
                let id = if c == LiveCommand::SaveSchema { live.shadow.schema_doc() } else { live.shadow.bank_doc() };
                if let Some(id) = id {
                    self.save_doc(&id);
                }
            }
            other => {
                let (msg, edited) = self.view.live.shadow.apply(other, &mut self.ws);
                if let Some(id) = edited {
                    self.view.active = Some(id);
                }
                if let Some(m) = msg {
                    self.status = m;
                }
            }
        }
    }

    fn conflict_window(&mut self, ctx: &egui::Context) {
        let Some(c) = self.view.live.conflicts.first().cloned() else { return };
        let mut answer = None;
        egui::Modal::new(egui::Id::new("live-conflict")).show(ctx, |ui| {
            ui.set_max_width(480.0);
            ui.heading("Changed on disk");
            ui.label(format!(
                "{} was saved by another program while the studio holds unsaved edits of {}. \
                 The preview runs the version on disk. Which do you keep?",
                c.path.display(),
                c.doc
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
        if let Some(keep_studio) = answer {
            self.apply_live(LiveCommand::Resolve { path: c.path, keep_studio });
        }
    }
}

fn toasts(ctx: &egui::Context, toasts: &[Toast]) {
    if toasts.is_empty() {
        return;
    }
    egui::Area::new(egui::Id::new("live-toasts"))
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -36.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            for t in toasts {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(520.0);
                    let colour = if t.error { ui.visuals().error_fg_color } else { ui.visuals().text_color() };
                    ui.label(egui::RichText::new(&t.text).color(colour).monospace());
                });
            }
        });
}

/// A file's name for messages.
pub fn short(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

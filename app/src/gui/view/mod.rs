//! What several panels share: the selection (species, creature in focus, tree and node,
//! lesson script, the desire plotted), the object asked about (drawn by the Tree, written
//! in the Examples), what the Lesson and Lesson results panels share, the file Source
//! shows (Problems marks it), the running preview's record (the studio writes it, the
//! Preview and the status bar read it), and the shadow tools' shared state. Panels read it
//! (`Cx` gives them `&View`) and change it by commands the studio carries out; a panel's
//! own state lives in its panel (`panels/NAME.rs`); documents, the watcher and the running
//! preview live in the workspace.

pub mod compare;
pub mod focus;
pub mod graph;
pub mod graph_fit;
pub mod graph_node;
pub mod village;

use std::path::{Path, PathBuf};

use creature_core::creature::Creature;
use creature_core::creature::lesson::{ScriptRun, run_script};
use creature_core::mind::script::LessonScript;
use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species};
use creature_core::species::data::{Data, TreeKind};

use creature_workspace::{DocId, Workspace};

/// A lesson script run: the creature before and after, and every release.
#[derive(Clone)]
pub struct Outcome {
    pub before: Creature,
    pub after: Creature,
    pub run: ScriptRun,
}

/// A run that was applied to an open creature, kept to show what it changed.
#[derive(Clone)]
pub struct Applied {
    pub creature: DocId,
    /// The script as it was applied.
    pub script: LessonScript,
    pub outcome: Outcome,
}

/// What the Lesson and Lesson results panels share: the playhead, the event selected,
/// whether the script runs on the creature, and the last application.
pub struct LessonUi {
    /// The time shown as played (seconds of the script); `None` shows every release.
    pub playhead: Option<f64>,
    pub playing: bool,
    /// Script seconds per second of playback.
    pub speed: f64,
    /// Run the script on the selected open creature instead of a newborn of the script.
    pub on_creature: bool,
    /// The event selected in the timeline or the list.
    pub selected: Option<usize>,
    /// The last application to a creature.
    pub applied: Option<Applied>,
}

impl Default for LessonUi {
    fn default() -> Self {
        Self { playhead: None, playing: false, speed: 4.0, on_creature: false, selected: None, applied: None }
    }
}

impl LessonUi {
    /// Remembers that the run of `script` was applied to `creature`: the results show
    /// that run, the one the creature took, until the creature or the script changes.
    pub fn applied_to(&mut self, creature: DocId, script: LessonScript, outcome: Outcome) {
        self.on_creature = true;
        self.applied = Some(Applied { creature, script, outcome });
    }

    /// The application the results show: while the creature in focus still holds what
    /// `script` taught it there, the run that was applied (not the script run again on
    /// the changed creature).
    pub fn applied_now(&self, ws: &Workspace, focus: Option<&DocId>, script: &LessonScript) -> Option<&Applied> {
        self.applied.as_ref().filter(|a| {
            focus == Some(&a.creature) && &a.script == script && ws.creature(&a.creature) == Some(&a.outcome.after)
        })
    }
}

impl Outcome {
    /// The outcome of running `script` on `target` (a newborn of the script when
    /// `None`).
    pub fn of(script: &LessonScript, target: Option<&Creature>, data: &Data) -> Outcome {
        let before = target.cloned().unwrap_or_else(|| {
            let mut c = Creature::newborn(data, script.species, script.seed);
            c.phase = script.phase;
            c
        });
        let mut after = before.clone();
        let run = run_script(script, data, &mut after);
        Outcome { before, after, run }
    }
}

/// A file shown as text, for problems and files the editor has no form for.
pub struct SourceView {
    pub path: PathBuf,
    pub text: String,
    /// The text on disk, to tell whether it was edited.
    pub saved: String,
    /// The line to mark and scroll to (1-based).
    pub line: usize,
    /// Counts the times the line was asked to be shown: Source scrolls to it when the
    /// count is one it has not scrolled for.
    pub scroll_asked: u64,
}

impl SourceView {
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(|| self.path.display().to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// The whole view state.
pub struct View {
    pub species: Species,
    /// The document Save and Save-as act on.
    pub active: Option<DocId>,
    /// The creature in focus: set only by the studio's `focus_creature`.
    pub focus: focus::Focus,
    pub tree: (Desire, TreeKind),
    /// The selected node of the shown tree (its index), which the Tree marks and the
    /// Examples list.
    pub node: Option<usize>,
    /// Counts the changes to what the trees show that their examples do not tell (a
    /// reload, a lesson applied, another branch): the Tree builds its graph again.
    pub tree_changed: u64,
    /// The desire the species plots draw, chosen there or by a name in the Species table.
    pub plot_desire: Desire,
    /// The object the shown tree is asked about (written in the Examples, its path drawn
    /// by the Tree), while it is asked.
    pub asked: Option<Example>,
    pub source: Option<SourceView>,
    /// The lesson script shown in the timeline.
    pub lesson: Option<DocId>,
    pub lesson_ui: LessonUi,
    /// The running preview's record: its log, pace and last lesson, which the studio
    /// writes as it runs the preview, and the Preview and the status bar read.
    pub village: village::VillageUi,
    /// The shadow tools' shared state: the schema and bank shown, their mirror and the
    /// arena (each shadow panel's filters, drafts and caches are its own).
    pub shadow: crate::gui::shadow::view::state::ShadowState,
}

impl Default for View {
    fn default() -> Self {
        Self {
            species: Species::Ape,
            active: None,
            focus: focus::Focus::default(),
            tree: (Desire::Hunger, TreeKind::ActOn),
            node: None,
            tree_changed: 0,
            plot_desire: Desire::Compassion,
            asked: None,
            source: None,
            lesson: None,
            lesson_ui: LessonUi::default(),
            village: village::VillageUi::default(),
            shadow: crate::gui::shadow::view::state::ShadowState::default(),
        }
    }
}

impl View {
    /// Shows the creature just put in focus (`Studio::focus_creature` puts it there):
    /// its species in the Species panel and plots, its save for Save, its trees built
    /// again.
    pub fn show_focus(&mut self, ws: &Workspace) {
        let Some(id) = self.focus.creature().cloned() else { return };
        if let Some(c) = ws.creature(&id) {
            self.species = c.species;
        }
        self.active = Some(id);
        self.trees_changed();
    }

    pub fn select_tree(&mut self, d: Desire, k: TreeKind) {
        if self.tree != (d, k) {
            self.tree = (d, k);
            self.trees_changed();
            self.asked = None;
        }
        if let Some(c) = self.focus.creature() {
            self.active = Some(c.clone());
        }
    }

    /// What the trees show changed in a way their examples do not tell: the Tree builds
    /// its graph again, and the selected node is let go.
    pub fn trees_changed(&mut self) {
        self.node = None;
        self.tree_changed += 1;
    }

    /// Selects node `n` of the shown tree; the Tree brings it into view when it has
    /// just been built.
    pub fn select_node(&mut self, n: Option<usize>) {
        self.node = n;
    }

    /// After an undo or redo, shows the document that changed. A creature that is not
    /// in focus is not shown here: the caller puts it in focus (`Studio::focus_creature`),
    /// so the preview runs it too.
    pub fn follow(&mut self, ws: &Workspace, id: &DocId) {
        match id {
            DocId::Species(s) => self.species = *s,
            DocId::Lesson(_) if ws.docs.contains_key(id) => self.lesson = Some(id.clone()),
            // Undoing an edit of a bank that is not shown shows it again (the Bank panel
            // starts it with no filter).
            DocId::Bank(p) if ws.docs.contains_key(id) && self.shadow.bank_path.as_ref() != Some(p) => {
                self.shadow.bank_path = Some(p.clone());
            }
            _ => {}
        }
        self.active = Some(id.clone());
    }

    /// The documents Save acts on: the selected species with the desire table it is
    /// edited beside, or the selected creature.
    pub fn active_docs(&self, ws: &Workspace) -> Vec<DocId> {
        match &self.active {
            Some(DocId::Species(s)) => vec![DocId::Species(*s), DocId::Desires],
            Some(id) if ws.docs.contains_key(id) => vec![id.clone()],
            _ => Vec::new(),
        }
    }

    /// Moves the lesson playhead on by `dt` wall seconds while playing; it stops after
    /// the last event. True while it plays.
    pub fn advance_playback(&mut self, ws: &Workspace, dt: f64) -> bool {
        let lu = &mut self.lesson_ui;
        if !lu.playing {
            return false;
        }
        let end = self.lesson.as_ref().and_then(|id| ws.lesson(id)).and_then(|l| l.events.last()).map_or(0.0, |e| e.at);
        let t = lu.playhead.unwrap_or(0.0) + dt * lu.speed;
        if t >= end + 0.5 {
            lu.playhead = None;
            lu.playing = false;
        } else {
            lu.playhead = Some(t);
        }
        lu.playing
    }

    /// True when the text in Source holds edits that are not saved.
    pub fn source_edited(&self) -> bool {
        self.source.as_ref().is_some_and(|s| s.text != s.saved)
    }

    /// Shows the file as it is now on disk (`text`, read by the studio) when it changed
    /// there, unless the view's text holds edits made in it (those are kept: saving them
    /// is the person's choice).
    pub fn source_changed_on_disk(&mut self, path: &Path, text: impl FnOnce() -> String) {
        if let Some(s) = &mut self.source
            && s.path == path
            && s.text == s.saved
        {
            let text = text();
            s.saved.clone_from(&text);
            s.text = text;
        }
    }

    /// Shows a file's text (`text`, read by the studio when the view does not show the
    /// file yet) with `line` marked.
    pub fn show_source(&mut self, path: &Path, line: usize, text: impl FnOnce() -> String) {
        if let Some(s) = &mut self.source
            && s.path == path
        {
            s.line = line;
            s.scroll_asked += 1;
            return;
        }
        let text = text();
        let asked = self.source.as_ref().map_or(1, |s| s.scroll_asked + 1);
        self.source =
            Some(SourceView { path: path.to_path_buf(), saved: text.clone(), text, line, scroll_asked: asked });
    }
}

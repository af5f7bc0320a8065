//! What the person is looking at: the selected species, creature, tree and node, and
//! beside the selection each panel's own state (filters, sort order, drafts, the
//! preview's log, the shadow tools' choices and caches). Documents, the watcher and the
//! running preview live in the workspace; this is only the view of them.

pub mod arena;
pub mod compare;
pub mod compose_draft;
pub mod curate;
pub mod gauntlet;
pub mod graph;
pub mod hand_draft;
pub mod shadow;
mod shadow_commands;
pub mod village;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use creature_core::creature::Creature;
use creature_core::data::{Data, TreeKind};
use creature_core::mind::lesson::{ScriptRun, run_script};
use creature_core::mind::script::LessonScript;
use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species};

use creature_workspace::{DocId, Workspace};

use self::graph::GraphView;

/// The columns of the species editor's desire table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesireColumn {
    Order,
    Name,
    Max,
    Increase,
    Threshold,
    TimeToFull,
    Phase,
    Growth,
}

/// The species editor's table state.
pub struct SpeciesUi {
    pub filter: String,
    pub sort: DesireColumn,
    pub ascending: bool,
    /// The desire whose curves the plots show.
    pub plot_desire: Desire,
    /// The miracle whose sightings the plot counts.
    pub miracle: String,
    /// What the desire's non-trait sources read in the drive and value plots.
    pub reading: f64,
}

impl Default for SpeciesUi {
    fn default() -> Self {
        Self {
            filter: String::new(),
            sort: DesireColumn::Order,
            ascending: true,
            plot_desire: Desire::Compassion,
            miracle: "Heal".into(),
            reading: 0.0,
        }
    }
}

/// The examples panel: the draft of a new example and the "ask the tree" object.
pub struct ExamplesUi {
    /// The object to add as an example or to ask the tree about.
    pub draft: Example,
    /// True when the object's path is drawn in the graph.
    pub asking: bool,
}

impl Default for ExamplesUi {
    fn default() -> Self {
        let answers: BTreeMap<String, String> =
            [("allegiance", "none"), ("kind", "sheep"), ("alive", "yes"), ("edible", "yes")]
                .iter()
                .map(|(a, v)| ((*a).to_owned(), (*v).to_owned()))
                .collect();
        Self { draft: Example { answers, feedback: 0.5 }, asking: false }
    }
}

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
    pub outcome: Outcome,
}

/// The lesson panels' state.
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
    /// The timeline's zoom (1 shows the whole script) and its left edge in seconds.
    pub zoom: f64,
    pub from: f64,
    /// Points per second of the timeline as last drawn, and where it was drawn.
    pub px_per_second: f32,
    pub timeline_rect: Option<egui::Rect>,
    /// The script and target the cached outcome was run for.
    cache: Option<(LessonScript, Option<Creature>, Outcome)>,
}

impl Default for LessonUi {
    fn default() -> Self {
        Self {
            playhead: None,
            playing: false,
            speed: 4.0,
            on_creature: false,
            selected: None,
            applied: None,
            zoom: 1.0,
            from: 0.0,
            px_per_second: 0.0,
            timeline_rect: None,
            cache: None,
        }
    }
}

impl LessonUi {
    /// Remembers that the run was applied to `creature`, and shows the run on it: the
    /// results then are the ones the creature took, whichever run was shown before.
    pub fn applied_to(&mut self, creature: DocId, outcome: Outcome) {
        self.on_creature = true;
        self.applied = Some(Applied { creature, outcome });
    }

    /// The outcome of running `script` on `target` (a newborn of the script when
    /// `None`), computed once per script and target.
    pub fn outcome(&mut self, script: &LessonScript, target: Option<&Creature>, data: &Data) -> &Outcome {
        let fresh = self.cache.as_ref().is_none_or(|(s, t, _)| s != script || t.as_ref() != target);
        if fresh {
            let before = target.cloned().unwrap_or_else(|| {
                let mut c = Creature::newborn(data, script.species, script.seed);
                c.phase = script.phase;
                c
            });
            let mut after = before.clone();
            let run = run_script(script, data, &mut after);
            self.cache = Some((script.clone(), target.cloned(), Outcome { before, after, run }));
        }
        &self.cache.as_ref().expect("filled above").2
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
    pub scroll_pending: bool,
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
    pub creature: Option<DocId>,
    pub tree: (Desire, TreeKind),
    pub graph: GraphView,
    /// Seed of the sample of newborns in the plots; "a new creature is born" bumps it.
    pub newborn_seed: u64,
    pub species_ui: SpeciesUi,
    /// How many problems the dock last made room for.
    pub problems_seen: usize,
    pub examples: ExamplesUi,
    pub source: Option<SourceView>,
    /// The lesson script shown in the timeline.
    pub lesson: Option<DocId>,
    pub lesson_ui: LessonUi,
    /// The preview panel's log and measurements.
    pub village: village::VillageUi,
    /// The shadow tools: the schema and bank shown, filters, caches and the arena.
    pub shadow: shadow::ShadowState,
    /// The scenario whose expectations the Scenarios panel shows.
    pub scenario: Option<PathBuf>,
}

impl Default for View {
    fn default() -> Self {
        Self {
            species: Species::Ape,
            active: None,
            creature: None,
            tree: (Desire::Hunger, TreeKind::ActOn),
            graph: GraphView::default(),
            newborn_seed: 1,
            species_ui: SpeciesUi::default(),
            problems_seen: 0,
            examples: ExamplesUi::default(),
            source: None,
            lesson: None,
            lesson_ui: LessonUi::default(),
            village: village::VillageUi::default(),
            shadow: shadow::ShadowState::default(),
            scenario: None,
        }
    }
}

impl View {
    pub fn select_creature(&mut self, _ws: &Workspace, id: DocId) {
        self.creature = Some(id.clone());
        self.active = Some(id);
        self.graph.invalidate();
    }

    pub fn select_tree(&mut self, d: Desire, k: TreeKind) {
        if self.tree != (d, k) {
            self.tree = (d, k);
            self.graph.invalidate();
            self.examples.asking = false;
        }
        if let Some(c) = &self.creature {
            self.active = Some(c.clone());
        }
    }

    /// Selects node `n` of the shown tree and brings it into view. The graph is brought
    /// up to date first, so that a node chosen right after a change of tree survives
    /// the rebuild.
    pub fn select_node(&mut self, ws: &Workspace, n: Option<usize>) {
        if let Some(c) = self.creature.clone() {
            self.graph.sync(ws, &c, self.tree);
        }
        self.graph.selected = n;
        self.graph.focus_on(n);
    }

    /// After an undo or redo, shows the document that changed.
    pub fn follow(&mut self, ws: &Workspace, id: &DocId) {
        match id {
            DocId::Species(s) => self.species = *s,
            DocId::Creature(_) if ws.docs.contains_key(id) => self.creature = Some(id.clone()),
            DocId::Lesson(_) if ws.docs.contains_key(id) => self.lesson = Some(id.clone()),
            // Undoing an edit of a bank that is not shown shows it again.
            DocId::Bank(p) if ws.docs.contains_key(id) && self.shadow.bank_path.as_ref() != Some(p) => {
                self.shadow.bank_path = Some(p.clone());
                self.shadow.filter = shadow::BankFilter::default();
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

    /// Shows the file as it is now on disk when it changed there, unless its text holds
    /// edits made in the view (those are kept: saving them is the person's choice).
    pub fn source_changed_on_disk(&mut self, path: &Path) {
        if let Some(s) = &mut self.source
            && s.path == path
            && s.text == s.saved
        {
            let text = read_text(path);
            s.saved.clone_from(&text);
            s.text = text;
        }
    }

    /// Shows a file's text with `line` marked.
    pub fn show_source(&mut self, path: &Path, line: usize) {
        if let Some(s) = &mut self.source
            && s.path == path
        {
            s.line = line;
            s.scroll_pending = true;
            return;
        }
        let text = read_text(path);
        self.source =
            Some(SourceView { path: path.to_path_buf(), saved: text.clone(), text, line, scroll_pending: true });
    }
}

/// A file's text for the Source view; what stops it being read, as a comment.
fn read_text(path: &Path) -> String {
    creature_core::file_reader::read_bytes(path, creature_core::file_reader::Limit::Text)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_else(|e| format!("// {e}\n"))
}

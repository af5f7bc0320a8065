//! The running preview and the documents kept in step: the preview started on the
//! creature in focus with the studio's unsaved edits, an edit reaching it as it is made
//! by the road a save of its file takes (species and desires edits as a changed folder
//! file: `folder_texts`; edits of its creature's save as the changed creature a save on
//! disk makes: [`Workspace::take_creature_doc_edit`]), and what the creature learns in
//! the preview reaching its document.

use std::path::{Component, Path, PathBuf};

use creature_core::creature::lesson::Lesson;
use creature_core::error::LoadResult;
use creature_core::file_writer::Policy;
use creature_core::mind::tree::Tree;
use creature_core::names::Desire;
use creature_core::scenario::{Act, Input, Scenario};
use creature_core::species::data::TreeKind;
use creature_core::world::sim::Event;

use crate::breakpoints::Breakpoints;
use crate::document::DocId;
use crate::edit::Edit;
use crate::live_preview::LivePreview;
use crate::loaders::ChangedCreature;
use crate::workspace::Workspace;

/// Where the running plan's object goes through a tree (see [`Workspace::live_path`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LivePath {
    /// The nodes from the root to the one reached.
    pub nodes: Vec<usize>,
    /// The object (ActOn) or target (Activity) of the plan.
    pub object: String,
    /// The desire of the plan under way (it may be another tree's).
    pub plan_desire: Desire,
    pub verdict: Option<f64>,
}

impl Workspace {
    /// Starts (or starts again) the project's preview with `seed`. When it cannot start,
    /// [`Workspace::preview_errors`] says why; the documents and the watcher go on.
    pub fn start_preview(&mut self, seed: u64) -> bool {
        let creature = self.preview.as_ref().and_then(|p| p.creature_path().map(Path::to_path_buf));
        self.start_preview_on(seed, creature.as_deref())
    }

    /// Starts the preview again on the creature save `creature` (the project's first
    /// when `None`): the creature in focus is the one the preview runs.
    pub fn start_preview_on(&mut self, seed: u64, creature: Option<&Path>) -> bool {
        let Some(project) = &self.project else { return false };
        let kept = self.preview.take().map(|p| p.breakpoints);
        match LivePreview::open_on(project, seed, creature) {
            Ok(mut p) => {
                // A restart keeps the breakpoints set; the first start reads the project's.
                let first = kept.is_none();
                p.breakpoints = kept.unwrap_or_else(|| Breakpoints::load(&project.root, p.sim()));
                if first {
                    self.watches = crate::watches::Watches::load(&project.root, p.sim());
                }
                self.preview = Some(p);
                self.preview_errors.clear();
                // The preview reads the files on disk: the studio's unsaved edits of them
                // reach it by the road every edit takes.
                self.take_doc_edits();
                self.preview.is_some()
            }
            Err(errors) => {
                self.preview = None;
                self.preview_errors = errors;
                false
            }
        }
    }

    /// Whether the preview runs the creature save at `path`.
    #[must_use]
    pub fn preview_runs(&self, path: &Path) -> bool {
        self.preview.as_ref().is_some_and(|p| p.runs_creature(&crate::live_preview::canonical(path)))
    }

    /// Does `act` to the preview's creature and keeps it among the preview's inputs; a
    /// release returns the lesson the simulation sent.
    pub fn preview_act(&mut self, act: Act) -> Result<Option<Lesson>, String> {
        self.preview.as_mut().ok_or("the preview is not running")?.act(act)
    }

    /// Writes what the person did in the preview (hand, leash, phase, desire values) as
    /// a new scenario in the project's `scenarios/` folder, to run again and add
    /// expectations to. Returns its path.
    pub fn save_preview_scenario(&mut self) -> Result<PathBuf, String> {
        let project = self.project.as_ref().ok_or("open a project first")?;
        let p = self.preview.as_ref().ok_or("the preview is not running")?;
        let dir = project.root.join("scenarios");
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let path = (1..)
            .map(|n| dir.join(format!("preview_{n}.scenario.ron")))
            .find(|f| !f.exists())
            .ok_or("no free file name")?;
        let rel = |to: &Path| relative(&crate::live_preview::canonical(&dir), &crate::live_preview::canonical(to));
        let scenario = Scenario {
            world: project.manifest.world.as_ref().map(|w| rel(&project.resolve(w))),
            species: p.sim().creature().species,
            creature: p.creature_path().map(rel),
            species_dir: Some(rel(&project.species_dir())),
            seed: 1,
            phase: Some(p.start_phase),
            seconds: (p.sim_time() * 10.0).round() / 10.0,
            sources: Vec::new(),
            inputs: p
                .inputs
                .iter()
                .map(|(t, act)| Input { at: Some(*t), after: None, on: None, wait: None, act: act.clone() })
                .collect(),
            expect: Vec::new(),
        };
        let text = format!(
            "// What was done to the preview's creature in the studio, to run again and add\n\
             // expectations to (SPEC §16). Times are simulated seconds from the preview's start.\n{}\n",
            scenario.to_ron()
        );
        // A free name was found above: a file that appeared there since is not replaced.
        creature_core::file_writer::write(&path, text.as_bytes(), &Policy::new_file())?;
        self.wrote((path.clone(), text.into_bytes()));
        self.refresh_files();
        Ok(path)
    }

    /// The preview's creature at the turn looked back at, when the preview is looking
    /// back and runs `creature`'s save.
    pub fn preview_looked_back(&self, creature: &DocId) -> Option<&creature_core::creature::Creature> {
        self.preview.as_ref()?.scrubbed()?;
        self.preview_shown_creature(creature)
    }

    /// The preview's creature at the turn shown (the newest, or the one looked back at),
    /// when the preview runs `creature`'s save: what it has learnt in the run, kept or
    /// not.
    pub fn preview_shown_creature(&self, creature: &DocId) -> Option<&creature_core::creature::Creature> {
        let p = self.preview.as_ref()?;
        (self.preview_creature_doc().as_ref() == Some(creature)).then(|| p.shown().creature())
    }

    /// The document of the creature save the preview runs, if it is open.
    pub fn preview_creature_doc(&self) -> Option<DocId> {
        let path = self.preview.as_ref()?.creature_path()?;
        self.doc_for_path(path)
    }

    /// The tree of `creature`'s desire `d` as the running preview built it at the turn
    /// shown, when `creature` is the preview's creature and the preview runs the
    /// studio's attributes: the tree graph draws it instead of building it again.
    pub fn built_tree(&self, creature: &DocId, d: Desire, kind: TreeKind) -> Option<&Tree> {
        let sim = self.preview.as_ref()?.shown();
        if self.preview_creature_doc().as_ref() != Some(creature) || sim.data().attributes != self.data.attributes {
            return None;
        }
        sim.built_tree(d, kind)
    }

    /// The tree of `creature`'s desire `d` as the studio shows it: the preview's own
    /// build when the preview runs this creature (core built it for the lesson, so it is
    /// not built twice), else built from the examples of the creature shown (the
    /// preview's at the turn shown, or the document's). `None` for a creature not open.
    pub fn shown_tree(&self, creature: &DocId, d: Desire, kind: TreeKind) -> Option<std::borrow::Cow<'_, Tree>> {
        let c = self.creature(creature)?;
        let c = self.preview_shown_creature(creature).unwrap_or(c);
        Some(match self.built_tree(creature, d, kind) {
            Some(t) => std::borrow::Cow::Borrowed(t),
            None => std::borrow::Cow::Owned(c.tree(d, kind).tree(&self.data.attributes)),
        })
    }

    /// The live path through `creature`'s tree of `d`: the nodes that the shown turn's
    /// plan's object (ActOn) or target (Activity) passes on its way to its verdict, when
    /// `creature` is the preview's and the preview runs the document's examples (so that
    /// the graph's nodes are the preview's); `None` without a plan.
    #[must_use]
    pub fn live_path(&self, creature: &DocId, d: Desire, kind: TreeKind) -> Option<LivePath> {
        let tree = self.built_tree(creature, d, kind)?;
        let sim = self.preview.as_ref()?.shown();
        let plan = sim.plan()?;
        let object = if kind == TreeKind::ActOn { plan.object } else { plan.target };
        let v = sim.village();
        let answers = &v.objects.get(v.find(&object)?)?.answers;
        Some(LivePath { nodes: tree.path(answers), object, plan_desire: plan.desire, verdict: tree.predict(answers) })
    }

    /// An edited document (an edit applied, undone, redone or reverted) takes the road
    /// a save of its file takes, to the workspace's data and the running preview: a
    /// desires or species document as a changed folder file
    /// ([`Workspace::take_data_doc_edit`]), the save of the preview's creature as a
    /// changed creature ([`Workspace::take_creature_doc_edit`]).
    pub(crate) fn take_doc_edit(&mut self, id: &DocId) {
        match id {
            DocId::Desires | DocId::Species(_) => self.take_data_doc_edit(id),
            DocId::Creature(_) => self.take_creature_doc_edit(id),
            DocId::Lesson(_) | DocId::Schema(_) | DocId::Bank(_) => {}
        }
    }

    /// Every document with unsaved edits takes its road again: for a preview that runs
    /// the files on disk (just started, or told to run the studio's versions again
    /// after a "changed on disk" question).
    pub(crate) fn take_doc_edits(&mut self) {
        for id in self.dirty_docs() {
            self.take_doc_edit(&id);
        }
    }

    /// An edit of the save of the creature the preview runs reaches the preview as it is
    /// made, as a save of the file on disk would: its text as a save would write it,
    /// parsed once into the same [`ChangedCreature`] ([`Workspace::creature_change`]),
    /// which the preview takes ([`Workspace::take_changed_creature`]). Nothing reaches
    /// it while a "changed on disk" question is open, since the preview runs the disk's
    /// version until it is answered. What the preview refuses is in
    /// [`Workspace::preview_errors`], and it runs on with its last good creature.
    pub(crate) fn take_creature_doc_edit(&mut self, id: &DocId) {
        let Some(doc) = self.docs.get(id) else { return };
        let canon = crate::live_preview::canonical(&doc.path);
        if !self.conflicts.is_empty() || !self.preview.as_ref().is_some_and(|p| p.runs_creature(&canon)) {
            return;
        }
        let label = doc.path.display().to_string();
        let Ok((_, Some(text))) = doc.value.contents(&doc.path, doc.saved_text.as_deref()) else { return };
        let taken = match self.creature_change(&canon, &label, &text) {
            Ok((_, Some(changed))) => self.take_changed_creature(changed),
            Ok((_, None)) => Ok(()),
            Err(errors) => Err(errors),
        };
        if let Err(errors) = taken {
            self.preview_errors = errors;
        }
    }

    /// The running preview takes a changed save of its creature, from disk or from an
    /// edit alike.
    ///
    /// # Errors
    /// Why the preview cannot take it (it does not fit the species data the preview
    /// runs): the preview runs on with its last good creature.
    pub(crate) fn take_changed_creature(&mut self, c: ChangedCreature) -> LoadResult<()> {
        self.preview.as_mut().map_or(Ok(()), |p| p.reload_creature_parsed(c.text, *c.creature))
    }

    /// The preview's events since the last call. While [`Workspace::preview_learns`]
    /// is on, a lesson also reaches the document of the preview's creature, so the
    /// inspector and the tree graph show what it learnt; each event comes with that
    /// document when it did.
    pub fn take_preview_events(&mut self) -> Vec<(Event, Option<DocId>)> {
        let Some(p) = self.preview.as_mut() else { return Vec::new() };
        let events = p.take_events();
        let lesson = events.iter().any(|e| matches!(e, Event::Lesson { taught: Some(_), .. }));
        let reached = if lesson && self.preview_learns { self.keep_preview_learning().ok() } else { None };
        events
            .into_iter()
            .map(|e| {
                let to = if matches!(e, Event::Lesson { .. }) { reached.clone() } else { None };
                (e, to)
            })
            .collect()
    }

    /// Writes what the preview's creature has learnt (its trees, what lessons did to its
    /// desires, its opinions, its liking, its skills and miracles) into the document of
    /// its save, as one edit to undo; the desires' present values stay the document's.
    pub fn keep_preview_learning(&mut self) -> Result<DocId, String> {
        let p = self.preview.as_ref().ok_or("the preview is not running")?;
        let id = self.preview_creature_doc().ok_or("the preview runs a newborn: it has no save to keep it in")?;
        let learnt = p.sim().creature().clone();
        let mut with = self.creature(&id).ok_or("the creature's save is not open")?.clone();
        with.trees.clone_from(&learnt.trees);
        with.opinions.clone_from(&learnt.opinions);
        with.liking = learnt.liking;
        with.watching.clone_from(&learnt.watching);
        for (dst, src) in with.desires.iter_mut().zip(&learnt.desires) {
            dst.increase_seconds = src.increase_seconds;
            dst.thresholds.clone_from(&src.thresholds);
            dst.max = src.max;
            dst.value = dst.value.min(dst.max);
        }
        // What the preview learnt is already in it: the edit does not go back to it.
        self.change_doc(Edit::ReplaceCreature { creature: id.clone(), with: Box::new(with) })
    }
}

/// The path of `to` relative to the folder `from` (both absolute).
fn relative(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<Component<'_>> = from.components().collect();
    let to_parts: Vec<Component<'_>> = to.components().collect();
    let common = from.iter().zip(&to_parts).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for c in &to_parts[common..] {
        out.push(c.as_os_str());
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use creature_core::io_counts::counts;
    use creature_core::mind::hand::Slap;
    use creature_core::recording::{Change as Recorded, Reload};
    use creature_core::world::sim::Event;

    use super::*;
    use crate::loaders::{ForPreview, Loaded};
    use crate::test_support::example_copy;

    #[test]
    fn a_lesson_in_the_preview_reaches_the_document_and_its_tree_is_the_one_core_built() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example");
        let mut ws = Workspace::open(&example).unwrap();
        assert!(ws.start_preview(1));
        let path = ws.preview.as_ref().unwrap().creature_path().unwrap().to_path_buf();
        let id = ws.open_creature(&path).unwrap();
        let p = ws.preview.as_mut().unwrap();
        p.act(Act::Phase(6)).unwrap();
        let mut turns = 0;
        while p.sim().plan().is_none() && turns < 20_000 {
            p.step();
            turns += 1;
        }
        let plan = p.sim().plan().expect("the creature makes a plan");
        for h in [Act::Hold, Act::Slap(Slap::Hard), Act::Release] {
            p.act(h).unwrap();
        }
        let lessons = |ws: &mut Workspace| -> Vec<Option<DocId>> {
            let events = ws.take_preview_events();
            events.into_iter().filter(|(e, _)| matches!(e, Event::Lesson { .. })).map(|(_, to)| to).collect()
        };
        // By default the lesson stays in the preview: the save is the person's.
        let before = ws.creature(&id).unwrap().clone();
        assert_eq!(lessons(&mut ws), vec![None]);
        assert_eq!(ws.creature(&id).unwrap(), &before, "the save is untouched until the person keeps the lesson");
        assert!(!ws.is_dirty(&id));
        assert_eq!(ws.keep_preview_learning(), Ok(id.clone()));
        let learnt = ws.creature(&id).unwrap().tree(plan.desire, TreeKind::ActOn).clone();
        assert!(!learnt.examples.is_empty());
        let built = ws.built_tree(&id, plan.desire, TreeKind::ActOn).expect("core built the taught tree");
        assert_eq!(*built, learnt.tree(&ws.data.attributes), "the tree core built is the document's tree");
        assert!(ws.is_dirty(&id), "what it learnt is an edit of the save");

        // Learning into the save: the next lesson reaches the document at once.
        ws.preview_learns = true;
        let p = ws.preview.as_mut().unwrap();
        for h in [Act::Hold, Act::Slap(Slap::Hard), Act::Release] {
            p.act(h).unwrap();
        }
        assert_eq!(lessons(&mut ws), vec![Some(id.clone())]);
    }

    #[test]
    fn what_was_done_in_the_preview_saves_as_a_scenario_that_replays_it() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let tmp = tempfile::tempdir().unwrap();
        let copy = |from: &Path, to: &Path| {
            let out = std::process::Command::new("cp").arg("-r").arg(from).arg(to).status().unwrap();
            assert!(out.success());
        };
        std::fs::create_dir_all(tmp.path().join("projects")).unwrap();
        copy(&repo.join("species"), &tmp.path().join("species"));
        copy(&repo.join("projects/example"), &tmp.path().join("projects/example"));
        let mut ws = Workspace::open(&tmp.path().join("projects/example")).unwrap();
        assert!(ws.start_preview(1));
        let run = |ws: &mut Workspace, turns: u64| ws.preview.as_mut().unwrap().run(turns);
        run(&mut ws, 40);
        ws.preview_act(Act::Phase(6)).unwrap();
        run(&mut ws, 30);
        ws.preview_act(Act::Hold).unwrap();
        ws.preview_act(Act::Slap(creature_core::mind::hand::Slap::Hard)).unwrap();
        run(&mut ws, 2);
        ws.preview_act(Act::Release).unwrap();
        run(&mut ws, 50);
        // The hand moves (twice in one turn: the last is kept), gives a sheep and plays
        // with a rock before the creature.
        ws.preview_act(Act::Hand { x: 180.0, y: 140.0 }).unwrap();
        ws.preview_act(Act::Hand { x: 190.0, y: 150.0 }).unwrap();
        ws.preview_act(Act::Give { object: "sheep_1".into() }).unwrap();
        run(&mut ws, 20);
        ws.preview_act(Act::Deed { action: "Play".into(), object: "rock_1".into(), desire: None }).unwrap();
        run(&mut ws, 50);
        let live = creature_core::scenario::State::of(ws.preview.as_ref().unwrap().sim());

        let path = ws.save_preview_scenario().unwrap();
        assert!(path.ends_with("scenarios/preview_1.scenario.ron"));
        assert!(ws.scenario_files().contains(&path), "the new scenario is listed");
        let loaded = creature_core::scenario::file::load(&path).unwrap();
        let acts: Vec<&Act> = loaded.scenario.inputs.iter().map(|i| &i.act).collect();
        assert_eq!(acts.len(), 7, "{acts:?}");
        assert_eq!(acts[4], &Act::Hand { x: 190.0, y: 150.0 });
        assert!(matches!(acts[5], Act::Give { .. }) && matches!(acts[6], Act::Deed { .. }), "{acts:?}");
        let out = creature_core::scenario::run(creature_core::scenario::prepare(loaded).unwrap(), Some(live.sim_time));
        assert!(out.passed, "{:?}", out.refused);
        assert_eq!(out.state.unwrap(), live, "the scenario replays the preview's run");
    }

    /// The example project copied, its preview running, and the document of the
    /// creature save the preview runs, opened.
    fn running_creature(tmp: &tempfile::TempDir) -> (Workspace, DocId, PathBuf) {
        let mut ws = Workspace::open(&tmp.path().join("projects/example")).unwrap();
        assert!(ws.start_preview(1));
        let path = ws.preview.as_ref().unwrap().creature_path().unwrap().to_path_buf();
        let id = ws.open_creature(&path).unwrap();
        (ws, id, path)
    }

    fn running_liking(ws: &Workspace) -> f64 {
        ws.preview.as_ref().unwrap().sim().creature().liking
    }

    /// The creature save text the preview's recording kept at its last change.
    fn recorded_creature(ws: &Workspace) -> String {
        let rec = ws.preview.as_ref().unwrap().recorder().recording();
        match rec.changes.last().map(|c| &c.what) {
            Some(Recorded::Reload(Reload::Creature(text))) => text.clone(),
            other => panic!("the last change is a creature reload, not {other:?}"),
        }
    }

    fn liking(id: &DocId, value: f64) -> Edit {
        Edit::Liking { creature: id.clone(), value }
    }

    #[test]
    fn an_edit_of_the_running_creature_reaches_the_preview_as_it_is_made_with_one_parse_and_no_file_read() {
        let tmp = example_copy();
        let (mut ws, id, _) = running_creature(&tmp);
        assert_ne!(running_liking(&ws), -0.5);
        let (opened, parsed) = counts();
        ws.apply(liking(&id, -0.5)).unwrap();
        let (o, p) = counts();
        assert_eq!((o - opened, p - parsed), (0, 1), "no file read, the save's text parsed once");
        assert_eq!(running_liking(&ws), -0.5, "no frame passed: the edit itself reached the preview");
        assert_eq!(recorded_creature(&ws), ws.creature(&id).unwrap().to_ron(), "recorded as the studio saves it");
        // A creature the preview does not run is edited alone.
        let other = tmp.path().join("projects/example/creatures/other.ron");
        std::fs::copy(ws.docs[&id].path.clone(), &other).unwrap();
        let other = ws.open_creature(&other).unwrap();
        let changes = ws.preview.as_ref().unwrap().recorder().recording().changes.len();
        ws.apply(liking(&other, 0.25)).unwrap();
        assert_eq!(ws.preview.as_ref().unwrap().recorder().recording().changes.len(), changes);
        assert_eq!(running_liking(&ws), -0.5);
    }

    #[test]
    fn a_save_on_disk_and_an_edit_of_the_same_text_are_one_changed_creature() {
        let tmp = example_copy();
        let (mut ws, id, path) = running_creature(&tmp);
        // The document edited without being taken yet: its text, as a save would write it.
        ws.change_doc(liking(&id, -0.25)).unwrap();
        let doc = &ws.docs[&id];
        let (_, text) = doc.value.contents(&doc.path, doc.saved_text.as_deref()).unwrap();
        let text = text.unwrap();
        let canon = crate::live_preview::canonical(&path);
        let label = canon.display().to_string();
        let (_, edited) = ws.creature_change(&canon, &label, &text).unwrap();
        let edited = edited.expect("the preview runs this save");
        // The same text saved on disk, as the watcher's road reads it.
        std::fs::write(&path, &text).unwrap();
        let Ok(Loaded { preview: Some(ForPreview::Creature(saved)), .. }) =
            ws.load_changed(&canon, &canon, &label, text.as_bytes())
        else {
            panic!("the save loads as the preview's creature")
        };
        assert_eq!(saved, edited, "one changed creature, whichever road it came by");
        assert_eq!(edited.creature.liking, -0.25);
    }

    #[test]
    fn undo_redo_and_revert_of_an_edit_of_the_running_creature_reach_the_preview() {
        let tmp = example_copy();
        let (mut ws, id, _) = running_creature(&tmp);
        let saved = running_liking(&ws);
        ws.apply(liking(&id, -0.5)).unwrap();
        ws.snapshot();
        assert_eq!(ws.undo(), Some(id.clone()));
        assert_eq!(running_liking(&ws), saved, "the undo reached the preview");
        assert_eq!(ws.redo(), Some(id.clone()));
        assert_eq!(running_liking(&ws), -0.5, "the redo reached the preview");
        ws.revert(&id);
        assert_eq!(running_liking(&ws), saved, "so does a revert");
        assert_eq!(recorded_creature(&ws), ws.creature(&id).unwrap().to_ron());
    }

    #[test]
    fn an_edit_of_the_running_creature_the_preview_refuses_leaves_it_running_the_last_good_one() {
        let tmp = example_copy();
        let (mut ws, id, _) = running_creature(&tmp);
        ws.apply(liking(&id, -0.5)).unwrap();
        // The desires on disk lose a source of ToImpress: the preview refuses them (its
        // creature has two thresholds there), the studio takes them.
        let desires = crate::live_preview::canonical(&tmp.path().join("species/desires.ron"));
        crate::test_support::drop_a_source_of_to_impress(&desires);
        assert!(matches!(ws.route(&desires), crate::reload::Change::Refused { .. }));
        // The creature edited to fit the studio's desires: the preview, which runs the
        // old ones, refuses it.
        let mut fits = ws.creature(&id).unwrap().clone();
        fits.liking = 0.75;
        let impress = fits.desires.iter_mut().find(|d| d.name == Desire::ToImpress).unwrap();
        impress.thresholds.truncate(1);
        assert!(fits.check("fits", &fits.to_ron(), &ws.data).is_ok(), "it fits the studio's data");
        ws.preview_errors.clear();
        ws.apply(Edit::ReplaceCreature { creature: id.clone(), with: Box::new(fits) }).unwrap();
        assert!(!ws.preview_errors.is_empty(), "the preview says why it refused the edit");
        assert_eq!(running_liking(&ws), -0.5, "the preview runs the last good creature");
        let p = ws.preview.as_mut().unwrap();
        let before = p.sim_time();
        p.advance(0.5);
        assert!(p.sim_time() > before, "the preview runs on");
    }
}

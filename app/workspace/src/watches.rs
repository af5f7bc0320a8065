//! The debugger's watches: values followed over the whole recorded run of the preview
//! (a desire, a drive, an opinion, the liking, an object's score by a tree, the hand's
//! total). The list is kept in the project's `watches.ron` through the one reader and
//! writer; the values are sampled from the recording, again only when the run changed.

use std::path::{Path, PathBuf};

use creature_core::error::LoadError;
use creature_core::file_writer::Policy;
use creature_core::recording::{Recorder, SNAPSHOT_TURNS, Sample};
use creature_core::watched::Watched;
use creature_core::world::sim::Sim;

use crate::breakpoints::RunKey;
use crate::workspace::Workspace;

/// The file beside `studio.ron` that keeps a project's watches.
pub use creature_core::debugger_files::WATCHES_FILE as FILE;

/// Runs up to five simulated minutes are sampled every second; longer ones at their
/// snapshot turns.
const FINE_TURNS: u64 = 3000;
const FINE_STEP: u64 = 10;

/// One watch: as written, and read.
#[derive(Clone, Debug)]
pub struct WatchItem {
    pub text: String,
    pub watched: Watched,
}

/// The project's watches and their values over the run.
#[derive(Clone, Debug, Default)]
pub struct Watches {
    list: Vec<WatchItem>,
    /// Counts the changes to the list, so that values sampled for an older list go.
    changed: u64,
    /// The values over the run, with what they were sampled for and the turns between
    /// samples.
    sampled: Option<((RunKey, u64), u64, Vec<Sample>)>,
    /// What was wrong with the kept list when it was read.
    pub problems: Vec<LoadError>,
}

impl Watches {
    #[must_use]
    pub fn list(&self) -> &[WatchItem] {
        &self.list
    }

    /// Adds the watch `text`, checked against what the preview runs; a bad one is
    /// refused with its column.
    pub fn add(&mut self, text: &str, sim: &Sim) -> Result<(), LoadError> {
        let watched = Watched::parse(text, sim.data(), sim.world())?;
        self.list.push(WatchItem { text: text.trim().to_owned(), watched });
        self.changed += 1;
        Ok(())
    }

    pub fn remove(&mut self, i: usize) {
        if i < self.list.len() {
            self.list.remove(i);
            self.changed += 1;
        }
    }

    /// Each sample's second and the watches' values there, as last sampled.
    #[must_use]
    pub fn values(&self) -> &[Sample] {
        self.sampled.as_ref().map_or(&[], |(_, _, v)| v.as_slice())
    }

    /// Samples the watches over the run `rec` (named `run`) every second for the first
    /// five minutes, then at every snapshot turn, and at the newest turn, when the run
    /// or the list changed since. A run that only went on (not forked or switched, the
    /// same list) is sampled from where it was: the snapshot turns restore without
    /// replay, so following a long run costs a restore per ten simulated seconds.
    pub fn sample(&mut self, rec: &mut Recorder, run: RunKey) -> Result<(), String> {
        let key = (run, self.changed);
        let step = if run.0 <= FINE_TURNS { FINE_STEP } else { SNAPSHOT_TURNS };
        if self.list.is_empty() {
            self.sampled = Some((key, step, Vec::new()));
            return Ok(());
        }
        let mut values = match self.sampled.take() {
            Some((old, was, v)) if old == key => {
                self.sampled = Some((old, was, v));
                return Ok(());
            }
            // The same run, gone on: keep what was sampled up to its last regular turn.
            Some(((old, changed), was, mut v))
                if changed == self.changed && old.3 == run.3 && old.0 <= run.0 && was == step =>
            {
                v.retain(|s| s.0 % step == 0);
                v
            }
            _ => Vec::new(),
        };
        let from = values.last().map_or(0, |s| s.0 + step);
        let end = run.0;
        let turns = (from..end).step_by(usize::try_from(step).unwrap_or(1)).chain([end]);
        let watched: Vec<Watched> = self.list.iter().map(|w| w.watched.clone()).collect();
        values.extend(rec.sample_at(&watched, turns)?);
        self.sampled = Some((key, step, values));
        Ok(())
    }

    /// The project's watches, from `watches.ron` in `root` when it has one; a kept watch
    /// the project no longer allows is left out, with why.
    pub fn load(root: &Path, sim: &Sim) -> Watches {
        let path = root.join(FILE);
        let mut out = Watches::default();
        if !path.is_file() {
            return out;
        }
        let file = path.display().to_string();
        let kept = match creature_core::file_reader::read_text(&path)
            .and_then(|t| creature_core::debugger_files::parse_watches(&file, &t))
        {
            Ok(k) => k,
            Err(e) => {
                out.problems.push(e);
                return out;
            }
        };
        for text in kept {
            if let Err(e) = out.add(&text, sim) {
                out.problems.push(LoadError::whole_file(&file, format!("`{text}`: {}", e.message)));
            }
        }
        out
    }

    /// Writes the list into `watches.ron` in `root`, through the one writer.
    pub fn save(&self, root: &Path) -> Result<PathBuf, String> {
        let kept: Vec<&str> = self.list.iter().map(|w| w.text.as_str()).collect();
        let pretty = ron::ser::PrettyConfig::new().indentor("    ".to_owned());
        let text = ron::ser::to_string_pretty(&kept, pretty).map_err(|e| e.to_string())?;
        let text =
            format!("// The studio's watches for this project: values plotted over the preview's run.\n{text}\n");
        let path = root.join(FILE);
        creature_core::file_writer::write(&path, text.as_bytes(), &Policy::replacing())?;
        Ok(path)
    }
}

impl Workspace {
    /// Adds a watch and keeps the project's list; a bad one is refused with its column.
    pub fn add_watch(&mut self, text: &str) -> Result<(), String> {
        let root = self.project.as_ref().map(|p| p.root.clone()).ok_or("open a project first")?;
        let p = self.preview.as_ref().ok_or("the preview is not running")?;
        self.watches.add(text, p.sim()).map_err(|e| format!("column {}: {}", e.col, e.message))?;
        self.watches.save(&root).map(|_| ())
    }

    /// Deletes watch `i`, and keeps the list.
    pub fn remove_watch(&mut self, i: usize) -> Result<(), String> {
        let root = self.project.as_ref().map(|p| p.root.clone()).ok_or("open a project first")?;
        self.watches.remove(i);
        self.watches.save(&root).map(|_| ())
    }

    /// Samples the watches over the preview's run, as far as it has gone.
    pub fn sample_watches(&mut self) -> Result<(), String> {
        let Some(p) = self.preview.as_mut() else { return Ok(()) };
        let run = p.run_key();
        self.watches.sample(p.recorder_mut(), run)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use creature_core::names::Desire;
    use creature_core::recording::SNAPSHOT_TURNS;
    use creature_core::watched::Watched;

    use crate::workspace::Workspace;

    fn example_copy() -> tempfile::TempDir {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("projects")).unwrap();
        for (from, to) in [("species", "species"), ("projects/example", "projects/example")] {
            let status =
                std::process::Command::new("cp").arg("-r").arg(repo.join(from)).arg(tmp.path().join(to)).status();
            assert!(status.unwrap().success());
        }
        tmp
    }

    #[test]
    fn watches_follow_a_growing_run_as_a_fresh_sampling_would_and_are_kept_in_the_project() {
        let tmp = example_copy();
        let root = tmp.path().join("projects/example");
        let mut ws = Workspace::open(&root).unwrap();
        assert!(ws.start_preview(1));
        let bad = ws.add_watch(r#"Opinion("Eaat")"#).unwrap_err();
        assert!(bad.starts_with("column 9:") && bad.contains("Eat"), "{bad}");
        ws.add_watch(r#"Desire("Hunger")"#).unwrap();
        ws.add_watch(r#"Score(desire: "Hunger", tree: ActOn, object: "sheep_1")"#).unwrap();
        // Sampled while the run goes on, a little at a time.
        for _ in 0..7 {
            ws.preview.as_mut().unwrap().run(333);
            ws.sample_watches().unwrap();
        }
        let grown = ws.watches.values().to_vec();
        let p = ws.preview.as_mut().unwrap();
        let end = p.sim().turns();
        let turns: Vec<u64> = grown.iter().map(|s| s.0).collect();
        assert!(end <= super::FINE_TURNS, "a short run, sampled every second");
        let expected: Vec<u64> = (0..end).step_by(super::FINE_STEP as usize).chain([end]).collect();
        assert_eq!(turns, expected, "every second and the newest turn");
        // The same values as sampling the whole run afresh, and as seeking each turn.
        let watched = [
            Watched::Desire(Desire::Hunger),
            Watched::Score {
                desire: Desire::Hunger,
                tree: creature_core::data::TreeKind::ActOn,
                object: "sheep_1".into(),
            },
        ];
        let fresh = p.recorder_mut().sample_at(&watched, expected.iter().copied()).unwrap();
        assert_eq!(grown, fresh);
        let at = expected[77];
        let sim = p.recorder_mut().seek(at).unwrap();
        assert_eq!(grown[77].2[0], Some(sim.creature().desire(Desire::Hunger).value));
        // Past five minutes, a sample every snapshot turn, sampled anew once.
        p.run(2000);
        ws.sample_watches().unwrap();
        let long = ws.watches.values();
        let end = ws.preview.as_ref().unwrap().sim().turns();
        let expected: Vec<u64> = (0..end).step_by(SNAPSHOT_TURNS as usize).chain([end]).collect();
        assert_eq!(long.iter().map(|s| s.0).collect::<Vec<_>>(), expected);
        assert!(grown.iter().any(|s| s.2[0] != grown[0].2[0]), "Hunger moves over the run");

        // Kept in the project: the list is there when it opens again.
        let text = std::fs::read_to_string(root.join(crate::watches::FILE)).unwrap();
        assert!(text.contains("Hunger") && text.contains("sheep_1"), "{text}");
        let mut again = Workspace::open(&root).unwrap();
        assert!(again.start_preview(1));
        assert_eq!(again.watches.list().len(), 2);
        again.remove_watch(0).unwrap();
        assert!(!std::fs::read_to_string(root.join(crate::watches::FILE)).unwrap().contains("Desire"));
    }
}

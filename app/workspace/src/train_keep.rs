//! The scripts a training search found, kept as the project's lesson scripts, and the
//! project's targets to train to.

use std::path::PathBuf;

use creature_core::file_writer::{self, Policy};
use creature_core::train;

use crate::train_runs::script_text;
use crate::workspace::Workspace;

impl Workspace {
    /// Keeps the script found for the `i`th species of the last search as a new lesson
    /// script in the project's `lessons/` folder, named after the target (and the
    /// species, in a report of several); returns its path.
    pub fn keep_trained(&mut self, i: usize) -> Result<PathBuf, String> {
        let project = self.project.as_ref().ok_or("open a project first")?;
        let run = self.training.run.as_ref().ok_or("nothing has been trained yet")?;
        let trained = run.trained.get(i).ok_or("the search has not ended")?;
        let dir = project.root.join("lessons");
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let name = run.target.file_name().and_then(|n| n.to_str()).unwrap_or("target");
        let stem = name.strip_suffix(train::TARGET_SUFFIX).unwrap_or(name);
        let stem = if run.species.len() > 1 {
            format!("{stem}_{}", trained.species.name().to_lowercase())
        } else {
            stem.to_owned()
        };
        let path = (1..)
            .map(|n| dir.join(if n == 1 { format!("{stem}.lesson.ron") } else { format!("{stem}_{n}.lesson.ron") }))
            .find(|f| !f.exists())
            .ok_or("no free file name")?;
        let text = script_text(trained, &run.target, &run.settings);
        // A free name was found above: a file that appeared there since is not replaced.
        file_writer::write(&path, text.as_bytes(), &Policy::new_file())?;
        self.wrote((path.clone(), text.into_bytes()));
        self.refresh_files();
        Ok(path)
    }

    /// The project's training targets (`*.target.ron`), in path order.
    #[must_use]
    pub fn target_files(&self) -> Vec<PathBuf> {
        self.files.iter().filter(|f| train::is_target_file(f)).cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use creature_core::train::Settings;

    use super::*;
    use crate::train_runs::tests::wait;

    #[test]
    fn the_script_found_is_kept_beside_the_lessons_and_reads_back_as_the_script() {
        let tmp = crate::test_support::example_copy();
        let mut ws = Workspace::open(&tmp.path().join("projects/example")).unwrap();
        let target = ws.target_files().into_iter().next().expect("the example has a target");
        assert!(ws.keep_trained(0).is_err(), "nothing trained yet");
        ws.training.start(target, Vec::new(), Settings::new(1, 1, 3), || {});
        wait(&mut ws.training);
        let first = ws.keep_trained(0).unwrap();
        let second = ws.keep_trained(0).unwrap();
        assert!(first.ends_with("lessons/kind.lesson.ron") && second.ends_with("lessons/kind_2.lesson.ron"));
        let text = std::fs::read_to_string(&first).unwrap();
        assert!(
            text.contains("`creature-studio train` found that make kind.target.ron hold for a Cow on seed 1:"),
            "{text}"
        );
        let read = creature_core::mind::script::LessonScript::parse("kind", &text, &ws.data).unwrap();
        assert_eq!(read, ws.training.run.as_ref().unwrap().trained[0].script);
        assert!(ws.files.contains(&first), "the new file is listed");
    }
}

//! The project's watches changed from the editor: each change is kept in `watches.ron`
//! at once, and the watches are sampled over the preview's run as far as it has gone.

use crate::workspace::Workspace;

impl Workspace {
    /// Adds a watch and keeps the project's list; a bad one is refused with its column.
    pub fn add_watch(&mut self, text: &str) -> Result<(), String> {
        let root = self.project.as_ref().map(|p| p.root.clone()).ok_or("open a project first")?;
        let p = self.preview.as_ref().ok_or("the preview is not running")?;
        self.watches.add(text, p.sim()).map_err(|e| format!("column {}: {}", e.col, e.message))?;
        let written = self.watches.save(&root)?;
        self.wrote(written);
        Ok(())
    }

    /// Deletes watch `i`, and keeps the list.
    pub fn remove_watch(&mut self, i: usize) -> Result<(), String> {
        let root = self.project.as_ref().map(|p| p.root.clone()).ok_or("open a project first")?;
        self.watches.remove(i);
        let written = self.watches.save(&root)?;
        self.wrote(written);
        Ok(())
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

    use creature_core::names::Desire;
    use creature_core::recording::SNAPSHOT_TURNS;
    use creature_core::watched::Watched;

    use crate::test_support::example_copy;
    use crate::workspace::Workspace;

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
        assert!(end <= crate::watches::FINE_TURNS, "a short run, sampled every second");
        let expected: Vec<u64> = (0..end).step_by(crate::watches::FINE_STEP as usize).chain([end]).collect();
        assert_eq!(turns, expected, "every second and the newest turn");
        // The same values as sampling the whole run afresh, and as seeking each turn.
        let watched = [
            Watched::Desire(Desire::Hunger),
            Watched::Score {
                desire: Desire::Hunger,
                tree: creature_core::species::data::TreeKind::ActOn,
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

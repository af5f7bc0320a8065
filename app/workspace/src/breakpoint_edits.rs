//! The project's breakpoints changed from the editor: each change reaches the running
//! preview and is kept in `breakpoints.ron` at once.

use std::path::PathBuf;

use crate::live_preview::LivePreview;
use crate::workspace::Workspace;

impl Workspace {
    /// The running preview's breakpoints and the project's folder, for a change that is
    /// saved at once.
    fn breakpoints_mut(&mut self) -> Result<(&mut LivePreview, PathBuf), String> {
        let root = self.project.as_ref().map(|p| p.root.clone()).ok_or("open a project first")?;
        let p = self.preview.as_mut().ok_or("the preview is not running")?;
        Ok((p, root))
    }

    /// Adds a breakpoint to the preview and keeps the project's list; a bad condition
    /// is refused with its column and nothing changes.
    pub fn add_breakpoint(&mut self, text: &str) -> Result<(), String> {
        let (p, root) = self.breakpoints_mut()?;
        let sim = p.sim().clone();
        p.breakpoints.add(text, &sim).map_err(|e| format!("column {}: {}", e.col, e.message))?;
        let written = p.breakpoints.save(&root)?;
        self.wrote(written);
        Ok(())
    }

    /// Switches breakpoint `i` on or off, and keeps the list.
    pub fn set_breakpoint_on(&mut self, i: usize, on: bool) -> Result<(), String> {
        let (p, root) = self.breakpoints_mut()?;
        p.breakpoints.set_on(i, on);
        let written = p.breakpoints.save(&root)?;
        self.wrote(written);
        Ok(())
    }

    /// Deletes breakpoint `i`, and keeps the list.
    pub fn remove_breakpoint(&mut self, i: usize) -> Result<(), String> {
        let (p, root) = self.breakpoints_mut()?;
        p.breakpoints.remove(i);
        let written = p.breakpoints.save(&root)?;
        self.wrote(written);
        Ok(())
    }
}

#[cfg(test)]
mod tests {

    use creature_core::cond::Cond;

    use crate::test_support::example_copy;
    use crate::workspace::Workspace;

    #[test]
    fn a_breakpoint_pauses_the_preview_at_its_first_hit_and_is_kept_in_the_project() {
        let tmp = example_copy();
        let root = tmp.path().join("projects/example");
        let mut ws = Workspace::open(&root).unwrap();
        assert!(ws.start_preview(1));
        let bad = ws.add_breakpoint("PlanStarted(kind: Wofl)").unwrap_err();
        assert!(bad.starts_with("column 19:") && bad.contains("Wofl"), "{bad}");
        ws.add_breakpoint("PlanStarted(action: \"Wander\")").unwrap();
        let p = ws.preview.as_mut().unwrap();
        p.set_speed(10.0);
        let ran = p.run(20_000);
        let hit = p.breakpoints.hit.clone().expect("the creature wanders within the run");
        assert_eq!((p.sim().turns(), ran, p.speed), (hit.turn, hit.turn, 0.0), "paused at the hit");
        assert_eq!(&*hit.what, "A plan to Wander");
        // The turn is the first the recording finds.
        let cond = Cond::parse("PlanStarted(action: \"Wander\")", p.sim().data(), p.sim().world()).unwrap();
        assert_eq!(p.recorder().find(&cond).unwrap().first(), Some(&hit.turn));
        // Running on goes to the next hit, not the same one again.
        p.run(20_000);
        assert!(p.breakpoints.hit.as_ref().is_none_or(|h| h.turn > hit.turn));

        // Kept in the project: switched off, it is off when the project opens again.
        ws.set_breakpoint_on(0, false).unwrap();
        let text = std::fs::read_to_string(root.join(crate::breakpoints::FILE)).unwrap();
        assert!(text.contains("Wander") && text.contains("on: false"), "{text}");
        let mut again = Workspace::open(&root).unwrap();
        assert!(again.start_preview(1));
        let b = &again.preview.as_ref().unwrap().breakpoints;
        assert_eq!((b.list().len(), b.list()[0].on), (1, false));
        again.remove_breakpoint(0).unwrap();
        assert!(!std::fs::read_to_string(root.join(crate::breakpoints::FILE)).unwrap().contains("Wander"));
    }
}

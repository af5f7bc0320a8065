//! The one handler of [`PreviewCommand`]s: the hand's acts, the pace, breakpoints,
//! watches and bookmarks carried out on the running preview; and the preview's events
//! taken into the log.

use creature_core::scenario::Act;
use creature_core::species::data::TreeKind;
use creature_workspace::Workspace;

use super::Studio;
use crate::gui::command::PreviewCommand;

impl Studio {
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
        // A game's creature in focus takes the hand and breakpoints.
        let Some(c) = self.route_to_game_in_focus(c) else { return };
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
}

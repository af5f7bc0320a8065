//! The creature in focus: the one the Tree, Creature, Examples, Why?, the live path,
//! the heat, Lesson results and the Preview all show. Changing it is one act, said in
//! the status bar: the panels show the new creature and the preview runs it.

use creature_workspace::DocId;

use super::Studio;

impl Studio {
    /// Puts creature `id` in focus; the preview starts again on it when it ran another.
    /// This is the one place the focus changes ([`crate::gui::view::focus::Focus::set`]).
    pub(super) fn focus_creature(&mut self, id: &DocId) {
        let from_game = self.view.focus.game().is_some();
        self.view.focus.set(id.clone());
        if let Some(game) = self.ws.game.as_mut().filter(|g| g.followed().is_some()) {
            game.follow(None);
        }
        self.view.show_focus(&self.ws);
        let DocId::Creature(path) = id else { return };
        if from_game && self.ws.preview_runs(path) {
            let name = self.ws.creature(id).map_or_else(|| id.label(), |c| c.name.clone());
            self.status = format!("{name} is in focus again: the panels show the studio's preview of it");
        }
        // Before the preview first starts (a project just opened), it starts on the
        // creature in focus by itself.
        if self.live_for.is_none() || self.ws.preview_runs(path) {
            return;
        }
        let name = self.ws.creature(id).map_or_else(|| id.label(), |c| format!("{} ({})", c.name, c.species));
        // The run starts again at the pace it had (paused stays paused).
        let speed = self.ws.preview.as_ref().map(|p| p.speed);
        let started = self.ws.start_preview_on(1, Some(path));
        if let (Some(p), Some(speed)) = (self.ws.preview.as_mut(), speed) {
            p.speed = speed;
        }
        // A new run: the last one's lesson card is not its.
        self.view.village.set_last_lesson(None, None);
        self.status = if started {
            self.view.village.log(0.0, format!("the preview now runs {name}"), 0);
            format!("{name} is in focus: the panels show it and the preview runs it")
        } else {
            format!("{name} is in focus, but the preview cannot run it: see Problems")
        };
    }

    /// Puts creature `id` of the attached game in focus: its mind is asked for and kept
    /// up to date, the panels that can show it do, and the preview runs on as it was.
    /// With [`Studio::focus_creature`], the one place the focus changes.
    pub(super) fn focus_game_creature(&mut self, id: u32) {
        let Some(game) = self.ws.game.as_mut() else { return };
        let Some(name) = game.creatures.iter().find(|c| c.id == id).map(|c| c.name.clone()) else { return };
        game.follow(Some(id));
        self.view.focus.set_game(id);
        self.view.trees_changed();
        self.status = format!("{name} is in focus: it lives in the game at {}", game.address);
    }

    /// The creature save in focus, to start the preview on.
    pub(super) fn focused_path(&self) -> Option<std::path::PathBuf> {
        self.view.focus.path().map(std::path::Path::to_path_buf)
    }
}

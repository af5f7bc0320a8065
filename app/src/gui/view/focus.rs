//! The creature in focus: the one creature the Tree, Creature, Examples, Why?, the live
//! path, the heat, Lesson results, Compare and the Preview all show, and the one the
//! preview runs.
//!
//! Its field is private, and only [`Focus::set`] changes it: the studio calls that from
//! its one function `Studio::focus_creature` (app/focus.rs), which also starts the
//! preview on the new creature. Undo and redo, the start page, a project opened, a
//! lesson that reached a save and a panel's "show this creature" all go through that
//! function; `app/tests/cli/focus_source.rs` reads the sources to hold that nothing
//! else calls `set`.
//!
//! A creature of the game attached over the link (SPEC §23) may be in focus instead
//! ([`Focus::set_game`], from `Studio::focus_game_creature` beside `focus_creature`):
//! then no document is in focus, the panels that can show a game's creature show it from
//! what the game said and told, and the studio's creature last in focus is kept to come
//! back to.

use std::path::Path;

use creature_workspace::{DocId, Workspace};

/// The creature in focus, if any (a creature save's document).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Focus {
    creature: Option<DocId>,
    /// The game's creature in focus, by its id on the link, when it is.
    game: Option<u32>,
}

impl Focus {
    /// The document of the creature in focus; none while a game's creature is.
    #[must_use]
    pub fn creature(&self) -> Option<&DocId> {
        self.creature.as_ref().filter(|_| self.game.is_none())
    }

    /// The creature save in focus, to start the preview on.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self.creature() {
            Some(DocId::Creature(p)) => Some(p),
            _ => None,
        }
    }

    /// The game's creature in focus (its id on the link), if one is.
    #[must_use]
    pub fn game(&self) -> Option<u32> {
        self.game
    }

    /// The studio's creature last in focus, kept while a game's creature is, to come
    /// back to.
    #[must_use]
    pub fn local(&self) -> Option<&DocId> {
        self.creature.as_ref()
    }

    /// The creature in focus when the running preview runs it: what Why?, Compare and
    /// the Preview name, so that they never name a creature whose run they do not show.
    #[must_use]
    pub fn in_preview(&self, ws: &Workspace) -> Option<&DocId> {
        self.creature().filter(|id| ws.preview_creature_doc().as_ref() == Some(*id))
    }

    /// Puts `id` in focus. Only `Studio::focus_creature` calls this.
    pub fn set(&mut self, id: DocId) {
        self.creature = Some(id);
        self.game = None;
    }

    /// Puts the game's creature `id` in focus. Only `Studio::focus_game_creature` calls
    /// this.
    pub fn set_game(&mut self, id: u32) {
        self.game = Some(id);
    }
}

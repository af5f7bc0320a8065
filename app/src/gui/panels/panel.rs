//! What every panel is: the [`Panel`] trait, the context it draws from ([`Cx`]) and where
//! the default layout puts it ([`Home`]); the creature's panels beside this file and the
//! shadow's (`gui/shadow/panels/`) are built on it alone.

use std::any::Any;
use std::path::PathBuf;

use creature_workspace::Workspace;

use crate::gui::command::keys::Scope;
use crate::gui::command::{Command, Tab};
use crate::gui::view::View;

/// What a panel draws from: the project (read-only, like rerun's `ViewerContext`), the
/// view (the selection and the state panels share, read-only too: a change to it is a
/// [`Command`] the studio carries out after the frame), the recent projects; and where
/// it puts the commands it asks for.
pub struct Cx<'a> {
    pub ws: &'a Workspace,
    pub view: &'a View,
    pub recent: &'a [PathBuf],
    pub out: &'a mut Vec<Command>,
}

/// Where the default layout puts a panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    /// The project's files, on the left.
    Files,
    /// The editors, in the middle.
    Editors,
    /// The live panels, under the editors.
    UnderEditors,
    /// Their pictures, on the right.
    Pictures,
    /// Below the pictures.
    UnderPictures,
    /// The strip along the bottom: the problems and the shadow's tools.
    Strip,
}

/// A dock panel (Zed's `Panel`, egui's demo `View`): it owns the state only it uses
/// (the studio reaches it with `Panels::state_mut` when a command needs it), has a
/// title, and draws from the project and the view into commands, which the studio
/// applies after the frame.
pub trait Panel: Any {
    /// The tab's identity and title.
    fn tab(&self) -> Tab;

    /// Where the default layout puts it.
    fn home(&self) -> Home;

    /// The title on the tab: the panel's own unless it has more to say (a count, a file).
    fn title(&self, _ws: &Workspace, _view: &View) -> String {
        self.tab().title().to_owned()
    }

    /// Whether the dock scrolls it sideways and down; a panel that scrolls its own parts
    /// says no.
    fn scroll_bars(&self) -> [bool; 2] {
        [false, true]
    }

    /// The share of its column a panel of the strip along the bottom ([`Home::Strip`])
    /// takes when it is picked there: about half, leaving the trees above room to be read
    /// on a laptop; a table that needs rows asks for more.
    fn strip_share(&self) -> f32 {
        0.45
    }

    /// Whether drawing this panel keeps the live preview running: the simulation runs
    /// only while a panel of the preview's is on screen.
    fn runs_preview(&self) -> bool {
        false
    }

    /// Whether this panel shows the shadow folder's files: once one is drawn, the studio
    /// loads them before the next frame.
    fn shows_shadow_files(&self) -> bool {
        false
    }

    /// The scope of keys this panel makes live while it is shown, if any.
    fn keys(&self, _ctx: &egui::Context, _ws: &Workspace, _view: &View) -> Option<Scope> {
        None
    }

    /// Draws the panel; what the person asks for goes into `cx.out`.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>);
}

/// A "⏺" after a file name when it has unsaved edits.
pub fn dirty_mark(dirty: bool) -> &'static str {
    if dirty { " ⏺" } else { "" }
}

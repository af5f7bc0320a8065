//! The one way the editor asks for a file: the desktop's dialog when it has a dialog
//! service, else the studio's own (`file_browser`), whose path answers the command that
//! asked when it runs again.

use std::path::{Path, PathBuf};

use super::dialogs::Dialogs;
use crate::gui::command::Command;
use crate::gui::command::UiCommand;

/// The studio's own dialog, standing in for the desktop's: the path typed so far, and the
/// command to carry out again with the path chosen (none: open what the path is, a
/// project folder or a file).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnDialog {
    pub path: String,
    pub then: Option<Command>,
}

/// Every file dialog of the editor goes through here: the desktop's when it has a dialog
/// service, else the studio's own. A dialog that came back empty without a service
/// leaves an [`OwnDialog`] to open; the path chosen there is the answer when the command
/// that asked runs again.
pub struct Chooser {
    dialogs: Box<dyn Dialogs>,
    /// The command being carried out, asked again once the own dialog has a path.
    asking: Option<Command>,
    /// A path chosen in the own dialog, with the command it answers when that runs.
    answers: Option<(Command, PathBuf)>,
    /// The answer of the running command's dialog.
    chosen: Option<PathBuf>,
    /// The own dialog a dialog without a service asked for.
    fallback: Option<OwnDialog>,
}

impl Chooser {
    pub fn new(dialogs: Box<dyn Dialogs>) -> Chooser {
        Chooser { dialogs, asking: None, answers: None, chosen: None, fallback: None }
    }

    /// Notes the command about to run: a dialog it opens is asked again for it.
    pub fn asking(&mut self, c: &Command) {
        self.asking = Some(c.clone());
        if self.answers.as_ref().is_some_and(|(for_c, _)| for_c == c) {
            self.chosen = self.answers.take().map(|(_, p)| p);
        }
    }

    /// The path chosen in the own dialog for `c`: the answer of its dialog when it runs.
    pub fn answer(&mut self, c: Command, path: PathBuf) {
        self.answers = Some((c, path));
    }

    /// Ends the command noted by [`Chooser::asking`]: the own dialog it needs, if a
    /// dialog of it found no service. A path chosen for it and not asked for (the
    /// command found nothing to do) answers no later dialog.
    pub fn finished(&mut self) -> Option<OwnDialog> {
        self.asking = None;
        self.chosen = None;
        self.fallback.take()
    }

    /// The answer of one dialog: the own dialog's path when one was chosen, else the
    /// desktop's; an own dialog at `start` (with the `name` a save suggests) when the
    /// desktop has no service.
    fn ask(
        &mut self,
        start: Option<&Path>,
        name: &str,
        run: impl FnOnce(&mut dyn Dialogs) -> Option<PathBuf>,
    ) -> Option<PathBuf> {
        if let Some(p) = self.chosen.take() {
            return Some(p);
        }
        let picked = run(self.dialogs.as_mut());
        if picked.is_none() && !self.dialogs.has_service() {
            let folder = start.map(|s| format!("{}/", s.display())).unwrap_or_default();
            let path = format!("{folder}{name}");
            let then = self
                .asking
                .clone()
                .filter(|c| !matches!(c, Command::Ui(UiCommand::OpenProject) | Command::Ui(UiCommand::OpenFile)));
            self.fallback = Some(OwnDialog { path, then });
        }
        picked
    }
}

impl Dialogs for Chooser {
    fn has_service(&self) -> bool {
        self.dialogs.has_service()
    }
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_project(start))
    }
    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_file(start))
    }
    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        self.ask(start, name, |d| d.save_file(start, name))
    }
    fn pick_parquet(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_parquet(start))
    }
    fn save_parquet(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        self.ask(start, name, |d| d.save_parquet(start, name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gui::chrome::dialogs::NoService;

    #[test]
    fn a_path_chosen_answers_only_the_command_it_was_chosen_for_and_only_once() {
        let mut c = Chooser::new(Box::new(NoService));
        c.answer(Command::Ui(UiCommand::SaveAs), PathBuf::from("/tmp/copy.ron"));
        // Another command runs first: it gets the own dialog, not the path.
        c.asking(&Command::Ui(UiCommand::Save));
        assert_eq!(c.save_file(Some(Path::new("/tmp")), "daisy.ron"), None);
        let own = c.finished().expect("the own dialog stands in");
        assert_eq!(own, OwnDialog { path: "/tmp/daisy.ron".into(), then: Some(Command::Ui(UiCommand::Save)) });
        c.asking(&Command::Ui(UiCommand::SaveAs));
        assert_eq!(c.save_file(None, "daisy.ron"), Some(PathBuf::from("/tmp/copy.ron")));
        assert_eq!(c.finished(), None);
        c.asking(&Command::Ui(UiCommand::SaveAs));
        assert_eq!(c.save_file(None, "daisy.ron"), None, "the path was used once");
    }
}

//! The commands, in families as rerun splits its `UICommand` and `SystemCommand`:
//! [`UiCommand`]s carry no payload (what menus, keys and the palette name), and each
//! other family carries what it acts on: [`FileCommand`] (a project, a file, Source's
//! text, the files a panel shows), [`DockCommand`] (a panel shown or maximised),
//! [`SelectCommand`] (what the panels show), an [`Edit`] of a document, and the live
//! side's [`PreviewCommand`], [`LessonCommand`], [`TimeCommand`], [`ScenarioCommand`],
//! [`TrainCommand`] and [`GameCommand`], and the shadow's [`BankCommand`],
//! [`ArenaCommand`] and [`LeagueCommand`] (in `shadow/command/`). One enum per family,
//! each in its own file. Menus, keys, the palette and every panel produce them, and the
//! studio applies them after the frame, so no panel changes another's state in the
//! middle of drawing; each family has one handler file under `gui/app/` (the shadow's
//! under `gui/shadow/app`). `keys` holds every key the editor answers.

pub mod dock;
pub mod file;
pub mod game;
pub mod keys;
pub mod lesson;
pub mod preview;
pub mod scenario;
pub mod select;
mod tab;
pub mod time;
pub mod train;
pub mod ui;

use creature_core::species::data::TreeKind;
use egui::KeyboardShortcut;

use creature_workspace::edit::Edit;

pub use self::dock::DockCommand;
pub use self::file::FileCommand;
pub use self::game::GameCommand;
pub use self::lesson::LessonCommand;
pub use self::preview::PreviewCommand;
pub use self::scenario::ScenarioCommand;
pub use self::select::SelectCommand;
pub use self::tab::{Tab, TabName};
pub use self::time::TimeCommand;
pub use self::train::TrainCommand;
pub use self::ui::UiCommand;
pub use crate::gui::shadow::command::arena::{ArenaCommand, ArenaKey, Replay};
pub use crate::gui::shadow::command::bank::BankCommand;
pub use crate::gui::shadow::command::league::LeagueCommand;

/// Everything the editor can be asked to do, by family: a payload-less [`UiCommand`],
/// or a family's command with what it acts on.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A command without a payload, as menus, keys and the palette name it.
    Ui(UiCommand),
    /// Opening a project or a file, Source's text, a file changed on disk.
    File(FileCommand),
    /// A panel shown or maximised.
    Dock(DockCommand),
    /// What the panels show: species, creature, tree, node, lesson, plotted desire.
    Select(SelectCommand),
    /// An edit of a document, through the workspace's undo.
    Edit(Edit),
    Preview(PreviewCommand),
    /// The lesson's playback and selection.
    Lesson(LessonCommand),
    /// The preview's timeline: scrub, step, branches, recording files.
    Time(TimeCommand),
    Bank(BankCommand),
    Arena(ArenaCommand),
    Scenario(ScenarioCommand),
    Train(TrainCommand),
    Game(GameCommand),
    /// The shadow's league of the project's banks.
    League(LeagueCommand),
}

impl Command {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            Command::Ui(c) => c.label().into(),
            Command::File(c) => c.label(),
            Command::Dock(c) => c.label(),
            Command::Select(c) => c.label(),
            Command::Edit(_) => "Edit".into(),
            Command::Preview(c) => c.label(),
            Command::Lesson(c) => c.label(),
            Command::Time(c) => c.label(),
            Command::Bank(c) => c.label(),
            Command::Arena(c) => c.label(),
            Command::Scenario(c) => c.label(),
            Command::Train(c) => c.label(),
            Command::Game(c) => c.label(),
            Command::League(c) => c.label(),
        }
    }

    /// The keyboard shortcut, if the command has one ([`keys::BINDINGS`]).
    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        keys::shortcut(self)
    }
}

/// The name of a tree kind as the SPEC writes it.
pub fn kind_name(k: TreeKind) -> &'static str {
    match k {
        TreeKind::Activity => "Activity",
        TreeKind::ActOn => "ActOn",
    }
}

impl From<UiCommand> for Command {
    fn from(c: UiCommand) -> Command {
        Command::Ui(c)
    }
}

impl From<FileCommand> for Command {
    fn from(c: FileCommand) -> Command {
        Command::File(c)
    }
}

impl From<DockCommand> for Command {
    fn from(c: DockCommand) -> Command {
        Command::Dock(c)
    }
}

impl From<SelectCommand> for Command {
    fn from(c: SelectCommand) -> Command {
        Command::Select(c)
    }
}

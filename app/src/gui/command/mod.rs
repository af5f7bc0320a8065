//! The commands, split as rerun splits them: [`UiCommand`]s carry no payload (what menus,
//! keys and the palette name), and the other [`Command`]s carry what they act on (a
//! path, a tab, a selection, an edit; rerun's `SystemCommand`). Menus, keys, the
//! palette and every panel produce them, and the studio applies them after the frame,
//! so no panel changes another's state in the middle of drawing. Each family has one
//! handler: `gui/app/ui_command.rs`, `gui/app/system_command.rs`, and for the live side
//! `preview`, `bank`, `arena`, `scenario`, `train` and the timeline's `time` theirs;
//! `keys` holds every key the editor answers.

pub mod game;
pub mod keys;
pub mod lesson;
pub mod preview;
pub mod scenario;
mod tab;
pub mod time;
pub mod train;
pub mod ui;

use std::path::PathBuf;

use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species};
use creature_core::species::data::TreeKind;
use egui::KeyboardShortcut;

use creature_workspace::DocId;
use creature_workspace::edit::Edit;

pub use self::game::GameCommand;
pub use self::lesson::LessonCommand;
pub use self::preview::PreviewCommand;
pub use self::scenario::ScenarioCommand;
pub use self::tab::{Tab, TabName};
pub use self::time::TimeCommand;
pub use self::train::TrainCommand;
pub use self::ui::UiCommand;
pub use crate::gui::shadow::command::arena::{ArenaCommand, ArenaKey, Replay};
pub use crate::gui::shadow::command::bank::BankCommand;

/// Everything the editor can be asked to do: a payload-less [`UiCommand`], or a command
/// with what it acts on.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A command without a payload, as menus, keys and the palette name it.
    Ui(UiCommand),
    OpenProjectAt(PathBuf),
    /// Opens a file in the editor that fits it (species, creature, lesson script, text).
    OpenFileAt(PathBuf),
    /// Shows a file's text with a line marked, as for a problem.
    ShowSource {
        path: PathBuf,
        line: usize,
    },
    ShowTab(Tab),
    /// Gives one panel the whole dock, or gives the layout back when one has it.
    Maximise(Tab),
    SelectSpecies(Species),
    SelectCreature(DocId),
    SelectTree(Desire, TreeKind),
    /// Selects a node of the shown tree (a leaf lists its examples).
    SelectNode(Option<usize>),
    SelectLesson(DocId),
    /// The desire the species plots draw.
    PlotDesire(Desire),
    /// The object the shown tree is asked about (its path drawn in the Tree), or none.
    Ask(Option<Example>),
    /// The text in Source as edited there.
    EditSource(String),
    Edit(Edit),
    /// Answers the "changed on disk while edited here" question: keep the studio's
    /// edits (`true`) or take the file on disk (`false`).
    Resolve {
        path: PathBuf,
        keep_studio: bool,
    },
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
}

impl Command {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            Command::Ui(c) => c.label().into(),
            Command::OpenProjectAt(p) => format!("Open project {}", p.display()),
            Command::OpenFileAt(p) => format!("Open {}", p.display()),
            Command::ShowSource { path, line } => format!("Show {}:{line}", path.display()),
            Command::ShowTab(t) => format!("Show panel: {}", t.title()),
            Command::Maximise(t) => format!("Maximise or restore panel: {}", t.title()),
            Command::SelectSpecies(s) => format!("Species: {s}"),
            Command::SelectCreature(id) => format!("Creature: {}", id.label()),
            Command::SelectTree(d, k) => format!("Tree: {d} {}", kind_name(*k)),
            Command::SelectNode(_) => "Select node".into(),
            Command::SelectLesson(id) => format!("Lesson: {}", id.label()),
            Command::PlotDesire(d) => format!("Plot {d}"),
            Command::Ask(Some(_)) => "Ask the tree".into(),
            Command::Ask(None) => "Stop asking the tree".into(),
            Command::EditSource(_) => "Edit the text".into(),
            Command::Edit(_) => "Edit".into(),
            Command::Resolve { path, .. } => format!("Resolve {}", path.display()),
            Command::Preview(c) => c.label(),
            Command::Lesson(c) => c.label(),
            Command::Time(c) => c.label(),
            Command::Bank(c) => c.label(),
            Command::Arena(c) => c.label(),
            Command::Scenario(c) => c.label(),
            Command::Train(c) => c.label(),
            Command::Game(c) => c.label(),
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

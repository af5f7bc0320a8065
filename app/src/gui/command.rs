//! The one command enum (rerun's `UICommand`): menus, keyboard shortcuts, the command
//! palette and every panel produce [`Command`]s, and the app applies them after the
//! frame, so no panel changes shared state in the middle of drawing.

use std::path::PathBuf;

use creature_core::data::TreeKind;
use creature_core::names::{Desire, Species};
use egui::{Key, KeyboardShortcut, Modifiers};
use serde::{Deserialize, Serialize};

use creature_core::mind::leash::Leash;
use creature_core::world::sim::HandEvent;
use creature_workspace::DocId;
use creature_workspace::edit::Edit;

/// A dockable panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tab {
    Start,
    Project,
    Problems,
    Species,
    SpeciesPlots,
    Creature,
    TreeGraph,
    Examples,
    Lesson,
    LessonResults,
    Source,
    Preview,
    Bank,
    Schema,
    Query,
    Arena,
    Scenarios,
    Why,
    Compare,
}

impl Tab {
    pub const ALL: [Tab; 19] = [
        Tab::Start,
        Tab::Project,
        Tab::Problems,
        Tab::Species,
        Tab::SpeciesPlots,
        Tab::Creature,
        Tab::TreeGraph,
        Tab::Examples,
        Tab::Lesson,
        Tab::LessonResults,
        Tab::Source,
        Tab::Preview,
        Tab::Bank,
        Tab::Schema,
        Tab::Query,
        Tab::Arena,
        Tab::Scenarios,
        Tab::Why,
        Tab::Compare,
    ];

    /// The panel's title.
    pub fn title(self) -> &'static str {
        match self {
            Tab::Start => "Start",
            Tab::Project => "Project",
            Tab::Problems => "Problems",
            Tab::Species => "Species",
            Tab::SpeciesPlots => "Species plots",
            Tab::Creature => "Creature",
            Tab::TreeGraph => "Tree",
            Tab::Examples => "Examples",
            Tab::Lesson => "Lesson",
            Tab::LessonResults => "Lesson results",
            Tab::Source => "Source",
            Tab::Preview => "Preview",
            Tab::Bank => "Replay bank",
            Tab::Schema => "Shadow schema",
            Tab::Query => "Query inspector",
            Tab::Arena => "Arena",
            Tab::Scenarios => "Scenarios",
            Tab::Why => "Why?",
            Tab::Compare => "Compare",
        }
    }
}

/// Everything the editor can be asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Choose a project folder with a dialog.
    OpenProject,
    OpenProjectAt(PathBuf),
    /// Choose a file with a dialog.
    OpenFile,
    /// Opens a file in the editor that fits it (species, creature, lesson script, text).
    OpenFileAt(PathBuf),
    /// Asks for a project folder or a file by typing its path (for desktops without a
    /// file dialog service).
    OpenPath,
    /// Shows a file's text with a line marked, as for a problem.
    ShowSource {
        path: PathBuf,
        line: usize,
    },
    /// Saves the text shown in the source view.
    SaveSource,
    Save,
    SaveAs,
    SaveAll,
    /// Drops the active document's unsaved edits.
    Revert,
    /// Re-reads the project from disk (documents with edits keep them).
    Reload,
    Undo,
    Redo,
    Palette,
    ShowTab(Tab),
    ResetLayout,
    Quit,
    SelectSpecies(Species),
    SelectCreature(DocId),
    SelectTree(Desire, TreeKind),
    /// Selects a node of the shown tree (a leaf lists its examples).
    SelectNode(Option<usize>),
    SelectLesson(DocId),
    /// Plays the shown lesson script from the start: the playhead moves and each
    /// release's credit chart appears as it passes.
    Play,
    /// Runs the shown lesson script on the selected creature and keeps the result.
    ApplyLesson,
    /// Re-rolls the sample of newborns in the species plots.
    NewbornsBorn,
    /// Lays the tree graph out again and fits it to the view.
    FitGraph,
    Edit(Edit),
    /// The live preview and the shadow tools.
    Live(LiveCommand),
}

/// The commands a person can run by name, in menu order.
pub const NAMED: &[Command] = &[
    Command::OpenProject,
    Command::OpenFile,
    Command::OpenPath,
    Command::Save,
    Command::SaveAs,
    Command::SaveAll,
    Command::Revert,
    Command::Reload,
    Command::Undo,
    Command::Redo,
    Command::Palette,
    Command::ResetLayout,
    Command::NewbornsBorn,
    Command::FitGraph,
    Command::Play,
    Command::ApplyLesson,
    Command::Quit,
];

impl Command {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            Command::OpenProject => "Open project…".into(),
            Command::OpenProjectAt(p) => format!("Open project {}", p.display()),
            Command::OpenFile => "Open file…".into(),
            Command::OpenFileAt(p) => format!("Open {}", p.display()),
            Command::OpenPath => "Open path…".into(),
            Command::ShowSource { path, line } => format!("Show {}:{line}", path.display()),
            Command::SaveSource => "Save text".into(),
            Command::Save => "Save".into(),
            Command::SaveAs => "Save as…".into(),
            Command::SaveAll => "Save all".into(),
            Command::Revert => "Revert to saved".into(),
            Command::Reload => "Reload from disk".into(),
            Command::Undo => "Undo".into(),
            Command::Redo => "Redo".into(),
            Command::Palette => "Command palette…".into(),
            Command::ShowTab(t) => format!("Show panel: {}", t.title()),
            Command::ResetLayout => "Reset panel layout".into(),
            Command::Quit => "Quit".into(),
            Command::SelectSpecies(s) => format!("Species: {s}"),
            Command::SelectCreature(id) => format!("Creature: {}", id.label()),
            Command::SelectTree(d, k) => format!("Tree: {d} {}", kind_name(*k)),
            Command::SelectNode(_) => "Select node".into(),
            Command::SelectLesson(id) => format!("Lesson: {}", id.label()),
            Command::Play => "Play the lesson script".into(),
            Command::ApplyLesson => "Apply the lesson script to the creature".into(),
            Command::NewbornsBorn => "A new creature is born (re-roll newborns)".into(),
            Command::FitGraph => "Fit tree graph to view".into(),
            Command::Edit(_) => "Edit".into(),
            Command::Live(c) => c.label(),
        }
    }

    /// The keyboard shortcut, if the command has one.
    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let cmd_alt = Modifiers::COMMAND | Modifiers::ALT;
        let (m, k) = match self {
            Command::OpenProject => (cmd_shift, Key::O),
            Command::OpenFile => (cmd, Key::O),
            Command::OpenPath => (cmd, Key::L),
            Command::Save => (cmd, Key::S),
            Command::SaveAs => (cmd_shift, Key::S),
            Command::SaveAll => (cmd_alt, Key::S),
            Command::Reload => (Modifiers::NONE, Key::F5),
            Command::Undo => (cmd, Key::Z),
            Command::Redo => (cmd_shift, Key::Z),
            Command::Palette => (cmd_shift, Key::P),
            Command::NewbornsBorn => (cmd, Key::B),
            Command::FitGraph => (cmd, Key::Num0),
            Command::Play => (Modifiers::NONE, Key::F6),
            Command::ApplyLesson => (cmd, Key::Enter),
            Command::Quit => (cmd, Key::Q),
            _ => return None,
        };
        Some(KeyboardShortcut::new(m, k))
    }
}

/// The name of a tree kind as the SPEC writes it.
pub fn kind_name(k: TreeKind) -> &'static str {
    match k {
        TreeKind::Activity => "Activity",
        TreeKind::ActOn => "ActOn",
    }
}

/// The commands whose shortcuts were pressed this frame, most specific first so that
/// Ctrl+Shift+S is never taken for Ctrl+S. Ctrl+Y and Ctrl+P are aliases of redo and
/// the palette. While the person types in a text field (`typing`), undo and redo are
/// left to the field: its own text undo takes Ctrl+Z.
pub fn from_shortcuts(ctx: &egui::Context, typing: bool) -> Vec<Command> {
    let mut with_keys: Vec<(KeyboardShortcut, Command)> =
        NAMED.iter().filter_map(|c| c.shortcut().map(|s| (s, c.clone()))).collect();
    with_keys.push((KeyboardShortcut::new(Modifiers::COMMAND, Key::Y), Command::Redo));
    with_keys.push((KeyboardShortcut::new(Modifiers::COMMAND, Key::P), Command::Palette));
    with_keys.retain(|(_, c)| !(typing && matches!(c, Command::Undo | Command::Redo)));
    with_keys.sort_by_key(|(s, _)| std::cmp::Reverse(u8::from(s.modifiers.shift) + u8::from(s.modifiers.alt)));
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (s, c) in &with_keys {
            if i.consume_shortcut(s) {
                out.push(c.clone());
            }
        }
    });
    out
}

/// Everything the live panels ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveCommand {
    /// A touch of the player's hand on the preview creature (SPEC §5).
    Hand(HandEvent),
    /// Simulated seconds per wall second; 0 pauses.
    Speed(f64),
    /// Runs exactly one turn (0.1 s), paused or not.
    StepTurn,
    Phase(u8),
    Leash(Leash),
    /// Starts the preview again from the project's files.
    Restart,
    /// Answers the "changed on disk while edited here" question: keep the studio's
    /// edits (`true`) or take the file on disk (`false`).
    Resolve {
        path: PathBuf,
        keep_studio: bool,
    },
    /// Shows the replay bank at `path`.
    OpenBank(PathBuf),
    DeleteMatch(u64),
    DeleteSegment(u64),
    /// Merges the bank at `path` into the shown one (the union, with provenance).
    MergeBank(PathBuf),
    /// Saves the shown bank's document (also when it is new and unedited).
    SaveBank,
    /// Saves the schema's document (also when it is the built-in one, not yet a file).
    SaveSchema,
    /// The arena: start a match against `opponent` (a bot style name or "shadow").
    ArenaStart {
        opponent: String,
        autoplay: bool,
        record: bool,
    },
    /// Runs these scenarios off the editor's thread.
    RunScenarios(Vec<PathBuf>),
    /// Writes what was done in the preview as a new scenario.
    SavePreviewScenario,
    /// Whether the preview's lessons go into the creature's save at once.
    LearnIntoSave(bool),
    /// Writes what the preview's creature has learnt into its save's document.
    KeepLearning,
    /// Plays the running match to its end at once.
    ArenaFinish,
    /// At the match end: keep the recording in the bank, or drop it.
    ArenaKeep(bool),
    /// Deletes these events of the shown bank, flagged by curation as `kinds`, as one
    /// undoable edit.
    DeleteFlagged {
        ids: Vec<u64>,
        kinds: String,
    },
    /// Scores the shown bank's shadow against the bot of this style name.
    ScoreShadow(String),
    /// Writes the shown bank as a Parquet file chosen in the file dialog (SPEC §18).
    ExportBank,
    /// Reads a Parquet file chosen in the file dialog as a new bank of the shadow folder.
    ImportBank,
    /// The preview's timeline: scrub, step, branches, recording files.
    Time(crate::gui::time_travel::TimeCommand),
}

impl LiveCommand {
    /// The name in the palette and the undo menu.
    pub fn label(&self) -> String {
        match self {
            LiveCommand::Hand(h) => format!("Hand: {h:?}"),
            LiveCommand::Speed(s) if *s == 0.0 => "Pause the preview".into(),
            LiveCommand::Speed(s) => format!("Preview speed ×{s}"),
            LiveCommand::StepTurn => "Step the preview one turn".into(),
            LiveCommand::Phase(p) => format!("Preview phase {p}"),
            LiveCommand::Leash(l) => format!("Preview leash {l:?}"),
            LiveCommand::Restart => "Restart the preview".into(),
            LiveCommand::Resolve { path, .. } => format!("Resolve {}", path.display()),
            LiveCommand::OpenBank(p) => format!("Open bank {}", p.display()),
            LiveCommand::DeleteMatch(m) => format!("Delete match {m}"),
            LiveCommand::DeleteSegment(s) => format!("Delete segment {s}"),
            LiveCommand::MergeBank(p) => format!("Merge bank {}", p.display()),
            LiveCommand::SaveBank => "Save the bank".into(),
            LiveCommand::SaveSchema => "Save the schema".into(),
            LiveCommand::ArenaStart { opponent, .. } => format!("Arena: fight {opponent}"),
            LiveCommand::ArenaFinish => "Arena: play to the end".into(),
            LiveCommand::RunScenarios(f) if f.len() == 1 => format!("Run scenario {}", f[0].display()),
            LiveCommand::RunScenarios(f) => format!("Run {} scenarios", f.len()),
            LiveCommand::SavePreviewScenario => "Save the preview's inputs as a scenario".into(),
            LiveCommand::LearnIntoSave(on) => {
                format!("Preview lessons go into the save: {}", if *on { "on" } else { "off" })
            }
            LiveCommand::KeepLearning => "Keep what the preview's creature learnt".into(),
            LiveCommand::ArenaKeep(true) => "Arena: keep the recording".into(),
            LiveCommand::ArenaKeep(false) => "Arena: discard the recording".into(),
            LiveCommand::DeleteFlagged { ids, kinds } => format!("Delete {} events flagged as {kinds}", ids.len()),
            LiveCommand::ScoreShadow(bot) => format!("Score the shadow against {bot}"),
            LiveCommand::ExportBank => "Export the bank as Parquet…".into(),
            LiveCommand::Time(t) => t.label(),
            LiveCommand::ImportBank => "Import a bank from Parquet…".into(),
        }
    }
}

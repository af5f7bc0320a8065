//! What the Game panel asks of a running game attached over the link (SPEC §23).

use creature_core::link::message::{Control, HeatOf, Role};

/// A command to the game link.
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    /// Attaches to the game at `address` with `token`, as `role`.
    Attach { address: String, token: String, role: Role },
    /// Asks the attached game for `control`, said as `what` beside its answer.
    Ask { what: String, control: Control },
    /// Lets the attached game go.
    Detach,
    /// Bookmarks state `at` of the game's creature `creature`, at `sim_time`.
    Bookmark { creature: u32, at: u64, sim_time: f64 },
    /// Puts the game's creature `creature` (named `name`) in focus.
    Focus { creature: u32, name: String },
    /// Saves the game's run received so far to a file chosen (`*.run.ron`).
    SaveRun,
    /// Opens a game's run saved, chosen in a dialog, to look back over.
    OpenRun,
    /// Wants the heat of this tree and window told for the game's creature in focus, or none.
    WantHeat(Option<HeatOf>),
}

impl GameCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            GameCommand::Attach { address, .. } => format!("Attach to the game at {address}"),
            GameCommand::Ask { what, .. } => format!("Ask the game: {what}"),
            GameCommand::Detach => "Let the game go".into(),
            GameCommand::Bookmark { sim_time, .. } => format!("Bookmark the game's run at {sim_time:.1} s"),
            GameCommand::Focus { name, .. } => format!("Put the game's {name} in focus"),
            GameCommand::SaveRun => "Save the game's run…".into(),
            GameCommand::OpenRun => "Open a game's run…".into(),
            GameCommand::WantHeat(Some(of)) => format!("Ask the game for the heat of {} {:?}", of.desire, of.kind),
            GameCommand::WantHeat(None) => "Ask the game for no heat".into(),
        }
    }
}

//! Values a designer watches over a whole run (the debugger's Watches): a desire's
//! value or drive, an opinion, the liking, an object's score by a tree, the hand's
//! running total. Written in RON as conditions are (`Desire("Hunger")`,
//! `Score(desire: "Hunger", tree: ActOn, object: "sheep_1")`), read and checked with
//! the column of a name the data or the world lacks, and measured on a simulation as
//! it is, so that a recording's seeks give the value at any turn.

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron_with, unknown_name};
use crate::names::Desire;
use crate::species::data::{Data, TreeKind};
use crate::world::file::WorldFile;
use crate::world::sim::Sim;

/// One watched value.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Watched {
    /// A desire's value, in [0, its max].
    Desire(Desire),
    /// A desire's drive, the sum of its sources' sigmoids (SPEC §2).
    Drive(Desire),
    /// The opinion of an action, in [−1, 1].
    Opinion(String),
    /// How much the creature likes the player, in [−1, 1].
    Liking,
    /// An object's score by one of a desire's trees (SPEC §9).
    Score { desire: Desire, tree: TreeKind, object: String },
    /// The hand's running total while it holds the creature, in [−1, 1] (SPEC §5).
    HandTotal,
}

/// What a watched value measures, so that values of one kind share an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Unit {
    /// A desire's value.
    Level,
    /// A desire's drive.
    Drive,
    /// Opinions, the liking and the hand's total: from −1 to 1.
    Feeling,
    /// An object's score.
    Score,
}

impl Unit {
    /// The range a plot of the unit shows at least: 0 for a desire's value and drive,
    /// which start there (so that a small rise shows as one); the whole range for the
    /// bounded feelings and scores, so that a flat line shows where it lies.
    #[must_use]
    pub fn span(self) -> (f64, f64) {
        match self {
            Unit::Level | Unit::Drive => (0.0, 0.0),
            Unit::Feeling => (-1.0, 1.0),
            // A usefulness runs from 0 (the worst verdict) to 0.125 (the best) (SPEC §9).
            Unit::Score => (0.0, 0.125),
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Unit::Level => "desire value",
            Unit::Drive => "drive",
            Unit::Feeling => "opinion, liking, hand (−1 to 1)",
            Unit::Score => "usefulness",
        }
    }
}

/// Where a watch's text came from, for its problems.
const FILE: &str = "watch";

impl Watched {
    /// Reads a watch and checks the names it gives against the species data and the
    /// world, a problem placed at its column. One without fields may be written bare
    /// (`Liking`).
    pub fn parse(text: &str, data: &Data, world: &WorldFile) -> Result<Watched, LoadError> {
        let watched: Watched = parse_ron_with(FILE, text.trim(), &crate::error::ron_options_bare_optional())?;
        let text = text.trim();
        let at = |needle: &str, message: String| Err(LoadError::at_text(FILE, text, needle, message));
        match &watched {
            Watched::Opinion(a) if data.action(a).is_none() => {
                at(&format!("\"{a}\""), data.action_named(a).err().unwrap_or_default())
            }
            Watched::Score { object, .. } if !world.has_id(object) => {
                at("object", unknown_name("object", object, world.ids()))
            }
            _ => Ok(watched),
        }
    }

    /// Its value in `sim` now; `None` where it has none (an object that is gone).
    #[must_use]
    pub fn value(&self, sim: &Sim) -> Option<f64> {
        let c = sim.creature();
        match self {
            Watched::Desire(d) => Some(c.desire(*d).value),
            Watched::Drive(d) => sim.desires().get(d.index()).map(|v| v.drive),
            Watched::Opinion(a) => Some(c.opinions.get(a).copied().unwrap_or(0.0)),
            Watched::Liking => Some(c.liking),
            Watched::Score { desire, tree, object } => sim.usefulness(*desire, *tree, object).ok(),
            Watched::HandTotal => Some(sim.teaching().hand.total),
        }
    }

    #[must_use]
    pub fn unit(&self) -> Unit {
        match self {
            Watched::Desire(_) => Unit::Level,
            Watched::Drive(_) => Unit::Drive,
            Watched::Opinion(_) | Watched::Liking | Watched::HandTotal => Unit::Feeling,
            Watched::Score { .. } => Unit::Score,
        }
    }

    /// The watch as written, on one line: what [`Watched::parse`] reads back.
    #[must_use]
    pub fn text(&self) -> String {
        crate::ron_line::ron_line(self)
    }

    /// The watch in a few words, for legends and lists.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Watched::Desire(d) => format!("{d}"),
            Watched::Drive(d) => format!("{d}'s drive"),
            Watched::Opinion(a) => format!("opinion of {a}"),
            Watched::Liking => "liking".to_owned(),
            Watched::Score { desire, tree, object } => format!("score of {object} by {desire} {tree:?}"),
            Watched::HandTotal => "the hand's total".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting() -> (Data, WorldFile) {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        (data, world)
    }

    #[test]
    fn watches_read_bare_or_with_fields_and_bad_names_are_placed() {
        let (data, world) = setting();
        assert_eq!(Watched::parse("Liking", &data, &world).unwrap(), Watched::Liking);
        assert_eq!(Watched::parse(r#"Desire("Hunger")"#, &data, &world).unwrap(), Watched::Desire(Desire::Hunger));
        let e = Watched::parse(r#"Opinion("Eaat")"#, &data, &world).unwrap_err();
        assert_eq!((e.line, e.col), (1, 9), "{e}");
        assert!(e.message.contains("Eat"), "{e}");
        let e = Watched::parse(r#"Score(desire: "Hunger", tree: ActOn, object: "nobody")"#, &data, &world).unwrap_err();
        assert!(e.message.contains("nobody") && e.col > 30, "{e}");
        assert!(Watched::parse(r#"Desire("Hungry")"#, &data, &world).is_err());
    }

    #[test]
    fn a_watch_written_out_reads_back_as_itself() {
        let (data, world) = setting();
        let object = world.ids().next().unwrap().to_owned();
        for w in [
            Watched::Desire(Desire::Hunger),
            Watched::Drive(Desire::Anger),
            Watched::Opinion("Eat".into()),
            Watched::Liking,
            Watched::Score { desire: Desire::Hunger, tree: TreeKind::Activity, object },
            Watched::HandTotal,
        ] {
            let text = w.text();
            assert_eq!(Watched::parse(&text, &data, &world).unwrap_or_else(|e| panic!("{text}: {e}")), w, "{text}");
        }
        assert_eq!(Watched::Drive(Desire::Hunger).text(), r#"Drive("Hunger")"#);
    }
}

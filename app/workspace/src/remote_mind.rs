//! What a game told of one creature's mind when the studio asked (beyond SPEC §23, and
//! optional): the creature as its save's text said it, read by the creature format's
//! reader, the reasons of its decision (Why?) and the heat of the tree the studio shows,
//! each with the game's time when told; or why the game did not tell (a game of §23
//! alone answers an `ask` with an error).

use creature_core::creature::Creature;
use creature_core::link::message::{Told, ToldHeat, Wanted};
use creature_core::species::data::Data;
use creature_core::world::sim::TurnWhy;

/// One creature's mind as the game last told it.
#[derive(Clone, Debug, Default)]
pub struct RemoteMind {
    /// The creature, read from the text told, and the game's time then.
    pub creature: Option<(f64, Creature)>,
    /// The text told and not yet read (the reader needs the species data).
    unread: Option<(f64, String)>,
    /// The reasons of its decision, and the game's time then.
    pub why: Option<(f64, TurnWhy)>,
    /// Why the mind is not shown: the game's error for the `ask`, or what did not read.
    pub not_told: Option<String>,
    /// The heat of one of its trees (the one asked last), and the game's time then.
    pub heat: Option<(f64, ToldHeat)>,
    /// Why no heat is shown: the game's error for the heat `ask`.
    pub heat_not_told: Option<String>,
}

impl RemoteMind {
    /// Keeps what the game told.
    pub fn take(&mut self, told: Told) {
        match told.what {
            Wanted::Mind => match told.mind {
                Some(text) => {
                    self.unread = Some((told.sim_time, text));
                    self.not_told = None;
                }
                None => self.not_told = Some("the game told a mind without its text".into()),
            },
            Wanted::Why => match told.why.map(serde_json::from_value::<TurnWhy>) {
                Some(Ok(why)) => self.why = Some((told.sim_time, why)),
                Some(Err(e)) => self.not_told = Some(format!("the game's reasons do not read: {e}")),
                None => self.not_told = Some("the game told reasons without them".into()),
            },
            Wanted::Heat => match told.heat {
                Some(heat) => {
                    self.heat = Some((told.sim_time, heat));
                    self.heat_not_told = None;
                }
                None => self.heat_not_told = Some("the game told a heat without its counts".into()),
            },
        }
    }

    /// Reads the text told with `data`, the studio's species folder: a mind that does
    /// not read keeps the last one read, and says why.
    pub fn read(&mut self, creature: u32, data: &Data) {
        let Some((sim_time, text)) = self.unread.take() else { return };
        match Creature::parse(&format!("the game's creature {creature}"), &text, data) {
            Ok(c) => self.creature = Some((sim_time, c)),
            Err(errors) => {
                let first = errors.first().map_or_else(String::new, ToString::to_string);
                self.not_told = Some(format!("the mind the game told does not read: {first}"));
            }
        }
    }
}

//! [`Life`]: what a creature's run carries from one turn to the next and a snapshot
//! keeps (SPEC §17), in named parts, each beside the file that changes it.
//!
//! Its fields are in the order a snapshot writes them, after the world file, the curve,
//! the creature and the village: postcard writes a struct as its fields one after
//! another, so deriving the format here names each part once and gives the bytes the
//! parts gave one by one.

use serde::{Deserialize, Serialize};

use super::act::Going;
use super::choose::{Judgement, Planning};
use super::clock::Clock;
use super::hand::Holding;
use super::phase::Tally;
use super::schedule::Schedule;
use super::senses::{Memory, Readings};
use crate::creature::lesson::Teaching;
use crate::mind::plan::Candidate;
use crate::rng::Rng;

/// The running state of a [`Sim`](super::Sim) that is neither data, world nor creature:
/// every field decides what happens next and is frozen, in this order.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Life {
    /// The one seeded generator every random choice of the run draws from.
    pub(super) rng: Rng,
    /// The hand's touches and the lessons they give (SPEC §5–§7).
    pub(super) teaching: Teaching,
    pub(super) clock: Clock,
    pub(super) read: Readings,
    pub(super) planning: Planning,
    pub(super) hold: Holding,
    pub(super) judgement: Judgement,
    pub(super) going: Going,
    pub(super) memory: Memory,
    pub(super) schedule: Schedule,
    pub(super) tally: Tally,
    /// Whether each turn's events are kept for [`Sim::take_events`](super::Sim::take_events).
    pub(super) recording: bool,
    /// The plan the player asked for (`Act::Plan`, or food stroked in its hands),
    /// carried out to its end: it is not given up for a more urgent one.
    pub(super) commanded: Option<Candidate>,
}

impl Life {
    /// A run's start: nothing read, planned or held yet, the player's deeds scheduled by
    /// `schedule`, the generator seeded with `seed` as it is.
    pub(super) fn starting(seed: u64, schedule: Schedule) -> Life {
        Life {
            rng: Rng::seeded(seed),
            teaching: Teaching::default(),
            clock: Clock::default(),
            read: Readings::default(),
            planning: Planning::default(),
            hold: Holding::default(),
            judgement: Judgement::default(),
            going: Going::default(),
            memory: Memory::default(),
            schedule,
            tally: Tally::default(),
            recording: false,
            commanded: None,
        }
    }
}

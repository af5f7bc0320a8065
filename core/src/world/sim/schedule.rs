//! What the world and the player have set for later: the next replacement of an eaten
//! being, the next harvest, the next miracle try, the miracles cast so far, and the
//! player's scheduled casts and deeds (a world file's `hand`). The world's turn
//! (`senses`) runs what falls due; the hand (`hand`) runs the player's part.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::names::Desire;
use crate::world::file::{HandDef, WorldFile};

/// When the world's and the player's next happenings are due.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Schedule {
    /// When the next eaten being is replaced.
    pub(super) next_respawn: f64,
    pub(super) next_harvest: f64,
    pub(super) next_miracle_try: f64,
    /// Miracles the creature has cast successfully in this run.
    pub(super) cast_ok: BTreeSet<String>,
    /// The player's casts and deeds to come.
    pub(super) player: Vec<Scheduled>,
}

/// A miracle or deed on the player's schedule.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Scheduled {
    pub(super) next: f64,
    pub(super) every: f64,
    pub(super) left: Option<u32>,
    pub(super) what: Doing,
}

/// What the player does when a [`Scheduled`] entry falls due.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) enum Doing {
    Cast { miracle: String, on: String },
    Deed { desire: Desire, action: String, object: String },
}

impl Schedule {
    /// A run's schedule at its start in `world`: nothing to replace, the first harvest
    /// a harvest's time away, no miracle tried; the player's part is set by
    /// [`Schedule::plan_player`].
    pub(super) fn starting(world: &WorldFile) -> Schedule {
        Schedule {
            next_respawn: f64::INFINITY,
            next_harvest: world.body.harvest_seconds,
            next_miracle_try: f64::INFINITY,
            cast_ok: BTreeSet::new(),
            player: Vec::new(),
        }
    }

    /// The player's scheduled miracles and deeds in `hand`, from `now` on.
    pub(super) fn plan_player(&mut self, hand: &HandDef, now: f64) {
        let next = |first: f64, every: f64| {
            if first >= now || every <= 0.0 { first } else { first + ((now - first) / every).ceil() * every }
        };
        let mut player: Vec<Scheduled> = hand
            .casts
            .iter()
            .map(|c| Scheduled {
                next: next(c.first, c.every),
                every: c.every,
                left: c.times,
                what: Doing::Cast { miracle: c.miracle.clone(), on: c.on.clone() },
            })
            .collect();
        player.extend(hand.deeds.iter().map(|d| Scheduled {
            next: next(d.first, d.every),
            every: d.every,
            left: d.times,
            what: Doing::Deed { desire: d.desire, action: d.action.clone(), object: d.object.clone() },
        }));
        // Casts and deeds scheduled once, in the past, are over.
        player.retain(|s| s.next >= now || s.every > 0.0);
        self.player = player;
    }
}

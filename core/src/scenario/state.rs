//! The state of a run at one turn (SPEC §16 `STATE`), as `scenario run --state-at` and
//! `recording seek` print it: equal runs give equal states, down to a digest of the
//! 80 trees' examples.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::names::Desire;
use crate::world::sim::Sim;

/// The plan under way, by name.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct PlanState {
    pub desire: Desire,
    pub action: String,
    pub object: String,
}

/// The run's state at one turn.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct State {
    pub sim_time: f64,
    pub turn: u64,
    pub position: [f64; 2],
    pub phase: u8,
    pub liking: f64,
    pub lessons: u64,
    pub desires: BTreeMap<Desire, f64>,
    pub opinions: BTreeMap<String, f64>,
    pub plan: Option<PlanState>,
    pub trees_digest: String,
}

impl State {
    /// The state of `sim` now.
    pub fn of(sim: &Sim) -> State {
        let c = sim.creature();
        let (x, y) = sim.position();
        State {
            sim_time: sim.time(),
            turn: sim.turns(),
            position: [x, y],
            phase: c.phase,
            liking: c.liking,
            lessons: sim.summary().lessons,
            desires: c.desires.iter().map(|d| (d.name, d.value)).collect(),
            opinions: c.opinions.clone(),
            plan: sim.plan().map(|p| PlanState { desire: p.desire, action: p.action, object: p.object }),
            trees_digest: trees_digest(c),
        }
    }
}

/// A digest of the examples of every tree of the creature, in a fixed order: equal
/// examples give an equal digest on every machine and every run (FNV-1a, 64 bits,
/// over the examples' answers in name order and their feedback's bits).
pub fn trees_digest(c: &crate::creature::Creature) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for t in &c.trees {
        eat(t.desire.name().as_bytes());
        for (kind, memory) in [("activity", &t.activity), ("acton", &t.acton)] {
            eat(kind.as_bytes());
            for e in &memory.examples {
                for (k, v) in &e.answers {
                    eat(k.as_bytes());
                    eat(b"=");
                    eat(v.as_bytes());
                    eat(b";");
                }
                eat(&e.feedback.to_bits().to_le_bytes());
            }
            eat(b"|");
        }
    }
    format!("{h:016x}")
}

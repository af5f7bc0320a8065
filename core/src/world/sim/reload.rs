//! Hot reload: species data, the creature and the world swapped into a running
//! simulation, which keeps its clock and goes on with the new files.

use std::sync::Arc;

use super::choose::Current;
use super::{Setting, Sim, Tables};
use crate::creature::Creature;
use crate::names::Desire;
use crate::species::data::Data;
use crate::world::file::WorldFile;

impl Sim {
    /// Swaps in reloaded species data; the run goes on from where it is.
    pub fn reload_data(&mut self, data: Arc<Data>) {
        let action_name = self.life.planning.current.as_ref().map(|c| self.tables.actions[c.cand.action].name.clone());
        self.data = data;
        self.tables = Arc::new(Tables::new(&self.data, &self.file, &self.village));
        for i in 0..self.village.objects.len() {
            self.village.refresh(i, &self.data.attributes);
        }
        if let Some(name) = action_name {
            match self.tables.actions.iter().position(|a| a.name == name) {
                Some(a) => {
                    if let Some(c) = &mut self.life.planning.current {
                        c.cand.action = a;
                    }
                }
                None => self.life.planning.current = None,
            }
        }
        self.life.judgement.last_done.clear();
        self.conform_creature();
        self.refresh_tables();
    }

    /// Swaps in a reloaded creature (its mind and body); the creature keeps its place
    /// in the village and the run goes on.
    pub fn reload_creature(&mut self, creature: Creature) {
        self.creature = creature;
        self.conform_creature();
        self.restart_phase();
        self.refresh_tables();
    }

    /// Swaps in a reloaded world: objects come from the new file, the creature stays
    /// where it is, the clock goes on. A plan whose object is gone is dropped; a forced
    /// verdict stays on its object by id, or is let go with the object.
    pub fn reload_world(&mut self, world: WorldFile) {
        let id = |s: &Sim, i: Option<usize>| i.map(|i| s.village.objects[i].id.clone());
        let plan_ids =
            self.life.planning.current.as_ref().map(|c| (id(self, Some(c.cand.object)), id(self, Some(c.cand.target))));
        let held = id(self, self.life.hold.held);
        let pos = self.position();
        let Setting { world, village, tables } = Setting::new(&self.data, world);
        (self.file, self.village, self.tables) = (Arc::new(world), village, tables);
        self.life.read.distances.clear();
        let me = self.village.me;
        self.village.objects[me].pos = self.village.clamp(pos);
        self.life.hold.held = held.and_then(|h| self.village.find(&h));
        self.life.hold.hand_holding = self.file.hand.holding.as_deref().and_then(|h| self.village.find(h));
        self.keep_forced_on_their_objects();
        if let (Some((Some(o), Some(t))), Some(mut cand)) =
            (plan_ids, self.life.planning.current.as_ref().map(|c| c.cand))
        {
            match (self.village.find(&o), self.village.find(&t)) {
                (Some(o), Some(t)) => {
                    cand.object = o;
                    cand.target = t;
                    // Steps name objects by index: start the agenda afresh on the new map.
                    let agenda = self.agenda_for(cand);
                    self.life.planning.current = Some(Current { cand, agenda });
                }
                _ => {
                    self.life.planning.current = None;
                    self.life.teaching.end_plan(None, self.life.clock.time);
                }
            }
        }
        self.life.memory.stuff_dirty = true;
        self.life.schedule.next_respawn = f64::INFINITY;
        self.rebuild_schedule();
        self.refresh_tables();
    }

    /// Makes the creature fit the data: one threshold per source, an opinion per action.
    /// A creature built in code rather than loaded may lack desires or trees: those it
    /// lacks start as a newborn's, so that the run never indexes past them.
    pub(super) fn conform_creature(&mut self) {
        let c = &mut self.creature;
        let in_order = c.desires.len() == Desire::COUNT && c.desires.iter().zip(Desire::ALL).all(|(s, d)| s.name == *d);
        let trees_in_order =
            c.trees.len() == Desire::COUNT && c.trees.iter().zip(Desire::ALL).all(|(t, d)| t.desire == *d);
        if !in_order || !trees_in_order {
            let newborn = Creature::newborn(&self.data, c.species, c.seed);
            if !in_order {
                c.desires = newborn
                    .desires
                    .into_iter()
                    .map(|fresh| c.desires.iter().find(|s| s.name == fresh.name).cloned().unwrap_or(fresh))
                    .collect();
            }
            if !trees_in_order {
                c.trees = newborn
                    .trees
                    .into_iter()
                    .map(|fresh| c.trees.iter().find(|t| t.desire == fresh.desire).cloned().unwrap_or(fresh))
                    .collect();
            }
        }
        c.phase = c.phase.min((crate::species::data::PHASE_COUNT - 1) as u8);
        for (state, def) in self.creature.desires.iter_mut().zip(&self.data.desires) {
            if state.thresholds.len() != def.sources.len() {
                let defaults = def.sources.iter().map(|s| s.threshold);
                let kept: Vec<f64> =
                    state.thresholds.iter().copied().chain(defaults.skip(state.thresholds.len())).collect();
                state.thresholds = kept.into_iter().take(def.sources.len()).collect();
            }
        }
        for a in &self.data.actions.actions {
            self.creature.opinions.entry(a.name.clone()).or_insert(0.0);
        }
    }
}

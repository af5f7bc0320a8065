//! A running creature as the link says it (SPEC §23): the `welcome`'s entry, the `state`
//! a client subscribed to, and each trace event as an `event`. The host on the ground
//! floor carries these; this is where a [`Sim`] becomes them, for any game that runs
//! creatures with this crate. Beyond §23, optionally, what a client `ask`s of a creature:
//! its mind (the creature save's text) and the reasons of its decision now (Why?).

use serde_json::{Value, json};

use super::sim::{Event, Sim};
use crate::link::message::{Ask, Told, Wanted};

/// A creature's entry in the host's `welcome`.
pub fn creature(sim: &Sim, id: u32) -> Value {
    let c = sim.creature();
    json!({"id": id, "name": c.name, "species": c.species.name(), "phase": c.phase})
}

/// The `state` of creature `id`: its 40 desires, plan and agenda, liking, phase and
/// position.
pub fn state(sim: &Sim, id: u32) -> Value {
    let c = sim.creature();
    let desires: Vec<f64> = sim.desires().iter().map(|d| d.value).collect();
    let plan = sim.plan();
    let (x, y) = sim.position();
    json!({
        "t": "state",
        "creature": id,
        "sim_time": sim.time(),
        "desires": desires,
        "plan": plan.as_ref().map(|p| json!({"desire": p.desire.name(), "action": p.action, "object": p.object})),
        "agenda": plan.as_ref().map(|p| p.steps.clone()).unwrap_or_default(),
        "liking": c.liking,
        "phase": c.phase,
        "position": [x, y],
    })
}

/// What `ask` wants of creature `sim` runs: its mind, the creature save's text as a save
/// writes it (SPEC §14), or the reasons the studio's Why? shows for its own preview
/// ([`Sim::why`]), at the run's time now. A tree's heat is counted over the run's past
/// turns, which a `Sim` alone does not keep: a game tells it from its recording, and is
/// refused here.
pub fn told(sim: &Sim, ask: &Ask) -> Result<Told, String> {
    let mut told = Told::of(ask.creature, ask.what, sim.time());
    match ask.what {
        Wanted::Mind => told.mind = Some(sim.creature().to_ron()),
        Wanted::Why => told.why = Some(serde_json::to_value(sim.why()).map_err(|e| e.to_string())?),
        Wanted::Heat => {
            return Err("a tree's heat is counted over the run's recording, which this run does not keep".into());
        }
    }
    Ok(told)
}

/// An `event` of creature `id` for a trace event (plans, lessons with their credit,
/// phases, skills, miracles) or a forced verdict let go when a reload took its object
/// away (`unforced`, told to the studio that forced it), or `None` for the events the
/// trace leaves out.
pub fn event(sim: &Sim, id: u32, event: &Event) -> Option<Value> {
    if !event.is_trace() && !matches!(event, Event::Unforced { .. }) {
        return None;
    }
    let mut v = serde_json::to_value(event).ok()?;
    let object = v.as_object_mut()?;
    let name = object.remove("event")?;
    object.remove("t");
    let mut out = json!({"t": "event", "creature": id, "sim_time": sim.time(), "event": name});
    out.as_object_mut()?.extend(std::mem::take(object));
    Some(out)
}

/// The `event` that says a file's text reached creature `id`'s run (`reloaded`), or
/// why it did not (`reload_failed`, with the file, line, column and message of the
/// first error, as a local hot reload reports them).
pub fn reload(sim: &Sim, id: u32, file: &str, outcome: Result<(), &crate::error::LoadError>) -> Value {
    let mut out = json!({"t": "event", "creature": id, "sim_time": sim.time(), "file": file});
    let fields = out.as_object_mut().expect("an event is an object");
    match outcome {
        Ok(()) => {
            fields.insert("event".into(), "reloaded".into());
        }
        Err(e) => {
            fields.insert("event".into(), "reload_failed".into());
            fields.insert("file".into(), e.file.clone().into());
            fields.insert("line".into(), e.line.into());
            fields.insert("column".into(), e.col.into());
            fields.insert("message".into(), e.message.clone().into());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::names::Species;
    use crate::species::data::Data;
    use crate::world::file::WorldFile;

    fn newborn_cow() -> Sim {
        let data = Arc::new(Data::builtin().expect("the shipped species data loads"));
        let world = WorldFile::builtin(&data).expect("the bundled village loads");
        Sim::newborn(data, Species::Cow, world, 1)
    }

    #[test]
    fn a_reload_is_said_as_reloaded_or_as_failed_with_its_position() {
        let sim = newborn_cow();
        let ok = reload(&sim, 3, "cow.ron", Ok(()));
        assert_eq!(
            (ok["t"].as_str(), ok["event"].as_str(), ok["file"].as_str()),
            (Some("event"), Some("reloaded"), Some("cow.ron"))
        );
        assert_eq!(ok["creature"], 3);
        let bad = crate::error::LoadError::new("cow.ron", 4, 9, "expected a number");
        let failed = reload(&sim, 3, "cow.ron", Err(&bad));
        assert_eq!(failed["event"], "reload_failed");
        assert_eq!((failed["line"].as_u64(), failed["column"].as_u64()), (Some(4), Some(9)));
        assert_eq!(failed["message"], "expected a number");
    }

    #[test]
    fn a_state_has_forty_desires_the_plan_and_where_the_creature_is() {
        let mut sim = newborn_cow();
        sim.run(600);
        let s = state(&sim, 7);
        assert_eq!(s["t"], "state");
        assert_eq!(s["creature"], 7);
        assert_eq!(s["desires"].as_array().unwrap().len(), 40);
        assert_eq!(s["desires"][0], sim.desires()[0].value);
        assert_eq!(s["phase"], sim.creature().phase);
        assert_eq!(s["position"][0], sim.position().0);
        match sim.plan() {
            Some(p) => assert_eq!(s["plan"]["action"], p.action),
            None => assert!(s["plan"].is_null()),
        }
        assert_eq!(creature(&sim, 7)["species"], "Cow");
    }

    #[test]
    fn a_told_mind_reads_as_the_creature_with_its_trees_and_the_reasons_read_back() {
        let mut sim = newborn_cow();
        sim.run(600);
        for act in [crate::world::sim::Act::Hold, crate::world::sim::Act::Stroke, crate::world::sim::Act::Release] {
            sim.apply(&act).unwrap();
        }
        let told = told(&sim, &Ask::of(3, Wanted::Mind)).unwrap();
        assert_eq!((told.creature, told.sim_time), (3, sim.time()));
        let back = crate::creature::Creature::parse("told.creature.ron", told.mind.as_deref().unwrap(), sim.data())
            .expect("the told mind reads as a creature save");
        assert_eq!(back.trees, sim.creature().trees);
        assert_eq!(back.name, sim.creature().name);

        let why = super::told(&sim, &Ask::of(3, Wanted::Why)).unwrap();
        let read: crate::world::sim::TurnWhy = serde_json::from_value(why.why.unwrap()).expect("the reasons read back");
        assert_eq!(read, sim.why());
    }

    #[test]
    fn trace_events_become_link_events_named_as_the_trace_names_them() {
        let mut sim = newborn_cow();
        sim.record(true);
        sim.run(3000);
        let events = sim.take_events();
        let plan = events.iter().find(|e| matches!(e, Event::Plan { .. })).expect("a newborn plans within 300 s");
        let e = event(&sim, 2, plan).unwrap();
        assert_eq!(
            (e["t"].as_str(), e["event"].as_str(), e["creature"].as_u64()),
            (Some("event"), Some("plan"), Some(2))
        );
        assert!(e["action"].is_string(), "{e}");
    }

    #[test]
    fn a_forced_verdict_a_reload_lets_go_is_told_to_the_studio() {
        let mut sim = newborn_cow();
        let mut world = WorldFile::builtin(sim.data()).unwrap();
        let gone = world.objects.iter().find(|o| o.id != "self").unwrap().id.clone();
        let force = crate::world::sim::Act::Force {
            desire: crate::names::Desire::Hunger,
            tree: None,
            object: gone.clone(),
            verdict: 0.5,
        };
        sim.apply(&force).unwrap();
        world.objects.retain(|o| o.id != gone);
        sim.record(true);
        sim.reload_world(world);
        let told: Vec<Value> = sim.take_events().iter().filter_map(|e| event(&sim, 3, e)).collect();
        assert_eq!(told.len(), 2, "both trees' verdicts: {told:?}");
        assert_eq!((told[0]["event"].as_str(), told[0]["object"].as_str()), (Some("unforced"), Some(gone.as_str())));
        assert_eq!(told[0]["creature"], 3);
    }
}

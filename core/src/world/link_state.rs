//! A running creature as the link says it (SPEC §23): the `welcome`'s entry, the `state`
//! a client subscribed to, and each trace event as an `event`. The host on the ground
//! floor carries these; this is where a [`Sim`] becomes them, for any game that runs
//! creatures with this crate.

use serde_json::{Value, json};

use super::sim::{Event, Sim};

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

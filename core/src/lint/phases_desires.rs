//! The rules on the species tables and the world they meet: phases no condition
//! reaches, desires that never turn active, actions nothing uses, desires that can
//! never make a plan.

use super::{Rule, Subject, Warning};
use crate::mind::desire::time_to_full;
use crate::names::Trait;
use crate::reads::Reads;
use crate::ronpos::Placer;
use crate::species::BIRTH_VARIATION;
use crate::species::data::{ACTIONS_FILE, Ability, DESIRES_FILE, Data, PHASES_FILE};
use crate::species::rules::{Kind, Kinds};
use crate::world::affordances::{about, affords};
use crate::world::file::WorldFile;

/// A week of simulated time, the longest scenario: a desire that takes longer than
/// this to fill from its strongest source is never felt in any run.
const WEEK: f64 = 7.0 * 24.0 * 3600.0;

pub(super) fn lint(s: &Subject<'_>, out: &mut Vec<Warning>) {
    let world = &s.world;
    let blocked = first_unreachable(s.data);
    if let (Some((first, why)), Some((file, text))) = (&blocked, s.species_file(PHASES_FILE)) {
        let placer = Placer::new(text);
        for p in *first..s.data.phases.len() {
            let name = &s.data.phases[p].name;
            let msg = format!("phase {p} ({name}) can never be reached by itself: {why}");
            out.push(Warning::new(Rule::UnreachablePhase, file, placer.item("phases", p, Some("name")), name, msg));
        }
    }
    if let Some((file, text)) = s.species_file(DESIRES_FILE) {
        never_active(s.data, blocked.as_ref().map(|b| b.0), file, text, out);
        no_affordance(s, world, file, text, out);
    }
    if let Some((file, text)) = s.species_file(ACTIONS_FILE) {
        unused_actions(s, world, file, text, out);
    }
}

/// The first phase no advance condition leads to, and why.
fn first_unreachable(data: &Data) -> Option<(usize, String)> {
    let last = data.phases.len().saturating_sub(1);
    for (p, phase) in data.phases.iter().enumerate().take(last) {
        let name = &phase.name;
        let Some(adv) = &phase.advance else {
            return Some((
                p + 1,
                format!("phase {p} ({name}) has no `advance`, so a creature stays there until it is set by hand"),
            ));
        };
        let lacks = |a: Ability| !data.has_ability(u8::try_from(p).unwrap_or(u8::MAX), a);
        let needs = [
            (adv.lessons > 0 && lacks(Ability::HandTeaches), "hand lessons", Ability::HandTeaches),
            (adv.events.iter().any(|e| e == "took_food") && lacks(Ability::TakeFood), "taking food", Ability::TakeFood),
            (
                adv.events.iter().any(|e| e == "left_pen") && lacks(Ability::LeavePen),
                "leaving the pen",
                Ability::LeavePen,
            ),
        ];
        if let Some((_, what, ability)) = needs.iter().find(|n| n.0) {
            return Some((
                p + 1,
                format!("phase {p} ({name}) waits for {what}, which {ability:?} allows only at a later phase"),
            ));
        }
    }
    None
}

/// The most an input can read: 1 for every input but the traits, which reach their
/// species' value plus the birth variation (aggression only where a species connects it).
fn input_max(data: &Data, reads: Reads) -> f64 {
    let Some(t) = Trait::ALL.iter().copied().find(|t| Reads::of_trait(*t) == reads) else { return 1.0 };
    data.species
        .iter()
        .filter(|sp| t != Trait::Aggression || sp.aggression_connected)
        .map(|sp| (sp.traits.get(t) + BIRTH_VARIATION).min(1.0))
        .fold(0.0, f64::max)
}

fn never_active(data: &Data, blocked: Option<usize>, file: &str, text: &str, out: &mut Vec<Warning>) {
    let placer = Placer::new(text);
    for (i, d) in data.desires.iter().enumerate() {
        let at = placer.item("desires", i, Some("name"));
        let why = if let Some(on) = d.phase.filter(|on| blocked.is_some_and(|b| usize::from(*on) >= b)) {
            Some(format!("it turns on at phase {on}, which no phase's `advance` reaches"))
        } else if d.phase.is_none() && d.on_while.is_none() {
            Some("no phase turns it on, and it has no `on_while`".to_owned())
        } else if d.off.is_some_and(|off| d.phase.is_some_and(|on| off <= on)) {
            Some("it is turned off no later than it is turned on".to_owned())
        } else if d.max <= 0.0 {
            Some("its max is 0, so its value stays 0".to_owned())
        } else if d.sources.is_empty() {
            Some("it has no sources, so nothing ever drives it".to_owned())
        } else {
            let fastest = d
                .sources
                .iter()
                .flat_map(|src| {
                    let v = input_max(data, src.reads);
                    data.species.iter().filter_map(move |sp| {
                        time_to_full(d.max, sp.increase_seconds(data, d.name), src.threshold, v, data.steepness)
                    })
                })
                .fold(f64::INFINITY, f64::min);
            if fastest.is_infinite() {
                Some(
                    "none of its sources can drive it: each reads an input that stays at 0 or has threshold 1"
                        .to_owned(),
                )
            } else if fastest > WEEK {
                Some(format!(
                    "even its strongest source at its highest would take {:.0} days to fill it, longer than a week",
                    fastest / 86_400.0
                ))
            } else {
                None
            }
        };
        if let Some(why) = why {
            let msg = format!("{} can never be active: {why}", d.name);
            out.push(Warning::new(Rule::NeverActive, file, at, d.name.to_string(), msg));
        }
    }
}

/// The kinds of the objects in the village, as one set.
fn present(s: &Subject<'_>) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = s.village.objects.iter().map(|o| o.kind).collect();
    kinds.sort_by_key(|k| k.index());
    kinds.dedup();
    kinds
}

fn any_admitted(set: Option<&Kinds>, kinds: &[Kind]) -> bool {
    set.is_none_or(|k| kinds.iter().any(|kind| k.admits(*kind)))
}

fn unused_actions(s: &Subject<'_>, world: &WorldFile, file: &str, text: &str, out: &mut Vec<Warning>) {
    let placer = Placer::new(text);
    let affords = affords(world, &s.data.kinds);
    let kinds = present(s);
    let world_name = s.world_file.as_ref().map_or("the built-in village", |(f, _)| f.as_str());
    for (i, a) in s.data.actions.actions.iter().enumerate() {
        let at = placer.item("actions", i, Some("name"));
        let listed = s.data.desires.iter().any(|d| d.actions.contains(&a.name));
        let msg = if !listed {
            Some(format!("no desire lists {} among its actions, so no plan can use it", a.name))
        } else if !any_admitted(affords.get(&a.name), &kinds) {
            Some(format!("no object in {world_name} is of a kind {} can be done to", a.name))
        } else {
            None
        };
        if let Some(msg) = msg {
            out.push(Warning::new(Rule::UnusedAction, file, at, &a.name, msg));
        }
    }
}

fn no_affordance(s: &Subject<'_>, world: &WorldFile, file: &str, text: &str, out: &mut Vec<Warning>) {
    let placer = Placer::new(text);
    let affords = affords(world, &s.data.kinds);
    let about = about(world, &s.data.kinds);
    let kinds = present(s);
    let world_name = s.world_file.as_ref().map_or("the built-in village", |(f, _)| f.as_str());
    for (i, d) in s.data.desires.iter().enumerate() {
        let at = placer.item("desires", i, Some("actions"));
        let about = about.get(&d.name);
        // A plan needs an object its action can be done to and, for a desire that is
        // not social, the same object must be what the desire is about; a social
        // desire's target may be anyone it is about.
        let possible = d.actions.iter().any(|a| {
            let on = affords.get(a);
            if d.social {
                any_admitted(on, &kinds) && any_admitted(about, &kinds)
            } else {
                kinds.iter().any(|k| on.is_none_or(|o| o.admits(*k)) && about.is_none_or(|b| b.admits(*k)))
            }
        });
        if d.actions.is_empty() {
            let msg = format!("{} lists no actions, so it can never make a plan", d.name);
            let at = placer.item("desires", i, Some("name"));
            out.push(Warning::new(Rule::NoAffordance, file, at, d.name.to_string(), msg));
        } else if !possible {
            let msg = format!(
                "nothing in {world_name} affords any of {}'s actions ({}) and is what it can be about, so it can never make a plan",
                d.name,
                d.actions.join(", ")
            );
            out.push(Warning::new(Rule::NoAffordance, file, at, d.name.to_string(), msg));
        }
    }
}

//! The reducers: how each [`Edit`] changes the value of its document. Numbers are
//! clamped to the ranges the files allow, so an edit can never make a document that
//! would not load again.

use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::mind::script::{LessonScript, MAX_SECONDS, ScriptEvent};
use creature_core::mind::tree::Example;
use creature_core::species::data::{DESIRE_MAX_CAP, Data, DesireTable};
use creature_core::species::{Climate, SpeciesDef};
use creature_shadow::bank::merge;
use creature_shadow::compose::{Filter, compose};
use creature_shadow::schema::Schema;

use crate::document::SharedBank;
use crate::edit::{BodyField, DesireField, Edit};

pub(crate) fn apply_schema(s: &mut Schema, edit: Edit) {
    match edit {
        Edit::SchemaReplace { with, .. } => *s = *with,
        Edit::SchemaWeight { feature, weight, .. } => {
            if let Some(f) = s.features.get_mut(feature)
                && weight.is_finite()
            {
                f.weight = weight.max(0.0);
            }
        }
        _ => {}
    }
}

/// A bank edit works on a copy, so that a failure halfway leaves the bank as it was and
/// the undo history keeps the old bank without copying it.
pub(crate) fn apply_bank(b: &mut SharedBank, edit: Edit, here: &str) -> Result<(), String> {
    let bank = b.0.as_ref();
    let next = match edit {
        Edit::BankDeleteMatch { match_id, .. } => {
            if !bank.events().iter().any(|e| e.match_id == match_id) {
                return Err(format!("{here} has no match {match_id}"));
            }
            let mut next = bank.clone();
            next.delete_match(match_id);
            next
        }
        Edit::BankDeleteSegment { segment, .. } => {
            if !bank.events().iter().any(|e| e.segment == segment) {
                return Err(format!("{here} has no segment {segment}"));
            }
            let mut next = bank.clone();
            next.delete_segment(segment);
            next
        }
        Edit::BankDeleteEvents { ids, .. } => {
            let ids: std::collections::BTreeSet<u64> = ids.into_iter().collect();
            if !bank.events().iter().any(|e| ids.contains(&e.id)) {
                return Err(format!("{here} has none of the {} events to delete", ids.len()));
            }
            let mut next = bank.clone();
            next.delete_events(&ids);
            next
        }
        Edit::BankMerge { other, label, .. } => merge(&[(here, bank), (label.as_str(), other.0.as_ref())])
            .map_err(|e| format!("cannot merge {label}: {e}"))?,
        Edit::BankCompose { parts, .. } => {
            let parts: Vec<(&str, &creature_shadow::bank::Bank, &Filter)> =
                parts.iter().map(|(n, b, f)| (n.as_str(), b.0.as_ref(), f)).collect();
            compose(&parts).map_err(|e| format!("cannot compose {here}: {e}"))?.bank
        }
        Edit::BankHand { edit, .. } => bank.hand_edit(&edit, None).map_err(|e| format!("{here}: {e}"))?,
        Edit::BankKeep { pending, recorded_at, .. } => {
            let mut next = bank.clone();
            next.keep(&pending, recorded_at).map_err(|e| format!("cannot keep the match: {e}"))?;
            next
        }
        _ => return Ok(()),
    };
    b.0 = Arc::new(next);
    Ok(())
}

fn finite(v: f64, lo: f64, hi: f64, old: f64) -> f64 {
    if v.is_finite() { v.clamp(lo, hi) } else { old }
}

pub(crate) fn apply_species(s: &mut SpeciesDef, edit: &Edit) {
    match *edit {
        Edit::Trait { t, value, .. } => {
            let v = s.traits.get_mut(t);
            *v = finite(value, 0.0, 1.0, *v);
        }
        Edit::AggressionConnected { on, .. } => s.aggression_connected = on,
        Edit::Body { field, value, .. } => {
            let b = &mut s.body;
            match field {
                BodyField::Strength => b.strength = finite(value, 0.0, 1.0, b.strength),
                BodyField::Speed => b.speed = finite(value, 0.01, 50.0, b.speed),
                BodyField::EnergyPerMeal => b.energy_per_meal = finite(value, 0.0, 1.0, b.energy_per_meal),
                BodyField::GrowUpSeconds => b.grow_up_seconds = finite(value, 1.0, 1e9, b.grow_up_seconds),
            }
        }
        Edit::Climate { warm, .. } => s.body.climate = if warm { Climate::Warm } else { Climate::Cold },
        Edit::Miracle { value, .. } => s.miracle_multiplier = finite(value, 0.01, 100.0, s.miracle_multiplier),
        Edit::IncreaseOverride { desire, seconds, .. } => match seconds {
            Some(v) if v.is_finite() => {
                s.increase_overrides.insert(desire, v.clamp(1.0, 1200.0));
            }
            _ => {
                s.increase_overrides.remove(&desire);
            }
        },
        _ => {}
    }
}

pub(crate) fn apply_desires(t: &mut DesireTable, edit: &Edit) {
    match *edit {
        Edit::Steepness(k) => t.steepness = finite(k, 0.1, 1000.0, t.steepness),
        Edit::DesireNumber { desire, field, value } => {
            let Some(d) = t.desires.get_mut(desire.index()) else { return };
            match field {
                DesireField::Max => d.max = finite(value, 0.0, DESIRE_MAX_CAP, d.max),
                DesireField::IncreaseSeconds => d.increase_seconds = finite(value, 1.0, 1200.0, d.increase_seconds),
                DesireField::Decay => d.decay = finite(value, 0.0, 1.0, d.decay),
                DesireField::DistanceWeight => d.distance_weight = finite(value, 0.0, 1.0, d.distance_weight),
                DesireField::Growth => d.sensitivity.growth = finite(value, 0.0, 1.0, d.sensitivity.growth),
                DesireField::ThresholdSensitivity => {
                    d.sensitivity.threshold = finite(value, 0.0, 1.0, d.sensitivity.threshold);
                }
                DesireField::MaximumSensitivity => {
                    d.sensitivity.maximum = finite(value, 0.0, 1.0, d.sensitivity.maximum);
                }
                DesireField::Phase => {
                    d.phase = Some(finite(value.round(), 0.0, 13.0, f64::from(d.phase.unwrap_or(0))) as u8);
                }
            }
        }
        Edit::Threshold { desire, source, value } => {
            if let Some(s) = t.desires.get_mut(desire.index()).and_then(|d| d.sources.get_mut(source)) {
                s.threshold = finite(value, 0.2, 1.0, s.threshold);
            }
        }
        _ => {}
    }
}

pub(crate) fn apply_creature(c: &mut Creature, edit: Edit, data: &Data) {
    let attributes = &data.attributes;
    match edit {
        Edit::Liking { value, .. } => c.liking = finite(value, -1.0, 1.0, c.liking),
        Edit::Phase { phase, .. } => c.phase = phase.min(13),
        Edit::DesireValue { desire, value, .. } => {
            let d = c.desire_mut(desire);
            d.value = finite(value, 0.0, d.max.max(0.0), d.value);
        }
        Edit::Opinion { action, value, .. } if data.action(&action).is_some() => {
            let v = c.opinions.entry(action).or_insert(0.0);
            *v = finite(value, -1.0, 1.0, *v);
        }
        Edit::CreatureTrait { t, value, .. } => {
            let v = c.traits.get_mut(t);
            *v = finite(value, 0.0, 1.0, *v);
        }
        Edit::ExampleAdd { desire, kind, example, .. } => c.tree_mut(desire, kind).seed(clean(example, attributes)),
        Edit::ExampleSet { desire, kind, index, example, .. } => {
            if let Some(e) = c.tree_mut(desire, kind).examples.get_mut(index) {
                *e = clean(example, attributes);
            }
        }
        Edit::ExampleRemove { desire, kind, index, .. } => {
            let m = c.tree_mut(desire, kind);
            if index < m.examples.len() {
                m.examples.remove(index);
            }
        }
        Edit::ReplaceCreature { with, .. } => *c = *with,
        _ => {}
    }
}

pub(crate) fn apply_lesson(l: &mut LessonScript, edit: Edit) {
    match edit {
        Edit::LessonHeader { species, seed, phase, .. } => {
            l.species = species;
            l.seed = seed;
            l.phase = phase.min(13);
        }
        Edit::EventTime { index, at, .. } => {
            // An event moves only between its neighbours, so the script stays in time order.
            let lo = index.checked_sub(1).and_then(|i| l.events.get(i)).map_or(0.0, |e| e.at);
            let hi = l.events.get(index + 1).map_or(MAX_SECONDS, |e| e.at);
            if let Some(e) = l.events.get_mut(index) {
                e.at = finite(at, lo, hi.max(lo), e.at);
            }
        }
        Edit::EventSet { index, what, .. } => {
            if let Some(e) = l.events.get_mut(index) {
                e.what = what;
            }
        }
        Edit::EventAdd { at, what, .. } => {
            let at = finite(at, 0.0, MAX_SECONDS, 0.0);
            let index = l.events.partition_point(|e| e.at <= at);
            l.events.insert(index, ScriptEvent { at, what });
        }
        Edit::EventRemove { index, .. } if index < l.events.len() => {
            l.events.remove(index);
        }
        Edit::LessonObject { id, answers, .. } => match answers {
            Some(a) => {
                l.objects.insert(id, a);
            }
            None => {
                l.objects.remove(&id);
            }
        },
        _ => {}
    }
}

/// An example as the creature save accepts it: known attributes only, no empty
/// answers, feedback a number in [−1, 1].
fn clean(mut e: Example, attributes: &[String]) -> Example {
    e.answers.retain(|k, v| attributes.contains(k) && !v.trim().is_empty());
    for v in e.answers.values_mut() {
        *v = v.trim().to_owned();
    }
    e.feedback = finite(e.feedback, -1.0, 1.0, 0.0);
    e
}

//! Rules of the SPEC that no other test pins with a number: the fight category's credit
//! decay (§6), lesson 1's change of a desire's maximum (§7), running away from a player
//! who slaps hard (§5), the leashes (§11), the spread of birth variation (§3) and the
//! "more than twice as urgent" switch (§4). Each test asserts a figure that would move
//! if its rule were broken.

use std::collections::BTreeMap;
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::creature::lesson::{Teaching, teach_desire};
use creature_core::mind::credit::{Plan, PlanMemory};
use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::mind::plan::more_urgent;
use creature_core::names::Desire;
use creature_core::species::data::{ActionCategory, Data, Species, Trait};
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Sim, Why};

fn data() -> Data {
    Data::builtin().expect("the shipped species data loads")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// A plan of `action` (looked up in the shipped action table) that ran from `started`
/// to `ended`.
fn ended_plan(data: &Data, desire: Desire, action: &str, started: f64, ended: f64) -> Plan {
    let def = data.action(action).expect("the action is in the shipped table");
    Plan {
        desire,
        action: def.name.clone(),
        category: def.category,
        object: "thing".to_owned(),
        target: "thing".to_owned(),
        started,
        ended: Some(ended),
        acted_on: None,
    }
}

// ---------------------------------------------------------------------------------
// §6: credit decays by the action's category; a fight is remembered for 30 s.
// ---------------------------------------------------------------------------------

#[test]
fn fight_credit_fades_over_thirty_seconds() {
    let data = data();
    let decay = &data.actions.credit_decay;
    // The shipped table gives the seed's figures.
    assert_eq!(data.action("Fight").unwrap().category, ActionCategory::Fight);
    assert_eq!(data.action("Eat").unwrap().category, ActionCategory::Eat);
    assert_eq!(data.action("Throw").unwrap().category, ActionCategory::Throw);
    assert_eq!(decay.seconds(ActionCategory::Fight), 30.0);
    assert_eq!(decay.seconds(ActionCategory::Eat), 20.0);
    assert_eq!(decay.seconds(ActionCategory::Throw), 5.0);
    assert_eq!(decay.seconds(ActionCategory::Other), 10.0);

    let end = 100.0;
    let fight = ended_plan(&data, Desire::Anger, "Fight", 90.0, end);
    let eat = ended_plan(&data, Desire::Hunger, "Eat", 90.0, end);
    let throw = ended_plan(&data, Desire::Anger, "Throw", 90.0, end);
    // (age in seconds since the end, fight, eat, throw)
    let table = [
        (0.0, 1.0, 1.0, 1.0),
        (3.0, 0.9, 0.85, 0.4),
        (5.0, 1.0 - 5.0 / 30.0, 0.75, 0.0),
        (10.0, 1.0 - 10.0 / 30.0, 0.5, 0.0),
        (15.0, 0.5, 0.25, 0.0),
        (20.0, 1.0 - 20.0 / 30.0, 0.0, 0.0),
        (30.0, 0.0, 0.0, 0.0),
        (45.0, 0.0, 0.0, 0.0),
    ];
    for (age, f, e, t) in table {
        let now = end + age;
        assert!(close(fight.score(now, decay), f), "fight {age} s after: {} ≠ {f}", fight.score(now, decay));
        assert!(close(eat.score(now, decay), e), "eat {age} s after: {} ≠ {e}", eat.score(now, decay));
        assert!(close(throw.score(now, decay), t), "throw {age} s after: {} ≠ {t}", throw.score(now, decay));
    }
}

#[test]
fn a_fight_fifteen_seconds_ago_outscores_a_meal_that_ended_at_the_same_time() {
    // Two plans ended together 15 s ago: the fight still scores 0.5 and the meal 0.25,
    // so the fight takes the lesson although the meal started later. Were the fight
    // decaying like "other" (10 s) it would score 0 and the meal would win.
    let data = data();
    let decay = &data.actions.credit_decay;
    let mut memory = PlanMemory::default();
    memory.plans.push(ended_plan(&data, Desire::Anger, "Fight", 0.0, 10.0));
    memory.plans.push(ended_plan(&data, Desire::Hunger, "Eat", 5.0, 10.0));
    let table = memory.credit(25.0, decay);
    assert!(close(table[0].score, 0.5));
    assert!(close(table[1].score, 0.25));
    assert_eq!(memory.winner(25.0, decay), Some(0));
    // 21 s after the end the meal has faded (20 s) and the fight is still worth
    // 1 − 21/30 = 0.3.
    assert!(close(memory.credit(31.0, decay)[0].score, 0.3));
    assert_eq!(memory.credit(31.0, decay)[1].score, 0.0);
    assert_eq!(memory.winner(31.0, decay), Some(0));
    // 30 s after the end nothing scores: only the liking would change.
    assert_eq!(memory.winner(40.0, decay), None);
    // A throw ended at the same time is gone 5 s later.
    let mut throws = PlanMemory::default();
    throws.plans.push(ended_plan(&data, Desire::Anger, "Throw", 0.0, 10.0));
    assert!(close(throws.credit(12.5, decay)[0].score, 0.5));
    assert_eq!(throws.winner(15.0, decay), None);
}

// ---------------------------------------------------------------------------------
// §7, lesson 1: max ← clamp(max + maximum · L, 0, 3).
// ---------------------------------------------------------------------------------

#[test]
fn lesson_moves_hunger_max_by_its_maximum_sensitivity_and_clamps_to_zero_and_three() {
    let data = data();
    let def = data.desire(Desire::Hunger);
    let sens = def.sensitivity;
    // The shipped Hunger sensitivity: maximum 0.05 (growth 0.5, threshold 0.12 as SPEC §7).
    assert_eq!(sens.maximum, 0.05);
    assert_eq!(sens.growth, 0.5);
    assert_eq!(sens.threshold, 0.12);
    let cow = Creature::newborn(&data, Species::Cow, 7);
    let mut state = cow.desire(Desire::Hunger).clone();
    // The original's cap for Hunger (SPEC §2).
    assert_eq!(state.max, 2.0);

    // A slap (L = −0.5): max 2.0 → 1.975; increase_seconds 20 → 25; θ 0.40 → 0.46.
    teach_desire(&mut state, &sens, -0.5);
    assert!(close(state.max, 1.975), "max after a slap: {}", state.max);
    assert!(close(state.increase_seconds, 25.0));
    assert!(close(state.thresholds[0], 0.46));
    // A full stroke (L = +1): max 1.975 → 2.025 (above the shipped 2, below 3).
    teach_desire(&mut state, &sens, 1.0);
    assert!(close(state.max, 2.025), "max after a stroke: {}", state.max);

    // The clamp at 3: 2.99 + 0.05 would be 3.04.
    state.max = 2.99;
    teach_desire(&mut state, &sens, 1.0);
    assert_eq!(state.max, 3.0);
    teach_desire(&mut state, &sens, 1.0);
    assert_eq!(state.max, 3.0);
    // The clamp at 0: 0.01 − 0.05 would be −0.04; the value follows the max down.
    state.max = 0.01;
    state.value = 0.01;
    teach_desire(&mut state, &sens, -1.0);
    assert_eq!(state.max, 0.0);
    assert_eq!(state.value, 0.0);
}

#[test]
fn compassion_max_moves_by_its_own_maximum_sensitivity() {
    // Compassion ships with maximum 0.02: a slap takes 0.01 off its max, a stroke adds 0.02.
    let data = data();
    let sens = data.desire(Desire::Compassion).sensitivity;
    assert_eq!(sens.maximum, 0.02);
    let mut state = Creature::newborn(&data, Species::Cow, 7).desire(Desire::Compassion).clone();
    let before = state.max;
    teach_desire(&mut state, &sens, -0.5);
    assert!(close(state.max, before - 0.01));
    teach_desire(&mut state, &sens, 1.0);
    assert!(close(state.max, before + 0.01));
}

#[test]
fn a_slap_taught_through_the_hand_lowers_the_max_of_the_plans_desire() {
    // The whole path: a Hunger plan is active, one gentle slap (t = −0.1, so L = −0.5)
    // and a release at phase 2 teach it; Hunger's max goes from 2.0 to 1.975.
    let data = data();
    let mut cow = Creature::newborn(&data, Species::Cow, 3);
    cow.phase = 2;
    let mut teaching = Teaching::default();
    let mut plan = ended_plan(&data, Desire::Hunger, "Eat", 1.0, 1.0);
    plan.ended = None;
    teaching.start_plan(plan);
    teaching.hold();
    teaching.slap(&mut cow, Slap::Gentle);
    let beliefs: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let lesson = teaching.release(&mut cow, &data, &beliefs, None, 2.0);
    assert_eq!(lesson.lesson, Some(-0.5));
    assert!(close(cow.desire(Desire::Hunger).max, 1.975), "{}", cow.desire(Desire::Hunger).max);
    assert!(close(cow.desire(Desire::Hunger).increase_seconds, 25.0));
    // The slap also cost liking: −0.03 × 0.1 / 0.1.
    assert!(close(cow.liking, -0.03));
}

// ---------------------------------------------------------------------------------
// §5: a creature that dislikes the player strongly gains drive to run away.
// ---------------------------------------------------------------------------------

/// A Cow in the bundled village at `phase`, seed 11.
fn village_cow(data: &Arc<Data>, phase: u8) -> Sim {
    let world = WorldFile::builtin(data).expect("the bundled village loads");
    let mut sim = Sim::newborn(Arc::clone(data), Species::Cow, world, 11);
    sim.set_phase(phase);
    sim
}

#[test]
fn many_hard_slaps_make_the_creature_want_to_run_away() {
    let data = Arc::new(data());
    // No phase turns ToRunAwayFromPlayer on: a strong dislike does, at any phase.
    assert_eq!(data.desire(Desire::ToRunAwayFromPlayer).phase, None);
    let phase = 2;

    const SLAPS: usize = 15;
    const SECONDS: u64 = 10;
    let mut slapped = village_cow(&data, phase);
    let mut calm = village_cow(&data, phase);
    slapped.run(10);
    calm.run(10);
    slapped.apply(&Act::Hold).unwrap();
    for _ in 0..SLAPS {
        slapped.apply(&Act::Slap(Slap::Hard)).unwrap();
    }
    slapped.apply(&Act::Release).unwrap();
    // Each hard slap (t never above 0.25) takes 0.2: −0.03 × 2 = −0.06 of liking.
    let expected = -0.06 * SLAPS as f64;
    let liking = slapped.creature().liking;
    assert!(liking <= expected + 1e-9, "liking {liking} after {SLAPS} hard slaps, expected ≤ {expected}");
    assert!(close(liking, expected));
    assert_eq!(calm.creature().liking, 0.0);

    slapped.run(SECONDS * 10);
    calm.run(SECONDS * 10);
    let run_away = |sim: &Sim| sim.creature().desire(Desire::ToRunAwayFromPlayer).value;
    let (hurt, fine) = (run_away(&slapped), run_away(&calm));
    // A dislike of 0.9 against the `event.dislike` threshold of 0.6 drives
    // S = 1 / (1 + e^(−21 · 0.3)) = 0.9982; with 30 s to grow by 1.0 that is
    // 0.9982 · 10 / 30 = 0.3327 in 10 s. Without slaps the dislike source reads 0 and
    // the desire stays near 0 (measured: 0.33276 against 0.00004).
    let drive = 1.0 / (1.0 + (-21.0_f64 * (0.9 - 0.6)).exp());
    let grown = drive * SECONDS as f64 / 30.0;
    assert!((hurt - grown).abs() < 0.005, "slapped: {hurt}, expected ≈ {grown}");
    assert!(fine < 0.001, "calm: {fine}");
    assert!(hurt > fine + 0.3);
}

// ---------------------------------------------------------------------------------
// §11: the compassion leash drives Compassion, the aggression leash drives Anger.
// ---------------------------------------------------------------------------------

/// Desire `desire`'s value after `seconds` on `leash`, at phase 2 with the desire turned
/// on there (its own phase, 10 or 11, turns on other desires whose plans would act on it).
fn value_after(data: &Arc<Data>, leash: Leash, desire: Desire, seconds: u64) -> f64 {
    let mut edited = (**data).clone();
    edited.desires[desire.index()].phase = Some(2);
    let mut sim = village_cow(&Arc::new(edited), 2);
    sim.apply(&Act::Leash(leash)).unwrap();
    sim.run(seconds * 10);
    sim.creature().desire(desire).value
}

/// What a leash source (threshold 0.5, input 1.0) adds in `seconds` to a desire that
/// takes 60 s to grow by 1.0: S(0.5, 1) · seconds / 60 = 0.99997 · seconds / 60.
fn leash_growth(seconds: u64) -> f64 {
    let drive = 1.0 / (1.0 + (-21.0_f64 * 0.5).exp());
    drive * seconds as f64 / 60.0
}

#[test]
fn compassion_leash_raises_compassion() {
    // The same Cow, seed and village with and without the compassion leash. The
    // leash adds a whole drive: +1/6 in 10 s, +1/2 in 30 s, full by 60 s, on top of
    // what kindness and the village give (measured without: 0.035, 0.106, 0.212).
    let data = Arc::new(data());
    let d = data.desire(Desire::Compassion);
    assert_eq!(d.increase_seconds, 60.0);
    assert_eq!(d.phase, Some(11), "the original turns Compassion on at phase 11 (SPEC §12)");
    for s in [10, 30] {
        let on = value_after(&data, Leash::Compassion, Desire::Compassion, s);
        let off = value_after(&data, Leash::None, Desire::Compassion, s);
        assert!((on - off - leash_growth(s)).abs() < 0.005, "after {s} s: leash {on}, none {off}");
    }
    let on = value_after(&data, Leash::Compassion, Desire::Compassion, 60);
    let off = value_after(&data, Leash::None, Desire::Compassion, 60);
    assert!(on > 0.99, "leash after 60 s: {on}");
    assert!(off < 0.5, "none after 60 s: {off}");
}

#[test]
fn aggression_leash_raises_anger() {
    // Anger reads `leash.aggression` (threshold 0.5). The Cow's aggression trait is
    // disconnected and no enemy is near, so without the leash Anger stays at 0; on
    // the leash it grows 1/6 in 10 s, 1/2 in 30 s and is full by 60 s.
    let data = Arc::new(data());
    let d = data.desire(Desire::Anger);
    assert_eq!(d.increase_seconds, 60.0);
    assert!(d.sources.iter().any(|s| s.reads == creature_core::reads::Reads::LeashAggression));
    for s in [10, 30] {
        let on = value_after(&data, Leash::Aggression, Desire::Anger, s);
        let off = value_after(&data, Leash::None, Desire::Anger, s);
        assert!((on - off - leash_growth(s)).abs() < 0.005, "after {s} s: leash {on}, none {off}");
        assert!(off < 0.001, "none after {s} s: {off}");
    }
    assert!(value_after(&data, Leash::Aggression, Desire::Anger, 60) > 0.99);
    // The compassion leash does not drive Anger.
    assert!(value_after(&data, Leash::Compassion, Desire::Anger, 30) < 0.001);
}

// ---------------------------------------------------------------------------------
// §3: each trait gets a uniform change in [−0.1, +0.1] at birth, clamped to [0, 1].
// ---------------------------------------------------------------------------------

const BIRTHS: u64 = 2000;

fn traits_of(data: &Data, species: Species, t: Trait) -> Vec<f64> {
    (0..BIRTHS).map(|seed| Creature::newborn(data, species, seed).traits.get(t)).collect()
}

#[test]
fn cow_traits_spread_uniformly_over_a_band_of_a_tenth_either_side() {
    let data = data();
    let species = data.species(Species::Cow).traits;
    for t in Trait::ALL {
        let v = species.get(*t);
        let seen = traits_of(&data, Species::Cow, *t);
        let min = seen.iter().copied().fold(f64::INFINITY, f64::min);
        let max = seen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mean = seen.iter().sum::<f64>() / seen.len() as f64;
        // Within the band of ±0.1, clamped.
        let (lo, hi) = ((v - 0.1).max(0.0), (v + 0.1).min(1.0));
        assert!(min >= lo - 1e-12 && max <= hi + 1e-12, "{t:?}: {min}..{max} outside {lo}..{hi}");
        // Reaching both ends: 2000 uniform draws come within 0.01 of each.
        assert!(min < lo + 0.01 && max > hi - 0.01, "{t:?}: {min}..{max} does not fill {lo}..{hi}");
        // Uniform, not bunched in the middle: the mean sits on the species value and
        // half the newborns are within 0.05 of it (a triangular spread would put 75 %).
        assert!((mean - v).abs() < 0.005, "{t:?}: mean {mean} vs {v}");
        let near = seen.iter().filter(|x| (**x - v).abs() < 0.05).count() as f64 / seen.len() as f64;
        assert!((near - 0.5).abs() < 0.05, "{t:?}: {near} within 0.05");
    }
}

#[test]
fn a_trait_near_zero_is_clamped_at_birth() {
    // The Sheep's aggression is 0.05: its band is [−0.05, 0.15], clamped to [0, 0.15],
    // so about a quarter of newborn sheep have aggression exactly 0 and none below.
    let data = data();
    let v = data.species(Species::Sheep).traits.get(Trait::Aggression);
    assert_eq!(v, 0.05);
    let seen = traits_of(&data, Species::Sheep, Trait::Aggression);
    let zero = seen.iter().filter(|x| **x == 0.0).count() as f64 / seen.len() as f64;
    let max = seen.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    assert!(seen.iter().all(|x| *x >= 0.0));
    assert!((zero - 0.25).abs() < 0.04, "share at 0: {zero}");
    assert!(max <= 0.15 + 1e-12 && max > 0.14, "max {max}");
}

// ---------------------------------------------------------------------------------
// §4: the creature changes plan only for one more than twice as urgent (idle is 0).
// ---------------------------------------------------------------------------------

#[test]
fn only_a_plan_more_than_twice_as_urgent_takes_over() {
    let current = 0.3;
    assert!(!more_urgent(1.5 * current, current), "1.5× must be refused");
    assert!(!more_urgent(1.99 * current, current), "1.99× must be refused");
    assert!(!more_urgent(2.0 * current, current), "exactly 2× is not more than twice");
    assert!(more_urgent(2.01 * current, current), "2.01× switches");
    assert!(more_urgent(3.0 * current, current));
    assert!(!more_urgent(0.5 * current, current));
    // Idle counts as 0: any positive priority starts, zero does not.
    assert!(more_urgent(1e-6, 0.0));
    assert!(more_urgent(0.001, 0.0));
    assert!(!more_urgent(0.0, 0.0));
}

#[test]
fn in_the_village_every_switch_is_to_a_plan_more_than_twice_as_urgent() {
    // A grown Cow lives 20 simulated minutes in the bundled village. Every time it
    // leaves a plan under way for a more urgent one, the new plan's priority is more
    // than twice the priority of the plan it replaced; every plan started from idle
    // has a priority above 0.
    let data = Arc::new(data());
    let mut sim = village_cow(&data, 13);
    sim.record(true);
    sim.run(20 * 60 * 10);
    let mut urgent = 0;
    let mut idle = 0;
    let mut lowest = f64::INFINITY;
    for e in sim.take_events() {
        if let Event::Plan { priority, why, replaced, .. } = e {
            match why {
                Why::Urgent => {
                    let before = replaced.expect("an urgent switch replaces a plan");
                    assert!(priority > 2.0 * before, "switched to {priority} from {before}");
                    if before > 0.0 {
                        lowest = lowest.min(priority / before);
                    }
                    urgent += 1;
                }
                Why::Idle => {
                    assert!(priority > 0.0, "started from idle at priority {priority}");
                    idle += 1;
                }
                _ => {}
            }
        }
    }
    assert!(urgent >= 20, "only {urgent} urgent switches in 20 minutes");
    // With its 33 desires on at phase 13 it is seldom idle.
    assert!(idle >= 1, "only {idle} starts from idle in 20 minutes");
}

//! The seed's figures for the species (SPEC §3 table), from the shipped data.

use creature_core::species::data::{Ability, Data, Desire, Species, Trait};
use creature_core::species::{BIRTH_VARIATION, Climate, trait_desire};

const MINUTE: f64 = 60.0;
const DAY: f64 = 24.0 * 3600.0;

fn data() -> Data {
    Data::builtin().unwrap_or_else(|e| panic!("built-in data does not load: {e:?}"))
}

fn ttf(data: &Data, s: Species, t: Trait) -> f64 {
    data.species(s).trait_time_to_full(data, t).unwrap_or(f64::INFINITY)
}

#[test]
fn cow_compassion_fills_in_about_half_an_hour() {
    let t = ttf(&data(), Species::Cow, Trait::Kindness);
    assert!((25.0 * MINUTE..=35.0 * MINUTE).contains(&t), "{} min", t / MINUTE);
}

#[test]
fn tiger_compassion_takes_more_than_a_day_and_tiger_and_wolf_are_least_kind() {
    let data = data();
    assert!(ttf(&data, Species::Tiger, Trait::Kindness) > DAY);
    let mut by_kindness: Vec<_> = data.species.iter().map(|s| (s.traits.kindness, s.name)).collect();
    by_kindness.sort_by(|a, b| a.0.total_cmp(&b.0));
    let least: Vec<_> = by_kindness[..2].iter().map(|x| x.1).collect();
    assert!(least.contains(&Species::Tiger) && least.contains(&Species::Wolf), "{least:?}");
    assert!(by_kindness[2].0 > by_kindness[1].0, "a third species ties the two least kind");
}

#[test]
fn cow_wants_friends_in_about_thirteen_minutes() {
    let t = ttf(&data(), Species::Cow, Trait::Friendliness);
    assert!((11.0 * MINUTE..=15.0 * MINUTE).contains(&t), "{} min", t / MINUTE);
}

#[test]
fn ape_shows_its_feelings_in_about_four_minutes_and_no_other_species_within_a_day() {
    let data = data();
    let ape = ttf(&data, Species::Ape, Trait::Communicativeness);
    assert!((3.0 * MINUTE..=5.0 * MINUTE).contains(&ape), "{} min", ape / MINUTE);
    for s in Species::ALL.iter().filter(|s| **s != Species::Ape) {
        let t = ttf(&data, *s, Trait::Communicativeness);
        assert!(t > DAY, "{s}: {} h", t / 3600.0);
    }
}

#[test]
fn lethargy_alone_hardly_makes_any_species_tired() {
    let data = data();
    let source = data.desire(Desire::Tiredness).sources.iter().find(|s| s.reads.trait_read() == Some(Trait::Lethargy));
    assert!(source.is_some_and(|s| s.threshold >= 0.9), "lethargy's threshold should be very high");
    for s in Species::ALL {
        let t = ttf(&data, *s, Trait::Lethargy);
        assert!(t > DAY, "{s}: {} h", t / 3600.0);
    }
}

#[test]
fn the_kindest_tiger_can_be_as_kind_as_the_least_kind_cow() {
    let data = data();
    let tiger = data.species(Species::Tiger).traits.kindness;
    let cow = data.species(Species::Cow).traits.kindness;
    assert!(tiger + BIRTH_VARIATION >= cow - BIRTH_VARIATION, "tiger {tiger}, cow {cow}");
}

#[test]
fn ape_learns_miracles_fastest_and_tiger_needs_about_four_times_as_many_sightings() {
    let data = data();
    let mut by_speed: Vec<_> = data.species.iter().map(|s| (s.miracle_multiplier, s.name)).collect();
    by_speed.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(by_speed[0].1, Species::Ape);
    assert!(by_speed[1].0 > by_speed[0].0, "the Ape must be fastest alone");
    let ratio = data.species(Species::Tiger).miracle_multiplier / data.species(Species::Ape).miracle_multiplier;
    assert!((3.5..=4.5).contains(&ratio), "ratio {ratio}");
    let next: Vec<_> = by_speed[1..4].iter().map(|x| x.1).collect();
    for s in [Species::Chimp, Species::Lion, Species::Tortoise] {
        assert!(next.contains(&s), "{s} should rank 2–4, ranks 2–4 are {next:?}");
    }
}

#[test]
fn aggression_is_disconnected_by_default_and_can_be_connected() {
    let mut data = data();
    for s in &data.species {
        assert!(!s.aggression_connected, "{}", s.name);
    }
    assert_eq!(data.species(Species::Tiger).trait_time_to_full(&data, Trait::Aggression), None);
    data.species[Species::Tiger.index()].aggression_connected = true;
    assert!(data.species(Species::Tiger).trait_time_to_full(&data, Trait::Aggression).is_some());
    assert_eq!(trait_desire(Trait::Aggression), Desire::Anger);
}

#[test]
fn hunger_and_the_slow_learners_have_the_seed_sensitivities() {
    let data = data();
    let hunger = data.desire(Desire::Hunger);
    assert_eq!(hunger.increase_seconds, 20.0);
    assert_eq!(hunger.sources[0].threshold, 0.40);
    assert_eq!((hunger.sensitivity.growth, hunger.sensitivity.threshold), (0.5, 0.12));
    assert_eq!(data.species(Species::Cow).increase_seconds(&data, Desire::Hunger), 20.0);
    for d in [Desire::Compassion, Desire::Anger] {
        // A lesson of at most 1 changes the growth time by less than 1 %.
        assert!(data.desire(d).sensitivity.growth < 0.01, "{d}");
    }
}

#[test]
fn the_body_differs_as_the_seed_says() {
    let data = data();
    let strongest = data.species.iter().max_by(|a, b| a.body.strength.total_cmp(&b.body.strength)).unwrap();
    assert_eq!(strongest.name, Species::Lion);
    let tortoise = data.species(Species::Tortoise);
    for s in data.species.iter().filter(|s| s.name != Species::Tortoise) {
        assert!(tortoise.body.grow_up_seconds > s.body.grow_up_seconds, "{}", s.name);
        assert!(tortoise.body.speed < s.body.speed && tortoise.body.strength < s.body.strength, "{}", s.name);
        if s.name != Species::Chimp {
            assert!(data.species(Species::Chimp).body.energy_per_meal > s.body.energy_per_meal, "{}", s.name);
        }
    }
    for s in [Species::Ape, Species::Tiger, Species::Lion, Species::Leopard] {
        assert_eq!(data.species(s).body.climate, Climate::Warm, "{s}");
    }
    assert_eq!(data.species(Species::PolarBear).body.climate, Climate::Cold);
}

#[test]
fn phase_zero_has_ten_desires_and_phases_grant_the_seed_abilities() {
    let data = data();
    assert_eq!(data.active_desires(0).count(), 10);
    assert_eq!(data.active_desires(13).count(), 33);
    for (ability, phase) in [
        (Ability::TakeFood, 1),
        (Ability::HandTeaches, 2),
        (Ability::CopyPlayer, 3),
        (Ability::LeavePen, 5),
        (Ability::LearnMiracles, 8),
    ] {
        assert!(!data.has_ability(phase - 1, ability), "{ability:?} before phase {phase}");
        assert!(data.has_ability(phase, ability), "{ability:?} at phase {phase}");
        assert!(data.has_ability(13, ability));
    }
}

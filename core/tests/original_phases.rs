//! The desires' phases are the original game's (SPEC §12): the table below is written
//! from the SPEC, not read from `species/desires.ron`, and the data must agree with it.

use creature_core::species::data::Data;

/// The phases that turn desires on, and the desires each turns on (SPEC §12).
const TURNS_ON: [(u8, &[&str]); 11] = [
    (
        0,
        &[
            "Fear",
            "Tiredness",
            "ToIdleWithPlayer",
            "ToAttractPlayersAttention",
            "ToManifestState",
            "ToScratch",
            "ToObeyPlayer",
            "ToStayNearHome",
            "ToHangAroundAtHome",
            "ToRest",
        ],
    ),
    (1, &["Hunger", "Curiosity", "ToTellPlayerWhatYouThink", "ToLookAround", "ToPlay"]),
    (2, &["ToRestoreHealth", "ToGetWarmer", "ToGetColder", "MentalIllness"]),
    (3, &["ForWater"]),
    (4, &["ToFollowPlayer", "ToPoo"]),
    (5, &["ToBeFriends", "MissFriend"]),
    (7, &["ToTellCreatureWhatYouThink"]),
    (9, &["ToImpress", "Wanderlust", "Sadness", "ToBringStuffHome"]),
    (10, &["Anger"]),
    (11, &["Compassion"]),
    (13, &["ToEducateFriend", "ToGetHigh", "ToSteal"]),
];

/// The desires a phase turns off, and the phase (SPEC §12).
const TURNS_OFF: [(u8, &str); 1] = [(13, "ToTellPlayerWhatYouThink")];

/// The desires no phase turns on (SPEC §12).
const NEVER_ON: [&str; 6] =
    ["ToPuke", "ToBuildHome", "ToRunAwayFromPlayer", "Illness", "ToObeyCreature", "ToPlayWithPlayer"];

fn data() -> Data {
    Data::builtin().unwrap_or_else(|e| panic!("built-in data does not load: {e:?}"))
}

#[test]
fn each_desire_turns_on_and_off_at_the_originals_phase() {
    let data = data();
    for d in &data.desires {
        let name = d.name.name();
        let on = TURNS_ON.iter().find(|(_, ds)| ds.contains(&name)).map(|(p, _)| *p);
        let off = TURNS_OFF.iter().find(|(_, n)| *n == name).map(|(p, _)| *p);
        assert_eq!(on.is_none(), NEVER_ON.contains(&name), "{name} is in one list of the table");
        assert_eq!(d.phase, on, "{name}: the phase that turns it on");
        assert_eq!(d.off, off, "{name}: the phase that turns it off");
    }
    let listed = TURNS_ON.iter().map(|(_, ds)| ds.len()).sum::<usize>() + NEVER_ON.len();
    assert_eq!(listed, data.desires.len(), "the table names every desire once");
}

#[test]
fn the_desires_on_at_each_phase_follow_the_table() {
    let data = data();
    for phase in 0..=13u8 {
        let mut want: Vec<&str> = TURNS_ON
            .iter()
            .filter(|(p, _)| *p <= phase)
            .flat_map(|(_, ds)| ds.iter().copied())
            .filter(|n| !TURNS_OFF.iter().any(|(p, off)| off == n && *p <= phase))
            .collect();
        want.sort_unstable();
        let mut got: Vec<&str> = data.active_desires(phase).map(creature_core::species::data::Desire::name).collect();
        got.sort_unstable();
        assert_eq!(got, want, "phase {phase}");
    }
    assert_eq!(data.active_desires(0).count(), 10);
    assert_eq!(data.active_desires(12).count(), 31);
    assert_eq!(data.active_desires(13).count(), 33, "three on at 13, one off");
}

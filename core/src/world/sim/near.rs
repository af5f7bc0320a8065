//! The distance sources: the inputs that say how near the nearest thing of some sort is
//! (SPEC §2, `world.enemy_near`, `world.town_near`, …), one row each in
//! [`NEAR_SOURCES`]. A row says what it reads, which objects it counts (their kinds,
//! whether they must be alive, whose they must be, whether a store must hold something)
//! and how far it reaches; the senses measure every row alike, 1 at the creature falling
//! to 0 at its reach, the nearest counted object's reading kept
//! ([`Sighting`](super::sighting::Sighting)). A new distance source is a name in
//! `reads.rs` and a row here; a new kind of reach is one arm of [`Reach::metres`].

use crate::reads::Reads;
use crate::species::rules::{Kind, SenseRules};
use crate::world::file::Owner;
use crate::world::village::Obj;

/// Whose objects a distance source counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Whose {
    Anyone,
    Player,
    NotPlayer,
    Rival,
}

/// How far a distance source reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// As far as the creature sees.
    View,
    /// As far as a town is felt near.
    TownNear,
}

impl Reach {
    /// The reach in metres under the world's sense rules.
    #[inline]
    pub(super) fn metres(self, s: &SenseRules) -> f64 {
        match self {
            Reach::View => s.view,
            Reach::TownNear => s.town_near,
        }
    }
}

/// One distance source: what it reads and which objects count for it, how far out.
#[derive(Clone, Copy, Debug)]
pub(super) struct NearSource {
    pub(super) reads: Reads,
    /// The kinds it counts, one bit each ([`Kind::bit`]).
    kinds: u32,
    /// Only living objects count.
    alive: bool,
    whose: Whose,
    /// Only a store holding food or wood counts.
    stocked: bool,
    pub(super) reach: Reach,
}

impl NearSource {
    /// Counts every object of `kinds`, out to `reach`.
    const fn new(reads: Reads, kinds: &[Kind], reach: Reach) -> NearSource {
        let mut bits = 0;
        let mut i = 0;
        while i < kinds.len() {
            bits |= kinds[i].bit();
            i += 1;
        }
        NearSource { reads, kinds: bits, alive: false, whose: Whose::Anyone, stocked: false, reach }
    }

    /// Only the living.
    const fn alive(self) -> NearSource {
        NearSource { alive: true, ..self }
    }

    /// Only those owned so.
    const fn whose(self, whose: Whose) -> NearSource {
        NearSource { whose, ..self }
    }

    /// Only stores holding food or wood.
    const fn stocked(self) -> NearSource {
        NearSource { stocked: true, ..self }
    }

    /// True when `o`, of one of the row's kinds, counts for it as it is now.
    #[inline]
    pub(super) fn counts(&self, o: &Obj) -> bool {
        let whose = match self.whose {
            Whose::Anyone => true,
            Whose::Player => o.owner == Owner::Player,
            Whose::NotPlayer => o.owner != Owner::Player,
            Whose::Rival => o.owner == Owner::Rival,
        };
        (!self.alive || o.alive) && whose && (!self.stocked || o.food + o.wood > 0)
    }
}

/// Every distance source. Rows may share what they read: the input is the nearest of
/// them all.
pub(super) const NEAR_SOURCES: &[NearSource] = &[
    NearSource::new(Reads::WorldEnemyNear, &[Kind::Wolf], Reach::View).alive(),
    NearSource::new(Reads::WorldEnemyNear, &[Kind::Creature], Reach::View).alive().whose(Whose::Rival),
    NearSource::new(Reads::WorldTownNear, &[Kind::Town], Reach::TownNear),
    NearSource::new(Reads::WorldFriendNear, &[Kind::Villager, Kind::Creature], Reach::View)
        .alive()
        .whose(Whose::Player),
    NearSource::new(Reads::WorldHighPlace, &[Kind::Hill, Kind::Tree], Reach::View),
    NearSource::new(Reads::WorldStealable, &[Kind::StoragePit], Reach::View).whose(Whose::NotPlayer).stocked(),
    // A source only the tests have: one row, and its name in `reads.rs`.
    #[cfg(test)]
    NearSource::new(Reads::TestWaterNear, &[Kind::Water], Reach::View),
];

/// The number of distance sources.
pub(super) const NEAR_COUNT: usize = NEAR_SOURCES.len();

// One bit per row in a kind's list.
const _: () = assert!(NEAR_COUNT <= 32, "one bit per distance source");

/// For each kind (by [`Kind::index`]), the rows that may count an object of it, one bit
/// each: most objects count for none, and are passed over at once. A kind of one's own
/// is counted by none.
pub(super) const ROWS_OF_KIND: [u32; 32] = {
    let mut rows = [0u32; 32];
    let mut k = 0;
    while k < Kind::ALL.len() {
        let mut i = 0;
        while i < NEAR_COUNT {
            if NEAR_SOURCES[i].kinds & (1 << k) != 0 {
                rows[k] |= 1 << i;
            }
            i += 1;
        }
        k += 1;
    }
    rows
};

// Kind::bit numbers kinds by their order in `Kind::ALL`.
const _: () = {
    let mut k = 0;
    while k < Kind::ALL.len() {
        assert!(Kind::ALL[k].index() == k, "kinds in declaration order");
        k += 1;
    }
};

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::names::{Desire, Species};
    use crate::species::data::Data;
    use crate::world::file::WorldFile;
    use crate::world::sim::Sim;

    /// The shipped species data with one more source for ForWater: the test's distance
    /// source, its one row in [`NEAR_SOURCES`].
    fn data_with_water_source() -> Data {
        let mut files = Data::texts(None).unwrap();
        let desires = files.iter_mut().find(|(n, _)| n == "desires.ron").unwrap();
        let old = r#"sources: [(threshold: 0.5, reads: "body.thirst"), (threshold: 0.7, reads: "body.heat")],"#;
        assert!(desires.1.contains(old), "the shipped ForWater");
        let new = r#"sources: [(threshold: 0.5, reads: "body.thirst"), (threshold: 0.7, reads: "body.heat"), (threshold: 0.5, reads: "test.water_near")],"#;
        desires.1 = desires.1.replacen(old, new, 1);
        Data::from_files(&files, "species").unwrap()
    }

    /// A grown Cow of that data standing at `spot` of the bundled village, one turn on.
    fn cow_at(data: &Arc<Data>, spot: (f64, f64)) -> Sim {
        let world = WorldFile::builtin(data).unwrap();
        let mut sim = Sim::newborn(Arc::clone(data), Species::Cow, world, 1);
        sim.set_phase(5);
        sim.place_creature(spot.0, spot.1).unwrap();
        sim.step();
        sim
    }

    /// A distance source added through the table: the senses measure it like the
    /// shipped ones, and the desire that reads it is driven the more the nearer water is.
    #[test]
    fn a_distance_source_added_as_a_row_drives_its_desire_by_distance() {
        let data = Arc::new(data_with_water_source());
        let probe = cow_at(&data, (0.0, 0.0));
        let view = probe.file.senses.view;
        let water: Vec<_> = probe.village.objects.iter().filter(|o| o.kind == Kind::Water).collect();
        assert!(!water.is_empty(), "the bundled village has water");
        let at = water[0].pos;
        let (w, h) = probe.file.size;
        let far = (0..40)
            .flat_map(|i| (0..30).map(move |j| (w * f64::from(i) / 40.0, h * f64::from(j) / 30.0)))
            .find(|p| water.iter().all(|o| o.distance_from(*p) > view * 1.5))
            .expect("a spot out of sight of water");
        let input = |sim: &Sim| sim.life.read.inputs[Reads::TestWaterNear as usize];
        let thirst = |sim: &Sim| sim.life.read.drives[Desire::ForWater.index()];
        let (near_water, halfway, away) =
            (cow_at(&data, at), cow_at(&data, (at.0, at.1 + water[0].reach_radius() + view / 2.0)), cow_at(&data, far));
        assert!(input(&near_water) > 0.9, "{}", input(&near_water));
        assert!(input(&halfway) > 0.0 && input(&halfway) < input(&near_water), "{}", input(&halfway));
        assert_eq!(input(&away), 0.0);
        assert!(thirst(&near_water) > thirst(&away), "{} vs {}", thirst(&near_water), thirst(&away));

        // What the row adds to the shipped ForWater's drive is the more, the nearer water.
        let shipped = Arc::new(Data::builtin().unwrap());
        let added_near = thirst(&near_water) - thirst(&cow_at(&shipped, at));
        let added_away = thirst(&away) - thirst(&cow_at(&shipped, far));
        assert!(added_near > 0.5 && added_away < 0.01, "{added_near} near water, {added_away} away");
    }

    /// Each row's kinds are listed under those kinds, and only there.
    #[test]
    fn rows_are_listed_under_their_kinds() {
        for (k, kind) in Kind::ALL.iter().enumerate() {
            for (i, row) in NEAR_SOURCES.iter().enumerate() {
                assert_eq!(ROWS_OF_KIND[k] & (1 << i) != 0, row.kinds & kind.bit() != 0, "{kind:?} row {i}");
            }
        }
    }
}

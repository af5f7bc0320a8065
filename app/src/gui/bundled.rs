//! The example project built into the binary: the files of `projects/example` and of the
//! `species` folder beside it, as the repository holds them. Run outside the checkout it
//! was built from, the editor opens a copy of them in the person's data folder, made on
//! first use, so that a designer's edits never land in the build's folder.

use std::path::{Path, PathBuf};

/// Each bundled file: its path under the copy's folder, and its bytes.
pub const FILES: &[(&str, &[u8])] = &[
    ("projects/example/creatures/daisy.ron", include_bytes!("../../../projects/example/creatures/daisy.ron")),
    ("projects/example/creatures/ruth.ron", include_bytes!("../../../projects/example/creatures/ruth.ron")),
    ("projects/example/lessons/.gitkeep", include_bytes!("../../../projects/example/lessons/.gitkeep")),
    (
        "projects/example/lessons/anger_which_town.ron",
        include_bytes!("../../../projects/example/lessons/anger_which_town.ron"),
    ),
    (
        "projects/example/lessons/first_meal_from_the_hand.ron",
        include_bytes!("../../../projects/example/lessons/first_meal_from_the_hand.ron"),
    ),
    (
        "projects/example/lessons/slap_after_eating_villager.ron",
        include_bytes!("../../../projects/example/lessons/slap_after_eating_villager.ron"),
    ),
    (
        "projects/example/lessons/slap_after_rock_throw.ron",
        include_bytes!("../../../projects/example/lessons/slap_after_rock_throw.ron"),
    ),
    (
        "projects/example/lessons/stroke_after_eating_sheep.ron",
        include_bytes!("../../../projects/example/lessons/stroke_after_eating_sheep.ron"),
    ),
    (
        "projects/example/lessons/trees/storage_pit_then_wolf.ron",
        include_bytes!("../../../projects/example/lessons/trees/storage_pit_then_wolf.ron"),
    ),
    (
        "projects/example/lessons/trees/villager_or_sheep.ron",
        include_bytes!("../../../projects/example/lessons/trees/villager_or_sheep.ron"),
    ),
    (
        "projects/example/scenarios/a_disliked_player_is_not_followed.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_disliked_player_is_not_followed.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_fireball_frightens.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_fireball_frightens.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_liked_player_draws_the_creature.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_liked_player_draws_the_creature.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_lion_is_strong.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_lion_is_strong.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_meal_from_the_hand_at_phase_one.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_meal_from_the_hand_at_phase_one.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_meal_from_the_hand_seed_1.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_meal_from_the_hand_seed_1.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_meal_from_the_hand_seed_2.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_meal_from_the_hand_seed_2.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_meal_from_the_hand_seed_3.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_meal_from_the_hand_seed_3.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_meal_from_the_hand_seed_36.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_meal_from_the_hand_seed_36.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_slap_while_eating.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_slap_while_eating.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_tiger_learns_miracles_slowly.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_tiger_learns_miracles_slowly.scenario.ron"),
    ),
    (
        "projects/example/scenarios/a_tree_asks_what_kind_of_thing.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/a_tree_asks_what_kind_of_thing.scenario.ron"),
    ),
    (
        "projects/example/scenarios/afraid_of_the_dark.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/afraid_of_the_dark.scenario.ron"),
    ),
    (
        "projects/example/scenarios/an_ape_learns_miracles_fast.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/an_ape_learns_miracles_fast.scenario.ron"),
    ),
    (
        "projects/example/scenarios/an_hour_of_teaching.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/an_hour_of_teaching.scenario.ron"),
    ),
    (
        "projects/example/scenarios/builders_by_day.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/builders_by_day.scenario.ron"),
    ),
    (
        "projects/example/scenarios/compassion_leash.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/compassion_leash.scenario.ron"),
    ),
    (
        "projects/example/scenarios/copying_a_throw_for_play.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/copying_a_throw_for_play.scenario.ron"),
    ),
    (
        "projects/example/scenarios/copying_the_player.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/copying_the_player.scenario.ron"),
    ),
    (
        "projects/example/scenarios/credit_decay.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/credit_decay.scenario.ron"),
    ),
    (
        "projects/example/scenarios/food_from_the_hand_is_gone.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/food_from_the_hand_is_gone.scenario.ron"),
    ),
    (
        "projects/example/scenarios/forgotten_or_faded.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/forgotten_or_faded.scenario.ron"),
    ),
    (
        "projects/example/scenarios/miracle_sightings.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/miracle_sightings.scenario.ron"),
    ),
    (
        "projects/example/scenarios/miracles_off_the_leash.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/miracles_off_the_leash.scenario.ron"),
    ),
    (
        "projects/example/scenarios/no_miracles_before_phase_eight.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/no_miracles_before_phase_eight.scenario.ron"),
    ),
    (
        "projects/example/scenarios/only_its_trait_pushing_it.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/only_its_trait_pushing_it.scenario.ron"),
    ),
    (
        "projects/example/scenarios/own_town_rival_town.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/own_town_rival_town.scenario.ron"),
    ),
    (
        "projects/example/scenarios/phase_zero_counts_its_desires.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/phase_zero_counts_its_desires.scenario.ron"),
    ),
    (
        "projects/example/scenarios/phase_zero_has_ten_desires.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/phase_zero_has_ten_desires.scenario.ron"),
    ),
    (
        "projects/example/scenarios/phases_advance.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/phases_advance.scenario.ron"),
    ),
    (
        "projects/example/scenarios/pit_then_wolf.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/pit_then_wolf.scenario.ron"),
    ),
    (
        "projects/example/scenarios/runs_from_a_harsh_hand.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/runs_from_a_harsh_hand.scenario.ron"),
    ),
    (
        "projects/example/scenarios/sightings_counted.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/sightings_counted.scenario.ron"),
    ),
    (
        "projects/example/scenarios/sixteen_examples_a_tree.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/sixteen_examples_a_tree.scenario.ron"),
    ),
    (
        "projects/example/scenarios/stroked_after_its_meal.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/stroked_after_its_meal.scenario.ron"),
    ),
    (
        "projects/example/scenarios/stroked_carrying_its_own_food.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/stroked_carrying_its_own_food.scenario.ron"),
    ),
    (
        "projects/example/scenarios/stroked_with_food_in_hand.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/stroked_with_food_in_hand.scenario.ron"),
    ),
    (
        "projects/example/scenarios/the_hands_running_total.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/the_hands_running_total.scenario.ron"),
    ),
    (
        "projects/example/scenarios/the_kindest_tiger.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/the_kindest_tiger.scenario.ron"),
    ),
    (
        "projects/example/scenarios/the_originals_desire_caps.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/the_originals_desire_caps.scenario.ron"),
    ),
    (
        "projects/example/scenarios/the_originals_miracle_counts.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/the_originals_miracle_counts.scenario.ron"),
    ),
    (
        "projects/example/scenarios/the_sighting_gap.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/the_sighting_gap.scenario.ron"),
    ),
    (
        "projects/example/scenarios/thirst_from_phase_three.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/thirst_from_phase_three.scenario.ron"),
    ),
    (
        "projects/example/scenarios/totem_and_storehouse.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/totem_and_storehouse.scenario.ron"),
    ),
    (
        "projects/example/scenarios/villager_then_sheep.scenario.ron",
        include_bytes!("../../../projects/example/scenarios/villager_then_sheep.scenario.ron"),
    ),
    ("projects/example/shadow/.gitkeep", include_bytes!("../../../projects/example/shadow/.gitkeep")),
    ("projects/example/shadow/arena.schema.ron", include_bytes!("../../../projects/example/shadow/arena.schema.ron")),
    ("projects/example/shadow/far.state.ron", include_bytes!("../../../projects/example/shadow/far.state.ron")),
    ("projects/example/shadow/rushdown.bank.ron", include_bytes!("../../../projects/example/shadow/rushdown.bank.ron")),
    ("projects/example/shadow/sentry.bank.ron", include_bytes!("../../../projects/example/shadow/sentry.bank.ron")),
    ("projects/example/shadow/turtle.bank.ron", include_bytes!("../../../projects/example/shadow/turtle.bank.ron")),
    ("projects/example/shadow/zoner.bank.ron", include_bytes!("../../../projects/example/shadow/zoner.bank.ron")),
    ("projects/example/studio.ron", include_bytes!("../../../projects/example/studio.ron")),
    ("projects/example/targets/kind.target.ron", include_bytes!("../../../projects/example/targets/kind.target.ron")),
    ("projects/example/world.ron", include_bytes!("../../../projects/example/world.ron")),
    ("projects/example/worlds/small_village.ron", include_bytes!("../../../projects/example/worlds/small_village.ron")),
    ("species/actions.ron", include_bytes!("../../../species/actions.ron")),
    ("species/ape.ron", include_bytes!("../../../species/ape.ron")),
    ("species/attributes.ron", include_bytes!("../../../species/attributes.ron")),
    ("species/bear.ron", include_bytes!("../../../species/bear.ron")),
    ("species/chimp.ron", include_bytes!("../../../species/chimp.ron")),
    ("species/cow.ron", include_bytes!("../../../species/cow.ron")),
    ("species/desires.ron", include_bytes!("../../../species/desires.ron")),
    ("species/gorilla.ron", include_bytes!("../../../species/gorilla.ron")),
    ("species/horse.ron", include_bytes!("../../../species/horse.ron")),
    ("species/kinds.ron", include_bytes!("../../../species/kinds.ron")),
    ("species/leopard.ron", include_bytes!("../../../species/leopard.ron")),
    ("species/lion.ron", include_bytes!("../../../species/lion.ron")),
    ("species/mandrill.ron", include_bytes!("../../../species/mandrill.ron")),
    ("species/ogre.ron", include_bytes!("../../../species/ogre.ron")),
    ("species/phases.ron", include_bytes!("../../../species/phases.ron")),
    ("species/polar_bear.ron", include_bytes!("../../../species/polar_bear.ron")),
    ("species/rhino.ron", include_bytes!("../../../species/rhino.ron")),
    ("species/sheep.ron", include_bytes!("../../../species/sheep.ron")),
    ("species/template.ron", include_bytes!("../../../species/template.ron")),
    ("species/tiger.ron", include_bytes!("../../../species/tiger.ron")),
    ("species/tortoise.ron", include_bytes!("../../../species/tortoise.ron")),
    ("species/wolf.ron", include_bytes!("../../../species/wolf.ron")),
    ("species/zebra.ron", include_bytes!("../../../species/zebra.ron")),
];

/// Where the example project of the copy lies under its folder.
pub const PROJECT: &str = "projects/example";

/// The example project of the copy in `folder`, made from [`FILES`] when it has no
/// `studio.ron` yet (a copy there is the person's: it is never written over). The
/// manifest is written last, so a copy cut short is made again on the next start.
pub fn copy_in(folder: &Path) -> Result<PathBuf, String> {
    let project = folder.join(PROJECT);
    let manifest = project.join("studio.ron");
    if manifest.is_file() {
        return Ok(project);
    }
    let last = format!("{PROJECT}/studio.ron");
    let (first, rest): (Vec<_>, Vec<_>) = FILES.iter().partition(|(p, _)| *p != last);
    for (path, bytes) in first.into_iter().chain(rest) {
        let to = folder.join(path);
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        creature_core::file_writer::write(&to, bytes, &creature_core::file_writer::Policy::replacing())?;
    }
    Ok(project)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of the repository's example project and species folder is bundled,
    /// and nothing else: a file added there must be added here.
    #[test]
    fn the_bundle_holds_the_repositorys_example_and_species_files() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut on_disk = Vec::new();
        for dir in [PROJECT, "species"] {
            walk(&repo, &repo.join(dir), &mut on_disk);
        }
        on_disk.sort();
        let mut bundled: Vec<String> = FILES.iter().map(|(p, _)| (*p).to_owned()).collect();
        bundled.sort();
        assert_eq!(bundled, on_disk);
        for (p, bytes) in FILES {
            assert_eq!(std::fs::read(repo.join(p)).unwrap(), *bytes, "{p} as on disk");
        }
    }

    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }

    #[test]
    fn the_copy_is_made_once_and_opens_as_a_project() {
        let tmp = tempfile::tempdir().unwrap();
        let project = copy_in(tmp.path()).unwrap();
        assert!(creature_core::project::Project::open(&project).is_ok(), "the copy opens");
        let world = project.join("world.ron");
        std::fs::write(&world, "// the person's edit").unwrap();
        assert_eq!(copy_in(tmp.path()).unwrap(), project);
        assert_eq!(std::fs::read_to_string(&world).unwrap(), "// the person's edit", "a copy is never written over");
    }
}

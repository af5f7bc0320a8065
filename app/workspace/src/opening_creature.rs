//! The creature a project opens on: the one the editor puts in focus (its preview runs
//! it) when a project opens, the start page's "Open the example creature" opens, and
//! `serve` runs. The one home of that rule, so the editor and the reference game run
//! the same creature.

use std::path::PathBuf;

use creature_core::creature::Creature;
use creature_core::names::Desire;
use creature_core::project::{Project, ron_files};
use creature_core::species::data::{Data, TreeKind};

use crate::live_preview::first_creature;

/// The project's creature save with the largest tree (the most examples), and that
/// tree: the one that shows most of what the studio does. The first in path order
/// wins a tie; a save that does not load with `data` is passed over.
#[must_use]
pub fn richest_creature(project: &Project, data: &Data) -> Option<(PathBuf, Desire, TreeKind)> {
    let mut best: Option<(usize, PathBuf, Desire, TreeKind)> = None;
    for path in ron_files(&project.resolve(&project.manifest.creatures)) {
        let Ok(c) = Creature::load(&path, data) else { continue };
        for t in &c.trees {
            for kind in [TreeKind::ActOn, TreeKind::Activity] {
                let n = t.get(kind).examples.len();
                if best.as_ref().is_none_or(|b| n > b.0) {
                    best = Some((n, path.clone(), t.desire, kind));
                }
            }
        }
    }
    best.map(|(_, path, d, k)| (path, d, k))
}

/// The creature save a project opens on, with the tree to show first: the richest
/// ([`richest_creature`]), or, when no save loads, the first in path order
/// ([`first_creature`]) so that opening it says what is wrong. `None` for a project
/// without creature saves.
#[must_use]
pub fn opening_creature(project: &Project, data: &Data) -> Option<(PathBuf, Option<(Desire, TreeKind)>)> {
    richest_creature(project, data)
        .map(|(path, d, k)| (path, Some((d, k))))
        .or_else(|| first_creature(project).map(|path| (path, None)))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn example() -> Project {
        Project::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example")).unwrap()
    }

    #[test]
    fn a_project_opens_on_its_creature_with_the_largest_tree() {
        let project = example();
        let data = Data::load_dir(&project.species_dir()).unwrap();
        let (path, tree) = opening_creature(&project, &data).unwrap();
        let largest = |p: &Path| {
            let c = Creature::load(p, &data).unwrap();
            c.trees.iter().flat_map(|t| [t.acton.examples.len(), t.activity.examples.len()]).max().unwrap()
        };
        let saves = ron_files(&project.resolve(&project.manifest.creatures));
        assert!(saves.len() > 1, "the example has creatures to choose from");
        assert!(saves.iter().all(|s| largest(s) <= largest(&path)), "{path:?} has the largest tree");
        let (d, k) = tree.unwrap();
        let c = Creature::load(&path, &data).unwrap();
        assert_eq!(c.tree(d, k).examples.len(), largest(&path), "the tree shown first is that tree");
    }

    #[test]
    fn a_project_whose_saves_do_not_load_opens_on_its_first_so_the_problem_is_said() {
        let tmp = crate::test_support::example_copy();
        let project = Project::open(&tmp.path().join("projects/example")).unwrap();
        for save in ron_files(&project.resolve(&project.manifest.creatures)) {
            std::fs::write(save, "(name: oops").unwrap();
        }
        let data = Data::load_dir(&project.species_dir()).unwrap();
        assert_eq!(opening_creature(&project, &data), first_creature(&project).map(|p| (p, None)));
        assert!(first_creature(&project).is_some());
    }
}

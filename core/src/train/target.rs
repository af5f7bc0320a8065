//! The target file (SPEC §22, `NAME.target.ron`): a species or a creature save, the phase
//! it is taught in, and what must hold after its lessons, in the scenario language
//! (SPEC §16). A target is read as a scenario without inputs, so its expectations are
//! parsed and checked by the scenario's own parser and checker, each problem placed at
//! its field.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::creature::Creature;
use crate::error::{LoadError, LoadResult};
use crate::file_reader::read_text;
use crate::names::Species;
use crate::ronpos::Placer;
use crate::scenario::{Expect, Loaded, Scenario};
use crate::species::data::Data;
use crate::world::file::WorldFile;

/// How a target file's name ends.
pub const TARGET_SUFFIX: &str = ".target.ron";

/// A target as written. Optional fields may be omitted or written bare.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub species: Species,
    /// A creature save relative to the target, taught instead of a newborn.
    #[serde(default)]
    pub creature: Option<PathBuf>,
    /// A world file relative to the target; `None`: the bundled village.
    #[serde(default)]
    pub world: Option<PathBuf>,
    /// Species data relative to the target instead of the built-in.
    #[serde(default)]
    pub species_dir: Option<PathBuf>,
    /// The phase the creature is taught and runs in; `None`: the newborn's 0, or the save's.
    #[serde(default)]
    pub phase: Option<u8>,
    /// Simulated seconds the creature lives after its lessons before it is judged.
    pub seconds: f64,
    /// What must hold, times counted from the end of the lessons.
    pub expect: Vec<Expect>,
}

/// A target with what it names loaded: the species data, the world, the save, and the
/// scenario it is run as.
#[derive(Clone, Debug)]
pub struct LoadedTarget {
    pub target: Target,
    /// The target as a scenario without inputs: its text, folder and expectations.
    pub scenario: Loaded,
    pub data: Arc<Data>,
    pub world: WorldFile,
    /// The save named by `creature`, loaded.
    pub creature: Option<Creature>,
}

impl LoadedTarget {
    /// The target for another species (`train --species`); refused for a target that
    /// teaches a saved creature, whose species is its own.
    pub fn for_species(&self, species: Species) -> Result<LoadedTarget, String> {
        if self.creature.is_some() && species != self.target.species {
            return Err(format!(
                "{} teaches a saved creature, a {}; --species needs a target of a species (without `creature`)",
                self.scenario.file, self.target.species
            ));
        }
        let mut other = self.clone();
        other.target.species = species;
        other.scenario.scenario.species = species;
        Ok(other)
    }

    /// The creature a trial with `seed` starts from, before its lessons: the save, or a
    /// newborn of the species born with `seed`, at the target's phase.
    #[must_use]
    pub fn creature(&self, seed: u64) -> Creature {
        let mut c = self.creature.clone().unwrap_or_else(|| Creature::newborn(&self.data, self.target.species, seed));
        if let Some(p) = self.target.phase {
            c.phase = p;
        }
        c
    }
}

/// Parses target text (not yet checked against the data or the world).
pub fn parse(file: &str, text: &str, dir: &Path) -> Result<(Target, Loaded), LoadError> {
    let options = crate::error::ron_options_bare_optional();
    let target: Target = crate::error::parse_ron_with(file, text, &options)?;
    // Every field of a target is a scenario's: the same text read as a scenario is the
    // target without inputs, each field the scenario has and the target not at its default.
    let scenario: Scenario = crate::error::parse_ron_with(file, text, &options)?;
    Ok((target, Loaded { file: file.to_owned(), text: text.to_owned(), scenario, dir: dir.to_path_buf() }))
}

/// Reads, parses and checks the target at `path` and loads what it names. Every
/// problem is reported, each at its field.
pub fn load(path: &Path) -> LoadResult<LoadedTarget> {
    let text = read_text(path).map_err(|e| vec![e])?;
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let (target, scenario) = parse(&path.display().to_string(), &text, &dir).map_err(|e| vec![e])?;
    let (data, world) = crate::scenario::run::data_and_world(&scenario)?;
    crate::scenario::check(&scenario, &data, &world)?;
    own_checks(&scenario)?;
    let creature = match &target.creature {
        Some(c) => Some(Creature::load(&scenario.resolve(c), &data)?),
        None => None,
    };
    Ok(LoadedTarget { target, scenario, data: Arc::new(data), world, creature })
}

/// What a target asks beyond a scenario's rules: something to expect, and nothing about
/// the releases of its run, which has none (the lessons come before it).
fn own_checks(s: &Loaded) -> LoadResult<()> {
    let place = Placer::new(&s.text);
    let expect = &s.scenario.expect;
    if expect.is_empty() {
        let (line, col) = place.field("expect");
        return Err(vec![LoadError::new(&s.file, line, col, "a target expects something; `expect` is empty")]);
    }
    let errors: Vec<LoadError> = expect
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Expect::Lesson { .. } | Expect::Credit { .. }))
        .map(|(i, _)| {
            let (line, col) = place.item("expect", i, None);
            let message = "a target's run has no releases (its lessons come before it): expect what the lessons \
                           left instead (Param, Opinion, Tree, Score, Desire, Plans)";
            LoadError::new(&s.file, line, col, message)
        })
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Every problem of the target file at `path`, for `check`.
#[must_use]
pub fn check_file(path: &Path) -> Vec<LoadError> {
    load(path).err().unwrap_or_default()
}

/// Whether `path` names a target file.
#[must_use]
pub fn is_target_file(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(TARGET_SUFFIX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_target_reads_as_a_scenario_without_inputs() {
        let dir = crate::fsutil::scratch_dir("target-reads");
        let p = write(
            &dir,
            "kind.target.ron",
            "(species: \"Cow\", phase: 11, seconds: 60.0,\n expect: [Desire(at: 60.0, name: \"Compassion\", min: 0.5)])",
        );
        let t = load(&p).unwrap();
        assert_eq!(t.target.phase, Some(11), "optional fields may be written bare");
        assert!(t.scenario.scenario.inputs.is_empty());
        assert_eq!(t.creature(3).phase, 11);
    }

    #[test]
    fn a_bad_expectation_is_placed_by_the_scenario_checker() {
        let dir = crate::fsutil::scratch_dir("target-placed");
        let p = write(
            &dir,
            "kind.target.ron",
            "(species: \"Cow\", seconds: 60.0,\n expect: [\n  Desire(at: 90.0, name: \"Compassion\", min: 0.5),\n  \
             Score(at: 1.0, desire: \"Compassion\", tree: ActOn, object: \"nobody\", min: 0.1)])",
        );
        let errors = check_file(&p);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!((errors[0].line, errors[1].line), (3, 4), "{errors:?}");
        assert!(errors[1].message.contains("nobody"), "{errors:?}");
    }

    #[test]
    fn a_target_must_expect_something_it_can_measure() {
        let dir = crate::fsutil::scratch_dir("target-empty");
        let p = write(&dir, "a.target.ron", "(species: \"Cow\", seconds: 60.0, expect: [])");
        assert!(check_file(&p)[0].message.contains("expects something"));
        let p = write(&dir, "b.target.ron", "(species: \"Cow\", seconds: 60.0,\n expect: [Lesson(index: 0)])");
        let errors = check_file(&p);
        assert_eq!(errors[0].line, 2, "{errors:?}");
        assert!(errors[0].message.contains("no releases"), "{errors:?}");
        let p = write(&dir, "c.target.ron", "(species: \"Cow\", seconds: 60.0, inputs: [], expect: [])");
        assert!(check_file(&p)[0].message.contains("inputs"), "{:?}", check_file(&p));
    }
}

//! The creature save (SPEC §14): one creature's traits, feelings, opinions, the 80
//! trees' examples and what it has learnt by watching. Loading checks every number
//! and name against the species data; saving is atomic and round-trips exactly.

pub mod lesson;

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::file_reader::read_text;
use crate::mind::observation::Watching;
use crate::mind::tree::{CAPACITY, ExampleMemory};
use crate::names::{Desire, Species, Trait};
use crate::rng::Rng;
use crate::species::Traits;
use crate::species::data::{DESIRE_MAX_CAP, Data, PHASE_COUNT, TreeKind};
use crate::species::problems::{Problems, check_examples};

/// One desire as this creature has it: its level and its (learnt) parameters (SPEC §2, §7).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DesireState {
    pub name: Desire,
    /// How strongly it is felt now, in [0, max].
    pub value: f64,
    /// The most it can hold, in [0, 2].
    pub max: f64,
    /// Seconds to grow by 1.0 with a drive of 1.0, in [1, 1200].
    pub increase_seconds: f64,
    /// One threshold per source of the desire's definition, each in [0.2, 1].
    pub thresholds: Vec<f64>,
}

/// The two trees of one desire (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DesireTrees {
    pub desire: Desire,
    #[serde(default)]
    pub activity: ExampleMemory,
    #[serde(default)]
    pub acton: ExampleMemory,
}

impl DesireTrees {
    /// One of the two memories.
    pub fn get(&self, kind: TreeKind) -> &ExampleMemory {
        match kind {
            TreeKind::Activity => &self.activity,
            TreeKind::ActOn => &self.acton,
        }
    }

    /// One of the two memories, to change.
    pub fn get_mut(&mut self, kind: TreeKind) -> &mut ExampleMemory {
        match kind {
            TreeKind::Activity => &mut self.activity,
            TreeKind::ActOn => &mut self.acton,
        }
    }
}

/// The body's state, each in [0, 1] (SPEC §3, §4).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BodyState {
    pub energy: f64,
    pub health: f64,
    pub fatigue: f64,
    pub bowels: f64,
    pub sickness: f64,
    pub nausea: f64,
    pub itch: f64,
    pub thirst: f64,
}

impl Default for BodyState {
    fn default() -> Self {
        Self { energy: 0.8, health: 1.0, fatigue: 0.1, bowels: 0.1, sickness: 0.0, nausea: 0.0, itch: 0.1, thirst: 0.2 }
    }
}

impl BodyState {
    fn fields(&self) -> [(&'static str, f64); 8] {
        [
            ("energy", self.energy),
            ("health", self.health),
            ("fatigue", self.fatigue),
            ("bowels", self.bowels),
            ("sickness", self.sickness),
            ("nausea", self.nausea),
            ("itch", self.itch),
            ("thirst", self.thirst),
        ]
    }
}

/// A creature save file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Creature {
    /// A name for people; not used by the simulation.
    #[serde(default)]
    pub name: String,
    pub species: Species,
    /// The seed it was born from; the simulation's generator starts from it.
    pub seed: u64,
    /// The development phase, 0 to 13 (SPEC §12).
    pub phase: u8,
    /// Seconds of simulated life so far.
    #[serde(default)]
    pub age_seconds: f64,
    /// Its own traits: the species' varied at birth (SPEC §3).
    pub traits: Traits,
    /// How much it likes the player, in [−1, 1] (SPEC §5).
    pub liking: f64,
    #[serde(default)]
    pub body: BodyState,
    /// The 40 desires in SPEC order.
    pub desires: Vec<DesireState>,
    /// Opinion of each action, in [−1, 1] (SPEC §7, lesson 4); 0 for a newborn.
    pub opinions: BTreeMap<String, f64>,
    /// The 80 trees' examples: two per desire, in SPEC order (SPEC §8).
    pub trees: Vec<DesireTrees>,
    /// Skills and miracles learnt by watching (SPEC §10).
    #[serde(default)]
    pub watching: Watching,
}

impl Creature {
    /// A newborn of `species` (SPEC §3): traits varied by up to ±0.1 from the seeded
    /// generator, desires empty with the species' parameters, opinions 0, liking 0,
    /// phase 0, and the trees holding the template's default examples.
    pub fn newborn(data: &Data, species: Species, seed: u64) -> Creature {
        let def = data.species(species);
        let mut rng = Rng::seeded(seed);
        let traits = def.traits.at_birth(&mut rng);
        let desires = data
            .desires
            .iter()
            .map(|d| DesireState {
                name: d.name,
                value: 0.0,
                max: d.max,
                increase_seconds: def.increase_seconds(data, d.name),
                thresholds: d.sources.iter().map(|s| s.threshold).collect(),
            })
            .collect();
        let mut trees: Vec<DesireTrees> = Desire::ALL
            .iter()
            .map(|d| DesireTrees { desire: *d, activity: ExampleMemory::default(), acton: ExampleMemory::default() })
            .collect();
        for t in data.template.trees.iter().chain(&def.default_examples) {
            let memory = trees[t.desire.index()].get_mut(t.tree);
            for e in &t.examples {
                memory.seed(e.clone());
            }
        }
        Creature {
            name: format!("{species} {seed}"),
            species,
            seed,
            phase: 0,
            age_seconds: 0.0,
            traits,
            liking: 0.0,
            body: BodyState::default(),
            desires,
            opinions: data.actions.actions.iter().map(|a| (a.name.clone(), 0.0)).collect(),
            trees,
            watching: Watching::default(),
        }
    }

    /// This creature's state of desire `d`.
    #[inline]
    pub fn desire(&self, d: Desire) -> &DesireState {
        &self.desires[d.index()]
    }

    /// This creature's state of desire `d`, to change.
    pub fn desire_mut(&mut self, d: Desire) -> &mut DesireState {
        &mut self.desires[d.index()]
    }

    /// The examples of one tree.
    pub fn tree(&self, d: Desire, kind: TreeKind) -> &ExampleMemory {
        self.trees[d.index()].get(kind)
    }

    /// The examples of one tree, to change.
    pub fn tree_mut(&mut self, d: Desire, kind: TreeKind) -> &mut ExampleMemory {
        self.trees[d.index()].get_mut(kind)
    }

    /// The save as pretty RON text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(false);
        // A creature holds only strings, numbers, maps and lists, which RON can always write.
        ron::ser::to_string_pretty(self, config).unwrap_or_else(|e| format!("// cannot write: {e}\n"))
    }

    /// Parses and checks a save against the species data.
    pub fn parse(file: &str, text: &str, data: &Data) -> Result<Creature, Vec<LoadError>> {
        let c: Creature = parse_ron(file, text).map_err(|e| vec![e])?;
        c.check(file, text, data)?;
        Ok(c)
    }

    /// Reads, parses and checks a save file.
    pub fn load(path: &Path, data: &Data) -> Result<Creature, Vec<LoadError>> {
        let text = read_text(path).map_err(|e| vec![e])?;
        Self::parse(&path.display().to_string(), &text, data)
    }

    /// Writes the save atomically, under `policy` ([`crate::file_writer`]).
    pub fn save(&self, path: &Path, policy: &crate::file_writer::Policy) -> Result<(), String> {
        crate::file_writer::write(path, self.to_ron().as_bytes(), policy)
    }

    /// Every problem with the numbers and names of this save against `data`, placed in
    /// `text` (the save's text, named `file`): what [`Creature::parse`] checks after
    /// parsing, for a save already parsed that meets other species data.
    ///
    /// # Errors
    /// Every problem found.
    pub fn check(&self, file: &str, text: &str, data: &Data) -> Result<(), Vec<LoadError>> {
        let mut p = Problems::new(file, text);
        if usize::from(self.phase) >= PHASE_COUNT {
            p.at("phase", format!("phase is {}; expected 0 to 13", self.phase));
        }
        p.range("age_seconds", "age_seconds", self.age_seconds, 0.0, f64::MAX);
        p.range("liking", "liking", self.liking, -1.0, 1.0);
        for t in Trait::ALL {
            p.range(t.field(), t.field(), self.traits.get(*t), 0.0, 1.0);
        }
        for (name, v) in self.body.fields() {
            p.range(name, &format!("body {name}"), v, 0.0, 1.0);
        }
        self.check_desires(&mut p, data);
        for (action, v) in &self.opinions {
            let at = format!("\"{action}\"");
            if let Err(msg) = data.action_named(action) {
                p.at(&at, msg);
            }
            p.range(&at, &format!("opinion of {action}"), *v, -1.0, 1.0);
        }
        if self.trees.len() != Desire::COUNT {
            p.at("trees", format!("{} tree pairs; expected 40, one per desire in SPEC order", self.trees.len()));
        }
        for (i, t) in self.trees.iter().enumerate() {
            let at = format!("desire: \"{}\"", t.desire);
            if Desire::ALL.get(i) != Some(&t.desire) {
                let want =
                    Desire::ALL.get(i).map_or("nothing (there are only 40 desires)".to_owned(), ToString::to_string);
                p.at(&at, format!("tree pair {} is for {}; expected {want}", i + 1, t.desire));
            }
            for (kind, m) in [("activity", &t.activity), ("acton", &t.acton)] {
                if m.examples.len() > CAPACITY {
                    p.at(&at, format!("{kind} tree holds {} examples; expected at most 16", m.examples.len()));
                }
                check_examples(&mut p, &at, &m.examples, &data.attributes);
            }
        }
        p.finish(())
    }

    fn check_desires(&self, p: &mut Problems<'_>, data: &Data) {
        if self.desires.len() != Desire::COUNT {
            p.at("desires", format!("{} desires; expected all 40 in SPEC order", self.desires.len()));
        }
        for (i, d) in self.desires.iter().enumerate() {
            let at = format!("\"{}\"", d.name);
            let name = d.name.name();
            if let Some(expected) = Desire::ALL.get(i)
                && *expected != d.name
            {
                p.at(&at, format!("desire {} is {name}; expected {expected} (the SPEC's order)", i + 1));
                continue;
            }
            p.range(&at, &format!("{name}: max"), d.max, 0.0, DESIRE_MAX_CAP);
            p.range(&at, &format!("{name}: value"), d.value, 0.0, d.max.max(0.0));
            p.range(&at, &format!("{name}: increase_seconds"), d.increase_seconds, 1.0, 1200.0);
            let sources = data.desire(d.name).sources.len();
            if d.thresholds.len() != sources {
                p.at(&at, format!("{name} has {} thresholds; expected {sources}, one per source", d.thresholds.len()));
            }
            for th in &d.thresholds {
                p.range(&at, &format!("{name}: threshold"), *th, 0.2, 1.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::species::BIRTH_VARIATION;

    fn data() -> Data {
        Data::builtin().expect("built-in data")
    }

    #[test]
    fn newborn_traits_vary_within_a_tenth_and_the_seed_decides() {
        let data = data();
        for s in Species::ALL {
            let base = data.species(*s).traits;
            for seed in 0..50 {
                let c = Creature::newborn(&data, *s, seed);
                for t in Trait::ALL {
                    let (a, b) = (c.traits.get(*t), base.get(*t));
                    assert!(
                        (a - b).abs() <= BIRTH_VARIATION + 1e-12 && (0.0..=1.0).contains(&a),
                        "{s} {t}: {a} vs {b}"
                    );
                }
                assert_eq!(c, Creature::newborn(&data, *s, seed));
            }
        }
        assert_ne!(Creature::newborn(&data, Species::Cow, 1).traits, Creature::newborn(&data, Species::Cow, 2).traits);
    }

    #[test]
    fn a_newborn_has_forty_empty_desires_neutral_opinions_and_the_template_examples() {
        let data = data();
        let c = Creature::newborn(&data, Species::Cow, 7);
        assert_eq!(c.desires.len(), 40);
        assert!(c.desires.iter().all(|d| d.value == 0.0));
        assert_eq!(c.desire(Desire::Hunger).increase_seconds, 20.0);
        assert_eq!(c.desire(Desire::Hunger).thresholds, vec![0.4]);
        assert!(c.opinions.values().all(|v| *v == 0.0) && c.opinions.contains_key("Eat"));
        assert_eq!((c.phase, c.liking), (0, 0.0));
        assert_eq!(c.trees.len(), 40);
        let template = data.template.trees.iter().find(|t| t.desire == Desire::Hunger && t.tree == TreeKind::ActOn);
        assert_eq!(c.tree(Desire::Hunger, TreeKind::ActOn).examples.len(), template.map_or(0, |t| t.examples.len()));
        assert_eq!(c.tree(Desire::Hunger, TreeKind::ActOn).lessons, 0);
    }

    #[test]
    fn a_saved_newborn_loads_back_equal() {
        let data = data();
        let c = Creature::newborn(&data, Species::PolarBear, 99);
        let text = c.to_ron();
        let back = Creature::parse("c.ron", &text, &data).unwrap();
        assert_eq!(back, c);
        assert_eq!(back.to_ron(), text);
    }

    #[test]
    fn bad_numbers_and_names_are_refused_with_their_place() {
        let data = data();
        let text = Creature::newborn(&data, Species::Cow, 1).to_ron();
        let broken = text.replacen("liking: 0.0", "liking: 7.0", 1);
        let errs = Creature::parse("c.ron", &broken, &data).unwrap_err();
        assert!(errs[0].message.contains("liking is 7"), "{errs:?}");
        let (line, _) = crate::error::locate(&broken, "liking").unwrap();
        assert_eq!(errs[0].line, line);
        let broken = text.replacen("\"Eat\":", "\"Eats\":", 1);
        let errs = Creature::parse("c.ron", &broken, &data).unwrap_err();
        assert!(errs.iter().any(|e| e.message.contains("did you mean `Eat`")), "{errs:?}");
        let broken = text.replacen("species: \"Cow\"", "species: \"Cowe\"", 1);
        let errs = Creature::parse("c.ron", &broken, &data).unwrap_err();
        assert!(errs[0].message.contains("did you mean `Cow`"), "{errs:?}");
    }
}

//! The tables the creature mind runs on: the 40 desires, the actions, the belief
//! attributes, the 14 development phases and the species template (SPEC §2–§12).
//!
//! Code holds the rules and these files hold the numbers: `species/*.ron` is embedded
//! in the binary as the defaults ([`Data::builtin`]) and can be loaded from any folder
//! ([`Data::load_dir`]) so that edits reload into a running preview.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, LoadResult, parse_ron};
use crate::file_reader::read_text;
pub use crate::names::{Desire, Species, Trait};
pub use crate::reads::Reads;
use crate::species::def::{BUILTIN, SpeciesDef, parse_species};
use crate::species::kinds::{KINDS_FILE, KindDef, check_kinds, parse_kinds};
use crate::species::problems::{Problems, check_examples};
pub use crate::species::tables::{
    Ability, ActionCategory, ActionDef, ActionTable, AttributeTable, CreditDecay, PHASE_COUNT, PHASE_EVENTS,
    PhaseAdvance, PhaseDef, PhaseTable,
};
pub(crate) use crate::species::tables::{parse_actions, parse_attributes, parse_phases};
pub use crate::species::template::{Template, TemplateTree, TreeKind};

/// The default steepness of the sigmoid (SPEC §2: "a steep sigmoid"; a tuning value).
pub const DEFAULT_STEEPNESS: f64 = 21.0;

/// The most any desire's `max` may be (SPEC §2: `max` in [0, 3]; the original's highest,
/// ToRestoreHealth's, is 3).
pub const DESIRE_MAX_CAP: f64 = 3.0;

/// How one lesson moves a desire's parameters (SPEC §7, lesson 1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Sensitivity {
    /// `increase_seconds ← increase_seconds · (1 − growth · L)`.
    pub growth: f64,
    /// `θ ← θ − threshold · L` for every source.
    pub threshold: f64,
    /// `max ← max + maximum · L`.
    pub maximum: f64,
}

impl Default for Sensitivity {
    fn default() -> Self {
        Self { growth: 0.1, threshold: 0.05, maximum: 0.02 }
    }
}

/// One source of a desire: what it reads and the threshold of its sigmoid (SPEC §2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SourceDef {
    /// θ in [0.2, 1.0].
    pub threshold: f64,
    pub reads: Reads,
}

/// A desire's definition: its defaults for every newborn (SPEC §2).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DesireDef {
    pub name: Desire,
    /// The most the desire can hold: more than 0, at most [`DESIRE_MAX_CAP`].
    #[serde(default = "one")]
    pub max: f64,
    /// Seconds to grow by 1.0 with a drive of 1.0, in 1..=1200.
    pub increase_seconds: f64,
    /// Per-turn multiplier when not growing.
    #[serde(default = "default_decay")]
    pub decay: f64,
    /// Up to 8 sources.
    #[serde(default)]
    pub sources: Vec<SourceDef>,
    /// How much distance lowers an object's score for this desire (SPEC §4).
    #[serde(default = "default_distance_weight")]
    pub distance_weight: f64,
    /// Learning sensitivities (SPEC §7).
    #[serde(default)]
    pub sensitivity: Sensitivity,
    /// The development phase that turns the desire on (SPEC §12); `None`: no phase
    /// does, and the desire stays off. Left out, phase 0.
    #[serde(default = "phase_zero")]
    pub phase: Option<u8>,
    /// The development phase that turns the desire off again, if one does (SPEC §12).
    #[serde(default)]
    pub off: Option<u8>,
    /// What else turns the desire on, whatever the phase: while this input reads at
    /// least the threshold (a strong dislike of the player, say).
    #[serde(default)]
    pub on_while: Option<SourceDef>,
    /// A social desire is about someone: its plans have a target (SPEC §4).
    #[serde(default)]
    pub social: bool,
    /// The actions that can satisfy the desire in the world, by name.
    #[serde(default)]
    pub actions: Vec<String>,
}

fn one() -> f64 {
    1.0
}
fn phase_zero() -> Option<u8> {
    Some(0)
}

impl DesireDef {
    /// True when the desire is on at development `phase`: a phase at or before it
    /// turned the desire on, and none at or before it turned it off (SPEC §12).
    pub fn on_at(&self, phase: u8) -> bool {
        self.phase.is_some_and(|on| on <= phase) && self.off.is_none_or(|off| phase < off)
    }

    /// True when the desire is on at `phase` with the inputs `read` gives: on by its
    /// phase, or turned on by its `on_while` input.
    pub fn on_now(&self, phase: u8, read: impl Fn(Reads) -> f64) -> bool {
        self.on_at(phase) || self.on_while.is_some_and(|s| read(s.reads) >= s.threshold)
    }
}
fn default_decay() -> f64 {
    0.999
}
fn default_distance_weight() -> f64 {
    0.02
}
fn default_steepness() -> f64 {
    DEFAULT_STEEPNESS
}

/// `species/desires.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DesireTable {
    /// The sigmoid's steepness k (SPEC §2).
    #[serde(default = "default_steepness")]
    pub steepness: f64,
    pub desires: Vec<DesireDef>,
}

/// The file names of the tables in a species folder.
pub const DESIRES_FILE: &str = "desires.ron";
pub const ACTIONS_FILE: &str = "actions.ron";
pub const ATTRIBUTES_FILE: &str = "attributes.ron";
pub const PHASES_FILE: &str = "phases.ron";
pub const TEMPLATE_FILE: &str = "template.ron";

/// Gives a file's text and the name to report it by, from its name in a species folder
/// and whether the folder must hold it: `None` for an optional file the folder lacks.
type FileReader<'a> = &'a dyn Fn(&str, bool) -> Result<Option<(String, String)>, LoadError>;

/// Everything in a species folder, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    pub steepness: f64,
    /// The 40 desires, indexed by [`Desire::index`].
    pub desires: Vec<DesireDef>,
    pub actions: ActionTable,
    pub attributes: Vec<String>,
    pub phases: Vec<PhaseDef>,
    pub template: Template,
    /// The 17 species, indexed by [`Species::index`].
    pub species: Vec<SpeciesDef>,
    /// The kinds of object of one's own (`kinds.ron`; none when the folder lacks it).
    pub kinds: Vec<KindDef>,
}

/// The embedded default files: (file name, text).
fn builtin_files() -> Vec<(String, &'static str)> {
    let mut files = vec![
        (DESIRES_FILE.to_owned(), include_str!("../../../species/desires.ron")),
        (ACTIONS_FILE.to_owned(), include_str!("../../../species/actions.ron")),
        (ATTRIBUTES_FILE.to_owned(), include_str!("../../../species/attributes.ron")),
        (PHASES_FILE.to_owned(), include_str!("../../../species/phases.ron")),
        (TEMPLATE_FILE.to_owned(), include_str!("../../../species/template.ron")),
        (KINDS_FILE.to_owned(), include_str!("../../../species/kinds.ron")),
    ];
    files.extend(BUILTIN.iter().map(|(stem, text)| (format!("{stem}.ron"), *text)));
    files
}

impl Data {
    /// The defaults compiled into the binary from the repository's `species/`.
    pub fn builtin() -> LoadResult<Data> {
        let files = builtin_files();
        Self::from_texts(&|name: &str, _| {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| Ok(Some(((*t).to_owned(), format!("species/{name}")))))
                .unwrap_or_else(|| Err(LoadError::whole_file(format!("species/{name}"), "missing built-in file")))
        })
    }

    /// Loads and checks every table and species file in `dir`, reporting every problem.
    pub fn load_dir(dir: &Path) -> LoadResult<Data> {
        Self::load_dir_with_texts(dir).0
    }

    /// [`Data::load_dir`], each file read once, with the texts of the files that could
    /// be read (name, text), whether or not they load.
    pub fn load_dir_with_texts(dir: &Path) -> (LoadResult<Data>, Vec<(String, String)>) {
        let texts = std::cell::RefCell::new(Vec::new());
        let data = Self::from_texts(&|name: &str, required: bool| {
            let path = dir.join(name);
            if !required && is_absent(&path) {
                return Ok(None);
            }
            let text = read_text(&path)?;
            texts.borrow_mut().push((name.to_owned(), text.clone()));
            Ok(Some((text, path.display().to_string())))
        });
        (data, texts.into_inner())
    }

    /// The names of the files a species folder holds: the tables and one per species.
    #[must_use]
    pub fn file_names() -> Vec<String> {
        builtin_files().into_iter().map(|(name, _)| name).collect()
    }

    /// True for a table of the folder (actions, attributes, phases, template, kinds):
    /// every file but the desires' and the species'.
    #[must_use]
    pub fn is_table_file(name: &str) -> bool {
        [ACTIONS_FILE, ATTRIBUTES_FILE, PHASES_FILE, TEMPLATE_FILE, KINDS_FILE].contains(&name)
    }

    /// The texts of the files the data is built from, by [`Data::file_names`]: the
    /// built-in ones (`dir` `None`) or those of the folder `dir`. A recording keeps them
    /// to build the same data again without the folder (SPEC §17).
    pub fn texts(dir: Option<&Path>) -> LoadResult<Vec<(String, String)>> {
        let Some(dir) = dir else {
            return Ok(builtin_files().into_iter().map(|(n, t)| (n, t.to_owned())).collect());
        };
        let mut errors = Vec::new();
        let texts: Vec<(String, String)> = Self::file_names()
            .into_iter()
            .filter(|name| name != KINDS_FILE || !is_absent(&dir.join(name)))
            .filter_map(|name| read_text(&dir.join(&name)).map(|t| (name, t)).map_err(|e| errors.push(e)).ok())
            .collect();
        if errors.is_empty() { Ok(texts) } else { Err(errors) }
    }

    /// Builds and checks the data from files' texts, (file name, text); problems name
    /// each file as `origin/NAME`.
    pub fn from_files(files: &[(String, String)], origin: &str) -> LoadResult<Data> {
        Self::from_texts(&|name: &str, required: bool| {
            let shown = format!("{origin}/{name}");
            match files.iter().find(|(n, _)| n == name) {
                Some((_, t)) => Ok(Some((t.clone(), shown))),
                None if required => Err(LoadError::whole_file(shown, "missing file")),
                None => Ok(None),
            }
        })
    }

    /// Builds the data from a function that gives each file's text and display name.
    fn from_texts(read: FileReader<'_>) -> LoadResult<Data> {
        let mut errors = Vec::new();
        let mut read_as = |name: &str, required: bool| read(name, required).map_err(|e| errors.push(e)).ok().flatten();
        let kinds = read_as(KINDS_FILE, false);
        let mut load = |name: &str| read_as(name, true);
        let desires = load(DESIRES_FILE);
        let actions = load(ACTIONS_FILE);
        let attributes = load(ATTRIBUTES_FILE);
        let phases = load(PHASES_FILE);
        let template = load(TEMPLATE_FILE);
        let species_texts: Vec<_> = Species::ALL.iter().map(|s| load(&format!("{}.ron", s.file_stem()))).collect();

        let desires_text = desires.clone();
        let desires = desires.and_then(|(t, f)| keep(&mut errors, parse_desires(&f, &t)));
        let actions = actions.and_then(|(t, f)| keep(&mut errors, parse_actions(&f, &t)));
        let attributes = attributes.and_then(|(t, f)| keep(&mut errors, parse_attributes(&f, &t)));
        let phases = phases.and_then(|(t, f)| keep(&mut errors, parse_phases(&f, &t)));
        let template = template.and_then(|(t, f)| {
            let attrs = attributes.as_deref().unwrap_or(&[]);
            keep(&mut errors, parse_template(&f, &t, attrs))
        });
        let mut species = Vec::new();
        for (s, loaded) in Species::ALL.iter().zip(species_texts) {
            if let Some((t, f)) = loaded
                && let Some(def) = keep(&mut errors, parse_species(&f, &t, *s))
            {
                species.push(def);
            }
        }
        if let (Some(d), Some(a), Some((text, file))) = (&desires, &actions, &desires_text) {
            check_desire_actions(file, text, &d.1, a, &mut errors);
        }
        let kinds = match kinds {
            Some((t, f)) => keep(&mut errors, parse_kinds(&f, &t)).map(|k| (k, t, f)),
            None => Some((Vec::new(), String::new(), String::new())),
        };
        if let (Some((k, text, file)), Some(a), Some(attrs)) = (&kinds, &actions, &attributes) {
            check_kinds(file, text, k, a, attrs, &mut errors);
        }
        match (desires, actions, attributes, phases, template, kinds) {
            (
                Some((steepness, desires)),
                Some(actions),
                Some(attributes),
                Some(phases),
                Some(template),
                Some(kinds),
            ) if errors.is_empty() && species.len() == Species::ALL.len() => {
                let kinds = kinds.0;
                Ok(Data { steepness, desires, actions, attributes, phases, template, species, kinds })
            }
            _ => Err(errors),
        }
    }

    /// The definition of desire `d`.
    pub fn desire(&self, d: Desire) -> &DesireDef {
        &self.desires[d.index()]
    }

    /// The definition of species `s`.
    pub fn species(&self, s: Species) -> &SpeciesDef {
        &self.species[s.index()]
    }

    /// The action called `name`, if there is one.
    pub fn action(&self, name: &str) -> Option<&ActionDef> {
        self.actions.actions.iter().find(|a| a.name == name)
    }

    /// The desire a deed of `action` is done for when none is named (SPEC §10's motive):
    /// the first desire, in the desires table's order, whose plans use the action.
    pub fn motive_of(&self, action: &str) -> Option<Desire> {
        self.desires.iter().find(|d| d.actions.iter().any(|a| a == action)).map(|d| d.name)
    }

    /// Looks an action up by name; the error suggests the nearest valid one.
    pub fn action_named(&self, name: &str) -> Result<&ActionDef, String> {
        self.action(name).ok_or_else(|| {
            crate::error::unknown_name("action", name, self.actions.actions.iter().map(|a| a.name.as_str()))
        })
    }

    /// True when a creature at `phase` has `ability` (abilities are cumulative).
    pub fn has_ability(&self, phase: u8, ability: Ability) -> bool {
        self.phases.iter().take(usize::from(phase) + 1).any(|p| p.abilities.contains(&ability))
    }

    /// The desires active at `phase` (SPEC §12).
    pub fn active_desires(&self, phase: u8) -> impl Iterator<Item = Desire> + '_ {
        self.desires.iter().filter(move |d| d.on_at(phase)).map(|d| d.name)
    }
}

/// True when nothing is at `path`: an optional file a folder lacks. Anything there, a
/// file or not, is for the reader to take or refuse.
fn is_absent(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
}

fn keep<T>(errors: &mut Vec<LoadError>, r: Result<T, Vec<LoadError>>) -> Option<T> {
    r.map_err(|e| errors.extend(e)).ok()
}

fn one_error<T>(r: Result<T, LoadError>) -> Result<T, Vec<LoadError>> {
    r.map_err(|e| vec![e])
}

/// The steepness and the 40 desires of `desires.ron`.
pub(crate) fn parse_desires(file: &str, text: &str) -> Result<(f64, Vec<DesireDef>), Vec<LoadError>> {
    let table: DesireTable = one_error(parse_ron(file, text))?;
    let mut p = Problems::new(file, text);
    p.range("steepness", "steepness", table.steepness, 0.1, 1000.0);
    for (i, d) in table.desires.iter().enumerate() {
        let at = format!("\"{}\"", d.name);
        let name = d.name.name();
        if let Some(expected) = Desire::ALL.get(i)
            && *expected != d.name
        {
            p.at(
                &at,
                format!(
                    "desire {} is {name}; expected {expected} here (the 40 desires are listed in the SPEC's order)",
                    i + 1
                ),
            );
        }
        p.range(&at, &format!("{name}: max"), d.max, 0.0, DESIRE_MAX_CAP);
        if d.max == 0.0 {
            p.at(&at, format!("{name}: max is 0; expected more than 0 (a desire that can hold nothing)"));
        }
        p.range(&at, &format!("{name}: increase_seconds"), d.increase_seconds, 1.0, 1200.0);
        p.range(&at, &format!("{name}: decay"), d.decay, 0.0, 1.0);
        p.range(&at, &format!("{name}: distance_weight"), d.distance_weight, 0.0, 1.0);
        for (what, v) in [
            ("growth", d.sensitivity.growth),
            ("threshold", d.sensitivity.threshold),
            ("maximum", d.sensitivity.maximum),
        ] {
            p.range(&at, &format!("{name}: sensitivity {what}"), v, 0.0, 2.0);
        }
        if d.sources.len() > 8 {
            p.at(&at, format!("{name} has {} sources; expected at most 8", d.sources.len()));
        }
        for s in &d.sources {
            p.range(&at, &format!("{name}: threshold of {}", s.reads.name()), s.threshold, 0.2, 1.0);
        }
        if let Some(s) = d.on_while {
            p.range(&at, &format!("{name}: on_while threshold of {}", s.reads.name()), s.threshold, 0.0, 1.0);
        }
        for (what, at_phase) in [("phase", d.phase), ("off", d.off)] {
            if let Some(n) = at_phase.filter(|n| usize::from(*n) >= PHASE_COUNT) {
                p.at(&at, format!("{name}: {what} {n}; expected 0 to 13"));
            }
        }
        if let (Some(on), Some(off)) = (d.phase, d.off)
            && off <= on
        {
            p.at(&at, format!("{name}: off {off} is not after phase {on}; expected a later phase, or no `off`"));
        }
    }
    if table.desires.len() != Desire::COUNT {
        let missing: Vec<&str> =
            Desire::ALL.iter().filter(|d| !table.desires.iter().any(|x| x.name == **d)).map(|d| d.name()).collect();
        let detail = if missing.is_empty() { String::new() } else { format!("; missing: {}", missing.join(", ")) };
        p.at("desires", format!("{} desires listed; expected all 40, once each{detail}", table.desires.len()));
    }
    p.finish((table.steepness, table.desires))
}

pub(crate) fn parse_template(file: &str, text: &str, attributes: &[String]) -> Result<Template, Vec<LoadError>> {
    let template: Template = one_error(parse_ron(file, text))?;
    let errors = check_template(file, text, &template, attributes);
    if errors.is_empty() { Ok(template) } else { Err(errors) }
}

/// The template's examples within the permanent limit and naming only `attributes`.
pub(crate) fn check_template(file: &str, text: &str, template: &Template, attributes: &[String]) -> Vec<LoadError> {
    let mut p = Problems::new(file, text);
    let mut counts: BTreeMap<(Desire, TreeKind), usize> = BTreeMap::new();
    for t in &template.trees {
        let at = format!("\"{}\"", t.desire);
        let n = counts.entry((t.desire, t.tree)).or_default();
        *n += t.examples.len();
        if *n > crate::species::example::PERMANENT {
            p.at(&at, format!("{} {:?} has {} template examples; expected at most 15", t.desire, t.tree, n));
        }
        check_examples(&mut p, &at, &t.examples, attributes);
    }
    p.errors
}

pub(crate) fn check_desire_actions(
    file: &str,
    text: &str,
    desires: &[DesireDef],
    actions: &ActionTable,
    errors: &mut Vec<LoadError>,
) {
    let mut p = Problems::new(file, text);
    for d in desires {
        actions.check_named(&mut p, &d.name.to_string(), &d.actions);
    }
    errors.extend(p.errors);
}

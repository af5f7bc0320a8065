//! The scenario file (SPEC §16, `NAME.scenario.ron`): one creature in a world, a script
//! of player inputs and expectations, as written. `check` then checks every name
//! against the species data and the world before anything runs.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use super::expect::{BodyMeasure, Counted, Expect, HAND, Most, NO_QUESTION, Param, Root, Started};
pub use super::trigger::Trigger;
use crate::error::LoadError;
use crate::file_reader::read_text;
use crate::names::{Desire, Species};
use crate::reads::Reads;
pub use crate::world::sim::Act;

/// The longest run a scenario may ask for: an in-game week.
pub const MAX_SECONDS: f64 = 7.0 * 86_400.0;

/// A scenario as written.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A world file relative to the scenario; `None`: the bundled village.
    #[serde(default)]
    pub world: Option<PathBuf>,
    pub species: Species,
    /// A creature save relative to the scenario instead of a newborn.
    #[serde(default)]
    pub creature: Option<PathBuf>,
    /// Species data relative to the scenario instead of the built-in.
    #[serde(default)]
    pub species_dir: Option<PathBuf>,
    #[serde(default)]
    pub seed: u64,
    /// The phase to run in; `None`: the newborn's 0, or the save's.
    #[serde(default)]
    pub phase: Option<u8>,
    /// Simulated seconds to run.
    pub seconds: f64,
    /// Desires whose other sources are stilled for the run: only those named push them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<Sources>,
    #[serde(default)]
    pub inputs: Vec<Input>,
    #[serde(default)]
    pub expect: Vec<Expect>,
}

/// One desire's sources stilled but those named (SPEC §16): "with only its trait to
/// push it". Written `Sources(desire: D, only: [READS, ...])`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Sources {
    pub desire: Desire,
    /// What the sources left to push the desire read, each one of its sources.
    pub only: Vec<Reads>,
}

/// One input: what the player does, and when.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// At simulated second T (at once if T has passed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<f64>,
    /// S seconds after the previous input; with `on`, S seconds after its event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<f64>,
    /// After the first such event since the previous input, and `after` (or `wait`)
    /// seconds more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<Trigger>,
    /// The seconds after `on`'s event, as `after` says them too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait: Option<f64>,
    #[serde(rename = "do")]
    pub act: Act,
}

impl Scenario {
    /// The scenario as RON text, optional fields written bare, as a person would.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(3).indentor("    ".to_owned());
        crate::error::ron_options_bare_optional().to_string_pretty(self, pretty).unwrap_or_default()
    }
}

/// A scenario with the files it names, resolved against its own folder.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub file: String,
    pub text: String,
    pub scenario: Scenario,
    pub dir: PathBuf,
}

impl Loaded {
    /// A path the scenario names, relative to its file.
    pub fn resolve(&self, p: &Path) -> PathBuf {
        crate::paths::normalize(&self.dir.join(p))
    }
}

/// Parses scenario text (not yet checked against data or world).
pub fn parse(file: &str, text: &str, dir: &Path) -> Result<Loaded, LoadError> {
    let scenario: Scenario = crate::error::parse_ron_with(file, text, &crate::error::ron_options_bare_optional())?;
    Ok(Loaded { file: file.to_owned(), text: text.to_owned(), scenario, dir: dir.to_path_buf() })
}

/// Reads and parses a scenario file.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let text = read_text(path)?;
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    parse(&path.display().to_string(), &text, &dir)
}

/// The claim a scenario checks: the comment lines before its first field, joined into
/// one paragraph (a designer writes what the scenario shows there).
#[must_use]
pub fn claim(text: &str) -> String {
    let lines = text.trim_start_matches('\u{feff}').lines().map(str::trim).take_while(|l| l.starts_with("//"));
    let words: Vec<&str> = lines.map(|l| l.trim_start_matches('/').trim()).filter(|l| !l.is_empty()).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_written_out_reads_back_the_same() {
        let text = "(species: \"Cow\", seed: 3, phase: 6, seconds: 60.0, \
            sources: [Sources(desire: \"Compassion\", only: [\"trait.kindness\"])], inputs: [\
            (at: 1.0, do: Plan(desire: \"Anger\", action: \"Throw\", object: \"rock_1\", target: \"home_town\")),\
            (on: PlanEnded(desire: \"Anger\"), wait: 0.0, do: Hold), (after: 0.1, do: Slap(Hard)),\
            (after: 0.1, do: Release), (at: 30.0, do: Leash(Compassion)), (at: 31.0, do: Miracle(name: \"Heal\")),\
            (at: 32.0, do: Desire(name: \"Hunger\", value: 0.5)), (at: 33.0, do: Phase(8))],\
            expect: [Score(at: 60.0, desire: \"Anger\", tree: Activity, object: \"home_town\", max: 0.1),\
            Plans(from: 0.0, to: 60.0, kind: Rock, min: 1), Knows(at: 60.0, what: \"Heal\")])";
        let parsed = parse("t.scenario.ron", text, Path::new(".")).unwrap().scenario;
        assert_eq!(parsed.phase, Some(6), "optional fields may be written bare");
        assert_eq!(parsed.inputs.len(), 8);
        assert_eq!(parsed.sources[0].only, [Reads::TraitKindness]);
        let again = parse("t.scenario.ron", &parsed.to_ron(), Path::new(".")).unwrap().scenario;
        assert_eq!(again, parsed);
        assert!(!parsed.to_ron().contains("after: None"), "{}", parsed.to_ron());
    }

    #[test]
    fn a_scenario_is_read_as_every_studio_file_is() {
        let e = parse("t.scenario.ron", "(species: \"Cow\", seconds: 1.0, seconds: 2.0)", Path::new(".")).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        let bom = "\u{feff}(species: \"Cow\", seconds: 1.0)";
        assert!(parse("t.scenario.ron", bom, Path::new(".")).is_ok(), "a byte-order mark is skipped");
    }

    #[test]
    fn unknown_fields_and_kinds_are_refused_with_their_place() {
        let e = parse("t.scenario.ron", "(species: \"Cow\", seconds: 1.0, colour: 3)", Path::new(".")).unwrap_err();
        assert_eq!((e.line, e.col > 1), (1, true), "{e}");
        let e = parse(
            "t.scenario.ron",
            "(species: \"Cow\",\n seconds: 1.0,\n inputs: [(at: 0.0, do: Dance)])",
            Path::new("."),
        )
        .unwrap_err();
        assert_eq!(e.line, 3, "{e}");
    }
}

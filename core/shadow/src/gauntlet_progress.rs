//! A player's progress through training gauntlets (SPEC §20), kept in the project:
//! `gauntlet-progress.ron` beside `studio.ron` lists, for each gauntlet (its path
//! relative to the project folder), the banks the player has beaten, as the gauntlet
//! names them: `(gauntlets: {"gauntlets/up.gauntlet.ron": ["turtle.bank.ron"]})`.
//! The player stands at the first bank of the gauntlet not beaten, so a gauntlet edited
//! since (a bank added, the order changed) still reads sensibly.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::gauntlet::Gauntlet;
use creature_core::error::{LoadError, parse_ron};
use creature_core::ronpos::Placer;

/// The file that keeps a project's gauntlet progress, beside its `studio.ron`.
pub use super::kinds::PROGRESS_FILE;

/// The banks beaten in each gauntlet of a project.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct GauntletProgress {
    /// Gauntlet path (relative to the project folder, `/` between folders) → the banks
    /// beaten, each as the gauntlet lists it, in the order they were beaten.
    pub gauntlets: BTreeMap<String, Vec<String>>,
}

/// Where a player stands in one gauntlet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Per bank of the gauntlet, weakest first: whether it is beaten.
    pub beaten: Vec<bool>,
    /// The bank to fight now (the first not beaten); `None` once all are beaten.
    pub next: Option<usize>,
}

impl GauntletProgress {
    /// The progress file of the project in `root`.
    #[must_use]
    pub fn path(root: &Path) -> PathBuf {
        root.join(PROGRESS_FILE)
    }

    /// Parses a progress file's text; `file` names it in problems.
    pub fn parse(file: &str, text: &str) -> Result<GauntletProgress, LoadError> {
        let p: GauntletProgress = parse_ron(file, text)?;
        for (gauntlet, beaten) in &p.gauntlets {
            let at = |message: String| {
                let (line, col) = KeyPlaces::new(text).of(gauntlet);
                LoadError::new(file, line, col, message)
            };
            if gauntlet.trim().is_empty() {
                return Err(at("a gauntlet with an empty name; expected its path in the project".into()));
            }
            let mut seen = HashSet::with_capacity(beaten.len());
            if let Some(b) = beaten.iter().find(|b| !seen.insert(b.as_str())) {
                return Err(at(format!("{gauntlet}: {b} is beaten twice; each bank is beaten once")));
            }
        }
        Ok(p)
    }

    /// The progress of the project in `root`; none yet when the file is not there.
    pub fn load(root: &Path) -> Result<GauntletProgress, LoadError> {
        let path = Self::path(root);
        if !path.exists() {
            return Ok(GauntletProgress::default());
        }
        let text = creature_core::file_reader::read_text(&path)?;
        Self::parse(&path.display().to_string(), &text)
    }

    /// Writes the progress beside `root`'s `studio.ron`, through the one writer.
    pub fn save(&self, root: &Path) -> Result<PathBuf, String> {
        let path = Self::path(root);
        creature_core::file_writer::write(
            &path,
            self.text()?.as_bytes(),
            &creature_core::file_writer::Policy::replacing_its_own_input(),
        )?;
        Ok(path)
    }

    /// The text [`GauntletProgress::save`] writes.
    pub fn text(&self) -> Result<String, String> {
        let pretty = ron::ser::PrettyConfig::new().indentor("    ".to_owned());
        let text = ron::ser::to_string_pretty(self, pretty).map_err(|e| e.to_string())?;
        Ok(format!("// The banks beaten in each training gauntlet of this project, weakest first.\n{text}\n"))
    }

    /// The key of the gauntlet file at `gauntlet` in the project at `root`: its path
    /// relative to the folder, with `/` between folders (the absolute path for a
    /// gauntlet outside the project).
    #[must_use]
    pub fn key(root: &Path, gauntlet: &Path) -> String {
        let rel = gauntlet.strip_prefix(root).unwrap_or(gauntlet);
        rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
    }

    /// Where the player stands in `gauntlet`, kept under `key`.
    #[must_use]
    pub fn standing(&self, key: &str, gauntlet: &Gauntlet) -> Standing {
        let done = self.gauntlets.get(key).map_or(&[][..], Vec::as_slice);
        let beaten: Vec<bool> =
            gauntlet.banks.iter().map(|b| done.iter().any(|d| Path::new(d) == b.as_path())).collect();
        Standing { next: beaten.iter().position(|b| !b), beaten }
    }

    /// Marks `bank` (as the gauntlet names it) beaten in the gauntlet kept under `key`.
    /// Returns whether that is news.
    pub fn beat(&mut self, key: &str, bank: &Path) -> bool {
        let list = self.gauntlets.entry(key.to_owned()).or_default();
        let name = bank.to_string_lossy().into_owned();
        if list.contains(&name) {
            return false;
        }
        list.push(name);
        true
    }
}

/// Where each gauntlet's key is written in a progress file's text: the entries of the
/// `gauntlets` map found in one pass, so that a file of many gauntlets is placed in
/// linear time.
struct KeyPlaces<'t> {
    placer: Placer<'t>,
    keys: HashMap<String, usize>,
}

impl<'t> KeyPlaces<'t> {
    fn new(text: &'t str) -> Self {
        let placer = Placer::new(text);
        let keys = placer.map_keys("gauntlets");
        Self { placer, keys }
    }

    /// The line and column of the gauntlet `key` (the `gauntlets` field when it cannot
    /// be found as written).
    fn of(&self, key: &str) -> (usize, usize) {
        match self.keys.get(key) {
            Some(&at) => self.placer.line_col(at),
            None => self.placer.field("gauntlets"),
        }
    }
}

/// True for a file named as the progress file.
#[must_use]
pub fn is_progress_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == PROGRESS_FILE)
}

/// Every problem of the progress file at `path` whose text is `text`, for `check`: it
/// parses, and each gauntlet it names is a file of the project (`root`).
#[must_use]
pub fn check_text(path: &Path, text: &str) -> Vec<LoadError> {
    let file = path.display().to_string();
    let p = match GauntletProgress::parse(&file, text) {
        Ok(p) => p,
        Err(e) => return vec![e],
    };
    let root = path.parent().unwrap_or(Path::new(""));
    let missing: Vec<&String> = p.gauntlets.keys().filter(|g| !root.join(g).is_file()).collect();
    if missing.is_empty() {
        return Vec::new();
    }
    let places = KeyPlaces::new(text);
    missing
        .into_iter()
        .map(|g| {
            let (line, col) = places.of(g);
            LoadError::new(
                &file,
                line,
                col,
                format!("no gauntlet at {g}; progress is kept for gauntlets that are there"),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_stands_at_the_first_bank_not_beaten() {
        let g = Gauntlet { banks: vec!["a.bank.ron".into(), "b.bank.ron".into(), "c.bank.ron".into()] };
        let mut p = GauntletProgress::default();
        assert_eq!(p.standing("g", &g), Standing { beaten: vec![false; 3], next: Some(0) });
        assert!(p.beat("g", Path::new("a.bank.ron")));
        assert!(!p.beat("g", Path::new("a.bank.ron")), "beating a bank again is no news");
        assert_eq!(p.standing("g", &g), Standing { beaten: vec![true, false, false], next: Some(1) });
        p.beat("g", Path::new("b.bank.ron"));
        p.beat("g", Path::new("c.bank.ron"));
        assert_eq!(p.standing("g", &g).next, None);
        assert_eq!(p.standing("other", &g).next, Some(0), "each gauntlet keeps its own progress");
    }

    #[test]
    fn progress_reads_back_and_a_bank_beaten_twice_is_refused() {
        let mut p = GauntletProgress::default();
        p.beat("gauntlets/up.gauntlet.ron", Path::new("../shadow/turtle.bank.ron"));
        let dir = std::env::temp_dir().join(format!("gauntlet-progress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        p.save(&dir).unwrap();
        assert_eq!(GauntletProgress::load(&dir), Ok(p));
        std::fs::remove_dir_all(&dir).unwrap();
        let e = GauntletProgress::parse("p.ron", "(gauntlets: {\"g\": [\"a\", \"a\"]})").unwrap_err();
        assert!(e.message.contains("beaten twice"), "{e}");
        assert!(GauntletProgress::parse("p.ron", "(gauntlets: {}, extra: 1)").is_err());
    }

    #[test]
    fn check_names_a_gauntlet_that_is_not_there_at_its_line() {
        let dir = std::env::temp_dir().join(format!("gauntlet-progress-check-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("g")).unwrap();
        std::fs::write(dir.join("g/up.gauntlet.ron"), "(banks: [\"a.bank.ron\"])").unwrap();
        let text = "(\n    gauntlets: {\n        \"g/up.gauntlet.ron\": [],\n        \"g/gone.gauntlet.ron\": [],\n    },\n)\n";
        let problems = check_text(&dir.join(PROGRESS_FILE), text);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!((problems[0].line, problems[0].col), (4, 9), "{}", problems[0]);
        assert!(problems[0].message.contains("g/gone.gauntlet.ron"), "{}", problems[0]);
    }

    #[test]
    fn a_bank_beaten_twice_among_many_is_found_in_linear_time() {
        let n = 300_000;
        let mut text = String::from("(gauntlets: {\"g\": [\n");
        for i in 0..n {
            text.push_str(&format!("    \"b{i}.bank.ron\",\n"));
        }
        assert!(GauntletProgress::parse("p.ron", &format!("{text}]}})")).is_ok());
        text.push_str("    \"b7.bank.ron\",\n]})");
        let e = GauntletProgress::parse("p.ron", &text).unwrap_err();
        assert!(e.message.contains("b7.bank.ron is beaten twice"), "{e}");
        assert_eq!((e.line, e.col), (1, 14), "{e}");
    }

    #[test]
    fn many_gauntlets_that_are_not_there_are_each_placed_in_linear_time() {
        // A project folder that is not there: no gauntlet is.
        let dir = std::env::temp_dir().join(format!("gauntlet-progress-none-{}", std::process::id()));
        let n = 100_000;
        let mut text = String::from("(\n    gauntlets: {\n");
        for i in 0..n {
            // Escapes in a key are undone before it is looked for.
            text.push_str(&format!("        \"g/\\u{{e9}}{i}.gauntlet.ron\": [],\n"));
        }
        text.push_str("    },\n)\n");
        let problems = check_text(&dir.join(PROGRESS_FILE), &text);
        assert_eq!(problems.len(), n);
        let at_line = |line: usize| problems.iter().find(|p| p.line == line).unwrap_or_else(|| panic!("line {line}"));
        assert_eq!(at_line(3).col, 9);
        assert!(at_line(3).message.contains("g/é0.gauntlet.ron"), "{}", at_line(3));
        assert!(at_line(n + 2).message.contains(&format!("g/é{}.gauntlet.ron", n - 1)), "{}", at_line(n + 2));
    }
}

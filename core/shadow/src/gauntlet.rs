//! Training gauntlets (SPEC §20): banks ordered from the weakest shadow to the strongest,
//! for a player to fight in turn. A gauntlet file, `NAME.gauntlet.ron`, lists the banks
//! by path relative to its own folder: `(banks: ["turtle.bank.ron", "zoner.bank.ron"])`.
//! One is made from a league's ratings ([`Gauntlet::from_ratings`]).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use creature_core::error::{LoadError, parse_ron};
use creature_core::paths::normalize;
use creature_core::ronpos::Placer;

/// The end of a gauntlet file's name, by which `check` knows one.
pub use super::kinds::GAUNTLET_SUFFIX;

/// The most banks a gauntlet lists.
pub const MAX_GAUNTLET: usize = 1_000;

/// A gauntlet: banks from the weakest shadow to the strongest.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Gauntlet {
    /// The banks, weakest first, each relative to the gauntlet file's folder (or
    /// absolute).
    pub banks: Vec<PathBuf>,
}

/// Why a list of banks is not a gauntlet: the bank at fault (its place in the list
/// as given), or the list as a whole, and what is wrong in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub bank: Option<usize>,
    pub message: String,
}

impl Gauntlet {
    /// A gauntlet of the banks rated in `ratings` (a bank's path and its rating), the
    /// lowest rating first (equal ratings in the order given), each path made relative to
    /// `folder`, where the gauntlet file goes. Relative paths are taken from the current
    /// folder.
    ///
    /// # Errors
    /// What [`Gauntlet::parse`] would refuse in the file written (too many banks, an
    /// empty name, a bank twice), the bank named by its place in `ratings`, so that the
    /// caller can place it in the file the ratings came from.
    pub fn from_ratings(ratings: &[(PathBuf, f64)], folder: &Path) -> Result<Gauntlet, Refusal> {
        let here = std::env::current_dir().unwrap_or_default();
        let folder = normalize(&here.join(folder));
        let relative = |p: &PathBuf| {
            if p.as_os_str().is_empty() { PathBuf::new() } else { relative_to(&normalize(&here.join(p)), &folder) }
        };
        let banks: Vec<PathBuf> = ratings.iter().map(|(p, _)| relative(p)).collect();
        check_banks(&banks)?;
        let mut order: Vec<(PathBuf, f64)> = banks.into_iter().zip(ratings.iter().map(|r| r.1)).collect();
        order.sort_by(|x, y| x.1.total_cmp(&y.1));
        Ok(Gauntlet { banks: order.into_iter().map(|(p, _)| p).collect() })
    }

    /// Parses and checks a gauntlet's text: at least one bank and at most
    /// [`MAX_GAUNTLET`], none named twice, each name a path.
    pub fn parse(file: &str, text: &str) -> Result<Gauntlet, LoadError> {
        let g: Gauntlet = parse_ron(file, text)?;
        if let Err(r) = check_banks(&g.banks) {
            let (line, col) = match r.bank {
                Some(i) => Placer::new(text).item("banks", i, None),
                None => Placer::new(text).field("banks"),
            };
            return Err(LoadError::new(file, line, col, r.message));
        }
        Ok(g)
    }

    /// Reads and checks a gauntlet file.
    pub fn load(path: &Path) -> Result<Gauntlet, LoadError> {
        let text = creature_core::file_reader::read_text(path)?;
        Self::parse(&path.display().to_string(), &text)
    }

    /// The banks' paths, found from the gauntlet file at `path`, weakest first.
    #[must_use]
    pub fn bank_paths(&self, path: &Path) -> Vec<PathBuf> {
        let folder = path.parent().unwrap_or(Path::new(""));
        self.banks.iter().map(|b| normalize(&folder.join(b))).collect()
    }

    /// The gauntlet as RON, one bank a line.
    #[must_use]
    pub fn to_ron(&self) -> String {
        let mut out = String::from("(\n    // Weakest first.\n    banks: [\n");
        for b in &self.banks {
            let quoted = ron::to_string(&b.to_string_lossy()).unwrap_or_else(|_| "\"\"".to_owned());
            out.push_str(&format!("        {quoted},\n"));
        }
        out.push_str("    ],\n)\n");
        out
    }

    /// Writes the gauntlet at `path` atomically under `policy` ([`creature_core::file_writer`]).
    pub fn save(&self, path: &Path, policy: &creature_core::file_writer::Policy) -> Result<(), String> {
        creature_core::file_writer::write(path, self.to_ron().as_bytes(), policy)
    }
}

/// Every problem of the gauntlet file at `path` whose text is `text`, for `check`: it
/// parses, and each bank it lists is a file that is there.
#[must_use]
pub fn check_text(path: &Path, text: &str) -> Vec<LoadError> {
    let file = path.display().to_string();
    let g = match Gauntlet::parse(&file, text) {
        Ok(g) => g,
        Err(e) => return vec![e],
    };
    let place = Placer::new(text);
    g.bank_paths(path)
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.is_file())
        .map(|(i, p)| {
            let (line, col) = place.item("banks", i, None);
            LoadError::new(
                &file,
                line,
                col,
                format!("no bank at {}; a gauntlet lists banks that are there", p.display()),
            )
        })
        .collect()
}

/// The rules of a gauntlet's list of banks: one or more and at most [`MAX_GAUNTLET`],
/// none with an empty name, none named twice (repeats found with a set).
fn check_banks(banks: &[PathBuf]) -> Result<(), Refusal> {
    if banks.is_empty() {
        return Err(Refusal { bank: None, message: "a gauntlet lists one bank or more; got none".into() });
    }
    if banks.len() > MAX_GAUNTLET {
        let message = format!("a gauntlet lists at most {MAX_GAUNTLET} banks; got {}", banks.len());
        return Err(Refusal { bank: None, message });
    }
    let mut first: HashMap<&Path, usize> = HashMap::with_capacity(banks.len());
    for (i, bank) in banks.iter().enumerate() {
        if bank.as_os_str().is_empty() {
            return Err(Refusal { bank: Some(i), message: "an empty name; expected the path of a bank".into() });
        }
        if let Some(&f) = first.get(bank.as_path()) {
            let message = format!(
                "{} is listed twice (first as bank {}); a gauntlet plays each bank once",
                bank.display(),
                f + 1
            );
            return Err(Refusal { bank: Some(i), message });
        }
        first.insert(bank, i);
    }
    Ok(())
}

/// `path` relative to `base`, both absolute and without `.` or `..`: the folders of
/// `base` past their common start climbed with `..`, then the rest of `path`. A path on
/// another root (another drive) stays absolute.
fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let (p, b): (Vec<Component>, Vec<Component>) = (path.components().collect(), base.components().collect());
    if p.first() != b.first() {
        return path.to_path_buf();
    }
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &p[common..] {
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_made_relative_to_the_gauntlet_folder() {
        let rel = |p: &str, b: &str| relative_to(Path::new(p), Path::new(b));
        assert_eq!(rel("/p/shadow/zoner.bank.ron", "/p/shadow"), PathBuf::from("zoner.bank.ron"));
        assert_eq!(rel("/p/shadow/zoner.bank.ron", "/p/gauntlets"), PathBuf::from("../shadow/zoner.bank.ron"));
        assert_eq!(rel("/p/shadow/a/b.bank", "/q/r"), PathBuf::from("../../p/shadow/a/b.bank"));
    }

    #[test]
    fn the_weakest_bank_comes_first() {
        let ratings = [(PathBuf::from("/p/s/b.bank.ron"), 1600.0), (PathBuf::from("/p/s/a.bank.ron"), 1400.0)];
        let g = Gauntlet::from_ratings(&ratings, Path::new("/p/g")).unwrap();
        assert_eq!(g.banks, [PathBuf::from("../s/a.bank.ron"), PathBuf::from("../s/b.bank.ron")]);
        assert_eq!(Gauntlet::parse("g.gauntlet.ron", &g.to_ron()), Ok(g));
    }

    #[test]
    fn ratings_that_make_no_gauntlet_name_the_bank_by_its_place_among_the_ratings() {
        let rated = |paths: &[&str]| -> Vec<(PathBuf, f64)> {
            paths.iter().enumerate().map(|(i, p)| (PathBuf::from(p), 2000.0 - i as f64)).collect()
        };
        let folder = Path::new("/p/g");
        let twice = Gauntlet::from_ratings(&rated(&["/p/s/a.bank", "/p/s/b.bank", "/p/s/./a.bank"]), folder);
        assert_eq!(twice.as_ref().map_err(|r| r.bank), Err(Some(2)), "{twice:?}");
        assert!(twice.unwrap_err().message.contains("first as bank 1"));
        let empty = Gauntlet::from_ratings(&rated(&["/p/s/a.bank", ""]), folder).unwrap_err();
        assert_eq!(empty.bank, Some(1), "{empty:?}");
        let many: Vec<String> = (0..=MAX_GAUNTLET).map(|i| format!("/p/s/{i}.bank")).collect();
        let many = Gauntlet::from_ratings(&rated(&many.iter().map(String::as_str).collect::<Vec<_>>()), folder);
        assert_eq!(many.unwrap_err().bank, None);
    }

    #[test]
    fn a_gauntlet_of_nothing_or_of_one_bank_twice_is_refused_where_it_is() {
        let e = Gauntlet::parse("g.gauntlet.ron", "(banks: [])").unwrap_err();
        assert_eq!((e.line, e.col), (1, 2), "{e}");
        let e = Gauntlet::parse("g.gauntlet.ron", "(banks: [\n  \"a.bank\",\n  \"a.bank\",\n])").unwrap_err();
        assert_eq!((e.line, e.col), (3, 3), "{e}");
        assert!(e.message.contains("listed twice"), "{e}");
        let e = Gauntlet::parse("g.gauntlet.ron", "(banks: [\"a.bank\"], extra: 1)").unwrap_err();
        assert_eq!(e.line, 1, "{e}");
    }
}

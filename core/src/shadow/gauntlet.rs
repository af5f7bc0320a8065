//! Training gauntlets (SPEC §20): banks ordered from the weakest shadow to the strongest,
//! for a player to fight in turn. A gauntlet file, `NAME.gauntlet.ron`, lists the banks
//! by path relative to its own folder: `(banks: ["turtle.bank.ron", "zoner.bank.ron"])`.
//! One is made from a league's ratings ([`Gauntlet::from_ratings`]).

use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::paths::normalize;
use crate::ronpos::Placer;

/// The end of a gauntlet file's name.
pub const GAUNTLET_SUFFIX: &str = ".gauntlet.ron";

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

impl Gauntlet {
    /// A gauntlet of the banks rated in `ratings` (a bank's path and its rating), the
    /// lowest rating first (equal ratings in the order given), each path made relative to
    /// `folder`, where the gauntlet file goes. Relative paths are taken from the current
    /// folder.
    #[must_use]
    pub fn from_ratings(ratings: &[(PathBuf, f64)], folder: &Path) -> Gauntlet {
        let mut order: Vec<&(PathBuf, f64)> = ratings.iter().collect();
        order.sort_by(|x, y| x.1.total_cmp(&y.1));
        let here = std::env::current_dir().unwrap_or_default();
        let folder = normalize(&here.join(folder));
        Gauntlet { banks: order.iter().map(|(p, _)| relative_to(&normalize(&here.join(p)), &folder)).collect() }
    }

    /// Parses and checks a gauntlet's text: at least one bank and at most
    /// [`MAX_GAUNTLET`], none named twice, each name a path.
    pub fn parse(file: &str, text: &str) -> Result<Gauntlet, LoadError> {
        let g: Gauntlet = parse_ron(file, text)?;
        if g.banks.is_empty() {
            return Err(LoadError::at_text(file, text, "banks", "a gauntlet lists one bank or more; got none"));
        }
        if g.banks.len() > MAX_GAUNTLET {
            return Err(LoadError::at_text(
                file,
                text,
                "banks",
                format!("a gauntlet lists at most {MAX_GAUNTLET} banks; got {}", g.banks.len()),
            ));
        }
        let place = Placer::new(text);
        for (i, bank) in g.banks.iter().enumerate() {
            let at = |message: String| {
                let (line, col) = place.item("banks", i, None);
                LoadError::new(file, line, col, message)
            };
            if bank.as_os_str().is_empty() {
                return Err(at("an empty name; expected the path of a bank".into()));
            }
            if let Some(first) = g.banks[..i].iter().position(|b| b == bank) {
                return Err(at(format!(
                    "{} is listed twice (first as bank {}); a gauntlet plays each bank once",
                    bank.display(),
                    first + 1
                )));
            }
        }
        Ok(g)
    }

    /// Reads and checks a gauntlet file.
    pub fn load(path: &Path) -> Result<Gauntlet, LoadError> {
        let text = crate::file_reader::read_text(path)?;
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

    /// Writes the gauntlet at `path` atomically under `policy` ([`crate::file_writer`]).
    pub fn save(&self, path: &Path, policy: &crate::file_writer::Policy) -> Result<(), String> {
        crate::file_writer::write(path, self.to_ron().as_bytes(), policy)
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
        let g = Gauntlet::from_ratings(&ratings, Path::new("/p/g"));
        assert_eq!(g.banks, [PathBuf::from("../s/a.bank.ron"), PathBuf::from("../s/b.bank.ron")]);
        assert_eq!(Gauntlet::parse("g.gauntlet.ron", &g.to_ron()), Ok(g));
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

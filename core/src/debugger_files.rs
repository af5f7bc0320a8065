//! The debugger's files beside a project's `studio.ron`: `breakpoints.ron`, the
//! breakpoints as conditions (SPEC §19) each on or off, and `watches.ron`, the values
//! followed over the preview's run. Their one reader and writer, and their checks: `check` and the
//! editor read them here, each condition and watch checked against the species data
//! and the project's world and placed at its line.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::cond::Cond;
use crate::error::{LoadError, parse_ron};
use crate::ronpos::{OUTERMOST, Placer, char_in_string};
use crate::species::data::Data;
use crate::watched::Watched;
use crate::world::file::WorldFile;

/// The file that keeps a project's breakpoints.
pub const BREAKPOINTS_FILE: &str = "breakpoints.ron";
/// The file that keeps a project's watches.
pub const WATCHES_FILE: &str = "watches.ron";

/// A breakpoint as its file keeps it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KeptBreakpoint {
    /// The condition as written.
    pub when: String,
    pub on: bool,
}

/// Reads `breakpoints.ron` (its text; `file` names it in problems).
pub fn parse_breakpoints(file: &str, text: &str) -> Result<Vec<KeptBreakpoint>, LoadError> {
    parse_ron(file, text)
}

/// Reads `watches.ron` (its text; `file` names it in problems): the watches as written.
pub fn parse_watches(file: &str, text: &str) -> Result<Vec<String>, LoadError> {
    parse_ron(file, text)
}

/// A file written: where, and the bytes now there (so the writer knows its own save
/// when the watcher reports it).
pub type Written = (PathBuf, Vec<u8>);

/// Writes `breakpoints.ron` into the project folder `root`, through the one writer.
///
/// # Errors
/// The write's, in a sentence.
pub fn write_breakpoints(root: &Path, kept: &[KeptBreakpoint]) -> Result<Written, String> {
    write_list(&root.join(BREAKPOINTS_FILE), "The studio's breakpoints for this project (SPEC §19 conditions).", kept)
}

/// Writes `watches.ron` into the project folder `root`, through the one writer.
///
/// # Errors
/// The write's, in a sentence.
pub fn write_watches(root: &Path, kept: &[&str]) -> Result<Written, String> {
    write_list(
        &root.join(WATCHES_FILE),
        "The studio's watches for this project: values plotted over the preview's run.",
        kept,
    )
}

/// A debugger file: a comment line saying what it is, then the list in RON.
fn write_list<T: Serialize>(path: &Path, about: &str, list: &[T]) -> Result<Written, String> {
    let pretty = ron::ser::PrettyConfig::new().indentor("    ".to_owned());
    let text = ron::ser::to_string_pretty(list, pretty).map_err(|e| e.to_string())?;
    let text = format!("// {about}\n{text}\n");
    crate::file_writer::write(path, text.as_bytes(), &crate::file_writer::Policy::replacing_its_own_input())?;
    Ok((path.to_path_buf(), text.into_bytes()))
}

/// True for a file named as one of the debugger's.
#[must_use]
pub fn is_debugger_file(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n == BREAKPOINTS_FILE || n == WATCHES_FILE)
}

/// Every problem of a debugger file's text: it does not read, or a condition or watch
/// in it names what the data or `world` lacks (placed at the entry's line).
#[must_use]
pub fn check(path: &Path, text: &str, data: &Data, world: &WorldFile) -> Vec<LoadError> {
    let file = path.display().to_string();
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let entries: Result<Vec<String>, LoadError> = if name == BREAKPOINTS_FILE {
        parse_breakpoints(&file, text).map(|b| b.into_iter().map(|k| k.when).collect())
    } else {
        parse_watches(&file, text)
    };
    let entries = match entries {
        Ok(e) => e,
        Err(e) => return vec![e],
    };
    // Each entry placed by where the scan of the text found it, the list's items found
    // once: never by looking for the entry's printed form again.
    let placer = Placer::new(text);
    let mut errors = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let problem = if name == BREAKPOINTS_FILE {
            Cond::parse(entry, data, world).err()
        } else {
            Watched::parse(entry, data, world).err()
        };
        if let Some(e) = problem {
            let (line, col) = if name == BREAKPOINTS_FILE {
                // At the condition's own column (a bound that is not a number, a name
                // the data lacks), inside the string as the file writes it.
                placer
                    .item_start(OUTERMOST, i, Some("when"))
                    .and_then(|at| char_in_string(text, at, char_index(entry, e.line, e.col)))
                    .map_or_else(|| placer.item_value(OUTERMOST, i, "when"), |at| placer.line_col(at))
            } else {
                placer.item(OUTERMOST, i, None)
            };
            errors.push(LoadError::new(&file, line, col, format!("`{entry}`: {}", e.message)));
        }
    }
    errors
}

/// The index (from 0) of the character at 1-based `line` and `col` of `text`.
fn char_index(text: &str, line: usize, col: usize) -> usize {
    let before: usize = text.split('\n').take(line.saturating_sub(1)).map(|l| l.chars().count() + 1).sum();
    before + col.saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_entry_is_checked_and_placed_at_its_line() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let text = "[\n    (when: \"Lesson(sign: Slap)\", on: true),\n    (when: \"Phase(to: 20)\", on: false),\n]\n";
        let errors = check(Path::new("p/breakpoints.ron"), text, &data, &world);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!((errors[0].line, errors[0].col), (3, 19), "at `to`: {errors:?}");
        assert!(errors[0].message.contains("Phase(to: 20)") && errors[0].message.contains("0 to 13"));
        let watches = "[\"Liking\", \"Opinion(\\\"Eaat\\\")\"]";
        let errors = check(Path::new("p/watches.ron"), watches, &data, &world);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains("Eat"), "{errors:?}");
        let wrong = check(Path::new("p/watches.ron"), "[1, 2]", &data, &world);
        assert_eq!(wrong.len(), 1, "a list of numbers is not a list of watches: {wrong:?}");
    }

    #[test]
    fn entries_are_placed_where_the_scan_found_them_whatever_their_text() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        // A raw string is not written as its printed form, and a comment of accented
        // letters puts the next entry's place inside a character for a search that
        // moves on by that form's length.
        let text = "// éééééééééééééééééééééé\n[\n    (when: r#\"Opinion(\"Eaat\") \"#, on: true),\n    (when: \"Lesson(sign: Slap)\", on: true),\n    (when: r#\"Phase(to: 20)\"#, on: false),\n]\n";
        let errors = check(Path::new("p/breakpoints.ron"), text, &data, &world);
        let places: Vec<_> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(places, [(3, 15), (5, 21)], "{errors:?}");
        let text = "// é\n[\n\t\"Opinion(\\\"Eat\\\")\t\",\t// déjà\n\t\"Opinion(\\\"Eaat\\\")\",\n]\n";
        let errors = check(Path::new("p/watches.ron"), text, &data, &world);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!((errors[0].line, errors[0].col), (4, 2), "{errors:?}");
    }

    #[test]
    fn a_hundred_thousand_entries_are_placed_in_linear_time() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let n = 100_000;
        let mut text = String::from("[\n");
        for i in 0..n {
            let entry = if i % 50_000 == 7 { "Phase(to: 20)" } else { "Liking(above: 0.5)" };
            text.push_str(&format!("    (when: \"{entry}\", on: true),\n"));
        }
        text.push_str("]\n");
        let errors = check(Path::new("p/breakpoints.ron"), &text, &data, &world);
        let lines: Vec<_> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(lines, [(9, 19), (50_009, 19)], "{errors:?}");
    }
}

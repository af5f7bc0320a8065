//! The problems found while checking a loaded file: each one placed at the line and
//! column of the field or value it is about, all of them reported at once.

use std::collections::HashMap;

use crate::error::LoadError;
use crate::ronpos::LineIndex;
use crate::species::example::Example;

/// The problems found in one file's text, each placed at the first occurrence of a
/// field name or quoted value.
///
/// The text's line index and where each needle was found are kept, so that a file with
/// many problems at the same few fields is placed in linear time.
pub(crate) struct Problems<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub errors: Vec<LoadError>,
    index: std::cell::OnceCell<LineIndex<'a>>,
    found: HashMap<String, (usize, usize)>,
}

impl<'a> Problems<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Self { file, text, errors: Vec::new(), index: std::cell::OnceCell::new(), found: HashMap::new() }
    }

    /// The line and column of byte offset `at` in the text.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        self.index.get_or_init(|| LineIndex::new(self.text)).line_col(at)
    }

    /// Records a problem at `needle`: its first occurrence, or the start of the file.
    pub fn at(&mut self, needle: &str, message: impl Into<String>) {
        let (line, col) = match self.found.get(needle) {
            Some(&pos) => pos,
            None => {
                let pos = if needle.is_empty() { None } else { self.text.find(needle) };
                let pos = pos.map_or((1, 1), |at| self.line_col(at));
                self.found.insert(needle.to_owned(), pos);
                pos
            }
        };
        self.errors.push(LoadError::new(self.file, line, col, message));
    }

    /// Records an error at `needle` when `value` is not a finite number in [lo, hi].
    pub fn range(&mut self, needle: &str, what: &str, value: f64, lo: f64, hi: f64) {
        if !(value.is_finite() && value >= lo && value <= hi) {
            self.at(needle, format!("{what} is {value}; expected a number from {lo} to {hi}"));
        }
    }

    /// The value when there were no problems, else every problem.
    pub fn finish<T>(self, value: T) -> Result<T, Vec<LoadError>> {
        if self.errors.is_empty() { Ok(value) } else { Err(self.errors) }
    }
}

/// Checks examples: feedback in [−1, 1] and attributes from the schema.
pub(crate) fn check_examples(p: &mut Problems<'_>, at: &str, examples: &[Example], attributes: &[String]) {
    for e in examples {
        p.range(at, "feedback", e.feedback, -1.0, 1.0);
        for key in e.answers.keys() {
            if !attributes.is_empty() && !attributes.iter().any(|a| a == key) {
                let msg = crate::error::unknown_name("attribute", key, attributes.iter().map(String::as_str));
                p.at(&format!("\"{key}\""), msg);
            }
        }
    }
}

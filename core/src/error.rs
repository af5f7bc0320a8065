//! Load errors that people can act on: every problem names the file, the line and
//! the column, and says what was expected (SPEC §14).

use std::fmt;

use serde::de::DeserializeOwned;

use crate::printable::{escaped, escaped_lines};
pub use crate::ronpos::line_col;

/// The deepest nesting any studio file may use. ron checks it while parsing, so a file
/// of 100,000 open parentheses is refused instead of overflowing the stack.
pub const MAX_NESTING: usize = 64;

/// One problem in one file, with a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl LoadError {
    pub fn new(file: impl Into<String>, line: usize, col: usize, message: impl Into<String>) -> Self {
        Self { file: file.into(), line: line.max(1), col: col.max(1), message: message.into() }
    }

    /// An error about a whole file (it could not be read, or is missing).
    pub fn whole_file(file: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(file, 1, 1, message)
    }

    /// An error about a value that parsed but does not make sense. The position is
    /// that of the first occurrence of `needle` in `text` (a field name or a quoted
    /// value), or the start of the file when it cannot be found.
    pub fn at_text(file: &str, text: &str, needle: &str, message: impl Into<String>) -> Self {
        let (line, col) = locate(text, needle).unwrap_or((1, 1));
        Self::new(file, line, col, message)
    }

    /// An error about item `item` of the list written as the field `list` of `text`'s
    /// outermost value (RON, or JSON with its quoted keys), placed at the item's `key`
    /// when given; about the list as a whole when `item` is `None`.
    pub fn at_item(
        file: &str,
        text: &str,
        (list, item): (&str, Option<usize>),
        key: Option<&str>,
        message: impl Into<String>,
    ) -> Self {
        let placer = crate::ronpos::Placer::new(text);
        let (line, col) = match item {
            Some(i) => placer.item(list, i, key),
            None => placer.field(list),
        };
        Self::new(file, line, col, message)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The file's name and the message quote what the user wrote: shown with their
        // control characters escaped, wherever a problem is printed or drawn.
        let (file, message) = (escaped(&self.file), escaped_lines(&self.message));
        write!(f, "{file}:{}:{}: {message}", self.line, self.col)
    }
}

impl std::error::Error for LoadError {}

/// Several problems at once: `check` reports them all, not only the first.
pub type LoadResult<T> = Result<T, Vec<LoadError>>;

/// The 1-based line and column of the first occurrence of `needle` in `text`.
pub fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    if needle.is_empty() {
        return None;
    }
    let at = text.find(needle)?;
    Some(line_col(text, at))
}

/// The RON options every studio file is read with.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(MAX_NESTING)
}

/// The RON options of the files whose optional fields may be written bare (`phase: 6`
/// for `phase: Some(6)`): scenarios and conditions.
pub fn ron_options_bare_optional() -> ron::Options {
    ron_options().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// The byte-order mark some editors put at the start of UTF-8 files.
pub const BOM: char = '\u{feff}';

/// Parses RON text into `T`, turning ron's error into a [`LoadError`] for `file`.
///
/// A key written twice in one map is refused before the value is read: serde keeps the
/// last value of a repeated key, so the first would be lost without a word. A leading
/// byte-order mark is skipped, as editors show none.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    parse_ron_with(file, text, &ron_options())
}

/// Like [`parse_ron`] with other RON options (a format that allows bare optional
/// fields, say), and the same checks: a byte-order mark skipped, a key given twice in a
/// map refused.
pub fn parse_ron_with<T: DeserializeOwned>(file: &str, text: &str, options: &ron::Options) -> Result<T, LoadError> {
    #[cfg(feature = "io-counts")]
    crate::io_counts::parsed();
    let text = text.strip_prefix(BOM).unwrap_or(text);
    check_duplicate_keys(file, text)?;
    options.from_str(text).map_err(|e| {
        let pos = e.span.start;
        LoadError::new(file, pos.line, pos.col, explain_ron_error(&e.code))
    })
}

/// Refuses a key written twice in the same `{ … }` map of RON `text`, placed at the
/// second occurrence and naming the first. For loaders that read RON by other means
/// than [`parse_ron`].
pub fn check_duplicate_keys(file: &str, text: &str) -> Result<(), LoadError> {
    match crate::ronpos::duplicate_key(text) {
        None => Ok(()),
        Some(d) => {
            let (line, col) = line_col(text, d.second);
            let (first_line, first_col) = line_col(text, d.first);
            Err(LoadError::new(
                file,
                line,
                col,
                format!(
                    "duplicate key {}: this map gives it twice (first at {first_line}:{first_col}); each key may be given once",
                    d.key
                ),
            ))
        }
    }
}

fn explain_ron_error(code: &ron::Error) -> String {
    match code {
        ron::Error::ExceededRecursionLimit => {
            format!("nested more than {MAX_NESTING} levels deep; expected a flatter value")
        }
        other => other.to_string(),
    }
}

/// The names from `valid` closest to `name` (by edit distance), for "did you mean" hints.
pub fn nearest<'a>(name: &str, valid: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    valid
        .into_iter()
        .map(|v| (edit_distance(&lower, &v.to_lowercase()), v))
        .filter(|(d, v)| *d <= (v.len() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, v)| v)
}

/// A message for an unknown name: the nearest valid one, or the whole list.
pub fn unknown_name<'a>(what: &str, name: &str, valid: impl IntoIterator<Item = &'a str> + Clone) -> String {
    match nearest(name, valid.clone()) {
        Some(n) => format!("unknown {what} `{name}`; did you mean `{n}`?"),
        None => {
            let all: Vec<&str> = valid.into_iter().collect();
            format!("unknown {what} `{name}`; expected one of: {}", all.join(", "))
        }
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_shown_with_the_control_characters_of_what_it_quotes_escaped() {
        let e = LoadError::new("w\u{7}.ron", 2, 3, unknown_name("object", "a\u{1b}[2J", ["pen"]));
        let shown = e.to_string();
        assert!(!shown.contains(['\u{1b}', '\u{7}']), "{shown:?}");
        assert!(shown.starts_with("w\\u{7}.ron:2:3: unknown object `a\\u{1b}[2J`"), "{shown}");
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Point {
        x: f64,
    }

    #[test]
    fn parse_error_names_file_line_and_column() {
        let err = parse_ron::<Point>("p.ron", "(\n  x: \"no\",\n)").unwrap_err();
        assert_eq!((err.file.as_str(), err.line), ("p.ron", 2));
        assert!(err.col > 1, "{err}");
        assert!(err.to_string().starts_with("p.ron:2:"), "{err}");
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let text = "(".repeat(100_000);
        assert!(parse_ron::<Point>("deep.ron", &text).is_err());
        let err = parse_ron::<ron::Value>("deep.ron", &text).unwrap_err();
        assert!(err.message.contains("nested"), "{err}");
        let err = parse_ron::<ron::Value>("deep.ron", &"[".repeat(100_000)).unwrap_err();
        assert!(err.message.contains("nested"), "{err}");
    }

    #[test]
    fn a_key_given_twice_is_refused_where_it_is_repeated() {
        let text = "{\n  \"Eat\": 0.9,\n  \"Sleep\": 0.2,\n  \"Eat\": 0.0,\n}";
        let err = parse_ron::<std::collections::BTreeMap<String, f64>>("d.ron", text).unwrap_err();
        assert_eq!((err.line, err.col), (4, 3), "{err}");
        assert!(err.message.starts_with("duplicate key \"Eat\""), "{err}");
        assert!(err.message.contains("2:3"), "{err}");
        let ok = parse_ron::<std::collections::BTreeMap<String, f64>>("d.ron", "{\"Eat\": 0.9}").unwrap();
        assert_eq!(ok["Eat"], 0.9);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let p: Point = parse_ron("p.ron", "\u{feff}(x: 1.0)").unwrap();
        assert_eq!(p.x, 1.0);
        let path = std::env::temp_dir().join(format!("cs-bom-{}.ron", std::process::id()));
        std::fs::write(&path, "\u{feff}(x: 2.0)").unwrap();
        let text = crate::file_reader::read_text(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(text, "(x: 2.0)");
    }

    #[test]
    fn unknown_name_suggests_the_nearest() {
        let msg = unknown_name("desire", "Hungr", ["Hunger", "Anger", "Fear"]);
        assert!(msg.contains("did you mean `Hunger`"), "{msg}");
        let msg = unknown_name("desire", "Zzzzzzzz", ["Hunger", "Anger"]);
        assert!(msg.contains("expected one of: Hunger, Anger"), "{msg}");
    }

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncé d", 7), (2, 4));
        assert_eq!(locate("a\n  key: 1", "key"), Some((2, 3)));
    }
}

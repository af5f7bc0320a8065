//! The input of `creature-studio tree learn` (SPEC §15): a schema, examples to learn
//! from and objects to ask about.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, LoadResult, parse_ron, unknown_name};
use crate::mind::tree::{Example, Tree, build};
use crate::ronpos::Placer;

/// The most attributes a tree file may list (a tree is at most this deep).
pub const MAX_ATTRIBUTES: usize = 256;

/// The most examples or queries a tree file may hold.
pub const MAX_ROWS: usize = 10_000;

/// `(attributes: ["a", ...], examples: [(answers: {"a": "x"}, feedback: -0.5), ...],
/// queries: [{"a": "x"}, ...])` (SPEC §15).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TreeFile {
    /// The schema, in the order ties are broken (SPEC §8).
    pub attributes: Vec<String>,
    pub examples: Vec<Example>,
    /// Objects to ask the tree about.
    #[serde(default)]
    pub queries: Vec<BTreeMap<String, String>>,
}

/// Checks a `tree learn` file for `check` and the editor's problems panel (the species
/// data is not needed: a tree file brings its own schema).
#[must_use]
pub fn check_file(file: &str, text: &str, _data: &crate::species::data::Data) -> Vec<LoadError> {
    TreeFile::parse(file, text).err().unwrap_or_default()
}

impl TreeFile {
    /// Parses and checks a tree file; every problem is reported with its position.
    pub fn parse(file: &str, text: &str) -> LoadResult<TreeFile> {
        let parsed: TreeFile = parse_ron(file, text).map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        let at = |(line, col): (usize, usize), msg: String| LoadError::new(file, line, col, msg);
        // One placer for every problem: a file of many bad rows is placed in one pass.
        let place = Placer::new(text);
        if parsed.attributes.len() > MAX_ATTRIBUTES {
            errors.push(at(
                place.field("attributes"),
                format!("{} attributes; expected at most {MAX_ATTRIBUTES}", parsed.attributes.len()),
            ));
        }
        for (what, n) in [("examples", parsed.examples.len()), ("queries", parsed.queries.len())] {
            if n > MAX_ROWS {
                errors.push(at(place.field(what), format!("{n} {what}; expected at most {MAX_ROWS}")));
            }
        }
        let mut seen = BTreeSet::new();
        for (i, a) in parsed.attributes.iter().enumerate() {
            if !seen.insert(a.as_str()) {
                errors.push(at(place.item("attributes", i, None), format!("attribute `{a}` is listed twice")));
            }
        }
        let names = || parsed.attributes.iter().map(String::as_str);
        for (i, e) in parsed.examples.iter().enumerate() {
            if !(e.feedback.is_finite() && (-1.0..=1.0).contains(&e.feedback)) {
                errors.push(at(
                    place.item("examples", i, Some("feedback")),
                    format!("example {}: feedback is {}; expected a number from -1 to 1", i + 1, e.feedback),
                ));
            }
            for key in e.answers.keys().filter(|k| !seen.contains(k.as_str())) {
                errors.push(at(
                    place.item("examples", i, Some(key)),
                    format!("example {}: {}", i + 1, unknown_name("attribute", key, names())),
                ));
            }
        }
        for (i, q) in parsed.queries.iter().enumerate() {
            for key in q.keys().filter(|k| !seen.contains(k.as_str())) {
                errors.push(at(
                    place.item("queries", i, Some(key)),
                    format!("query {}: {}", i + 1, unknown_name("attribute", key, names())),
                ));
            }
        }
        if errors.is_empty() { Ok(parsed) } else { Err(errors) }
    }

    /// The tree of the file's examples (SPEC §8).
    #[must_use]
    pub fn tree(&self) -> Tree {
        build(&self.attributes, &self.examples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        TreeFile::parse("t.ron", text).unwrap_err().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn parses_the_spec_example() {
        let text = r#"(attributes: ["kind", "alive"], examples: [(answers: {"kind": "villager"}, feedback: -0.5), (answers: {"kind": "sheep"}, feedback: 0.5)], queries: [{"kind": "sheep"}, {}])"#;
        let f = TreeFile::parse("t.ron", text).unwrap();
        assert_eq!(f.tree().root().unwrap().question.as_deref(), Some("kind"));
        assert_eq!(f.queries.len(), 2);
    }

    #[test]
    fn nan_and_out_of_range_feedback_are_refused_where_written() {
        let text = "(attributes: [\"kind\"],\n examples: [\n  (answers: {}, feedback: 0.5),\n  (answers: {}, feedback: NaN),\n  (answers: {}, feedback: 1.5)])";
        let e = errors(text);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[0].starts_with("t.ron:4:17: example 2: feedback is NaN"), "{}", e[0]);
        assert!(e[1].starts_with("t.ron:5:17: example 3"), "{}", e[1]);
    }

    #[test]
    fn unknown_attributes_suggest_the_nearest() {
        let text = "(attributes: [\"kind\", \"alive\"],\n examples: [(answers: {\"knd\": \"rock\"}, feedback: 0.5)],\n queries: [{\"alve\": \"no\"}])";
        let e = errors(text);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[0].starts_with("t.ron:2:24: example 1: unknown attribute `knd`; did you mean `kind`?"), "{}", e[0]);
        assert!(e[1].starts_with("t.ron:3:13: query 1:") && e[1].contains("`alive`"), "{}", e[1]);
    }

    #[test]
    fn a_hundred_thousand_bad_examples_are_each_placed_where_written() {
        let n: usize = 100_000;
        let mut text = String::from("(attributes: [\"kind\"],\n examples: [\n");
        for i in 0..n {
            // Every example is bad; every third also names an attribute the file lacks.
            let answers = if i % 3 == 0 { "{\"knd\": \"rock\"}" } else { "{}" };
            text.push_str(&format!("  (answers: {answers}, feedback: {}.5),\n", 1 + i % 7));
        }
        text.push_str("])");
        let e = errors(&text);
        let unknown = n.div_ceil(3);
        assert_eq!(e.len(), 1 + n + unknown, "the count, each feedback and each unknown attribute");
        assert!(e[0].starts_with("t.ron:2:2: 100000 examples; expected at most 10000"), "{}", e[0]);
        // Example i sits on line i + 3; its feedback after its answers.
        for i in [0, 1, 2, 49_999, 99_998, 99_999] {
            let line = i + 3;
            let col = if i % 3 == 0 { 30 } else { 17 };
            let feedback = format!("t.ron:{line}:{col}: example {}: feedback is {}.5", i + 1, 1 + i % 7);
            assert!(e.iter().any(|m| m.starts_with(&feedback)), "no `{feedback}`");
            if i % 3 == 0 {
                let key = format!("t.ron:{line}:14: example {}: unknown attribute `knd`", i + 1);
                assert!(e.iter().any(|m| m.starts_with(&key)), "no `{key}`");
            }
        }
    }

    #[test]
    fn duplicate_attribute_and_syntax_errors_have_positions() {
        let e = errors("(attributes: [\"kind\", \"kind\"], examples: [])");
        assert!(e[0].starts_with("t.ron:1:23: attribute `kind` is listed twice"), "{e:?}");
        let e = errors("(attributes: [\"kind\"], examples: [(answers: {}, feedback: )])");
        assert!(e[0].starts_with("t.ron:1:"), "{e:?}");
    }
}

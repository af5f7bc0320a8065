//! The lint rules by their stable names, a rule's [`Warning`], and a project's `allow`
//! list in `studio.ron` (SPEC §21). Apart from the rules themselves (`lint/`), so that
//! the manifest can name them without the lint reading the project back, and on the
//! ground floor, so that another crate's rules ([`crate::guest::FileRule`]) warn as
//! core's do.

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::error::LoadError;
use crate::printable::{escaped, escaped_lines};

/// A lint rule, by its stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    NeverActive,
    UnusedAction,
    NoAffordance,
    ContradictingExamples,
    UnknownAttribute,
    UnreachablePhase,
    UnjudgedKind,
    DeadFeature,
    TrueBeforeInputs,
    /// An allow entry of `studio.ron` that matches no warning: what it allowed is gone,
    /// or it names another item or file (as ESLint reports unused disable directives).
    UnusedAllow,
}

impl Rule {
    pub const ALL: [Rule; 10] = [
        Rule::NeverActive,
        Rule::UnusedAction,
        Rule::NoAffordance,
        Rule::ContradictingExamples,
        Rule::UnknownAttribute,
        Rule::UnreachablePhase,
        Rule::UnjudgedKind,
        Rule::DeadFeature,
        Rule::TrueBeforeInputs,
        Rule::UnusedAllow,
    ];

    /// The name warnings print and `studio.ron` allows.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::NeverActive => "never-active",
            Rule::UnusedAction => "unused-action",
            Rule::NoAffordance => "no-affordance",
            Rule::ContradictingExamples => "contradicting-examples",
            Rule::UnknownAttribute => "unknown-attribute",
            Rule::UnreachablePhase => "unreachable-phase",
            Rule::UnjudgedKind => "unjudged-kind",
            Rule::DeadFeature => "dead-feature",
            Rule::TrueBeforeInputs => "true-before-inputs",
            Rule::UnusedAllow => "unused-allow",
        }
    }

    /// Whether the rule is run by a rule over files core does not read (a
    /// [`crate::guest::FileRule`]), rather than by core's lint itself.
    #[must_use]
    pub fn by_file_rule(self) -> bool {
        self == Rule::DeadFeature
    }

    /// The rule called `name`.
    #[must_use]
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// One finding: the rule and where, with the sentence that says why.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub rule: Rule,
    /// What the warning is about, as an allow entry names it (`item`): the action,
    /// desire, phase, example, attribute's answer, object, feature or expectation.
    pub item: String,
    pub at: LoadError,
}

impl Warning {
    /// A warning of `rule` at `file`'s `line` and `col`, about `item`.
    pub fn new(
        rule: Rule,
        file: &str,
        (line, col): (usize, usize),
        item: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Warning { rule, item: item.into(), at: LoadError::new(file, line, col, message) }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.at;
        let (file, message) = (escaped(&e.file), escaped_lines(&e.message));
        write!(f, "{file}:{}:{}: warning: {}: {message}", e.line, e.col, self.rule.name())
    }
}

/// A warning a project allows, in `studio.ron`'s `allow` list: the rule's warnings
/// about one `item` (the action, desire, phase, example, attribute's answer, object,
/// feature or expectation a warning names as its item), in one file (relative to the
/// manifest) or, without `file`, in any; `reason` says why for the next reader.
///
/// An entry must name its item, so that it allows only what was there when it was
/// written: a new warning (an action added that no desire uses) is never hidden by an
/// entry written before it. An entry without one, as manifests were once written, is
/// still read, allows nothing, and is refused by `check --lint` with the items it
/// would have covered, for its writer to name.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Allow {
    pub rule: String,
    #[serde(default)]
    pub file: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<String>,
    pub reason: String,
}

/// The manifest's allow entries that name no rule, or give no reason, each placed.
#[must_use]
pub fn check_allows(file: &str, text: &str, allows: &[Allow]) -> Vec<LoadError> {
    let placer = crate::ronpos::Placer::new(text);
    let mut errors = Vec::new();
    for (i, a) in allows.iter().enumerate() {
        if Rule::named(&a.rule).is_none() {
            let (line, col) = placer.item("allow", i, Some("rule"));
            let msg = crate::error::unknown_name("lint rule", &a.rule, Rule::ALL.iter().map(|r| r.name()));
            errors.push(LoadError::new(file, line, col, msg));
        }
        if a.item.as_ref().is_some_and(|i| i.trim().is_empty()) {
            let (line, col) = placer.item("allow", i, Some("item"));
            errors.push(LoadError::new(file, line, col, "an empty item; expected what the warning is about"));
        }
        if a.reason.trim().is_empty() {
            let (line, col) = placer.item("allow", i, Some("reason"));
            errors.push(LoadError::new(file, line, col, "an allowed rule needs a reason, for whoever reads this next"));
        }
    }
    errors
}

//! What a studio file holds: [`FileKind`], core's own kinds and the kinds other crates
//! register ([`crate::guest`]), and [`has_field`], the look at a file's text that tells
//! most of them apart. How a file's kind is told is the project's
//! (`crate::project`); this is what the answer is, on the ground floor, so that a
//! crate standing there can ask for the files of its own kinds.

use std::fmt;

/// What a studio file holds, told from its name and its top-level fields.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Manifest,
    /// One of the tables or species files of a species folder.
    SpeciesData,
    Creature,
    LessonScript,
    TreeExamples,
    World,
    /// A scenario (`*.scenario.ron`, SPEC §16).
    Scenario,
    /// The debugger's `breakpoints.ron` or `watches.ron` beside `studio.ron`.
    Debugger,
    /// A training target (`*.target.ron`, SPEC §22).
    Target,
    /// A game's run received over the link and saved (`*.run.ron`, SPEC §23).
    GameRun,
    /// A kind another crate reads, by its [`crate::guest::GuestKind::name`].
    Guest(&'static str),
    Unknown,
}

/// A guest kind is shown by its own name, as core's kinds are by theirs.
impl fmt::Debug for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            FileKind::Manifest => "Manifest",
            FileKind::SpeciesData => "SpeciesData",
            FileKind::Creature => "Creature",
            FileKind::LessonScript => "LessonScript",
            FileKind::TreeExamples => "TreeExamples",
            FileKind::World => "World",
            FileKind::Scenario => "Scenario",
            FileKind::Debugger => "Debugger",
            FileKind::Target => "Target",
            FileKind::GameRun => "GameRun",
            FileKind::Guest(name) => name,
            FileKind::Unknown => "Unknown",
        };
        f.write_str(name)
    }
}

/// True when `field` appears as a field name (`field:`) outside strings and comments.
#[must_use]
pub fn has_field(text: &str, field: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(field) {
        let at = from + i;
        let before_ok =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b'"');
        let rest = text[at + field.len()..].trim_start();
        if before_ok && rest.starts_with(':') && !rest.starts_with("::") {
            return true;
        }
        from = at + field.len();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_kind_is_shown_by_its_name() {
        assert_eq!(format!("{:?}", FileKind::Guest("Thing")), "Thing");
        assert_eq!(format!("{:?}", FileKind::Creature), "Creature");
    }
}

//! The rules on what the trees learn from and what they judge: default examples that
//! contradict each other, answers no object can give, and objects no question tells
//! apart.

use std::collections::{BTreeMap, BTreeSet};

use super::{Rule, Subject, Warning};
use crate::creature::Creature;
use crate::file_reader::read_text;
use crate::mind::tree::{Example, UNKNOWN};
use crate::project::FileKind;
use crate::ronpos::Placer;
use crate::species::data::TEMPLATE_FILE;
use crate::species::template::TemplateTree;

pub(super) fn lint(s: &Subject<'_>, out: &mut Vec<Warning>) {
    let known = known_answers(s);
    let template = &s.data.template.trees;
    if let Some((file, text)) = s.species_file(TEMPLATE_FILE) {
        contradictions(template, &[], "trees", file, text, out);
        unknown_values(template.iter().flat_map(|t| &t.examples), &known, file, text, out);
    }
    for sp in &s.data.species {
        let name = format!("{}.ron", sp.name.file_stem());
        if let Some((file, text)) = s.species_file(&name) {
            contradictions(&sp.default_examples, template, "default_examples", file, text, out);
            unknown_values(sp.default_examples.iter().flat_map(|t| &t.examples), &known, file, text, out);
        }
    }
    for path in s.files_of(FileKind::Creature) {
        let Ok(text) = read_text(path) else { continue };
        let file = path.display().to_string();
        if let Ok(c) = Creature::parse(&file, &text, s.data) {
            let examples = c.trees.iter().flat_map(|t| t.activity.examples.iter().chain(&t.acton.examples));
            unknown_values(examples, &known, &file, &text, out);
        }
    }
    unjudged(s, out);
}

/// Two examples of one tree with the same answers and feedback of opposite sign: the
/// tree cannot follow both. `trees` are the file's own lists (the list `field`);
/// `before` are the examples that come first in the same trees (the shared template
/// before a species' own), compared against but not reported.
fn contradictions(
    trees: &[TemplateTree],
    before: &[TemplateTree],
    field: &str,
    file: &str,
    text: &str,
    out: &mut Vec<Warning>,
) {
    let placer = Placer::new(text);
    for (i, t) in trees.iter().enumerate() {
        let earlier = before
            .iter()
            .chain(&trees[..i])
            .filter(|o| o.desire == t.desire && o.tree == t.tree)
            .flat_map(|o| &o.examples);
        let mut seen: Vec<&Example> = earlier.collect();
        for (n, e) in t.examples.iter().enumerate() {
            if let Some(other) = seen.iter().find(|o| o.answers == e.answers && o.feedback * e.feedback < 0.0) {
                let msg = format!(
                    "{} {:?}: example {} has the answers of an earlier example but feedback {:+} against {:+}; the tree cannot follow both",
                    t.desire,
                    t.tree,
                    n + 1,
                    e.feedback,
                    other.feedback
                );
                let item = format!("{} {:?} example {}", t.desire, t.tree, n + 1);
                out.push(Warning::new(
                    Rule::ContradictingExamples,
                    file,
                    placer.item(field, i, Some("examples")),
                    item,
                    msg,
                ));
            }
            seen.push(e);
        }
    }
}

/// Each attribute's answers some object can give: those of the project's village and
/// the built-in one, the kinds of one's own, "unknown", and both of yes and no for an
/// attribute answered only so.
fn known_answers(s: &Subject<'_>) -> BTreeMap<String, BTreeSet<String>> {
    let mut known: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let objects = s.village.objects.iter().chain(&s.builtin_village.objects);
    for answers in objects.map(|o| &*o.answers).chain(s.data.kinds.iter().map(|k| &k.answers)) {
        for (a, v) in answers {
            known.entry(a.clone()).or_default().insert(v.clone());
        }
    }
    for k in &s.data.kinds {
        known.entry("kind".into()).or_default().insert(k.name.clone());
    }
    for values in known.values_mut() {
        if values.iter().all(|v| v == "yes" || v == "no") {
            values.extend(["yes".to_owned(), "no".to_owned()]);
        }
        values.insert(UNKNOWN.to_owned());
    }
    known
}

fn unknown_values<'e>(
    examples: impl Iterator<Item = &'e Example>,
    known: &BTreeMap<String, BTreeSet<String>>,
    file: &str,
    text: &str,
    out: &mut Vec<Warning>,
) {
    let mut reported = BTreeSet::new();
    for e in examples {
        for (attribute, value) in &e.answers {
            let values = known.get(attribute);
            if values.is_some_and(|v| v.contains(value)) || !reported.insert((attribute.clone(), value.clone())) {
                continue;
            }
            let can = values.map_or("none".to_owned(), |v| {
                v.iter().filter(|x| *x != UNKNOWN).cloned().collect::<Vec<_>>().join(", ")
            });
            let msg = format!(
                "an example answers {attribute}: \"{value}\", which no object in the world answers ({attribute} is one of: {can}); the example can never match an object"
            );
            let (line, col) = crate::error::locate(text, &format!("\"{value}\"")).unwrap_or((1, 1));
            let item = format!("{attribute}: {value}");
            out.push(Warning::new(Rule::UnknownAttribute, file, (line, col), item, msg));
        }
    }
}

/// World objects that answer no attribute: every tree sees them as unknown on every
/// question, so none can tell them from each other or judge them by what they are.
fn unjudged(s: &Subject<'_>, out: &mut Vec<Warning>) {
    let Some((file, text)) = &s.world_file else { return };
    let placer = Placer::new(text);
    for (i, def) in s.world.objects.iter().enumerate() {
        let id = &def.id;
        let Some(o) = s.village.find(id).map(|n| &s.village.objects[n]) else { continue };
        if o.answers.values().all(|v| v == UNKNOWN) {
            let msg = format!(
                "{id} answers no attribute ({}), so no tree can judge it: give its kind answers in kinds.ron or beliefs in the world",
                s.data.attributes.join(", ")
            );
            out.push(Warning::new(Rule::UnjudgedKind, file, placer.item("objects", i, Some("id")), id, msg));
        }
    }
}

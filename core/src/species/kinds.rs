//! Kinds of object of the designer's own (`species/kinds.ron`): a kind that needs only
//! data — its name (the `kind` answer, SPEC §8), the answers its objects give, the
//! actions that can be done to it and the desires that can be about it (SPEC §4) — is
//! a row of this table and no code. A world places one as `kind: Custom("mushroom")`.
//!
//! The rules know the named kinds (`Kind::Villager` …) by what they do: a villager
//! works, a store holds food. A kind of one's own does nothing by itself: it is a
//! lifeless thing that stays where the world puts it, judged by its answers and chosen
//! by what it affords.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::names::Desire;
use crate::species::problems::Problems;
use crate::species::rules::Kind;
use crate::species::tables::ActionTable;

/// The file of the kinds of one's own in a species folder. A folder without it has
/// none.
pub const KINDS_FILE: &str = "kinds.ron";

/// How many kinds of one's own a species folder may hold: with the named kinds they
/// fill the bits of a set of kinds but the last, which stands for a kind no table
/// holds (an object of an unknown own kind in a world built in code, never in a
/// checked one), so that nothing affords it.
pub const MAX_OWN_KINDS: usize = 14;

/// `species/kinds.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KindTable {
    #[serde(default)]
    pub kinds: Vec<KindDef>,
}

/// One kind of one's own.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KindDef {
    /// Its `kind` answer, and the name a world gives it in `Custom("…")`.
    pub name: String,
    /// The answers every object of the kind gives, by attribute (a world's `beliefs`
    /// for one object override them).
    #[serde(default)]
    pub answers: BTreeMap<String, String>,
    /// The actions that can be done to it, added to each action's kinds.
    #[serde(default)]
    pub affords: Vec<String>,
    /// The desires that can be about it, for those whose kinds are listed.
    #[serde(default)]
    pub about: Vec<Desire>,
}

/// The kind an object of the own kind `name` has among `kinds`; `None` for a name the
/// table lacks.
#[must_use]
pub fn own_kind(kinds: &[KindDef], name: &str) -> Option<Kind> {
    let i = kinds.iter().position(|k| k.name == name)?;
    u8::try_from(i).ok().filter(|&i| usize::from(i) < MAX_OWN_KINDS).map(Kind::Custom)
}

/// The kind standing for an own kind no table holds: nothing affords it.
pub const UNKNOWN_OWN_KIND: Kind = Kind::Custom(u8::MAX);

/// The name of kind `k`: a named kind's own, or an own kind's from `kinds`.
#[must_use]
pub fn kind_name(kinds: &[KindDef], k: Kind) -> &str {
    match k {
        Kind::Custom(i) => kinds.get(usize::from(i)).map_or("unknown", |d| d.name.as_str()),
        named => named.name(),
    }
}

/// Reads `kinds.ron` and checks it alone: names given once, none a named kind's, at
/// most [`MAX_OWN_KINDS`].
pub(crate) fn parse_kinds(file: &str, text: &str) -> Result<Vec<KindDef>, Vec<LoadError>> {
    let table: KindTable = parse_ron(file, text).map_err(|e| vec![e])?;
    let mut p = Problems::new(file, text);
    let mut seen = BTreeSet::new();
    for k in &table.kinds {
        let at = format!("\"{}\"", k.name);
        if k.name.trim().is_empty() {
            p.at("name", "a kind's name is empty; expected a name such as \"mushroom\"");
        } else if Kind::ALL.iter().any(|named| named.name() == k.name) {
            p.at(
                &at,
                format!("`{}` is a kind the rules know already; a kind of one's own needs a name of its own", k.name),
            );
        } else if !seen.insert(k.name.as_str()) {
            p.at(&at, format!("the kind `{}` is defined twice", k.name));
        }
    }
    if table.kinds.len() > MAX_OWN_KINDS {
        let extra = &table.kinds[MAX_OWN_KINDS].name;
        p.at(
            &format!("\"{extra}\""),
            format!("{} kinds of one's own; a species folder holds at most {MAX_OWN_KINDS}", table.kinds.len()),
        );
    }
    p.finish(table.kinds)
}

/// The rules between `kinds.ron` and the other tables: the actions it names exist, and
/// so do the attributes its answers are for.
pub(crate) fn check_kinds(
    file: &str,
    text: &str,
    kinds: &[KindDef],
    actions: &ActionTable,
    attributes: &[String],
    errors: &mut Vec<LoadError>,
) {
    let mut p = Problems::new(file, text);
    for k in kinds {
        actions.check_named(&mut p, &k.name, &k.affords);
        for attribute in k.answers.keys() {
            if !attributes.iter().any(|x| x == attribute) {
                let msg = crate::error::unknown_name("attribute", attribute, attributes.iter().map(String::as_str));
                p.at(&format!("\"{attribute}\""), format!("{}: {msg}", k.name));
            }
        }
    }
    errors.extend(p.errors);
}

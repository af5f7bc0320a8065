//! Banks made of parts: a bank built from slices of others, each slice a situation
//! class of the coverage table (distance band × own state × opponent state, as
//! [`curate`](super::curate) counts them) or a filter, so that one player's far-range
//! play and another's close-range play make one shadow. The parts are merged as
//! [`merge`] merges banks, each event keeping its source bank and match (provenance);
//! where two sources give events of one class, the composition names the conflict.
//!
//! A filter is terms separated by commas, all of which an event must meet:
//! `close`, `mid` or `far` (the distance band); `own=STATE` and `opp=STATE` (a state
//! name of [`STATE_NAMES`], spaces written `_`, or its code); `action=NAME`;
//! `FEATURE<X` and `FEATURE>X`; `all` (every event).

use std::collections::BTreeMap;

use super::arena::STATE_NAMES;
use super::bank::{Bank, merge};
use super::bots::Range;
use super::curate::{Class, class_of, class_positions};

/// One term of a filter.
#[derive(Debug, Clone, PartialEq)]
enum Term {
    Band(Range),
    Own(i64),
    Opp(i64),
    Action(String),
    Below(String, f64),
    Above(String, f64),
}

/// Which events of a bank a part takes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filter {
    terms: Vec<Term>,
    /// The filter as written.
    pub text: String,
}

fn state_code(text: &str) -> Result<i64, String> {
    if let Ok(n) = text.parse::<i64>() {
        return Ok(n);
    }
    let name = text.replace('_', " ");
    STATE_NAMES.iter().position(|s| *s == name).map(|p| p as i64).ok_or_else(|| {
        creature_core::error::unknown_name("state", text, STATE_NAMES.iter().copied())
            + "; write spaces as `_` (walk_forward)"
    })
}

impl Filter {
    /// Reads a filter (see the module's account of terms).
    pub fn parse(text: &str) -> Result<Filter, String> {
        let mut terms = Vec::new();
        for raw in text.split(',').map(str::trim).filter(|t| !t.is_empty() && *t != "all") {
            let term = match raw {
                "close" => Term::Band(Range::Close),
                "mid" => Term::Band(Range::Mid),
                "far" => Term::Band(Range::Far),
                _ => {
                    if let Some(v) = raw.strip_prefix("own=") {
                        Term::Own(state_code(v)?)
                    } else if let Some(v) = raw.strip_prefix("opp=") {
                        Term::Opp(state_code(v)?)
                    } else if let Some(v) = raw.strip_prefix("action=") {
                        Term::Action(v.to_owned())
                    } else if let Some((f, v)) = raw.split_once('<') {
                        Term::Below(f.trim().to_owned(), number(raw, v)?)
                    } else if let Some((f, v)) = raw.split_once('>') {
                        Term::Above(f.trim().to_owned(), number(raw, v)?)
                    } else {
                        return Err(format!(
                            "`{raw}` is not a filter term; expected close, mid, far, own=STATE, opp=STATE, action=NAME, FEATURE<X, FEATURE>X or all"
                        ));
                    }
                }
            };
            terms.push(term);
        }
        Ok(Filter { terms, text: text.trim().to_owned() })
    }

    /// The positions of `bank`'s events the filter takes, in bank order.
    pub fn select(&self, bank: &Bank) -> Result<Vec<usize>, String> {
        let needs_class = self.terms.iter().any(|t| matches!(t, Term::Band(_) | Term::Own(_) | Term::Opp(_)));
        let at = if needs_class { Some(class_positions(bank)?) } else { None };
        let mut columns = Vec::new();
        for t in &self.terms {
            if let Term::Below(f, _) | Term::Above(f, _) = t {
                columns.push(bank.feature_position(f).ok_or_else(|| format!("the bank records no `{f}`"))?);
            }
        }
        let keeps = |i: usize| {
            let class = at.map(|at| class_of(bank, i, at));
            let mut col = columns.iter();
            self.terms.iter().all(|t| match t {
                Term::Band(b) => class.is_some_and(|c| c.band == *b),
                Term::Own(s) => class.is_some_and(|c| c.own_state == *s),
                Term::Opp(s) => class.is_some_and(|c| c.opp_state == *s),
                Term::Action(a) => bank.event(i).action == a,
                Term::Below(_, x) => col.next().is_some_and(|&f| bank.value(i, f) < *x),
                Term::Above(_, x) => col.next().is_some_and(|&f| bank.value(i, f) > *x),
            })
        };
        Ok((0..bank.len()).filter(|&i| keeps(i)).collect())
    }
}

fn number(term: &str, v: &str) -> Result<f64, String> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{term}`: expected a number after the comparison"))
}

/// A class two or more parts give events of: the parts and how many each gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    pub class: Class,
    pub sources: Vec<(String, usize)>,
}

/// A bank made of parts, how many events each part gave, and the conflicts.
#[derive(Debug, Clone, PartialEq)]
pub struct Composition {
    pub bank: Bank,
    pub parts: Vec<(String, usize)>,
    pub conflicts: Vec<Conflict>,
}

/// Builds a bank from `parts`: each a source bank's name (kept as the events'
/// provenance), the bank and the filter of the events it gives. The banks must record
/// the same features; a part that takes no event is refused, as a slip in its filter.
pub fn compose(parts: &[(&str, &Bank, &Filter)]) -> Result<Composition, String> {
    if parts.is_empty() {
        return Err("a composed bank needs at least one part".into());
    }
    let mut slices = Vec::with_capacity(parts.len());
    let mut by_class: BTreeMap<Class, Vec<(String, usize)>> = BTreeMap::new();
    for (name, bank, filter) in parts {
        let picked = filter.select(bank).map_err(|e| format!("part {name}:{}: {e}", filter.text))?;
        if picked.is_empty() {
            return Err(format!("part {name}:{} takes no event of {name}'s {}", filter.text, bank.len()));
        }
        if let Ok(at) = class_positions(bank) {
            let mut counts: BTreeMap<Class, usize> = BTreeMap::new();
            for &i in &picked {
                *counts.entry(class_of(bank, i, at)).or_insert(0) += 1;
            }
            for (class, n) in counts {
                by_class.entry(class).or_default().push(((*name).to_owned(), n));
            }
        }
        slices.push(((*name).to_owned(), bank.subset(&picked)));
    }
    let sources: Vec<(&str, &Bank)> = slices.iter().map(|(n, b)| (n.as_str(), b)).collect();
    let bank = merge(&sources)?;
    let conflicts =
        by_class.into_iter().filter(|(_, s)| s.len() > 1).map(|(class, sources)| Conflict { class, sources }).collect();
    Ok(Composition { bank, parts: slices.iter().map(|(n, b)| (n.clone(), b.len())).collect(), conflicts })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str) -> Bank {
        let path = format!("{}/../../projects/example/shadow/{name}.bank.ron", env!("CARGO_MANIFEST_DIR"));
        Bank::load(std::path::Path::new(&path)).unwrap()
    }

    #[test]
    fn a_filter_takes_the_events_of_its_class_only() {
        let zoner = load("zoner");
        let far = Filter::parse("far").unwrap().select(&zoner).unwrap();
        let d = zoner.feature_position("distance").unwrap();
        assert!(!far.is_empty() && far.len() < zoner.len());
        assert!(far.iter().all(|&i| zoner.value(i, d) > 3.5));
        let class = Filter::parse("close,own=stand,opp=air").unwrap().select(&zoner).unwrap();
        let o = zoner.feature_position("opp_state").unwrap();
        assert!(class.iter().all(|&i| zoner.value(i, o) == 7.0 && zoner.value(i, d) < 1.5));
        assert!(Filter::parse("own=flying").unwrap_err().contains("unknown state"));
        assert!(Filter::parse("near").unwrap_err().contains("not a filter term"));
        let low = Filter::parse("distance<1").unwrap().select(&zoner).unwrap();
        assert!(low.iter().all(|&i| zoner.value(i, d) < 1.0));
    }

    #[test]
    fn a_composed_bank_keeps_each_events_source_and_names_shared_classes() {
        let (zoner, rushdown) = (load("zoner"), load("rushdown"));
        let (far, close, all) = (Filter::parse("far").unwrap(), Filter::parse("close").unwrap(), Filter::default());
        let c = compose(&[("zoner", &zoner, &far), ("rushdown", &rushdown, &close)]).unwrap();
        let n_far = far.select(&zoner).unwrap().len();
        let n_close = close.select(&rushdown).unwrap().len();
        assert_eq!(c.bank.len(), n_far + n_close);
        assert_eq!(c.parts, vec![("zoner".to_owned(), n_far), ("rushdown".to_owned(), n_close)]);
        assert!(c.conflicts.is_empty(), "far and close share no class");
        let from = |name: &str| c.bank.iter().filter(|e| e.provenance.is_some_and(|p| p.bank == name)).count();
        assert_eq!((from("zoner"), from("rushdown")), (n_far, n_close));
        for e in c.bank.iter() {
            let p = e.provenance.unwrap();
            let source = if p.bank == "zoner" { &zoner } else { &rushdown };
            assert!(source.iter().any(|s| s.match_id == p.match_id && s.segment == p.segment && s.action == e.action));
        }
        let both = compose(&[("zoner", &zoner, &all), ("rushdown", &rushdown, &close)]).unwrap();
        assert!(!both.conflicts.is_empty());
        assert!(both.conflicts.iter().all(|k| k.class.band == Range::Close && k.sources.len() == 2));
        let none = Filter::parse("distance>99").unwrap();
        assert!(compose(&[("zoner", &zoner, &none)]).unwrap_err().contains("takes no event"));
    }
}

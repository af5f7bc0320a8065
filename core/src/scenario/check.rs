//! A scenario checked against the species data and the world it runs in, before
//! anything runs (SPEC §16): every input and expectation names only what exists, fires
//! within the run and gives the bounds it needs; each problem is placed at the field it
//! is about, with its line and column.

use std::cell::RefCell;
use std::collections::HashMap;

use super::expect::MAX_SEEDS;
use super::file::{Act, Counted, Expect, HAND, Loaded, MAX_SECONDS, NO_QUESTION, Param, Root};
use crate::error::{LoadError, LoadResult, unknown_name};
use crate::ronpos::Placer;
use crate::species::data::PHASE_COUNT;
use crate::species::rules::Kind;
use crate::world::file::WorldFile;

/// Every problem of a parsed scenario against the species data and the world it runs
/// in, each placed at the field it is about.
pub fn check(s: &Loaded, data: &crate::species::data::Data, world: &WorldFile) -> LoadResult<()> {
    let sc = &s.scenario;
    let placer = Placer::new(&s.text);
    let at = &placer;
    let objects = Objects::new(world, &data.kinds);
    let mut errors = Vec::new();
    let seconds_ok = sc.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&sc.seconds);
    if !seconds_ok {
        errors.push(problem(
            s,
            at,
            "seconds",
            None,
            None,
            format!("seconds is {}; expected 0 to {MAX_SECONDS}", sc.seconds),
        ));
    }
    if sc.phase.is_some_and(|p| usize::from(p) >= PHASE_COUNT) {
        errors.push(problem(s, at, "phase", None, None, format!("expected a phase from 0 to {}", PHASE_COUNT - 1)));
    }
    check_sources(s, at, data, &mut errors);
    check_inputs(s, at, data, world, &objects, &mut errors);
    check_expectations(s, at, data, &objects, seconds_ok, &mut errors);
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// A problem of `s`, placed by `at` (built once for the scenario's text) at the
/// top-level `field`, or at item `i` of the list `list` (at its `key` when given).
fn problem(
    s: &Loaded,
    at: &Placer<'_>,
    field: &str,
    item: Option<(&str, usize)>,
    key: Option<&str>,
    message: String,
) -> LoadError {
    let (line, col) = match item {
        Some((list, i)) => at.item(list, i, key),
        None => at.field(field),
    };
    LoadError::new(&s.file, line, col, message)
}

/// Whether `t` seconds lies within the longest run a scenario may ask for.
fn time_ok(t: f64) -> bool {
    (0.0..=MAX_SECONDS).contains(&t)
}

/// The world's objects by id, for a check that names them many times: each id is
/// looked up in a map, and the message for an unknown one (which compares it with every
/// id) is made once.
struct Objects<'w> {
    world: &'w WorldFile,
    kinds: HashMap<&'w str, Kind>,
    unknown: RefCell<HashMap<String, String>>,
}

impl<'w> Objects<'w> {
    fn new(world: &'w WorldFile, own: &[crate::species::kinds::KindDef]) -> Self {
        let mut kinds = HashMap::new();
        for o in &world.objects {
            // The first object of an id is the one `WorldFile::object` finds.
            kinds.entry(o.id.as_str()).or_insert_with(|| o.kind.kind(own));
        }
        Self { world, kinds, unknown: RefCell::default() }
    }

    /// The kind of the world's object `id`, or why there is none.
    fn kind(&self, id: &str) -> Result<Kind, String> {
        if let Some(&kind) = self.kinds.get(id) {
            return Ok(kind);
        }
        let mut unknown = self.unknown.borrow_mut();
        let message = unknown
            .entry(id.to_owned())
            .or_insert_with(|| unknown_name("object", id, self.world.objects.iter().map(|o| o.id.as_str())));
        Err(message.clone())
    }
}

/// The problems of the scenario's inputs, in list order: when each fires, and what it
/// names (actions, objects, miracles, phases, values).
fn check_inputs(
    s: &Loaded,
    at: &Placer<'_>,
    data: &crate::species::data::Data,
    world: &WorldFile,
    objects: &Objects<'_>,
    errors: &mut Vec<LoadError>,
) {
    let sc = &s.scenario;
    // What each action can be done to, as the simulation reads it.
    let affords = crate::world::affordances::affords(world, &data.kinds);
    for (i, input) in sc.inputs.iter().enumerate() {
        let item = Some(("inputs", i));
        if input.on.is_some() {
            if input.at.is_some() {
                let m = "`at` does not go with `on`: `after` counts the seconds from its event".to_owned();
                errors.push(problem(s, at, "", item, Some("at"), m));
            }
            if input.after.is_some() && input.wait.is_some() {
                let m = "`after` and `wait` both give the seconds after `on`'s event: give one".to_owned();
                errors.push(problem(s, at, "", item, Some("wait"), m));
            }
        } else if input.at.is_some() == input.after.is_some() {
            errors.push(problem(s, at, "", item, None, "expected exactly one of `at`, `after` and `on`".into()));
        }
        if input.wait.is_some() && input.on.is_none() {
            errors.push(problem(s, at, "", item, Some("wait"), "`wait` goes with `on`".into()));
        }
        for (key, t) in [("at", input.at), ("after", input.after), ("wait", input.wait)] {
            if t.is_some_and(|t| !time_ok(t)) {
                errors.push(problem(s, at, "", item, Some(key), format!("expected seconds from 0 to {MAX_SECONDS}")));
            }
        }
        match &input.act {
            Act::Plan { action, object, target, .. } => {
                if let Err(m) = data.action_named(action) {
                    errors.push(problem(s, at, "", item, Some("action"), m));
                }
                match objects.kind(object) {
                    Err(m) => errors.push(problem(s, at, "", item, Some("object"), m)),
                    Ok(kind) => {
                        let affords = affords.get(action).is_none_or(|k| k.admits(kind));
                        if data.action(action).is_some() && !affords {
                            let name = crate::species::kinds::kind_name(&data.kinds, kind);
                            let m = format!("`{object}` is a {name}, which `{action}` cannot be done to");
                            errors.push(problem(s, at, "", item, Some("object"), m));
                        }
                    }
                }
                if let Some(t) = target
                    && let Err(m) = objects.kind(t)
                {
                    errors.push(problem(s, at, "", item, Some("target"), m));
                }
            }
            Act::Miracle { name, on } => {
                if !world.watch.miracle_base.contains_key(name) {
                    let m = unknown_name("miracle", name, world.watch.miracle_base.keys().map(String::as_str));
                    errors.push(problem(s, at, "", item, Some("name"), m));
                }
                if let Some(o) = on
                    && let Err(m) = objects.kind(o)
                {
                    errors.push(problem(s, at, "", item, Some("on"), m));
                }
            }
            Act::Force { object, verdict, .. } => {
                if let Err(m) = objects.kind(object) {
                    errors.push(problem(s, at, "", item, Some("object"), m));
                }
                if !(-1.0..=1.0).contains(verdict) {
                    let m = "expected a verdict from -1 to 1".to_owned();
                    errors.push(problem(s, at, "", item, Some("verdict"), m));
                }
            }
            Act::Give { object } | Act::Order { object } | Act::Unforce { object, .. } => {
                if let Err(m) = objects.kind(object) {
                    errors.push(problem(s, at, "", item, Some("object"), m));
                }
            }
            Act::Deed { action, object, desire } => {
                match data.action_named(action) {
                    Err(m) => errors.push(problem(s, at, "", item, Some("action"), m)),
                    Ok(_) if desire.is_none() && data.motive_of(action).is_none() => {
                        let m = format!("no desire's plans use `{action}`: name the deed's `desire`");
                        errors.push(problem(s, at, "", item, Some("action"), m));
                    }
                    Ok(_) => {}
                }
                if let Err(m) = objects.kind(object) {
                    errors.push(problem(s, at, "", item, Some("object"), m));
                }
            }
            Act::Hand { x, y } | Act::Place { x, y } if !(x.is_finite() && y.is_finite()) => {
                let key = if x.is_finite() { "y" } else { "x" };
                errors.push(problem(s, at, "", item, Some(key), "expected a number".into()));
            }
            Act::Phase(p) if usize::from(*p) >= PHASE_COUNT => {
                errors.push(problem(s, at, "", item, None, format!("expected a phase from 0 to {}", PHASE_COUNT - 1)));
            }
            Act::Desire { value, .. } if !value.is_finite() => {
                errors.push(problem(s, at, "", item, Some("value"), "expected a number".into()));
            }
            _ => {}
        }
    }
}

/// The problems of the scenario's expectations, in list order: their turns within the
/// run (when its length is itself valid, `seconds_ok`), their bounds, and what they name.
fn check_expectations(
    s: &Loaded,
    at: &Placer<'_>,
    data: &crate::species::data::Data,
    objects: &Objects<'_>,
    seconds_ok: bool,
    errors: &mut Vec<LoadError>,
) {
    let sc = &s.scenario;
    for (i, e) in sc.expect.iter().enumerate() {
        let item = Some(("expect", i));
        let (time_key, t) = match e {
            Expect::Plans { from, to, .. } => {
                if !time_ok(*from) || from > to {
                    errors.push(problem(s, at, "", item, Some("from"), "expected `from` from 0 to `to`".into()));
                }
                ("to", Some(*to))
            }
            _ => {
                check_timing(s, at, i, e, errors);
                ("at", e.at())
            }
        };
        if let Some(t) = t
            && (!time_ok(t) || (seconds_ok && t > sc.seconds))
        {
            let m = format!("expected seconds from 0 to the run's end at {} s", sc.seconds);
            errors.push(problem(s, at, "", item, Some(time_key), m));
        }
        if let Some((min, max)) = e.clone().bounds_mut().map(|(min, max)| (*min, *max)) {
            let (low, high) =
                if matches!(e, Expect::Tree { .. }) { ("examples_min", "examples_max") } else { ("min", "max") };
            let stated = match e {
                Expect::Tree { root, .. } => !root.is_unstated(),
                Expect::Credit { remembered, .. } => remembered.is_some(),
                Expect::Count { exactly, .. } => exactly.is_some(),
                // A lesson's bounds are optional: its filters say what it checks.
                Expect::Lesson { .. } => true,
                _ => false,
            };
            if min.is_none() && max.is_none() && !stated {
                let m = match e {
                    Expect::Tree { .. } => "expected at least one of `root`, `examples_min` and `examples_max`".into(),
                    Expect::Credit { .. } => "expected at least one of `remembered`, `min` and `max`".into(),
                    Expect::Count { .. } => "expected `exactly`, or at least one of `min` and `max`".into(),
                    _ => format!("expected at least one of `{low}` and `{high}`"),
                };
                errors.push(problem(s, at, "", item, None, m));
            }
            let exactly = if let Expect::Count { exactly, .. } = e { *exactly } else { None };
            let numbers = [(low, min), (high, max), ("exactly", exactly)];
            if let Some((key, message)) = crate::bounds::first_not_finite(&numbers) {
                let (line, col) = at.item_value("expect", i, key);
                errors.push(LoadError::new(&s.file, line, col, message));
            }
        }
        check_counted(s, at, i, e, errors);
        check_names(s, at, data, objects, i, e, errors);
    }
}

/// The problems of what expectation `i` names: actions, objects, skills and miracles,
/// desires' sources and the trees' attributes.
fn check_names(
    s: &Loaded,
    at: &Placer<'_>,
    data: &crate::species::data::Data,
    objects: &Objects<'_>,
    i: usize,
    e: &Expect,
    errors: &mut Vec<LoadError>,
) {
    let item = Some(("expect", i));
    let world = objects.world;
    let action_ok = |a: &Option<String>, errors: &mut Vec<LoadError>| {
        if let Some(a) = a
            && let Err(m) = data.action_named(a)
        {
            errors.push(problem(s, at, "", item, Some("action"), m));
        }
    };
    let object_ok = |key: &'static str, o: &Option<String>, errors: &mut Vec<LoadError>| {
        if let Some(o) = o
            && let Err(m) = objects.kind(o)
        {
            errors.push(problem(s, at, "", item, Some(key), m));
        }
    };
    match e {
        Expect::Score { object, .. } => object_ok("object", &Some(object.clone()), errors),
        Expect::Opinion { action, .. } => action_ok(&Some(action.clone()), errors),
        Expect::Plans { action, object, .. } | Expect::Lesson { action, object, .. } => {
            action_ok(action, errors);
            object_ok("object", object, errors);
        }
        Expect::Knows { what, .. } => {
            let skills = world.watch.skill_seconds.keys();
            let miracles = world.watch.miracle_base.keys();
            if !skills.clone().chain(miracles.clone()).any(|k| k == what) {
                let all = skills.chain(miracles).map(String::as_str);
                errors.push(problem(s, at, "", item, Some("what"), unknown_name("skill or miracle", what, all)));
            }
        }
        Expect::Param { desire, what: Param::Threshold(n), .. } => {
            let sources = data.desires.iter().find(|d| d.name == *desire).map_or(0, |d| d.sources.len());
            if *n >= sources {
                let m = format!("{desire} has {sources} sources: expected a source index below {sources}");
                errors.push(problem(s, at, "", item, Some("what"), m));
            }
        }
        Expect::Credit { object, .. } | Expect::Gone { object, .. } => {
            object_ok("object", &Some(object.clone()), errors);
        }
        Expect::Tree { root: Root::Named(r), .. } if !data.attributes.contains(r) => {
            let all = data.attributes.iter().map(String::as_str).chain([NO_QUESTION]);
            errors.push(problem(s, at, "", item, Some("root"), unknown_name("attribute", r, all)));
        }
        Expect::Count { of: Counted::Plans { action, object, .. }, .. } => {
            action_ok(action, errors);
            object_ok("object", object, errors);
        }
        Expect::Sightings { miracle, .. } if !world.watch.miracle_base.contains_key(miracle) => {
            let m = unknown_name("miracle", miracle, world.watch.miracle_base.keys().map(String::as_str));
            errors.push(problem(s, at, "", item, Some("miracle"), m));
        }
        Expect::Distance { to, .. } if to != HAND => object_ok("to", &Some(to.clone()), errors),
        _ => {}
    }
}

/// The problems of a `Count` and a `Born` expectation of their own: `exactly` a whole
/// number alone, `from` a time before `at` and only where plans or releases are
/// counted, and a spread of at least one newborn and at most [`MAX_SEEDS`].
fn check_counted(s: &Loaded, at: &Placer<'_>, i: usize, e: &Expect, errors: &mut Vec<LoadError>) {
    let item = Some(("expect", i));
    match e {
        Expect::Count { at: t, of, from, exactly, min, max, .. } => {
            if let Some(n) = exactly {
                if min.is_some() || max.is_some() {
                    let m = "`exactly` goes alone, without `min` and `max`".to_owned();
                    errors.push(problem(s, at, "", item, Some("exactly"), m));
                } else if n.is_finite() && (n.fract() != 0.0 || *n < 0.0) {
                    let (line, col) = at.item_value("expect", i, "exactly");
                    errors.push(LoadError::new(&s.file, line, col, "expected a whole number, 0 or more"));
                }
            }
            match (of, from) {
                (Counted::Active, Some(_)) => {
                    let m = "`from` goes with `Plans` and `Lessons`: the desires on are counted at `at`".to_owned();
                    errors.push(problem(s, at, "", item, Some("from"), m));
                }
                // Timed on an event, the count's second is known only in the run.
                (_, Some(f)) if !(time_ok(*f) && (t.is_nan() || f <= t)) => {
                    errors.push(problem(s, at, "", item, Some("from"), "expected `from` from 0 to `at`".into()));
                }
                _ => {}
            }
        }
        Expect::Born { seeds, .. } if !(1..=MAX_SEEDS).contains(seeds) => {
            let (line, col) = at.item_value("expect", i, "seeds");
            errors.push(LoadError::new(&s.file, line, col, format!("expected 1 to {MAX_SEEDS} newborns")));
        }
        _ => {}
    }
}

/// The problems of the scenario's stilled sources: each desire named once, and each
/// source it keeps one of the desire's own.
fn check_sources(s: &Loaded, at: &Placer<'_>, data: &crate::species::data::Data, errors: &mut Vec<LoadError>) {
    for (i, still) in s.scenario.sources.iter().enumerate() {
        let item = Some(("sources", i));
        if s.scenario.sources[..i].iter().any(|o| o.desire == still.desire) {
            let m = format!("{} is stilled twice: name all the sources it keeps in one entry", still.desire);
            errors.push(problem(s, at, "", item, Some("desire"), m));
        }
        let own: Vec<&str> = data
            .desires
            .get(still.desire.index())
            .map(|d| d.sources.iter().map(|src| src.reads.name()).collect())
            .unwrap_or_default();
        if let Some(r) = still.only.iter().find(|r| !own.contains(&r.name())) {
            let m =
                format!("{} has no source reading `{}`: its sources read {}", still.desire, r.name(), own.join(", "));
            let (line, col) = at.item_value("sources", i, "only");
            errors.push(LoadError::new(&s.file, line, col, m));
        }
    }
}

/// The problems of a moment's timing: a second (`at`), or an event (`on`) with the seconds
/// after it (`after`, 0 by default), never both.
fn check_timing(s: &Loaded, at: &Placer<'_>, i: usize, e: &Expect, errors: &mut Vec<LoadError>) {
    let item = Some(("expect", i));
    let Some((second, on, after)) = e.clone().timing_mut().map(|(a, o, s)| (*a, o.is_some(), *s)) else { return };
    let written = !second.is_nan();
    match (on, written, after) {
        (true, true, _) => {
            let m = "`at` does not go with `on`: `after` counts the seconds from its event".to_owned();
            errors.push(problem(s, at, "", item, Some("at"), m));
        }
        (false, false, _) => {
            errors.push(problem(s, at, "", item, None, "expected `at`, or `on` with `after`".into()));
        }
        (false, true, Some(_)) => {
            let m = "`after` goes with `on`: a second of the run is given by `at`".to_owned();
            errors.push(problem(s, at, "", item, Some("after"), m));
        }
        (true, false, Some(a)) if !time_ok(a) => {
            let (line, col) = at.item_value("expect", i, "after");
            errors.push(LoadError::new(&s.file, line, col, format!("expected seconds from 0 to {MAX_SECONDS}")));
        }
        _ => {}
    }
}

//! The world file (SPEC §14: RON for everything a person edits): the village the
//! creature lives in, its clock, its warm and cold places, the creature's start and
//! the player's hand. Loading refuses unknown objects, impossible positions and
//! references to missing things, each with `FILE:LINE:COL: message`.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, LoadResult, parse_ron};
use crate::file_reader::read_text;
use crate::mind::leash::Leash;
use crate::mind::observation::WatchRules;
use crate::names::Desire;
use crate::species::data::Data;
use crate::species::kinds::{kind_name, own_kind};
use crate::species::problems::Problems;
use crate::species::rules::{BodyRules, Kind, SenseRules};

pub use super::object_def::{Job, ObjectDef, ObjectKind, Owner, Sex};

/// The example village compiled into the binary: the world `sim` uses without `--world`.
pub const BUILTIN_WORLD: &str = include_str!("../../../projects/example/world.ron");

/// Ids the simulation gives to things that are not objects of the file.
pub const RESERVED_IDS: [&str; 2] = ["hand", "self"];

/// How large a map may be, in metres on a side.
pub const MAX_SIZE: f64 = 100_000.0;

/// The most objects a world may hold: far more than a village needs, few enough that
/// checking and simulating it stay quick.
pub const MAX_OBJECTS: usize = 10_000;

/// The most food or wood a storage pit may hold, so that the simulation's sums of
/// stores stay far from the limits of their numbers.
pub const MAX_STORE: u32 = 1_000_000;

/// A world file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WorldFile {
    /// Width (x) and depth (y) of the map in metres; positions run from 0 to these.
    pub size: (f64, f64),
    /// Day and night.
    #[serde(default)]
    pub clock: Clock,
    /// How warm it is, and what a species finds comfortable.
    #[serde(default)]
    pub climate: ClimateRules,
    /// Everything in the village.
    pub objects: Vec<ObjectDef>,
    /// Where the creature starts.
    pub creature: CreatureStart,
    /// The player's hand.
    #[serde(default)]
    pub hand: HandDef,
    /// How fast the body changes (SPEC §2: the body sources).
    #[serde(default)]
    pub body: BodyRules,
    /// How far the creature sees and how its senses scale the world's inputs.
    #[serde(default)]
    pub senses: SenseRules,
    /// Learning by watching (SPEC §10): skill seconds, miracle bases, copying.
    #[serde(default)]
    pub watch: WatchRules,
    /// Which kinds of object each action can be done to, by action name; replaces the
    /// built-in entry for that action.
    #[serde(default)]
    pub affords: BTreeMap<String, Vec<Kind>>,
    /// Which kinds of object each desire can be about; replaces the built-in entry.
    #[serde(default)]
    pub about: BTreeMap<Desire, Vec<Kind>>,
}

/// Day and night (SPEC §1: an in-game day is 24 h of simulated time).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// The hour of the day when the simulation starts, 0 to 24.
    pub start_hour: f64,
    /// Sunrise: night fades over the hour around it.
    pub dawn_hour: f64,
    /// Sunset: night falls over the hour around it.
    pub dusk_hour: f64,
}

impl Default for Clock {
    fn default() -> Self {
        Self { start_hour: 8.0, dawn_hour: 6.0, dusk_hour: 20.0 }
    }
}

/// Temperatures on a scale where 0 is mild, +1 hot and −1 freezing.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClimateRules {
    /// The temperature away from any warm or cold place, by day.
    pub base: f64,
    /// How much colder the night is.
    pub night_chill: f64,
    /// How far from mild a species is comfortable: warm-loving species like `+comfort`,
    /// cold-loving ones `−comfort` (SPEC §3: preferred climate).
    pub comfort: f64,
}

impl Default for ClimateRules {
    fn default() -> Self {
        Self { base: 0.0, night_chill: 0.3, comfort: 0.3 }
    }
}

/// Where the creature starts.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CreatureStart {
    pub at: (f64, f64),
}

/// The player's hand at the start, and what the player does on a schedule.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HandDef {
    pub at: (f64, f64),
    /// False when the player is away from the village.
    #[serde(default = "yes")]
    pub present: bool,
    /// An object the hand holds (it can give it to the creature).
    #[serde(default)]
    pub holding: Option<String>,
    /// The leash the creature is on (SPEC §11).
    #[serde(default)]
    pub leash: Leash,
    /// Miracles the player casts (SPEC §10: the creature learns by seeing them).
    #[serde(default)]
    pub casts: Vec<CastDef>,
    /// Deeds the player does (SPEC §10: the creature may copy them).
    #[serde(default)]
    pub deeds: Vec<DeedDef>,
}

fn yes() -> bool {
    true
}

impl Default for HandDef {
    fn default() -> Self {
        Self { at: (0.0, 0.0), present: false, holding: None, leash: Leash::None, casts: Vec::new(), deeds: Vec::new() }
    }
}

/// A miracle the player casts on an object, first at `first` seconds, then every
/// `every` seconds (0: once), at most `times` times when given.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CastDef {
    pub miracle: String,
    pub on: String,
    #[serde(default)]
    pub first: f64,
    #[serde(default)]
    pub every: f64,
    #[serde(default)]
    pub times: Option<u32>,
}

/// A deed the player does: an action on an object, for a motive (SPEC §10 copying).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeedDef {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    #[serde(default)]
    pub first: f64,
    #[serde(default)]
    pub every: f64,
    #[serde(default)]
    pub times: Option<u32>,
}

impl WorldFile {
    /// Parses and checks a world against the species data (its actions and attributes).
    pub fn parse(file: &str, text: &str, data: &Data) -> LoadResult<WorldFile> {
        let world: WorldFile = parse_ron(file, text).map_err(|e| vec![e])?;
        world.fits(file, text, data)?;
        Ok(world)
    }

    /// What [`WorldFile::parse`] checks after parsing, placed in `text` (the world's
    /// text, named `file`), for a world already parsed that meets other species data.
    ///
    /// # Errors
    /// Every problem found.
    pub fn fits(&self, file: &str, text: &str, data: &Data) -> LoadResult<()> {
        let mut p = Problems::new(file, text);
        self.check(&mut p, data);
        p.finish(())
    }

    /// Reads, parses and checks a world file.
    pub fn load(path: &Path, data: &Data) -> LoadResult<WorldFile> {
        let text = read_text(path).map_err(|e| vec![e])?;
        Self::parse(&path.display().to_string(), &text, data)
    }

    /// The example village compiled into the binary.
    pub fn builtin(data: &Data) -> LoadResult<WorldFile> {
        Self::parse("projects/example/world.ron", BUILTIN_WORLD, data)
    }

    /// True for the id of an object of the village the world makes: one of its own, or
    /// one every village has (the hand, the creature itself).
    #[must_use]
    pub fn has_id(&self, id: &str) -> bool {
        RESERVED_IDS.contains(&id) || self.objects.iter().any(|o| o.id == id)
    }

    /// The ids of the village's objects: the world's, then those every village has.
    pub fn ids(&self) -> impl Iterator<Item = &str> + Clone {
        self.objects.iter().map(|o| o.id.as_str()).chain(RESERVED_IDS)
    }

    /// The object called `id`.
    pub fn object(&self, id: &str) -> Option<&ObjectDef> {
        self.objects.iter().find(|o| o.id == id)
    }

    fn check(&self, p: &mut Problems<'_>, data: &Data) {
        let (w, h) = self.size;
        let size_ok = w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && w <= MAX_SIZE && h <= MAX_SIZE;
        if !size_ok {
            p.at("size", format!("the map is {w} × {h} m; expected each side above 0 and at most {MAX_SIZE}"));
        }
        let inside = |at: (f64, f64)| {
            size_ok && at.0.is_finite() && at.1.is_finite() && (0.0..=w).contains(&at.0) && (0.0..=h).contains(&at.1)
        };
        let map = format!("(0, 0) to ({w}, {h})");
        self.check_clock(p);
        let c = &self.climate;
        p.range("base", "climate base", c.base, -1.0, 1.0);
        p.range("night_chill", "climate night_chill", c.night_chill, 0.0, 2.0);
        p.range("comfort", "climate comfort", c.comfort, 0.0, 1.0);

        if self.objects.len() > MAX_OBJECTS {
            p.at(
                "objects",
                format!("the world has {} objects; a world may have at most {MAX_OBJECTS}", self.objects.len()),
            );
            return;
        }
        // Where each id is written, found in one pass over the text.
        let mut written: HashMap<&str, Vec<usize>> = HashMap::new();
        for (at, id) in crate::ronpos::field_strings(p.text, "id") {
            written.entry(id).or_default().push(at);
        }
        let id_at = |id: &str, n: usize| written.get(id).and_then(|v| v.get(n)).copied();
        let mut ids: BTreeMap<&str, &ObjectDef> = BTreeMap::new();
        for o in &self.objects {
            let at = id_at(&o.id, 0);
            if o.id.trim().is_empty() {
                p.at("id", "an object needs an id");
            } else if RESERVED_IDS.contains(&o.id.as_str()) {
                p.at_pos(at, format!("the id `{}` is reserved for the simulation; choose another", o.id));
            } else if ids.insert(&o.id, o).is_some() {
                let second = id_at(&o.id, 1).or(at);
                p.at_pos(second, format!("two objects are called `{}`; ids must be unique", o.id));
            }
            if !inside(o.at) {
                p.at_pos(at, format!("`{}` is at ({}, {}), outside the map {map}", o.id, o.at.0, o.at.1));
            }
            if let Some(r) = o.kind.radius()
                && !(r.is_finite() && r > 0.0 && r <= w.max(h))
            {
                p.at_pos(at, format!("`{}` has radius {r}; expected above 0 and at most the map's size", o.id));
            }
            match &o.kind {
                ObjectKind::Villager { tribe, need, .. } => {
                    if tribe.trim().is_empty() {
                        p.at_pos(at, format!("villager `{}` needs a tribe", o.id));
                    }
                    if !(0.0..=1.0).contains(need) {
                        p.at_pos(at, format!("villager `{}` has need {need}; expected 0 to 1", o.id));
                    }
                }
                ObjectKind::StoragePit { food, wood, .. } if *food > MAX_STORE || *wood > MAX_STORE => {
                    p.at_pos(
                        at,
                        format!(
                            "storage pit `{}` holds food {food} and wood {wood}; expected each at most {MAX_STORE}",
                            o.id
                        ),
                    );
                }
                ObjectKind::Creature { orders_every: Some(every), .. } if !(every.is_finite() && *every > 0.0) => {
                    p.at_pos(at, format!("creature `{}` gives orders every {every} s; expected more than 0", o.id));
                }
                ObjectKind::Custom(name) if own_kind(&data.kinds, name).is_none() => {
                    let msg = crate::error::unknown_name(
                        "kind of one's own (species/kinds.ron)",
                        name,
                        data.kinds.iter().map(|k| k.name.as_str()),
                    );
                    p.at_pos(after(p.text, at, &format!("\"{name}\"")), format!("`{}`: {msg}", o.id));
                }
                _ => {}
            }
            for key in o.beliefs.keys() {
                if !data.attributes.iter().any(|a| a == key) {
                    let msg = crate::error::unknown_name("attribute", key, data.attributes.iter().map(String::as_str));
                    p.at_pos(after(p.text, at, &format!("\"{key}\"")), format!("`{}`: {msg}", o.id));
                }
            }
        }
        // References, once every id is known.
        for o in &self.objects {
            if let Some(town) = o.kind.town() {
                let at = id_at(&o.id, 0);
                match ids.get(town) {
                    None => p.at_pos(after(p.text, at, &format!("\"{town}\"")), missing("town", town, &ids)),
                    Some(t) if t.kind.kind(&data.kinds) != Kind::Town => p.at_pos(
                        after(p.text, at, &format!("\"{town}\"")),
                        format!(
                            "`{}` belongs to `{town}`, which is a {}, not a town",
                            o.id,
                            kind_name(&data.kinds, t.kind.kind(&data.kinds))
                        ),
                    ),
                    Some(_) => {}
                }
            }
        }
        let pens = self.objects.iter().filter(|o| matches!(o.kind, ObjectKind::Pen { .. })).count();
        if pens != 1 {
            p.at("objects", format!("the world has {pens} pens; expected exactly one, the creature's home"));
        }
        if !inside(self.creature.at) {
            let (x, y) = self.creature.at;
            p.at("creature", format!("the creature starts at ({x}, {y}), outside the map {map}"));
        }
        self.check_hand(p, data, &ids, &inside, &map);
        self.check_rules(p, data);
    }

    fn check_clock(&self, p: &mut Problems<'_>) {
        let c = &self.clock;
        p.range("start_hour", "start_hour", c.start_hour, 0.0, 24.0);
        p.range("dawn_hour", "dawn_hour", c.dawn_hour, 0.5, 23.5);
        p.range("dusk_hour", "dusk_hour", c.dusk_hour, 0.5, 23.5);
        if c.dawn_hour + 1.0 > c.dusk_hour {
            p.at(
                "dusk_hour",
                format!("dusk at {} h is not at least an hour after dawn at {} h", c.dusk_hour, c.dawn_hour),
            );
        }
    }

    fn check_hand(
        &self,
        p: &mut Problems<'_>,
        data: &Data,
        ids: &BTreeMap<&str, &ObjectDef>,
        inside: &dyn Fn((f64, f64)) -> bool,
        map: &str,
    ) {
        let hand = &self.hand;
        let hand_at = locate_field(p.text, "hand");
        if !inside(hand.at) {
            p.at_pos(hand_at, format!("the hand is at ({}, {}), outside the map {map}", hand.at.0, hand.at.1));
        }
        if let Some(h) = &hand.holding
            && !ids.contains_key(h.as_str())
        {
            p.at_pos(after(p.text, hand_at, &format!("\"{h}\"")), missing("object the hand holds", h, ids));
        }
        for c in &hand.casts {
            let at = after(p.text, hand_at, &format!("\"{}\"", c.miracle));
            if let Err(msg) = self.watch.sightings_needed(&c.miracle, 1.0) {
                p.at_pos(at, msg);
            }
            if !ids.contains_key(c.on.as_str()) {
                p.at_pos(after(p.text, at, &format!("\"{}\"", c.on)), missing("object to cast on", &c.on, ids));
            }
            check_schedule(p, at, c.first, c.every);
        }
        for d in &hand.deeds {
            let at = after(p.text, hand_at, &format!("\"{}\"", d.action));
            if let Err(msg) = data.action_named(&d.action) {
                p.at_pos(at, msg);
            }
            if !ids.contains_key(d.object.as_str()) {
                p.at_pos(
                    after(p.text, at, &format!("\"{}\"", d.object)),
                    missing("object of the deed", &d.object, ids),
                );
            }
            check_schedule(p, at, d.first, d.every);
        }
    }

    fn check_rules(&self, p: &mut Problems<'_>, data: &Data) {
        for action in self.affords.keys() {
            if let Err(msg) = data.action_named(action) {
                p.at(&format!("\"{action}\""), msg);
            }
        }
        let own_in_lists = self.affords.values().flatten().chain(self.about.values().flatten());
        if own_in_lists.into_iter().any(|k| matches!(k, Kind::Custom(_))) {
            p.at(
                "Custom",
                "a kind of one's own is given what it affords and what desires can be about it in species/kinds.ron",
            );
        }
        self.body.check(p);
        self.senses.check(p);
        let w = &self.watch;
        for (skill, s) in &w.skill_seconds {
            p.range(&format!("\"{skill}\""), &format!("seconds to learn {skill}"), *s, 0.1, 86_400.0);
        }
        for (m, b) in &w.miracle_base {
            p.range(&format!("\"{m}\""), &format!("sightings of {m}"), *b, 0.1, 10_000.0);
        }
        for m in &w.frightening {
            if !w.miracle_base.contains_key(m) {
                let msg = crate::error::unknown_name("miracle", m, w.miracle_base.keys().map(String::as_str));
                p.at(&format!("\"{m}\""), format!("frightening: {msg}"));
            }
        }
        p.range("fright_distance", "fright_distance", w.fright_distance, 0.0, MAX_SIZE);
        p.range("copy_distance", "copy_distance", w.copy_distance, 0.0, MAX_SIZE);
        p.range("copy_chance", "copy_chance", w.copy_chance, 0.0, 1.0);
        p.range("copy_motive", "copy_motive", w.copy_motive, 0.0, 2.0);
    }
}

fn check_schedule(p: &mut Problems<'_>, at: Option<usize>, first: f64, every: f64) {
    if !(first.is_finite() && first >= 0.0) {
        p.at_pos(at, format!("first is {first}; expected 0 or more seconds"));
    }
    if !(every.is_finite() && (every == 0.0 || every >= 0.1)) {
        p.at_pos(at, format!("every is {every}; expected 0 (once) or at least 0.1 seconds"));
    }
}

fn missing(what: &str, name: &str, ids: &BTreeMap<&str, &ObjectDef>) -> String {
    crate::error::unknown_name(what, name, ids.keys().copied())
}

impl Problems<'_> {
    /// Records a problem at a byte offset (the start of the file when unknown).
    pub(crate) fn at_pos(&mut self, at: Option<usize>, message: impl Into<String>) {
        let (line, col) = at.map_or((1, 1), |a| self.line_col(a));
        self.errors.push(LoadError::new(self.file, line, col, message));
    }
}

/// The first `needle` at or after `from` (or anywhere when `from` is unknown).
fn after(text: &str, from: Option<usize>, needle: &str) -> Option<usize> {
    let start = from.unwrap_or(0).min(text.len());
    text.get(start..).and_then(|t| t.find(needle)).map(|i| start + i).or_else(|| text.find(needle))
}

/// The offset of the field `name:`.
fn locate_field(text: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(name) {
        let at = from + i;
        let before_ok = at == 0 || !text.as_bytes()[at - 1].is_ascii_alphanumeric() && text.as_bytes()[at - 1] != b'_';
        if before_ok && text[at + name.len()..].trim_start().starts_with(':') {
            return Some(at);
        }
        from = at + name.len();
    }
    None
}

/// The `check` for world files (SPEC §15): every problem, empty when the file is good.
pub fn check_world(file: &str, text: &str, data: &Data) -> Vec<LoadError> {
    WorldFile::parse(file, text, data).err().unwrap_or_default()
}

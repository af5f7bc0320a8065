//! The village as it is during a simulation: objects with positions, life, stores and
//! beliefs; the clock; warmth; the explored map (SPEC §4, §8, §10).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::creature::lesson::Beliefs;
use crate::species::kinds::KindDef;
use crate::species::rules::Kind;
use crate::world::file::{ClimateRules, Clock, Job, ObjectKind, Owner, Sex, WorldFile};

mod freeze;

pub use freeze::VillageWritten;
pub(crate) use freeze::extend;

/// One thing in the village during a simulation.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Obj {
    pub id: String,
    pub kind: Kind,
    pub pos: (f64, f64),
    /// Where the file put it: a replacement appears here.
    pub origin: (f64, f64),
    /// The radius of an area (water, pen, warm and cold places); 0 for a thing.
    pub radius: f64,
    /// False once eaten, until a replacement appears.
    pub present: bool,
    pub alive: bool,
    /// 0 to 1 for beings.
    pub health: f64,
    pub food: u32,
    pub wood: u32,
    /// A villager's hunger or hurt, 0 to 1.
    pub need: f64,
    pub owner: Owner,
    /// The index of the town it belongs to.
    pub town: Option<usize>,
    /// What the creature believes about it: attribute → answer (SPEC §8). Shared, so
    /// that a plan remembering them and a copied village need not copy them.
    pub answers: Arc<BTreeMap<String, String>>,
    /// Answers the file gives, which override the derived ones.
    overrides: BTreeMap<String, String>,
    tribe: Option<String>,
    sex: Option<Sex>,
    /// A villager's work, which gives its job answer and the skill it shows.
    job: Option<Job>,
    /// Seconds it has been in the creature's view (novelty fades with it).
    pub seen: f64,
    /// When a replacement appears, for things that were eaten.
    pub respawn_at: Option<f64>,
    /// How often another creature gives orders.
    pub orders_every: Option<f64>,
    pub next_order: f64,
}

impl Obj {
    fn new(id: &str, kind: Kind, pos: (f64, f64), owner: Owner) -> Obj {
        Obj {
            id: id.to_owned(),
            kind,
            pos,
            origin: pos,
            radius: 0.0,
            present: true,
            alive: kind.is_being(),
            health: 1.0,
            food: 0,
            wood: 0,
            need: 0.0,
            owner,
            town: None,
            answers: Arc::default(),
            overrides: BTreeMap::new(),
            tribe: None,
            sex: None,
            job: None,
            seen: 0.0,
            respawn_at: None,
            orders_every: None,
            next_order: 0.0,
        }
    }

    /// The answer it derives for `attribute`, before the file's overrides; `None` when
    /// the object has no answer (the tree reads "unknown").
    fn derived(&self, attribute: &str, town_owner: Option<Owner>) -> Option<String> {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
        if matches!(self.kind, Kind::Custom(_)) && matches!(attribute, "kind" | "size") {
            // Its kind's table gives these, among the overrides.
            return None;
        }
        Some(match attribute {
            "allegiance" => self.owner.allegiance().to_owned(),
            "alive" => yes_no(self.kind.is_being() && self.alive),
            "kind" => self.kind.name().to_owned(),
            "tribe" => self.tribe.clone()?,
            "sex" => match self.sex? {
                Sex::Male => "male".to_owned(),
                Sex::Female => "female".to_owned(),
            },
            "town_owner" => match self.kind {
                Kind::Town => self.owner.name().to_owned(),
                _ => town_owner?.name().to_owned(),
            },
            "job" => self.job?.name().to_owned(),
            "edible" => yes_no(match self.kind {
                Kind::Villager | Kind::Sheep | Kind::Wolf => true,
                Kind::StoragePit => self.food > 0,
                _ => false,
            }),
            "size" => self.kind.size().to_owned(),
            _ => return None,
        })
    }

    /// The skill a working villager shows (SPEC §10).
    #[must_use]
    pub fn skill(&self) -> Option<&'static str> {
        self.job.and_then(Job::skill)
    }

    /// The distance from `p` to the object's edge (0 inside an area).
    #[must_use]
    pub fn distance_from(&self, p: (f64, f64)) -> f64 {
        self.edge_distance(self.centre_distance(p))
    }

    /// The distance from `p` to the object's centre.
    #[must_use]
    pub fn centre_distance(&self, p: (f64, f64)) -> f64 {
        between(self.pos, p)
    }

    /// The distance to the object's edge from a spot `centre` metres from its centre.
    #[must_use]
    pub fn edge_distance(&self, centre: f64) -> f64 {
        to_edge(centre, self.reach_radius())
    }

    /// How deep into an area the creature goes: all the way into water or the pen, to
    /// the warm or cold heart of a warm or cold place.
    pub(crate) fn reach_radius(&self) -> f64 {
        match self.kind {
            Kind::WarmPlace | Kind::ColdPlace => self.radius * 0.5,
            _ => self.radius,
        }
    }
}

/// The distance between spots `a` and `b`.
#[inline]
#[must_use]
pub(crate) fn between(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The distance to an object's edge from a spot `centre` metres from its centre, when
/// the creature reaches `reach` metres into it (0 inside).
#[inline]
#[must_use]
pub(crate) fn to_edge(centre: f64, reach: f64) -> f64 {
    (centre - reach).max(0.0)
}

/// `h.rem_euclid(24.0)`, bit for bit, without the remainder's slow division for the
/// hours of the first two days: below 48 the subtraction is exact.
fn hour_of_day(h: f64) -> f64 {
    if (0.0..24.0).contains(&h) {
        h
    } else if (24.0..48.0).contains(&h) {
        h - 24.0
    } else {
        h.rem_euclid(24.0)
    }
}

/// The village during a simulation.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Village {
    pub size: (f64, f64),
    pub clock: Clock,
    pub climate: ClimateRules,
    /// Every object; the last two are the player's hand and the creature's own spot.
    pub objects: Vec<Obj>,
    index: BTreeMap<String, usize>,
    pub pen: usize,
    pub hand: usize,
    pub me: usize,
    /// The warm and cold places.
    areas: Vec<usize>,
    /// The exploring grid: cells seen so far.
    explored: Vec<bool>,
    explored_count: usize,
    cells: usize,
    last_cell: Option<usize>,
    /// Which building of a village this is: a new one for every [`Village::new`] (and
    /// every village read back), shared by copies. What an object is given when the
    /// village is built and never changes after (its file's overrides, tribe, sex and
    /// job, and the index of ids) is the same while this is, which lets a snapshot copy
    /// its bytes. Not state: never written.
    #[serde(skip)]
    build: Arc<()>,
}

impl Village {
    /// Builds the village of a checked world file; `schema` is the attribute schema and
    /// `own` the species folder's kinds of one's own.
    #[must_use]
    pub fn new(file: &WorldFile, schema: &[String], own: &[KindDef], explore_cells: u32) -> Village {
        let mut objects: Vec<Obj> = Vec::with_capacity(file.objects.len() + 2);
        let towns: BTreeMap<&str, (usize, Owner)> = file
            .objects
            .iter()
            .enumerate()
            .filter_map(|(i, o)| match o.kind {
                ObjectKind::Town { owner } => Some((o.id.as_str(), (i, owner))),
                _ => None,
            })
            .collect();
        for o in &file.objects {
            let kind = o.kind.kind(own);
            let town = o.kind.town().and_then(|t| towns.get(t).copied());
            let owner = match &o.kind {
                ObjectKind::Town { owner } | ObjectKind::Creature { owner, .. } => *owner,
                _ => town.map_or(Owner::Wild, |(_, owner)| owner),
            };
            let mut obj = Obj::new(&o.id, kind, o.at, owner);
            obj.town = town.map(|(i, _)| i);
            obj.radius = o.kind.radius().unwrap_or(0.0);
            if let Kind::Custom(i) = kind
                && let Some(def) = own.get(usize::from(i))
            {
                // The answers its kind gives, its name as the kind answer, and the
                // file's beliefs for this one object over them.
                obj.overrides.clone_from(&def.answers);
                obj.overrides.insert("kind".to_owned(), def.name.clone());
            }
            obj.overrides.extend(o.beliefs.iter().map(|(k, v)| (k.clone(), v.clone())));
            match &o.kind {
                ObjectKind::Villager { tribe, sex, job, need, .. } => {
                    obj.tribe = Some(tribe.clone());
                    obj.sex = Some(*sex);
                    obj.job = Some(*job);
                    obj.need = *need;
                }
                ObjectKind::StoragePit { food, wood, .. } => {
                    obj.food = *food;
                    obj.wood = *wood;
                }
                ObjectKind::Creature { orders_every, .. } => {
                    obj.orders_every = *orders_every;
                    obj.next_order = orders_every.unwrap_or(0.0);
                }
                _ => {}
            }
            objects.push(obj);
        }
        let pen = file.objects.iter().position(|o| matches!(o.kind, ObjectKind::Pen { .. })).unwrap_or(0);
        let hand = objects.len();
        objects.push(Obj::new("hand", Kind::Hand, file.hand.at, Owner::Player));
        let me = objects.len();
        objects.push(Obj::new("self", Kind::Myself, file.creature.at, Owner::Player));
        let index = objects.iter().enumerate().map(|(i, o)| (o.id.clone(), i)).collect();
        let areas = objects
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o.kind, Kind::WarmPlace | Kind::ColdPlace))
            .map(|(i, _)| i)
            .collect();
        let cells = explore_cells.clamp(1, 256) as usize;
        // A checked file has a sane size; one built in code might not, and clamping to
        // it must never fail.
        let side = |v: f64| if v.is_finite() && v > 0.0 { v } else { 1.0 };
        let mut village = Village {
            size: (side(file.size.0), side(file.size.1)),
            clock: file.clock,
            climate: file.climate,
            objects,
            index,
            pen,
            hand,
            me,
            areas,
            explored: vec![false; cells * cells],
            explored_count: 0,
            cells,
            last_cell: None,
            build: Arc::new(()),
        };
        for i in 0..village.objects.len() {
            village.refresh(i, schema);
        }
        village
    }

    /// The index of the object called `id`.
    #[must_use]
    pub fn find(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// Recomputes an object's answers after its state changed (alive, food).
    pub fn refresh(&mut self, i: usize, schema: &[String]) {
        let town_owner = self.objects[i].town.map(|t| self.objects[t].owner);
        let o = &self.objects[i];
        let mut answers: BTreeMap<String, String> =
            schema.iter().filter_map(|a| o.derived(a, town_owner).map(|v| (a.clone(), v))).collect();
        answers.extend(o.overrides.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.objects[i].answers = Arc::new(answers);
    }

    /// How dark it is at `t` seconds: 1 at night, 0 by day, fading over the hour around
    /// dawn and dusk.
    #[must_use]
    pub fn night(&self, t: f64) -> f64 {
        let h = hour_of_day(self.clock.start_hour + t / 3600.0);
        let (dawn, dusk) = (self.clock.dawn_hour, self.clock.dusk_hour);
        if h < dawn - 0.5 {
            1.0
        } else if h < dawn + 0.5 {
            dawn + 0.5 - h
        } else if h < dusk - 0.5 {
            0.0
        } else if h < dusk + 0.5 {
            h - (dusk - 0.5)
        } else {
            1.0
        }
    }

    /// The temperature at `p` (−1 freezing, 0 mild, +1 hot) with darkness `night`.
    #[must_use]
    pub fn temperature(&self, p: (f64, f64), night: f64) -> f64 {
        self.temperature_with(night, self.warmth_at(p))
    }

    /// How much each warm (+) and cold (−) place warms `p`, in the order the
    /// temperature adds them up.
    pub fn warmth_at(&self, p: (f64, f64)) -> impl Iterator<Item = f64> + '_ {
        self.areas.iter().map(move |&i| {
            let a = &self.objects[i];
            let d = between(a.pos, p);
            let r = a.radius.max(1e-9);
            let strength = if d <= 0.5 * r { 1.0 } else { (2.0 * (1.0 - d / r)).max(0.0) };
            if a.kind == Kind::WarmPlace { strength } else { -strength }
        })
    }

    /// The temperature with darkness `night` at a spot the places warm by `warmth`
    /// ([`Village::warmth_at`]).
    #[must_use]
    pub fn temperature_with(&self, night: f64, warmth: impl IntoIterator<Item = f64>) -> f64 {
        let mut t = self.climate.base - self.climate.night_chill * night;
        for w in warmth {
            t += w;
        }
        t.clamp(-2.0, 2.0)
    }

    /// Keeps `p` on the map.
    #[must_use]
    pub fn clamp(&self, p: (f64, f64)) -> (f64, f64) {
        (p.0.clamp(0.0, self.size.0), p.1.clamp(0.0, self.size.1))
    }

    /// Marks the map around `p` as seen, out to `view` metres.
    pub fn explore(&mut self, p: (f64, f64), view: f64) {
        let n = self.cells;
        let (cw, ch) = (self.size.0 / n as f64, self.size.1 / n as f64);
        // The conversion truncates and saturates: below 0 (or NaN) is cell 0, as the
        // floor clamped at 0 would give.
        let cell_of = |v: f64, w: f64| ((v / w) as usize).min(n - 1);
        let here = cell_of(p.1, ch) * n + cell_of(p.0, cw);
        if self.last_cell == Some(here) {
            return;
        }
        self.last_cell = Some(here);
        let (x0, x1) = (cell_of(p.0 - view, cw), cell_of(p.0 + view, cw));
        let (y0, y1) = (cell_of(p.1 - view, ch), cell_of(p.1 + view, ch));
        for y in y0..=y1 {
            for x in x0..=x1 {
                let centre = ((x as f64 + 0.5) * cw, (y as f64 + 0.5) * ch);
                let near = (centre.0 - p.0).powi(2) + (centre.1 - p.1).powi(2) <= view * view;
                let cell = &mut self.explored[y * n + x];
                if (near || y * n + x == here) && !*cell {
                    *cell = true;
                    self.explored_count += 1;
                }
            }
        }
    }

    /// Looks about from `p`: the map out to `view` metres is seen, wherever the creature
    /// last explored from.
    pub fn look_around(&mut self, p: (f64, f64), view: f64) {
        self.last_cell = None;
        self.explore(p, view);
        self.last_cell = None;
    }

    /// True when every index it holds points into its own lists (a village read back
    /// from a snapshot is checked with it before it runs).
    #[must_use]
    pub fn holds_together(&self) -> bool {
        let n = self.objects.len();
        [self.pen, self.hand, self.me].iter().all(|&i| i < n)
            && self.index.values().all(|&i| i < n)
            && self.areas.iter().all(|&i| i < n)
            && self.objects.iter().all(|o| o.town.is_none_or(|t| t < n))
            && (1..=256).contains(&self.cells)
            && self.explored.len() == self.cells * self.cells
            && self.explored_count <= self.explored.len()
    }

    /// The share of the map not yet seen (`world.unexplored`).
    #[must_use]
    pub fn unexplored(&self) -> f64 {
        1.0 - self.explored_count as f64 / self.explored.len() as f64
    }
}

impl Beliefs for Village {
    fn answers(&self, object: &str) -> Option<&BTreeMap<String, String>> {
        self.find(object).map(|i| &*self.objects[i].answers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::species::data::Data;

    fn village() -> (Village, Data) {
        let data = Data::builtin().unwrap();
        let file = WorldFile::builtin(&data).unwrap();
        (Village::new(&file, &data.attributes, &data.kinds, 16), data)
    }

    #[test]
    fn the_hour_of_day_is_the_euclidean_remainder_bit_for_bit() {
        let mut hours = vec![0.0, -0.0, 24.0, 48.0, -24.0, 1e300, -1e-300, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for edge in [0.0_f64, 24.0, 48.0] {
            let mut below = edge;
            let mut above = edge;
            for _ in 0..4 {
                below = below.next_down();
                above = above.next_up();
                hours.extend([below, above]);
            }
        }
        let mut rng = crate::rng::Rng::seeded(11);
        hours.extend((0..20_000).map(|_| rng.unit() * 120.0 - 30.0));
        // Every turn of two days from a start at 8 o'clock, as the clock reads them.
        hours.extend((0..1_728_000u32).step_by(7).map(|turn| 8.0 + f64::from(turn) / 10.0 / 3600.0));
        for h in hours {
            assert_eq!(hour_of_day(h).to_bits(), h.rem_euclid(24.0).to_bits(), "{h}");
        }
    }

    #[test]
    fn beliefs_follow_the_attribute_schema() {
        let (v, _) = village();
        let aled = &v.objects[v.find("aled").unwrap()].answers;
        let want = [
            ("allegiance", "mine"),
            ("alive", "yes"),
            ("kind", "villager"),
            ("tribe", "celtic"),
            ("sex", "male"),
            ("town_owner", "player"),
            ("job", "builder"),
            ("edible", "yes"),
            ("size", "small"),
        ];
        for (a, x) in want {
            assert_eq!(aled.get(a).map(String::as_str), Some(x), "{a}");
        }
        let astrid = &v.objects[v.find("astrid").unwrap()].answers;
        assert_eq!(astrid["allegiance"], "other");
        assert_eq!(astrid["town_owner"], "rival");
        // The flock is the player's town's: the example world says so in its beliefs.
        let sheep = &v.objects[v.find("sheep_1").unwrap()].answers;
        assert_eq!((sheep["allegiance"].as_str(), sheep["town_owner"].as_str()), ("mine", "player"));
        assert_eq!(sheep.get("tribe"), None);
        let wolf = &v.objects[v.find("wolf_1").unwrap()].answers;
        assert_eq!((wolf["allegiance"].as_str(), wolf.get("town_owner")), ("none", None));
        let boulder = &v.objects[v.find("boulder").unwrap()].answers;
        assert_eq!(boulder["size"], "large", "the file's belief overrides the derived one");
        assert_eq!(v.objects[v.hand].kind, Kind::Hand);
        assert_eq!(v.objects[v.me].kind, Kind::Myself);
    }

    #[test]
    fn night_falls_at_dusk_and_lifts_at_dawn() {
        let (v, _) = village();
        let at = |h: f64| v.night((h - v.clock.start_hour) * 3600.0);
        assert_eq!(at(12.0), 0.0);
        assert_eq!(at(23.0), 1.0);
        assert_eq!(at(3.0 + 24.0), 1.0);
        assert!((at(20.0) - 0.5).abs() < 1e-9);
        assert!((at(6.0 + 24.0) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn warm_and_cold_places_and_nights_change_the_temperature() {
        let (v, _) = village();
        let slope = v.objects[v.find("sunny_slope").unwrap()].pos;
        let snow = v.objects[v.find("snowfield").unwrap()].pos;
        let pen = v.objects[v.pen].pos;
        assert_eq!(v.temperature(slope, 0.0), 1.0);
        assert_eq!(v.temperature(snow, 0.0), -1.0);
        assert!(v.temperature(pen, 1.0) < v.temperature(pen, 0.0));
    }

    #[test]
    fn exploring_uncovers_the_map() {
        let (mut v, _) = village();
        assert_eq!(v.unexplored(), 1.0);
        v.explore((200.0, 150.0), 40.0);
        let once = v.unexplored();
        assert!(once < 1.0);
        v.explore((200.0, 150.0), 40.0);
        assert_eq!(v.unexplored(), once);
        v.explore((20.0, 20.0), 40.0);
        assert!(v.unexplored() < once);
    }
}

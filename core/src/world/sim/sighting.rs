//! What the senses measure of the village's layout, kept while nothing moves.
//!
//! The distance to every object, which objects are in view, and how near the nearest
//! enemy, friend, town, high place and stealable store are: all of them follow from
//! where things stand and what they are, which changes only at a few moments (the
//! creature or a thing moves, something is eaten, dies, appears or is taught about).
//! Each such moment stirs the scene ([`Kept::stirred`](super::kept::Kept::stirred));
//! the senses measure again only in a turn after a stir, and otherwise walk just the
//! objects whose state moves on by itself: villagers growing needy, things in view growing familiar, other creatures
//! giving orders. Most measures follow the creature's own steps, and most objects lie
//! far out of view: within one stage such a measure counts only the objects listed
//! near ([`Nearby`]). A debug build measures afresh every turn and checks it against
//! what was kept.

use super::Sim;
use super::near::{NEAR_COUNT, NEAR_SOURCES, ROWS_OF_KIND};
use crate::reads::Reads;
use crate::species::rules::{Kind, SenseRules};
use crate::world::village::{Obj, Village, between, to_edge};

/// 1 at distance 0, falling to 0 at `range`.
pub(super) fn near(d: f64, range: f64) -> f64 {
    (1.0 - d / range).max(0.0)
}

/// True when `a` and `b` are the same spot, bit for bit: nothing measured from one
/// can differ from the other.
pub(super) fn same_spot(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0.to_bits() == b.0.to_bits() && a.1.to_bits() == b.1.to_bits()
}

/// The layout as the senses last measured it (distances live in `Sim::distances`).
#[derive(Clone, Debug, Default)]
pub(super) struct Sighting {
    /// The scene it was measured in, and from where; `None` before the first turn.
    at: Option<(u64, (f64, f64))>,
    /// Present objects in view, in index order (not the hand or the creature itself).
    pub(super) in_view: Vec<usize>,
    /// Living villagers, in view or not.
    pub(super) villagers: Vec<usize>,
    /// Living creatures that give orders, in view or not.
    pub(super) orderers: Vec<usize>,
    /// How much each warm and cold place warms the creature's spot.
    pub(super) warmth: Vec<f64>,
    /// How far the creature stands from the middle of its pen.
    pub(super) home: f64,
    /// What each distance source reads, by its row in [`NEAR_SOURCES`].
    pub(super) near: [f64; NEAR_COUNT],
    /// A friend is in view.
    pub(super) friend_in_view: bool,
}

impl Sighting {
    /// Forgets everything measured, to measure again in `scene` from `p`; the lists of
    /// villagers and orderers only when `relist`. The lists keep their memory.
    fn restart(&mut self, measured_at: (u64, (f64, f64)), relist: bool) {
        // Every field by name, so that a new one cannot be left out; cleared in place
        // rather than rebuilt, which would move the whole struct each turn it measures.
        let Sighting { at, in_view, villagers, orderers, warmth, home, near, friend_in_view } = self;
        *at = Some(measured_at);
        in_view.clear();
        if relist {
            villagers.clear();
            orderers.clear();
        }
        warmth.clear();
        *home = 0.0;
        *near = [0.0; NEAR_COUNT];
        *friend_in_view = false;
    }

    /// True when both were measured alike, bit for bit.
    #[cfg(any(test, debug_assertions))]
    pub(super) fn same(&self, other: &Sighting) -> bool {
        let at = |s: &Sighting| s.at.map(|(scene, p)| (scene, p.0.to_bits(), p.1.to_bits()));
        let near = |s: &Sighting| {
            let mut bits: Vec<u64> = s.near.iter().chain([&s.home]).map(|v| v.to_bits()).collect::<Vec<u64>>();
            bits.extend(s.warmth.iter().map(|w| w.to_bits()));
            bits
        };
        at(self) == at(other)
            && (&self.in_view, &self.villagers, &self.orderers) == (&other.in_view, &other.villagers, &other.orderers)
            && self.friend_in_view == other.friend_in_view
            && near(self) == near(other)
    }

    /// The scene it was measured in, and from where; `None` before the first turn.
    #[cfg(test)]
    pub(super) fn measured_at(&self) -> Option<(u64, (f64, f64))> {
        self.at
    }

    /// True when it was measured in `scene` from `p`.
    fn holds(&self, scene: u64, p: (f64, f64)) -> bool {
        self.at.is_some_and(|(s, q)| s == scene && same_spot(q, p))
    }
}

/// How far the creature may stray from where the objects near it were listed before
/// they are listed again, in metres.
const SLACK: f64 = 10.0;

/// The objects that can count for the senses while the creature stays within [`SLACK`]
/// of where they were listed: every town (a town is near from afar) and every other
/// present object, but the hand and the creature itself, within view and twice the
/// slack of that spot. Each of the rest lies farther than view from anywhere within the
/// slack, so it is out of view and near nothing: only its distance is measured, from
/// the objects' places and reach kept here side by side. The list holds within one
/// stage: nothing but the creature moves in it.
#[derive(Clone, Debug, Default)]
pub(super) struct Nearby {
    /// The stage, the spot, the view (its bits) and the number of objects it was listed
    /// in, from, with and among.
    at: Option<(u64, (f64, f64), u64, usize)>,
    /// The objects, in index order.
    objects: Vec<usize>,
    /// Every object's centre, x and y, and how far into it the creature reaches.
    xs: Vec<f64>,
    ys: Vec<f64>,
    reach: Vec<f64>,
}

impl Nearby {
    /// True when the list holds at `p` in `stage` with `view` among `n` objects.
    fn holds(&self, stage: u64, p: (f64, f64), view: f64, n: usize) -> bool {
        self.at.is_some_and(|(s, q, v, count)| {
            s == stage
                && v == view.to_bits()
                && count == n
                && (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2) <= SLACK * SLACK
        })
    }
}

/// The distance from `p` to the edge of each object, given side by side as its centre
/// (`xs`, `ys`) and reach, into `out`: [`Obj::distance_from`], bit for bit. The square
/// roots are the most of a measure's work, so the loop is also built for the wider
/// vector units of processors that have them, chosen when the program runs.
#[multiversion::multiversion(targets("x86_64+avx512f", "x86_64+avx"))]
fn edge_distances(p: (f64, f64), xs: &[f64], ys: &[f64], reach: &[f64], out: &mut [f64]) {
    for (((&x, &y), &r), d) in xs.iter().zip(ys).zip(reach).zip(out) {
        *d = to_edge(between((x, y), p), r);
    }
}

/// What a measure of the layout fills ([`Kept::measuring`](super::kept::Kept::measuring)), and the counters it is measured in.
pub(super) struct Measuring<'a> {
    pub(super) scene: u64,
    pub(super) stage: u64,
    pub(super) sighting: &'a mut Sighting,
    pub(super) nearby: &'a mut Nearby,
}

/// One measure of the layout from `p`.
pub(super) struct Measure<'a> {
    pub(super) village: &'a Village,
    pub(super) s: SenseRules,
    pub(super) p: (f64, f64),
}

impl Measure<'_> {
    /// Starts `g` afresh in `scene` with what does not depend on the objects near: the
    /// warmth and the way home. The lists of villagers and orderers, which do not
    /// depend on where the creature stands, are cleared only when `relist`.
    pub(super) fn begin(&self, g: &mut Sighting, scene: u64, relist: bool) {
        g.restart((scene, self.p), relist);
        g.warmth.extend(self.village.warmth_at(self.p));
        let pen = self.village.objects[self.village.pen].pos;
        g.home = between(self.p, pen);
    }

    /// Measures every object, lists the villagers and orderers into `g`, and lists
    /// into `nearby` the objects near and where every object is.
    pub(super) fn all(&self, g: &mut Sighting, distances: &mut Vec<f64>, nearby: &mut Nearby) {
        let (hand, me) = (self.village.hand, self.village.me);
        let within = self.s.view + 2.0 * SLACK;
        let objects = &self.village.objects;
        nearby.xs.clear();
        nearby.xs.extend(objects.iter().map(|o| o.pos.0));
        nearby.ys.clear();
        nearby.ys.extend(objects.iter().map(|o| o.pos.1));
        nearby.reach.clear();
        nearby.reach.extend(objects.iter().map(Obj::reach_radius));
        let near = &mut nearby.objects;
        near.clear();
        distances.resize(self.village.objects.len(), f64::INFINITY);
        for ((i, o), distance) in self.village.objects.iter().enumerate().zip(distances.iter_mut()) {
            if !o.present || i == hand || i == me {
                *distance = if i == me { 0.0 } else { o.distance_from(self.p) };
                continue;
            }
            let d = o.distance_from(self.p);
            *distance = d;
            if o.kind == Kind::Town || d <= within {
                near.push(i);
            }
            match o.kind {
                Kind::Villager if o.alive => g.villagers.push(i),
                Kind::Creature if o.alive && o.orders_every.is_some() => g.orderers.push(i),
                _ => {}
            }
            self.count(g, i, d);
        }
    }

    /// Measures every distance from the places kept in `nearby` (listed by
    /// [`Measure::all`] in this stage within the slack of here), as
    /// [`Obj::distance_from`](crate::world::village::Obj::distance_from) does, and
    /// counts only the objects listed near.
    fn listed(&self, g: &mut Sighting, distances: &mut Vec<f64>, nearby: &Nearby) {
        distances.clear();
        distances.resize(nearby.xs.len(), 0.0);
        edge_distances(self.p, &nearby.xs, &nearby.ys, &nearby.reach, distances);
        distances[self.village.me] = 0.0;
        for &i in &nearby.objects {
            self.count(g, i, distances[i]);
        }
    }

    /// What present object `i` at distance `d` adds to what is in view and near: built
    /// into the loops that call it for each object near, rather than called each time.
    #[inline(always)]
    fn count(&self, g: &mut Sighting, i: usize, d: f64) {
        let (o, s) = (&self.village.objects[i], &self.s);
        let in_view = d <= s.view;
        if in_view {
            g.in_view.push(i);
        }
        // The rows that may count an object of this kind, one bit each: most kinds have
        // none. The loop runs over the constant table, so each row's test is built
        // into the code as the row says it.
        let rows = ROWS_OF_KIND[o.kind.index()];
        if rows == 0 {
            return;
        }
        for (i, (row, v)) in NEAR_SOURCES.iter().zip(&mut g.near).enumerate() {
            if rows & (1 << i) != 0 && row.counts(o) {
                *v = v.max(near(d, row.reach.metres(s)));
                g.friend_in_view |= in_view && row.reads == Reads::WorldFriendNear;
            }
        }
    }
}

impl Sim {
    /// Measures the layout from `p` unless it was measured in this scene from there;
    /// true when it measured.
    pub(super) fn sight(&mut self, p: (f64, f64)) -> bool {
        if self.kept.sighting().holds(self.kept.scene(), p)
            && self.life.read.distances.len() == self.village.objects.len()
        {
            #[cfg(debug_assertions)]
            assert!(self.kept_as_measured(self.kept.scene(), p), "the layout changed without a stir");
            return false;
        }
        // A step of the creature is a new scene, but not a new stage: nothing but
        // where it stands has changed, or a stir has said so already.
        self.kept.creature_stepped();
        self.measure(p);
        true
    }

    /// Measures the layout from `p`: the objects listed near it ([`Nearby`]) when the
    /// list holds there, every object otherwise (and they are listed again).
    fn measure(&mut self, p: (f64, f64)) {
        let s = self.file.senses;
        let n = self.village.objects.len();
        let Measuring { scene, stage, sighting, nearby } = self.kept.measuring();
        let listed = nearby.holds(stage, p, s.view, n);
        let m = Measure { village: &self.village, s, p };
        m.begin(sighting, scene, !listed);
        if listed {
            m.listed(sighting, &mut self.life.read.distances, nearby);
        } else {
            m.all(sighting, &mut self.life.read.distances, nearby);
            nearby.at = Some((stage, p, s.view.to_bits(), n));
        }
        #[cfg(debug_assertions)]
        assert!(self.kept_as_measured(scene, p), "the objects listed near missed one that counts");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::sim::village_cow;

    /// The distances worked out side by side are each object's own distance, bit for
    /// bit, from spots all over the bundled village, its objects' centres among them.
    #[test]
    fn edge_distances_are_the_objects_own() {
        let sim = village_cow(3);
        let objects = &sim.village.objects;
        let xs: Vec<f64> = objects.iter().map(|o| o.pos.0).collect();
        let ys: Vec<f64> = objects.iter().map(|o| o.pos.1).collect();
        let reach: Vec<f64> = objects.iter().map(Obj::reach_radius).collect();
        let mut rng = crate::rng::Rng::seeded(4);
        let spots = objects.iter().map(|o| o.pos).chain((0..500).map(|_| (rng.unit() * 400.0, rng.unit() * 300.0)));
        let mut out = vec![f64::NAN; objects.len()];
        for p in spots {
            edge_distances(p, &xs, &ys, &reach, &mut out);
            for (o, d) in objects.iter().zip(&out) {
                assert_eq!(d.to_bits(), o.distance_from(p).to_bits(), "{} from {p:?}", o.id);
            }
        }
    }

    /// Turn after turn of a grown Cow roaming the bundled village, what the senses
    /// measured from the objects listed near is what measuring every object gives, bit
    /// for bit; and most of those turns did measure from the list.
    #[test]
    fn measuring_the_objects_near_is_measuring_them_all() {
        let mut sim = village_cow(2);
        sim.set_phase(5);
        let (mut measured, mut from_list) = (0, 0);
        let mut last = None;
        for turn in 0..30_000 {
            sim.step();
            let (scene, p) = sim.kept.sighting().measured_at().expect("the senses measured");
            // A measure not checked yet, with nothing stirred after it in the turn.
            if last == Some(scene) || sim.kept.scene() != scene {
                continue;
            }
            last = Some(scene);
            measured += 1;
            // Listed elsewhere: this turn measured from the list, not every object.
            from_list += usize::from(sim.kept.nearby().at.is_some_and(|(_, q, ..)| !same_spot(p, q)));
            assert!(sim.kept_as_measured(scene, p), "turn {turn}");
        }
        assert!(from_list * 2 > measured, "only {from_list} of {measured} measures were from the list");
    }
}

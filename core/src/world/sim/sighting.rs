//! What the senses measure of the village's layout, kept while nothing moves.
//!
//! The distance to every object, which objects are in view, and how near the nearest
//! enemy, friend, town, high place and stealable store are: all of them follow from
//! where things stand and what they are, which changes only at a few moments (the
//! creature or a thing moves, something is eaten, dies, appears or is taught about).
//! Each such moment stirs the scene ([`Sim::stir`]); the senses measure again only in
//! a turn after a stir, and otherwise walk just the objects whose state moves on by
//! itself: villagers growing needy, things in view growing familiar, other creatures
//! giving orders. A debug build measures afresh every turn and checks it against what
//! was kept.

use super::Sim;
use crate::world::file::Owner;
use crate::world::rules::Kind;

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
    pub(super) enemy: f64,
    pub(super) town: f64,
    pub(super) friend: f64,
    pub(super) friend_in_view: bool,
    pub(super) high: f64,
    pub(super) stealable: f64,
}

impl Sighting {
    /// Forgets everything measured, to measure again in `scene` from `p`; the lists keep
    /// their memory.
    fn restart(&mut self, measured_at: (u64, (f64, f64))) {
        // Every field by name, so that a new one cannot be left out; cleared in place
        // rather than rebuilt, which would move the whole struct each turn it measures.
        let Sighting {
            at,
            in_view,
            villagers,
            orderers,
            warmth,
            home,
            enemy,
            town,
            friend,
            friend_in_view,
            high,
            stealable,
        } = self;
        *at = Some(measured_at);
        for list in [in_view, villagers, orderers] {
            list.clear();
        }
        warmth.clear();
        for v in [home, enemy, town, friend, high, stealable] {
            *v = 0.0;
        }
        *friend_in_view = false;
    }

    /// True when both were measured alike, bit for bit.
    #[cfg(debug_assertions)]
    fn same(&self, other: &Sighting) -> bool {
        let at = |s: &Sighting| s.at.map(|(scene, p)| (scene, p.0.to_bits(), p.1.to_bits()));
        let near = |s: &Sighting| {
            let mut bits: Vec<u64> =
                [s.enemy, s.town, s.friend, s.high, s.stealable, s.home].map(f64::to_bits).to_vec();
            bits.extend(s.warmth.iter().map(|w| w.to_bits()));
            bits
        };
        at(self) == at(other)
            && (&self.in_view, &self.villagers, &self.orderers) == (&other.in_view, &other.villagers, &other.orderers)
            && self.friend_in_view == other.friend_in_view
            && near(self) == near(other)
    }

    /// True when it was measured in `scene` from `p`.
    fn holds(&self, scene: u64, p: (f64, f64)) -> bool {
        self.at.is_some_and(|(s, q)| s == scene && same_spot(q, p))
    }
}

impl Sim {
    /// Marks the scene as changed: whatever was kept of distances, views and choices
    /// of objects is measured again when next needed.
    pub(super) fn stir(&mut self) {
        self.scene = self.scene.wrapping_add(1);
        self.stage = self.stage.wrapping_add(1);
    }

    /// Measures the layout from `p` unless it was measured in this scene from there;
    /// true when it measured.
    pub(super) fn sight(&mut self, p: (f64, f64)) -> bool {
        if self.sighting.holds(self.scene, p) && self.distances.len() == self.village.objects.len() {
            #[cfg(debug_assertions)]
            {
                let (kept, distances) = (self.sighting.clone(), self.distances.clone());
                self.measure(p);
                let same = distances.iter().zip(&self.distances).all(|(a, b)| a.to_bits() == b.to_bits());
                assert!(kept.same(&self.sighting) && same, "the layout changed without a stir");
            }
            return false;
        }
        // A step of the creature is a new scene, but not a new stage: nothing but
        // where it stands has changed, or a stir has said so already.
        self.scene = self.scene.wrapping_add(1);
        self.measure(p);
        true
    }

    /// Measures the distance from `p` to every object and what is near.
    fn measure(&mut self, p: (f64, f64)) {
        let s = self.file.senses;
        let (hand, me) = (self.village.hand, self.village.me);
        let g = &mut self.sighting;
        g.restart((self.scene, p));
        g.warmth.extend(self.village.warmth_at(p));
        let pen = self.village.objects[self.village.pen].pos;
        g.home = ((p.0 - pen.0).powi(2) + (p.1 - pen.1).powi(2)).sqrt();
        self.distances.resize(self.village.objects.len(), f64::INFINITY);
        for (i, o) in self.village.objects.iter().enumerate() {
            if !o.present || i == hand || i == me {
                self.distances[i] = if i == me { 0.0 } else { o.distance_from(p) };
                continue;
            }
            let d = o.distance_from(p);
            self.distances[i] = d;
            let in_view = d <= s.view;
            if in_view {
                g.in_view.push(i);
            }
            match o.kind {
                Kind::Villager if o.alive => {
                    g.villagers.push(i);
                    if o.owner == Owner::Player {
                        g.friend = g.friend.max(near(d, s.view));
                        g.friend_in_view |= in_view;
                    }
                }
                Kind::Wolf if o.alive => g.enemy = g.enemy.max(near(d, s.view)),
                Kind::Creature if o.alive => {
                    match o.owner {
                        Owner::Rival => g.enemy = g.enemy.max(near(d, s.view)),
                        Owner::Player => {
                            g.friend = g.friend.max(near(d, s.view));
                            g.friend_in_view |= in_view;
                        }
                        Owner::Wild => {}
                    }
                    if o.orders_every.is_some() {
                        g.orderers.push(i);
                    }
                }
                Kind::Town => g.town = g.town.max(near(d, s.town_near)),
                Kind::Hill | Kind::Tree => g.high = g.high.max(near(d, s.view)),
                Kind::StoragePit if o.owner != Owner::Player && o.food + o.wood > 0 => {
                    g.stealable = g.stealable.max(near(d, s.view));
                }
                _ => {}
            }
        }
    }
}

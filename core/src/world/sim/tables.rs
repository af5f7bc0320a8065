//! The data and the world's rules arranged for fast turns: each action with its
//! effect and what it can be done to, each desire with its sources and actions.

use crate::species::data::Data;
use crate::species::rules::Kind;
use crate::world::file::WorldFile;
use crate::world::village::Village;

use super::object_lists::ObjectLists;
use super::table_rows::{ActionRt, DesireRt, Effect};

/// The data and the world's rules, arranged for fast turns.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    pub(super) actions: Vec<ActionRt>,
    pub(super) desires: Vec<DesireRt>,
    /// The objects of the village each desire and action can be about.
    pub(super) lists: ObjectLists,
    /// How many sources the desires have in all.
    pub(super) sources: usize,
    /// The places of the desires an `on_while` input can turn on, in table order.
    pub(super) on_while: Vec<usize>,
}

impl Tables {
    /// The tables of `data` and `world`'s rules for `village`, the village built from
    /// `world`.
    pub(super) fn new(data: &Data, world: &WorldFile, village: &Village) -> Tables {
        let affords = crate::world::affordances::affords(world, &data.kinds);
        let about = crate::world::affordances::about(world, &data.kinds);
        let actions: Vec<ActionRt> = data
            .actions
            .actions
            .iter()
            .map(|a| ActionRt {
                name: a.name.clone(),
                category: a.category,
                seconds: a.seconds,
                skill: a.skill.clone(),
                effect: Effect::of(&a.name),
                affords: affords.get(&a.name).copied().unwrap_or_default(),
            })
            .collect();
        let mut first_source = 0;
        let desires: Vec<DesireRt> = data
            .desires
            .iter()
            .map(|d| DesireRt {
                sources: d.sources.iter().map(|s| s.reads as usize).collect(),
                reads: d.sources.iter().fold(0, |bits, s| bits | 1 << s.reads as usize),
                first_source: {
                    first_source += d.sources.len();
                    first_source - d.sources.len()
                },
                actions: d.actions.iter().filter_map(|n| actions.iter().position(|a| &a.name == n)).collect(),
                about: about.get(&d.name).copied().unwrap_or_default(),
                social: d.social,
                distance_weight: d.distance_weight,
                decay: d.decay,
            })
            .collect();
        let kinds: Vec<Kind> = village.objects.iter().map(|o| o.kind).collect();
        let lists = ObjectLists::new(&desires, &actions, &kinds);
        let on_while = data.desires.iter().enumerate().filter(|(_, d)| d.on_while.is_some()).map(|(p, _)| p).collect();
        Tables { actions, desires, lists, sources: first_source, on_while }
    }
}

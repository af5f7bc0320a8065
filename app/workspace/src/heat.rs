//! The heat of a tree's nodes: how often, over the last simulated seconds before the
//! turn shown, the creature asked the tree about something and the answer passed each
//! node.
//!
//! Every turn the priority of the plan under way is worked out afresh (SPEC §4): its
//! desire's ActOn tree is asked about the plan's object and its Activity tree about the
//! plan's target. Those are the asks counted. The counts come from the recording,
//! played again over the window only while a graph asks for them, so the running
//! simulation counts nothing. Each turn's object walks the tree the graph shows with
//! its answers of that turn.

use std::collections::VecDeque;

use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::mind::tree::Tree;
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_core::world::sim::Sim;

use crate::breakpoints::RunKey;
use crate::live_preview::LivePreview;

/// The window the graph starts with, in simulated seconds.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// What one count was made for: the run (its forks and switches, and its recorded
/// inputs and reloads: the turns it grows by leave what was counted as it was), the tree
/// (its desire, kind and nodes), the window's length in turns.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    run: (usize, u64),
    desire: Desire,
    kind: TreeKind,
    tree: Tree,
    window: u64,
}

/// Per node of one tree, the asks that passed it over a window of turns, kept as the
/// shown turn moves on: turns that enter the window are played again and added, turns
/// that leave it are taken away.
#[derive(Clone, Debug, Default)]
pub struct Heat {
    key: Option<Key>,
    /// The turns counted, oldest first, with the nodes each turn's ask passed (empty
    /// when the plan under way was another desire's, or there was none).
    turns: VecDeque<(u64, Vec<usize>)>,
    counts: Vec<u32>,
}

impl Heat {
    /// The counts for `tree` (desire `desire`'s tree of `kind`, as the graph shows it)
    /// over the `seconds` before the preview's shown turn, brought up to date. `None`
    /// when the recording cannot be played again.
    pub fn update(
        &mut self,
        preview: &LivePreview,
        desire: Desire,
        kind: TreeKind,
        tree: &Tree,
        seconds: f64,
    ) -> Option<&[u32]> {
        // Seconds come from a setting: a bad one counts no turn.
        let window = (seconds.max(0.0) * TURNS_PER_SECOND).round() as u64;
        let (_, changes, _, runs): RunKey = preview.run_key();
        let key = Key { run: (changes, runs), desire, kind, tree: tree.clone(), window };
        let shown = preview.shown().turns();
        let first = shown.saturating_sub(window.saturating_sub(1));
        // The same run and tree: only the turns the window gained are played again.
        let counted_to = self.turns.back().map(|(t, _)| *t);
        let fresh = self.key.as_ref() != Some(&key) || counted_to.is_none_or(|t| t > shown);
        let from = match counted_to {
            Some(t) if !fresh => t + 1,
            _ => {
                self.turns.clear();
                self.counts = vec![0; tree.nodes.len()];
                first
            }
        };
        self.key = Some(key);
        if from <= shown && window > 0 {
            let start = from.max(first);
            let mut added = Vec::new();
            preview
                .recorder()
                .play_over(start, shown, |sim, _| added.push((sim.turns(), asked(sim, desire, kind, tree))))
                .ok()?;
            for (turn, nodes) in added {
                for &n in &nodes {
                    self.counts[n] += 1;
                }
                self.turns.push_back((turn, nodes));
            }
        }
        while self.turns.front().is_some_and(|(t, _)| *t < first) {
            if let Some((_, nodes)) = self.turns.pop_front() {
                for n in nodes {
                    self.counts[n] -= 1;
                }
            }
        }
        Some(&self.counts)
    }

    /// Per node, the asks that passed it, as last brought up to date.
    #[must_use]
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// How many turns the counts cover.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.turns.len()
    }
}

/// The nodes of `tree` that this turn's ask passed: the plan under way's object (ActOn)
/// or target (Activity) with its answers now, when the plan is `desire`'s.
#[must_use]
pub fn asked(sim: &Sim, desire: Desire, kind: TreeKind, tree: &Tree) -> Vec<usize> {
    let Some(plan) = sim.plan().filter(|p| p.desire == desire) else { return Vec::new() };
    let id = if kind == TreeKind::ActOn { &plan.object } else { &plan.target };
    let v = sim.village();
    v.find(id).and_then(|o| v.objects.get(o)).map_or_else(Vec::new, |o| tree.path(&o.answers))
}

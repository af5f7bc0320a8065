//! What a bank holds (SPEC §13): counts of events, segments, matches and matchups, the
//! action histogram and the reaction-time distribution.

use std::collections::{BTreeMap, HashSet};

use super::model::{Bank, NO_REACTION};

impl Bank {
    /// The numbers the editor shows about a bank (SPEC §13): events, segments, matches,
    /// the action histogram and the reaction-time distribution.
    pub fn stats(&self) -> BankStats {
        // Counted by head and by action number, then named: a million events are
        // counted without a lookup by name each.
        let mut per_action = vec![0usize; self.actions.list.len()];
        let mut per_head = vec![0usize; self.heads.list.len()];
        for (&a, &h) in self.rows.action.iter().zip(&self.rows.head) {
            per_action[a as usize] += 1;
            per_head[h as usize] += 1;
        }
        let mut actions = BTreeMap::new();
        for (name, n) in self.actions.list.iter().zip(per_action).filter(|(_, n)| *n > 0) {
            *actions.entry(name.clone()).or_insert(0) += n;
        }
        let mut matchups = BTreeMap::new();
        let mut segments = HashSet::new();
        let mut matches = HashSet::new();
        for (h, n) in self.heads.list.iter().zip(per_head).filter(|(_, n)| *n > 0) {
            *matchups.entry(h.matchup.to_string()).or_insert(0) += n;
            segments.insert(h.segment);
            matches.insert(h.match_id);
        }
        let mut reactions: Vec<u32> =
            self.rows.reaction.iter().filter(|&&r| r != NO_REACTION).map(|&r| u32::from(r)).collect();
        reactions.sort_unstable();
        BankStats {
            events: self.len(),
            segments: segments.len(),
            matches: matches.len(),
            matchups,
            actions,
            reaction: ReactionTimes { frames: reactions },
        }
    }
}

/// What a bank holds, for the stats command and the editor's bank view (SPEC §13).
#[derive(Debug, Clone, PartialEq)]
pub struct BankStats {
    pub events: usize,
    pub segments: usize,
    pub matches: usize,
    /// Events per matchup ("own vs opponent").
    pub matchups: BTreeMap<String, usize>,
    /// Events per action.
    pub actions: BTreeMap<String, usize>,
    pub reaction: ReactionTimes,
}

/// The most buckets [`ReactionTimes::histogram`] returns.
pub const MAX_BINS: usize = 256;

/// The reaction-time distribution of a bank's responses: frames from the opponent's
/// attack start to the recorded response (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReactionTimes {
    /// Every reaction time, in frames, sorted.
    pub frames: Vec<u32>,
}

impl ReactionTimes {
    /// The number of recorded responses.
    pub fn count(&self) -> usize {
        self.frames.len()
    }

    /// The mean reaction time in frames.
    pub fn mean(&self) -> Option<f64> {
        (!self.frames.is_empty())
            .then(|| self.frames.iter().map(|&f| f64::from(f)).sum::<f64>() / self.frames.len() as f64)
    }

    /// The `p`-quantile (0..=1) by the nearest-rank rule.
    pub fn quantile(&self, p: f64) -> Option<u32> {
        if self.frames.is_empty() {
            return None;
        }
        let rank = (p.clamp(0.0, 1.0) * self.frames.len() as f64).ceil() as usize;
        Some(self.frames[rank.clamp(1, self.frames.len()) - 1])
    }

    /// Counts per bucket of `width` frames: `(first frame of the bucket, count)`, from 0
    /// to the largest reaction, for the editor's plot. There are at most [`MAX_BINS`]
    /// buckets: when the reactions reach further, the last bucket counts every reaction
    /// from its first frame on.
    pub fn histogram(&self, width: u32) -> Vec<(u32, usize)> {
        let width = width.max(1);
        let Some(&max) = self.frames.last() else {
            return Vec::new();
        };
        // Every bucket starts at or before `max`, so `b * width` cannot overflow.
        let bins = (max / width).min(MAX_BINS as u32 - 1) + 1;
        let mut out: Vec<(u32, usize)> = (0..bins).map(|b| (b * width, 0)).collect();
        for &f in &self.frames {
            out[(f / width).min(bins - 1) as usize].1 += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_has_at_most_max_bins_the_last_counting_everything_beyond() {
        let far = ReactionTimes { frames: vec![3, 7, 5000] };
        let h = far.histogram(5);
        assert_eq!(h.len(), MAX_BINS);
        assert_eq!(h[0], (0, 1));
        assert_eq!(h[1], (5, 1));
        assert_eq!(h[MAX_BINS - 1], (5 * (MAX_BINS as u32 - 1), 1));
        assert!(h.windows(2).all(|w| w[1].0 == w[0].0 + 5));
        let huge = ReactionTimes { frames: vec![0, u32::MAX - 1, u32::MAX] };
        for width in [0, 1, 2, 5, u32::MAX / 3, u32::MAX] {
            let h = huge.histogram(width);
            assert!(h.len() <= MAX_BINS, "width {width}: {} bins", h.len());
            assert_eq!(h.iter().map(|b| b.1).sum::<usize>(), 3, "width {width}");
        }
        // Reactions within the bins give every bucket from 0 to the largest, as before.
        let near = ReactionTimes { frames: vec![1, 2, 12, 12] };
        assert_eq!(near.histogram(5), vec![(0, 2), (5, 0), (10, 2)]);
    }
}

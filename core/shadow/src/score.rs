//! How faithfully a shadow plays the player it was recorded from (SPEC §13): a scorecard
//! of four numbers, each measured the way a tester would check a shadow by hand.
//!
//! - **Agreement on held-out matches.** Some matches of the bank (a seeded choice of
//!   [`ScoreOptions::holdout`] of them, at least one, never all) are set aside, the
//!   shadow is built from the rest, and each held-out event's state is put to it in
//!   segment order, the event it chose last playing, as in a match. *Top-1* is the share
//!   of events where its seeded pick has the player's action; *expected* the mean share
//!   of its candidates with that action (the chance of agreeing, without the noise of
//!   one pick); *top-3* the share where the player's action is among the three actions
//!   whose best-scoring event scores lowest (the continuation counted with its bias).
//! - **Total variation distance per situation class.** The shadow plays
//!   [`ScoreOptions::matches`] matches against a scripted bot; in each situation class
//!   ([`situation`]: distance band × opponent airborne, the classes the imitation tests
//!   compare) its action distribution is compared with the player's in the bank it
//!   played: `½ Σ |p − q|`, 0 for the same play, 1 for nothing in common.
//!   [`Scorecard::tvd_mean`] weighs the classes with at least
//!   [`ScoreOptions::min_class`] decisions on both sides by the shadow's decisions.
//! - **Reaction times.** The shadow's side is recorded as a player is, so its responses
//!   to the bot's attacks get reaction times by the same rule; they are compared with
//!   the bank's by the Kolmogorov–Smirnov statistic (the largest gap between the two
//!   cumulative distributions, 0 to 1) and the Wasserstein-1 distance (the area between
//!   them, in frames: how far, on average, reaction times would have to move).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::arena::MatchOutcome;
use super::bank::{Bank, BankSet, Matchup, ReactionTimes};
use super::bots::{Bot, Range, Style, situation};
use super::fight::{Bout, Controller, ShadowPlayer};
use super::schema::Schema;
use super::select::{Index, bind};
use creature_core::rng::Rng;

/// How the score is taken.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreOptions {
    /// The share of the bank's matches held out for agreement.
    pub holdout: f64,
    /// Matches the shadow plays against the bot.
    pub matches: u32,
    pub seed: u64,
    /// Situation classes with fewer decisions than this on either side are left out of
    /// the mean total variation distance (their own distance is still reported).
    pub min_class: usize,
    /// The shadow's character and the bot's, which pick the matchup bank played.
    pub character: String,
    pub opponent: String,
}

impl Default for ScoreOptions {
    fn default() -> Self {
        Self { holdout: 0.2, matches: 5, seed: 1, min_class: 20, character: "Jago".into(), opponent: "Jago".into() }
    }
}

/// Agreement with the player on held-out matches.
#[derive(Debug, Clone, PartialEq)]
pub struct Agreement {
    /// The match ids held out.
    pub held_out: Vec<u64>,
    /// Held-out events put to the shadow.
    pub events: usize,
    pub top1: f64,
    pub expected: f64,
    pub top3: f64,
}

/// A situation class: the distance band and whether the opponent is in the air.
pub type Situation = (Range, bool);

/// The name of a situation class, e.g. `close airborne`, `far`.
pub fn situation_name(s: Situation) -> String {
    format!("{}{}", s.0.name(), if s.1 { " airborne" } else { "" })
}

/// One situation class compared.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDistance {
    pub situation: Situation,
    /// The shadow's decisions and the player's events in the class.
    pub shadow: usize,
    pub recorded: usize,
    /// `None` when either side has nothing in the class.
    pub tvd: Option<f64>,
}

/// The shadow's reaction times against the recording's.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReactionFit {
    pub shadow: ReactionTimes,
    pub recorded: ReactionTimes,
    /// `None` when either side has no responses.
    pub ks: Option<f64>,
    pub wasserstein: Option<f64>,
}

/// What the matches against the bot came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Play {
    pub against: Style,
    pub matches: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The shadow's decisions over all matches.
    pub decisions: usize,
    /// Whether the shadow played the fallback bank (no bank for its matchup).
    pub fallback: bool,
}

/// The shadow's fidelity (see the module's account of each number).
#[derive(Debug, Clone, PartialEq)]
pub struct Scorecard {
    /// `None` for a bank of one match: nothing can be held out.
    pub agreement: Option<Agreement>,
    pub classes: Vec<ClassDistance>,
    pub tvd_mean: Option<f64>,
    pub reaction: ReactionFit,
    pub play: Play,
}

/// Scores the shadow of `bank` with `schema` against the bot `against`.
pub fn score(schema: &Schema, bank: &Bank, against: Style, options: &ScoreOptions) -> Result<Scorecard, String> {
    if bank.is_empty() {
        return Err("the bank has no events; a shadow needs something to play".into());
    }
    let agreement = agreement(schema, bank, options)?;
    let set = BankSet::from_bank(bank);
    let matchup = Matchup::new(options.character.clone(), options.opponent.clone());
    let (played, fallback) = set.bank_for(&matchup);
    let mut shadow_dist: BTreeMap<Situation, BTreeMap<String, usize>> = BTreeMap::new();
    let mut shadow_reactions = Vec::new();
    let mut play = Play { against, matches: options.matches, wins: 0, losses: 0, draws: 0, decisions: 0, fallback };
    for m in 0..options.matches {
        let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(m) * 2);
        let shadow = ShadowPlayer::new(schema, played, seed)?;
        let mut bout = Bout::new(
            [Controller::Shadow(Box::new(shadow)), Controller::Bot(Bot::new(against, seed.wrapping_add(1)))],
            [&options.character, &options.opponent],
        );
        bout.record(0);
        bout.run();
        match bout.arena.outcome {
            Some(MatchOutcome::Winner(0)) => play.wins += 1,
            Some(MatchOutcome::Winner(_)) => play.losses += 1,
            _ => play.draws += 1,
        }
        let recording = bout.take_recording(0).unwrap_or_default();
        play.decisions += recording.events.len();
        for e in &recording.events {
            *shadow_dist.entry(situation(&e.state)).or_default().entry(e.action.clone()).or_insert(0) += 1;
            shadow_reactions.extend(e.reaction);
        }
    }
    let recorded_dist = recorded_situations(played);
    let mut classes = Vec::new();
    let (mut weighted, mut weight) = (0.0, 0usize);
    for band in Range::ALL {
        for air in [false, true] {
            let s = (band, air);
            let (a, b) = (shadow_dist.get(&s), recorded_dist.get(&s));
            let (na, nb) = (a.map_or(0, |d| d.values().sum()), b.map_or(0, |d| d.values().sum()));
            let tvd = a.zip(b).filter(|_| na > 0 && nb > 0).map(|(a, b)| total_variation(a, b));
            if let Some(t) = tvd
                && na >= options.min_class
                && nb >= options.min_class
            {
                weighted += t * na as f64;
                weight += na;
            }
            classes.push(ClassDistance { situation: s, shadow: na, recorded: nb, tvd });
        }
    }
    shadow_reactions.sort_unstable();
    let shadow = ReactionTimes { frames: shadow_reactions };
    let recorded = played.stats().reaction;
    let reaction = ReactionFit {
        ks: kolmogorov_smirnov(&shadow.frames, &recorded.frames),
        wasserstein: wasserstein(&shadow.frames, &recorded.frames),
        shadow,
        recorded,
    };
    Ok(Scorecard { agreement, classes, tvd_mean: (weight > 0).then(|| weighted / weight as f64), reaction, play })
}

/// The player's actions per situation class in `bank` (empty when the bank records
/// no `distance` or `opp_height`).
fn recorded_situations(bank: &Bank) -> BTreeMap<Situation, BTreeMap<String, usize>> {
    let mut out: BTreeMap<Situation, BTreeMap<String, usize>> = BTreeMap::new();
    let (Some(d), Some(h)) = (bank.feature_position("distance"), bank.feature_position("opp_height")) else {
        return out;
    };
    for (i, e) in bank.events().iter().enumerate() {
        *out.entry((Range::of(bank.value(i, d)), bank.value(i, h) > 0.0))
            .or_default()
            .entry(e.action.to_owned())
            .or_insert(0) += 1;
    }
    out
}

/// `½ Σ |p − q|` between two action counts.
pub fn total_variation(a: &BTreeMap<String, usize>, b: &BTreeMap<String, usize>) -> f64 {
    let (na, nb) = (a.values().sum::<usize>() as f64, b.values().sum::<usize>() as f64);
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let share = |d: &BTreeMap<String, usize>, k: &String, n: f64| d.get(k).map_or(0.0, |&c| c as f64 / n);
    keys.into_iter().map(|k| (share(a, k, na) - share(b, k, nb)).abs()).sum::<f64>() / 2.0
}

/// The cumulative distributions of two sorted samples at each pooled value, in order:
/// `(value, F(value), G(value))`.
fn steps(a: &[u32], b: &[u32]) -> Vec<(f64, f64, f64)> {
    let pooled: BTreeSet<u32> = a.iter().chain(b).copied().collect();
    let cdf = |s: &[u32], x: u32| s.partition_point(|&v| v <= x) as f64 / s.len() as f64;
    pooled.into_iter().map(|x| (f64::from(x), cdf(a, x), cdf(b, x))).collect()
}

/// The Kolmogorov–Smirnov statistic of two sorted samples: the largest gap between
/// their cumulative distributions.
pub fn kolmogorov_smirnov(a: &[u32], b: &[u32]) -> Option<f64> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    Some(steps(a, b).into_iter().map(|(_, f, g)| (f - g).abs()).fold(0.0, f64::max))
}

/// The Wasserstein-1 distance of two sorted samples: the area between their
/// cumulative distributions, in the samples' unit.
pub fn wasserstein(a: &[u32], b: &[u32]) -> Option<f64> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let s = steps(a, b);
    Some(s.windows(2).map(|w| (w[1].0 - w[0].0) * (w[0].1 - w[0].2).abs()).sum())
}

/// The matches to hold out: a seeded shuffle of the match ids, the first
/// `holdout × matches` of them (at least one, never all). `None` for one match.
fn held_out(bank: &Bank, holdout: f64, seed: u64) -> Option<BTreeSet<u64>> {
    let mut ids: Vec<u64> = bank.events().iter().map(|e| e.match_id).collect::<BTreeSet<_>>().into_iter().collect();
    if ids.len() < 2 {
        return None;
    }
    let mut rng = Rng::seeded(seed);
    for i in (1..ids.len()).rev() {
        ids.swap(i, rng.below(i + 1));
    }
    let n = ((holdout.clamp(0.0, 1.0) * ids.len() as f64).round() as usize).clamp(1, ids.len() - 1);
    Some(ids.into_iter().take(n).collect())
}

/// A training bank ready for held-out queries: its index, each event's action, and an
/// index per action for the top-3 ranking.
struct Prepared {
    index: Index,
    actions: Vec<String>,
    per_action: Vec<(String, Index)>,
}

impl Prepared {
    fn new(schema: &Schema, bank: &Bank) -> Result<Prepared, String> {
        let index = Index::build(schema, bank).map_err(|e| e.message)?;
        let actions: Vec<String> = bank.events().iter().map(|e| e.action.to_owned()).collect();
        let mut by_action: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, a) in actions.iter().enumerate() {
            by_action.entry(a).or_default().push(i);
        }
        let per_action = by_action
            .into_iter()
            .map(|(a, pos)| Ok((a.to_owned(), Index::build(schema, &bank.subset(&pos)).map_err(|e| e.message)?)))
            .collect::<Result<_, String>>()?;
        Ok(Prepared { index, actions, per_action })
    }

    /// The actions ranked by their best score for `state`, the continuation of
    /// `playing` with its bias.
    fn ranking(&self, state: &[f64], playing: Option<usize>) -> Vec<(f64, &str)> {
        let mut best: Vec<(f64, &str)> =
            self.per_action.iter().filter_map(|(a, ix)| ix.select(state, None).map(|s| (s.best, a.as_str()))).collect();
        let next = playing.and_then(|p| self.index.continuation(p));
        if let Some(b) = next.and_then(|c| self.index.breakdown(state, c, playing)) {
            let action = self.actions[b.event].as_str();
            for (s, a) in &mut best {
                if *a == action {
                    *s = s.min(b.total);
                }
            }
        }
        best.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(y.1)));
        best
    }
}

fn agreement(schema: &Schema, bank: &Bank, options: &ScoreOptions) -> Result<Option<Agreement>, String> {
    let Some(out) = held_out(bank, options.holdout, options.seed) else { return Ok(None) };
    let columns = bind(schema, bank).map_err(|e| e.message)?;
    let (mut test, mut train) = (Vec::new(), Vec::new());
    for (i, e) in bank.events().iter().enumerate() {
        if out.contains(&e.match_id) { test.push(i) } else { train.push(i) }
    }
    let set = BankSet::from_bank(&bank.subset(&train));
    let mut prepared: HashMap<Matchup, Prepared> = HashMap::new();
    // In play order: segment by segment, event by event.
    test.sort_by_key(|&i| (bank.event(i).segment, bank.event(i).index));
    let mut rng = Rng::seeded(options.seed ^ 0x5eed_5c0e);
    let (mut top1, mut top3, mut expected) = (0usize, 0usize, 0.0);
    let mut last: Option<(u64, u32, usize)> = None;
    let mut state = vec![0.0; columns.len()];
    for &i in &test {
        let e = &bank.event(i);
        if !prepared.contains_key(e.matchup) {
            let (b, _) = set.bank_for(e.matchup);
            prepared.insert(e.matchup.clone(), Prepared::new(schema, b)?);
        }
        let p = &prepared[e.matchup];
        for (s, &c) in state.iter_mut().zip(&columns) {
            *s = bank.value(i, c);
        }
        let playing = last.filter(|&(seg, ix, _)| seg == e.segment && ix.checked_add(1) == Some(e.index)).map(|l| l.2);
        let Some(sel) = p.index.select(&state, playing) else { continue };
        let chosen = sel.choose(&mut rng);
        top1 += usize::from(p.actions[chosen.event] == e.action);
        let same = sel.candidates.iter().filter(|c| p.actions[c.event] == e.action).count();
        expected += same as f64 / sel.candidates.len() as f64;
        top3 += usize::from(p.ranking(&state, playing).iter().take(3).any(|(_, a)| *a == e.action));
        last = Some((e.segment, e.index, chosen.event));
    }
    let n = test.len().max(1) as f64;
    Ok(Some(Agreement {
        held_out: out.into_iter().collect(),
        events: test.len(),
        top1: top1 as f64 / n,
        expected: expected / n,
        top3: top3 as f64 / n,
    }))
}

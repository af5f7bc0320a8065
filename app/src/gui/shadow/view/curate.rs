//! The bank view's Curate and Score sections (SPEC §13): the curation of the shown bank
//! and the scorecard of its shadow, each computed on a worker thread so that a
//! 40,000-event bank or five matches against a bot never hold up a frame.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use creature_shadow::bank::Bank;
use creature_shadow::bots::Style;
use creature_shadow::curate::{CurateOptions, Curation, FlagKind, curate};
use creature_shadow::schema::Schema;
use creature_shadow::score::{ScoreOptions, Scorecard, score};

/// A result computed on a worker thread for a key; a new key starts again and the old
/// worker's answer is dropped.
pub struct Job<K, T> {
    running: Option<(K, Receiver<T>)>,
    done: Option<(K, T)>,
}

impl<K, T> Default for Job<K, T> {
    fn default() -> Self {
        Self { running: None, done: None }
    }
}

impl<K: PartialEq + Clone, T: Send + 'static> Job<K, T> {
    /// Starts `work` for `key` unless it is done or running for it already.
    pub fn ensure(&mut self, key: &K, work: impl FnOnce() -> T + Send + 'static) {
        let done = self.done.as_ref().is_some_and(|(k, _)| k == key);
        let running = self.running.as_ref().is_some_and(|(k, _)| k == key);
        if !done && !running {
            self.start(key, work);
        }
    }

    /// Starts `work` for `key` whatever was done before.
    pub fn start(&mut self, key: &K, work: impl FnOnce() -> T + Send + 'static) {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            // The receiver is gone when a newer key replaced this one: nothing to do.
            let _ = tx.send(work());
        });
        self.running = Some((key.clone(), rx));
    }

    /// Takes a finished answer; true while a worker is still running.
    pub fn poll(&mut self) -> bool {
        let Some((key, rx)) = &self.running else { return false };
        match rx.try_recv() {
            Ok(v) => {
                self.done = Some((key.clone(), v));
                self.running = None;
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => {
                self.running = None;
                false
            }
        }
    }

    /// The last answer and the key it was computed for.
    pub fn last(&self) -> Option<(&K, &T)> {
        self.done.as_ref().map(|(k, v)| (k, v))
    }

    /// Whether a worker is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}

/// What a curation or a score was computed for: the bank and schema generation of
/// the shadow state, and the options.
type CurateKey = (u64, CurateOptionsKey);
type ScoreKey = (u64, Style, u64);

/// The curation options as a key (their numbers as bits, so they compare exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurateOptionsKey(u64, u64, usize);

impl From<&CurateOptions> for CurateOptionsKey {
    fn from(o: &CurateOptions) -> Self {
        Self(o.near.to_bits(), o.fence.to_bits(), o.thin)
    }
}

/// The Curate and Score sections' state.
pub struct CurateUi {
    pub options: CurateOptions,
    /// Which flags the delete button deletes, in `FlagKind::ALL` order.
    pub delete: [bool; 3],
    /// Shared, so that a frame showing a million events' flags does not copy them.
    curation: Job<CurateKey, Result<Arc<Curation>, String>>,
    /// How many distinct events the ticked kinds flag, for the curation and the ticks
    /// it was counted for: a union of a million flags is not recounted every frame.
    flagged: Option<(CurateKey, [bool; 3], usize)>,
    /// How many distinct events each kind flags, for the curation it was counted for.
    counts: Option<(CurateKey, [usize; 3])>,
    /// The bot the shadow is scored against.
    pub against: Style,
    score: Job<ScoreKey, Result<Scorecard, String>>,
    /// Bumped by every request to score, so "Score again" scores again.
    asked: u64,
}

impl Default for CurateUi {
    fn default() -> Self {
        Self {
            options: CurateOptions::default(),
            delete: [true, false, true],
            curation: Job::default(),
            flagged: None,
            counts: None,
            against: Style::Turtle,
            score: Job::default(),
            asked: 0,
        }
    }
}

impl CurateUi {
    /// The curation of `bank` with `schema` at `generation` and the present options:
    /// `None` while it is being computed (the worker starts here when needed).
    pub fn curation(
        &mut self,
        generation: u64,
        schema: &Schema,
        bank: &Arc<Bank>,
    ) -> Option<&Result<Arc<Curation>, String>> {
        let key = (generation, CurateOptionsKey::from(&self.options));
        let (schema, bank, options) = (schema.clone(), Arc::clone(bank), self.options);
        self.curation.ensure(&key, move || curate(&schema, &bank, &options).map(Arc::new).map_err(|e| e.message));
        self.curation.poll();
        self.curation.last().filter(|(k, _)| **k == key).map(|(_, v)| v)
    }

    /// How many distinct events of curation `c` (of bank generation `generation`, with
    /// the present options) the kinds ticked in `kinds` (in `FlagKind::ALL` order) flag.
    pub fn flagged(&mut self, generation: u64, c: &Curation, kinds: [bool; 3]) -> usize {
        let key = (generation, CurateOptionsKey::from(&self.options));
        if let Some((k, on, n)) = &self.flagged
            && *k == key
            && *on == kinds
        {
            return *n;
        }
        let ticked: Vec<FlagKind> =
            FlagKind::ALL.into_iter().zip(kinds).filter(|(_, on)| *on).map(|(k, _)| k).collect();
        let n = c.ids(&ticked).len();
        self.flagged = Some((key, kinds, n));
        n
    }

    /// How many distinct events each kind (in `FlagKind::ALL` order) of curation `c` (of
    /// bank generation `generation`, with the present options) flags.
    pub fn counts(&mut self, generation: u64, c: &Curation) -> [usize; 3] {
        let key = (generation, CurateOptionsKey::from(&self.options));
        if let Some((k, n)) = &self.counts
            && *k == key
        {
            return *n;
        }
        let n = FlagKind::ALL.map(|k| c.count(k));
        self.counts = Some((key, n));
        n
    }

    /// Whether the curation for bank generation `generation` and the present options
    /// is there.
    pub fn curated(&self, generation: u64) -> bool {
        let key = (generation, CurateOptionsKey::from(&self.options));
        self.curation.last().is_some_and(|(k, _)| *k == key)
    }

    /// Whether a curation or a score is being computed (the panel repaints meanwhile).
    pub fn busy(&mut self) -> bool {
        let a = self.curation.poll();
        let b = self.score.poll();
        a || b
    }

    /// Scores the shadow of `bank` against `against` on a worker thread.
    pub fn start_score(&mut self, generation: u64, schema: &Schema, bank: &Arc<Bank>, against: Style) {
        self.against = against;
        self.asked += 1;
        let (schema, bank) = (schema.clone(), Arc::clone(bank));
        let options = ScoreOptions::default();
        self.score.start(&(generation, against, self.asked), move || score(&schema, &bank, against, &options));
    }

    /// The last scorecard, the bot it was played against, and whether it was computed
    /// for the bank generation `generation` (else for an earlier version of the bank).
    pub fn scorecard(&self) -> Option<(&Result<Scorecard, String>, Style, u64)> {
        self.score.last().map(|((g, s, _), v)| (v, *s, *g))
    }

    /// Whether a score is being computed.
    pub fn scoring(&self) -> bool {
        self.score.is_running()
    }

    /// Whether a curation or a score was still being computed at the last frame.
    pub fn working(&self) -> bool {
        self.curation.is_running() || self.score.is_running()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_answers_for_its_latest_key_only() {
        let mut job: Job<u32, u32> = Job::default();
        job.start(&1, || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            10
        });
        job.start(&2, || 20);
        let start = std::time::Instant::now();
        while job.poll() && start.elapsed().as_secs() < 10 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(job.last(), Some((&2, &20)));
        job.ensure(&2, || 99);
        assert!(!job.is_running(), "a key already answered is not computed again");
    }
}

//! Curating banks (SPEC §13): exact and near duplicates found through buckets and the
//! index agree with comparing every pair; planted duplicates and glitches in the
//! example banks are flagged, and deleting the flags removes exactly them; the coverage
//! table counts every event once.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use creature_shadow::bank::{Bank, BankEvent};
use creature_shadow::bots::Range;
use creature_shadow::curate::{Class, CurateOptions, FlagKind, OutOn, curate};
use creature_shadow::schema::Schema;
use creature_shadow::select::{Index, add_term, bind};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example/shadow").join(name)
}

fn schema() -> Schema {
    Schema::load(&example("arena.schema.ron")).unwrap()
}

const BANKS: [&str; 3] = ["zoner.bank.ron", "rushdown.bank.ron", "turtle.bank.ron"];

/// The schema distance of events `i` and `j`, term by term as the score adds them.
fn distance(schema: &Schema, bank: &Bank, columns: &[usize], i: usize, j: usize) -> f64 {
    let (a, b) = (bank.state(i), bank.state(j));
    let mut s = 0.0;
    for (f, &c) in schema.features.iter().zip(columns) {
        s = add_term(s, f.weight, f.similarity.eval(a[c], b[c], f.scale));
    }
    s
}

/// (flagged id, id it repeats) for each flagged event.
type Repeats = Vec<(u64, u64)>;

/// Exact and near duplicates by comparing every pair, the plain reading of the rules.
fn pairwise(schema: &Schema, bank: &Bank, near: f64) -> (Repeats, Repeats) {
    let columns = bind(schema, bank).unwrap();
    let ev: Vec<_> = bank.iter().collect();
    let same_bucket = |i: usize, j: usize| ev[i].matchup == ev[j].matchup && ev[i].action == ev[j].action;
    let mut exact = Vec::new();
    let mut leaders: Vec<usize> = Vec::new();
    let mut nears = Vec::new();
    for i in 0..bank.len() {
        let twin = (0..i).find(|&j| same_bucket(i, j) && bank.state(i) == bank.state(j));
        if let Some(j) = twin {
            // The first of the group is the one kept.
            let first = (0..=j).find(|&k| same_bucket(i, k) && bank.state(i) == bank.state(k)).unwrap();
            exact.push((ev[i].id, ev[first].id));
            continue;
        }
        let best = leaders
            .iter()
            .filter(|&&j| same_bucket(i, j))
            .map(|&j| (distance(schema, bank, &columns, i, j), ev[j].id))
            .filter(|&(d, _)| d <= near)
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        match best {
            Some((_, of)) => nears.push((ev[i].id, of)),
            None => leaders.push(i),
        }
    }
    (exact, nears)
}

#[test]
fn buckets_and_the_index_find_the_same_duplicates_as_comparing_every_pair() {
    let schema = schema();
    for name in BANKS {
        let bank = Bank::load(&example(name)).unwrap();
        for near in [0.05, 0.3, 1.0] {
            let options = CurateOptions { near, ..CurateOptions::default() };
            let c = curate(&schema, &bank, &options).unwrap();
            let (exact, nears) = pairwise(&schema, &bank, near);
            let got: Vec<(u64, u64)> = c.duplicates.iter().map(|r| (r.id, r.of)).collect();
            assert_eq!(got, exact, "{name}: exact duplicates");
            let got: Vec<(u64, u64)> = c.near_duplicates.iter().map(|r| (r.id, r.of)).collect();
            assert_eq!(got, nears, "{name}: near duplicates within {near}");
            assert!(c.near_duplicates.iter().all(|r| r.distance <= near));
        }
    }
}

#[test]
fn the_index_range_query_returns_exactly_the_events_within_the_limit() {
    // Without recency the index scores are the plain distance between two states.
    let mut schema = schema();
    schema.recency_weight = 0.0;
    let bank = Bank::load(&example("turtle.bank.ron")).unwrap();
    let columns = bind(&schema, &bank).unwrap();
    let index = Index::build(&schema, &bank).unwrap();
    for q in (0..bank.len()).step_by(97) {
        let state: Vec<f64> = columns.iter().map(|&c| bank.state(q)[c]).collect();
        for limit in [0.0, 0.5, 2.0] {
            let got: BTreeSet<usize> = index.within(&state, limit).iter().map(|c| c.event).collect();
            let want: BTreeSet<usize> =
                (0..bank.len()).filter(|&j| distance(&schema, &bank, &columns, q, j) <= limit).collect();
            assert_eq!(got, want, "event {q}, limit {limit}");
        }
    }
}

/// The zoner bank with planted events after it: an exact copy of event 5, a copy of
/// event 40 nudged by a centimetre, an event 50 m away, and one with a reaction of
/// 500 frames. Returns the bank and the planted ids in that order.
fn planted() -> (Bank, [u64; 4]) {
    let bank = Bank::load(&example("zoner.bank.ron")).unwrap();
    let mut events: Vec<BankEvent> = bank.events().to_vec();
    let mut values: Vec<f64> = (0..bank.len()).flat_map(|i| bank.state(i).to_vec()).collect();
    let next_id = events.iter().map(|e| e.id).max().unwrap() + 1;
    let next_segment = events.iter().map(|e| e.segment).max().unwrap() + 1;
    let distance = bank.feature_position("distance").unwrap();
    let mut plant = |from: usize, k: u64, change: &dyn Fn(&mut BankEvent, &mut Vec<f64>)| {
        let mut e = bank.event(from).to_event();
        e.id = next_id + k;
        e.segment = next_segment + k;
        e.index = 0;
        let mut state = bank.state(from).to_vec();
        change(&mut e, &mut state);
        events.push(e);
        values.extend(state);
        next_id + k
    };
    let exact = plant(5, 0, &|_, _| {});
    let near = plant(40, 1, &|_, s| s[distance] += 0.001);
    let far = plant(60, 2, &|_, s| s[distance] = 50.0);
    let slow = plant(70, 3, &|e, _| e.reaction = Some(500));
    let features = bank.features().to_vec();
    (Bank::from_parts(features, events, values).unwrap(), [exact, near, far, slow])
}

#[test]
fn planted_duplicates_and_glitches_are_flagged_and_deleting_them_removes_exactly_them() {
    let schema = schema();
    let (bank, [exact, near, far, slow]) = planted();
    let c = curate(&schema, &bank, &CurateOptions::default()).unwrap();
    let of = |list: &[creature_shadow::curate::Repeat], id| list.iter().find(|r| r.id == id).map(|r| r.of);
    assert_eq!(of(&c.duplicates, exact), Some(bank.event(5).id), "an exact copy repeats its original");
    let near_of = of(&c.near_duplicates, near).expect("a copy nudged by a centimetre is a near duplicate");
    let original = bank.event(40).id;
    // It repeats event 40, or the event 40 was itself flagged against (the leader kept).
    let leader = of(&c.near_duplicates, original).or(of(&c.duplicates, original)).unwrap_or(original);
    assert_eq!(near_of, leader);
    let out_on = |id| c.outliers.iter().filter(|o| o.id == id).map(|o| o.on.clone()).collect::<Vec<_>>();
    assert_eq!(out_on(far), vec![OutOn::Feature("distance".into())], "50 m is beyond the stage's fences");
    assert_eq!(out_on(slow), vec![OutOn::Reaction], "500 frames is beyond the reaction fences");
    // The fences are where the module says: 3 times the 5 %–95 % range beyond it.
    let fence = c.fences.iter().find(|f| f.on == OutOn::Reaction).unwrap();
    assert_eq!(fence.quantile, 0.05);
    assert!((fence.high - (fence.to + 3.0 * (fence.to - fence.from))).abs() < 1e-9);
    assert!((fence.low - (fence.from - 3.0 * (fence.to - fence.from))).abs() < 1e-9);
    // Every outlier is beyond its quantity's fences, and what the recorded bot did is
    // nearly all within them (the zoner's one match where it was beaten up is not).
    for o in &c.outliers {
        let f = c.fences.iter().find(|f| f.on == o.on).unwrap();
        assert!(o.value < f.low || o.value > f.high, "{o:?}");
    }
    let out: BTreeSet<u64> = c.outliers.iter().map(|o| o.id).collect();
    assert!(out.len() - 2 < bank.len() / 50, "{} outliers in {} events", out.len(), bank.len());

    let kinds = [FlagKind::Duplicates, FlagKind::Outliers];
    let ids = c.ids(&kinds);
    assert!(ids.contains(&exact) && ids.contains(&far) && ids.contains(&slow) && !ids.contains(&near));
    let mut cleaned = bank.clone();
    assert_eq!(cleaned.delete_events(&ids), ids.len());
    cleaned.check().unwrap();
    let left: BTreeSet<u64> = cleaned.events().iter().map(|e| e.id).collect();
    let all: BTreeSet<u64> = bank.events().iter().map(|e| e.id).collect();
    assert_eq!(left, all.difference(&ids).copied().collect());
    let again = curate(&schema, &cleaned, &CurateOptions::default()).unwrap();
    assert!(again.duplicates.is_empty(), "no exact duplicates are left");
    assert!(again.ids(&[FlagKind::Outliers]).intersection(&ids).next().is_none());
}

#[test]
fn flag_kinds_are_named_as_on_the_command_line() {
    for k in FlagKind::ALL {
        assert_eq!(FlagKind::from_name(k.name()), Some(k));
    }
    assert_eq!(FlagKind::from_name("near-duplicates"), Some(FlagKind::NearDuplicates));
    assert_eq!(FlagKind::from_name("dupes"), None);
}

#[test]
fn coverage_counts_every_event_once_in_its_class_and_marks_thin_classes() {
    let schema = schema();
    let bank = Bank::load(&example("turtle.bank.ron")).unwrap();
    let options = CurateOptions { thin: 12, ..CurateOptions::default() };
    let c = curate(&schema, &bank, &options).unwrap();
    assert_eq!(c.coverage.missing, None);
    assert_eq!(c.coverage.rows.iter().map(|r| r.events).sum::<usize>(), bank.len());
    assert!(c.coverage.rows.windows(2).all(|w| w[0].class < w[1].class), "sorted, each class once");
    assert!(c.coverage.rows.iter().all(|r| r.thin == (r.events < 12)));
    assert!(c.coverage.thin() > 0 && c.coverage.thin() < c.coverage.rows.len());
    // Counted another way: by hand for the class of the first event.
    let [d, own, opp] = ["distance", "own_state", "opp_state"].map(|f| bank.feature_position(f).unwrap());
    let s0 = bank.state(0).to_vec();
    let same = (0..bank.len())
        .filter(|&i| {
            let s = bank.state(i);
            Range::of(s[d]) == Range::of(s0[d]) && s[own] == s0[own] && s[opp] == s0[opp]
        })
        .count();
    let class = Class { band: Range::of(s0[d]), own_state: s0[own] as i64, opp_state: s0[opp] as i64 };
    let row = c.coverage.rows.iter().find(|r| r.class == class);
    assert_eq!(row.map(|r| r.events), Some(same));
    // A bank without the class features says which is missing.
    let tiny = Bank::from_parts(vec!["x".into()], Vec::new(), Vec::new()).unwrap();
    assert_eq!(creature_shadow::curate::coverage(&tiny, 5).missing.as_deref(), Some("distance"));
}

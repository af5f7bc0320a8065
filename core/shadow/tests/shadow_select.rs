//! Selection (SPEC §13): the fast index gives exactly the answer of the plain
//! definition, and the rules of the score, the neighbourhood, recency, continuation and
//! the seeded pick hold.

use creature_core::rng::Rng;
use creature_shadow::bank::{Bank, BankEvent, Matchup};
use creature_shadow::schema::{Feature, FeatureKind, Schema, Similarity};
use creature_shadow::select::{Index, add_term, select_naive, threshold};
use proptest::prelude::*;

fn event(id: u64, match_id: u64, segment: u64, index: u32, action: &str) -> BankEvent {
    BankEvent {
        id,
        matchup: Matchup::new("Jago", "Jago"),
        match_id,
        segment,
        index,
        frame: index * 6,
        action: action.to_owned(),
        reaction: None,
        recorded_at: None,
        provenance: None,
    }
}

fn feature(name: &str, similarity: Similarity, weight: f64, scale: f64) -> Feature {
    let kind =
        if matches!(similarity, Similarity::Category { .. }) { FeatureKind::Category } else { FeatureKind::Number };
    Feature { name: name.to_owned(), kind, similarity, weight, scale }
}

fn schema(features: Vec<Feature>, bias: f64, neighbourhood: f64, recency_weight: f64) -> Schema {
    let s = Schema { features, bias, neighbourhood, recency_weight };
    s.check().expect("test schemas are valid");
    s
}

/// A bank of one feature `x`: events (match, segment, index, x).
fn bank_x(rows: &[(u64, u64, u32, f64)]) -> Bank {
    let events = rows.iter().enumerate().map(|(i, r)| event(i as u64, r.0, r.1, r.2, "Walk")).collect();
    Bank::from_parts(vec!["x".into()], events, rows.iter().map(|r| r.3).collect()).unwrap()
}

#[test]
fn score_is_weighted_similarity_and_candidates_lie_within_the_neighbourhood() {
    let s = schema(vec![feature("x", Similarity::Abs, 2.0, 0.5)], 0.0, 0.10, 0.0);
    // |x − 1| / 0.5 × 2 = 4·|x − 1|
    let bank = bank_x(&[(1, 0, 0, 1.5), (1, 0, 1, 1.52), (1, 0, 2, 1.6), (1, 0, 3, 0.45), (1, 0, 4, 3.0)]);
    let sel = select_naive(&s, &bank, &[1.0], None).unwrap().unwrap();
    assert_eq!(sel.best, 2.0);
    let ids: Vec<u64> = sel.candidates.iter().map(|c| c.id).collect();
    // 2.0 + 0.1 · 2.0 = 2.2: 1.5 (2.0), 1.52 (2.08), 0.45 (2.2); not 1.6 (2.4).
    assert_eq!(ids, vec![0, 1, 3]);
    let fast = Index::build(&s, &bank).unwrap().select(&[1.0], None).unwrap();
    assert_eq!(fast, sel);
}

#[test]
fn an_exact_match_keeps_only_its_exact_ties() {
    let s = schema(vec![feature("x", Similarity::Abs, 1.0, 1.0)], 0.5, 0.10, 0.0);
    let bank = bank_x(&[(1, 0, 0, 2.0), (2, 1, 0, 2.0), (2, 1, 1, 2.0000001)]);
    let sel = select_naive(&s, &bank, &[2.0], None).unwrap().unwrap();
    assert_eq!(sel.best, 0.0);
    assert_eq!(sel.candidates.iter().map(|c| c.id).collect::<Vec<_>>(), vec![0, 1]);
    assert!(threshold(0.0, 0.1) > 0.0 && threshold(0.0, 0.1) < 1e-9);
}

#[test]
fn recency_ranks_matches_from_newest_age_0_to_oldest_age_1() {
    let bank = bank_x(&[(7, 0, 0, 0.0), (3, 1, 0, 0.0), (50, 2, 0, 0.0), (7, 0, 1, 0.0), (9, 3, 0, 0.0)]);
    assert_eq!(bank.ages(), vec![2.0 / 3.0, 1.0, 0.0, 2.0 / 3.0, 1.0 / 3.0]);
    assert_eq!(bank_x(&[(4, 0, 0, 0.0), (4, 1, 0, 1.0)]).ages(), vec![0.0, 0.0]);
    let s = schema(vec![feature("x", Similarity::Abs, 1.0, 1.0)], 0.0, 0.0, 0.3);
    let sel = Index::build(&s, &bank).unwrap().select(&[0.0], None).unwrap();
    assert_eq!((sel.best, sel.candidates[0].id), (0.0, 2), "the newest match wins a tie");
    let scores: Vec<f64> =
        (0..5).map(|e| Index::build(&s, &bank).unwrap().breakdown(&[0.0], e, None).unwrap().total).collect();
    for (got, want) in scores.iter().zip([0.2, 0.3, 0.0, 0.2, 0.1]) {
        assert!((got - want).abs() < 1e-12, "{scores:?}");
    }
}

#[test]
fn the_event_after_the_one_playing_gets_the_bias() {
    let s = schema(vec![feature("x", Similarity::Abs, 1.0, 1.0)], 0.5, 0.0, 0.0);
    // Segment 0 sits at x = 0, segment 1 at x = 1.
    let bank = bank_x(&[(1, 0, 0, 0.0), (1, 0, 1, 0.0), (1, 1, 0, 1.0), (1, 1, 1, 1.0)]);
    let index = Index::build(&s, &bank).unwrap();
    // At x = 0.7, segment 1 is nearer (0.3 against 0.7) unless segment 0 is playing:
    // 0.7 − 0.5 = 0.2 beats 0.3.
    assert_eq!(index.select(&[0.7], None).unwrap().candidates[0].id, 2);
    let playing = index.select(&[0.7], Some(0)).unwrap();
    assert_eq!((playing.candidates.len(), playing.candidates[0].id), (1, 1));
    assert!((playing.best - 0.2).abs() < 1e-12);
    let b = index.breakdown(&[0.7], 1, Some(0)).unwrap();
    assert!(b.continuation && b.total == playing.best);
    // The last event of a segment has no continuation.
    assert_eq!(index.select(&[0.7], Some(1)).unwrap().candidates[0].id, 2);
}

#[test]
fn breakdown_adds_up_to_the_score_the_selection_uses() {
    let s = schema(
        vec![
            feature("a", Similarity::Abs, 1.5, 2.0),
            feature("b", Similarity::Squared, 0.5, 0.5),
            feature("c", Similarity::Category { mismatch: 3.0 }, 1.0, 1.0),
            feature("d", Similarity::Curve { points: vec![(0.0, 0.0), (1.0, 2.0), (2.0, 2.5)] }, 0.7, 1.0),
        ],
        0.4,
        0.5,
        0.2,
    );
    let events = (0..6).map(|i| event(i, i / 2, i / 2, (i % 2) as u32, "Light")).collect();
    let values: Vec<f64> = (0..24).map(|k| f64::from((k * 7 % 5) as u8) * 0.3).map(f64::round).collect();
    let bank = Bank::from_parts(vec!["a".into(), "b".into(), "c".into(), "d".into()], events, values).unwrap();
    let index = Index::build(&s, &bank).unwrap();
    let state = [0.4, 1.0, 1.0, 0.2];
    let sel = index.select(&state, Some(0)).unwrap();
    for c in &sel.candidates {
        let b = index.breakdown(&state, c.event, Some(0)).unwrap();
        assert_eq!(b.total, c.score);
        assert_eq!(b.terms.len(), 4);
        for t in &b.terms {
            assert_eq!(t.contribution, t.weight * t.similarity);
        }
    }
}

#[test]
fn the_pick_is_seeded_and_uniform_among_candidates() {
    let s = schema(vec![feature("x", Similarity::Abs, 1.0, 1.0)], 0.0, 0.10, 0.0);
    let bank = bank_x(&[(1, 0, 0, 1.0), (1, 1, 0, 1.05), (1, 2, 0, 0.95), (1, 3, 0, 5.0)]);
    let sel = Index::build(&s, &bank).unwrap().select(&[2.5], None).unwrap();
    assert_eq!(sel.candidates.len(), 3);
    let draw = |seed| {
        let mut rng = Rng::seeded(seed);
        (0..3000).map(|_| sel.choose(&mut rng).id).collect::<Vec<_>>()
    };
    assert_eq!(draw(9), draw(9));
    assert_ne!(draw(9), draw(10));
    let picks = draw(9);
    for id in [0, 1, 2] {
        let n = picks.iter().filter(|&&p| p == id).count();
        assert!((850..1150).contains(&n), "event {id} picked {n} times of 3000");
    }
}

#[test]
fn a_schema_feature_the_bank_lacks_is_refused_with_a_suggestion() {
    let s = schema(vec![feature("distanse", Similarity::Abs, 1.0, 1.0)], 0.0, 0.1, 0.0);
    let bank = Bank::from_parts(vec!["distance".into()], vec![event(0, 1, 0, 0, "Idle")], vec![1.0]).unwrap();
    let err = Index::build(&s, &bank).unwrap_err();
    assert!(err.message.contains("did you mean `distance`"), "{}", err.message);
    let cat = schema(vec![feature("distance", Similarity::Category { mismatch: 1.0 }, 1.0, 1.0)], 0.0, 0.1, 0.0);
    let bank = Bank::from_parts(vec!["distance".into()], vec![event(0, 1, 0, 0, "Idle")], vec![1.5]).unwrap();
    let err = Index::build(&cat, &bank).unwrap_err();
    assert!(err.message.contains("integer codes"), "{}", err.message);
}

#[test]
fn an_empty_bank_has_no_selection() {
    let s = schema(vec![feature("x", Similarity::Abs, 1.0, 1.0)], 0.0, 0.1, 0.0);
    let bank = Bank::from_parts(vec!["x".into()], Vec::new(), Vec::new()).unwrap();
    assert!(Index::build(&s, &bank).unwrap().select(&[0.0], None).is_none());
    assert!(select_naive(&s, &bank, &[0.0], None).unwrap().is_none());
}

/// The example project's zoner bank, the arena schema and the `far` state.
fn example() -> (Schema, Bank, Vec<f64>) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../projects/example/shadow");
    let bank = Bank::load(std::path::Path::new(&format!("{root}/zoner.bank.ron"))).unwrap();
    let text = std::fs::read_to_string(format!("{root}/far.state.ron")).unwrap();
    let state = creature_shadow::bank::StateMap::parse("far.state.ron", &text).unwrap();
    let schema = Schema::arena();
    let state = creature_shadow::select::state_vector(&schema, &state).unwrap();
    (schema, bank, state)
}

/// Naive and fast selection agree bit for bit, give a finite best and at least one
/// candidate, every score is finite, and the seeded pick has something to pick.
fn finite_and_agreeing(schema: &Schema, bank: &Bank, state: &[f64], playing: Option<usize>) -> Vec<f64> {
    let naive = select_naive(schema, bank, state, playing).unwrap().expect("a non-empty bank answers");
    let index = Index::build(schema, bank).unwrap();
    let fast = index.select(state, playing).expect("a non-empty bank answers");
    assert!(naive.best.is_finite(), "best {}", naive.best);
    assert!(!naive.candidates.is_empty());
    assert!(naive.candidates.iter().all(|c| c.score.is_finite()));
    assert_eq!(naive.best.to_bits(), fast.best.to_bits());
    assert_eq!(naive.candidates, fast.candidates);
    let chosen = fast.choose(&mut Rng::seeded(3));
    assert!(fast.candidates.contains(&chosen));
    (0..bank.len())
        .map(|e| {
            let b = index.breakdown(state, e, playing).unwrap();
            assert!(b.total.is_finite() && b.terms.iter().all(|t| t.contribution.is_finite()), "{b:?}");
            b.total
        })
        .collect()
}

#[test]
fn a_feature_weighted_0_adds_nothing_even_where_its_similarity_is_infinite() {
    let (mut schema, bank, state) = example();
    let plain = finite_and_agreeing(&schema, &bank, &state, Some(0));
    // A scale of 1e-320 makes every difference of `timer` an infinite similarity.
    let t = schema.position("timer").unwrap();
    schema.features[t].scale = 1e-320;
    schema.features[t].similarity = Similarity::Squared;
    let off = finite_and_agreeing(
        &Schema {
            features: schema
                .features
                .iter()
                .map(|f| Feature { weight: if f.name == "timer" { 0.0 } else { f.weight }, ..f.clone() })
                .collect(),
            ..schema.clone()
        },
        &bank,
        &state,
        Some(0),
    );
    // Turning `timer` off scores as if it were not in the schema.
    let mut without = schema.clone();
    without.features.remove(t);
    let without_state: Vec<f64> = state.iter().enumerate().filter(|&(k, _)| k != t).map(|(_, &v)| v).collect();
    let expected = finite_and_agreeing(&without, &bank, &without_state, Some(0));
    assert_eq!(off, expected);
    assert_ne!(plain, off);
    // Weighted, the infinite similarity saturates instead of breaking the selection.
    finite_and_agreeing(&schema, &bank, &state, Some(0));
}

#[test]
fn every_weight_at_1e308_or_a_scale_of_1e_320_still_has_a_finite_best() {
    let (schema, bank, state) = example();
    let huge = Schema {
        features: schema.features.iter().map(|f| Feature { weight: 1e308, ..f.clone() }).collect(),
        ..schema.clone()
    };
    huge.check().unwrap();
    finite_and_agreeing(&huge, &bank, &state, None);
    let tiny = Schema {
        features: schema.features.iter().map(|f| Feature { scale: 1e-320, ..f.clone() }).collect(),
        ..schema.clone()
    };
    tiny.check().unwrap();
    finite_and_agreeing(&tiny, &bank, &state, Some(1));
    let extreme = Schema { bias: -f64::MAX, recency_weight: -f64::MAX, neighbourhood: 5.0, ..huge };
    extreme.check().unwrap();
    finite_and_agreeing(&extreme, &bank, &state, Some(1));
}

#[test]
fn an_empty_selection_offers_no_pick_instead_of_panicking() {
    let empty = creature_shadow::select::Selection { best: 0.0, candidates: Vec::new() };
    let mut rng = Rng::seeded(1);
    assert_eq!(empty.try_choose(&mut rng), None);
    assert_eq!(rng, Rng::seeded(1), "nothing was drawn");
}

fn similarity() -> impl Strategy<Value = Similarity> {
    prop_oneof![
        Just(Similarity::Abs),
        Just(Similarity::Squared),
        (0.0..4.0f64).prop_map(|m| Similarity::Category { mismatch: m }),
        prop::collection::vec((0.0..3.0f64, 0.0..3.0f64), 1..5).prop_map(|mut pts| {
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            pts.dedup_by(|a, b| a.0 == b.0);
            Similarity::Curve { points: pts }
        }),
    ]
}

/// Values from a small grid (many exact ties and zero distances), anywhere, or now and
/// then near ±f64::MAX (differences that overflow).
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![10 => (0..5i32).prop_map(f64::from), 10 => -3.0..3.0f64, 1 => Just(1e308), 1 => Just(-1e308)]
}

#[derive(Debug, Clone)]
struct Case {
    schema: Schema,
    bank: Bank,
    state: Vec<f64>,
    playing: Option<usize>,
}

fn case() -> impl Strategy<Value = Case> {
    let features = prop::collection::vec(
        (
            similarity(),
            // 0 turns a feature off; 1e308 makes terms saturate.
            prop_oneof![4 => Just(1.0), 4 => 0.0..3.0f64, 1 => Just(0.0), 1 => Just(1e308)],
            // 1e-320 makes every difference an infinite similarity.
            prop_oneof![4 => Just(1.0), 4 => 0.1..4.0f64, 1 => Just(1e-320)],
        ),
        1..6,
    );
    let knobs = (-1.0..2.0f64, prop_oneof![Just(0.0), Just(0.1), 0.0..1.5f64], prop_oneof![Just(0.0), -0.5..0.5f64]);
    (features, knobs, 0usize..600, any::<u64>())
        .prop_flat_map(|(features, (bias, nb, rw), n, seed)| {
            let f = features.len();
            (
                Just(features),
                Just((bias, nb, rw)),
                prop::collection::vec(value(), n * f),
                prop::collection::vec(value(), f),
                Just(seed),
                Just(n),
            )
        })
        .prop_map(|(features, knobs, values, state, seed, n)| build_case(features, knobs, values, state, seed, n))
}

/// A case from its drawn parts: `n` events in segments of random length, four segments
/// a match, with `values` as their states (rounded to whole codes for category features).
fn build_case(
    features: Vec<(Similarity, f64, f64)>,
    (bias, neighbourhood, recency_weight): (f64, f64, f64),
    values: Vec<f64>,
    state: Vec<f64>,
    seed: u64,
    n: usize,
) -> Case {
    let features: Vec<Feature> =
        features.into_iter().enumerate().map(|(i, (sim, w, scale))| feature(&format!("f{i}"), sim, w, scale)).collect();
    let names = features.iter().map(|f| f.name.clone()).collect();
    let mut rng = Rng::seeded(seed);
    let mut events = Vec::with_capacity(n);
    let (mut segment, mut index) = (0u64, 0u32);
    for i in 0..n {
        if rng.unit() < 0.2 {
            segment += 1;
            index = 0;
        }
        events.push(event(i as u64 * 3 + 1, segment / 4 + 1, segment, index, "Idle"));
        index += 1;
    }
    let playing = (n > 0 && rng.unit() < 0.7).then(|| rng.below(n));
    // Category features get integer values.
    let mut values = values;
    for (k, f) in features.iter().enumerate() {
        if matches!(f.similarity, Similarity::Category { .. }) {
            for row in 0..n {
                // Mostly small whole codes 0–5 (the index keeps a set of codes per
                // block for those), sometimes negative ones (it falls back to ranges).
                let v = values[row * features.len() + k].round();
                values[row * features.len() + k] = if seed.is_multiple_of(3) { v } else { v.abs() };
            }
        }
    }
    let schema = Schema { features, bias, neighbourhood, recency_weight };
    let bank = Bank::from_parts(names, events, values).unwrap();
    Case { schema, bank, state, playing }
}

/// Banks of more than one top group of the index (over 8,192 events), so that every
/// level of its bounds prunes; their values come from the seeded generator, drawn like
/// [`value`]'s.
fn large_case() -> impl Strategy<Value = Case> {
    let features = prop::collection::vec(
        (
            similarity(),
            prop_oneof![4 => Just(1.0), 4 => 0.0..3.0f64, 1 => Just(0.0)],
            prop_oneof![Just(1.0), 0.1..4.0f64],
        ),
        1..9,
    );
    let knobs = (-1.0..2.0f64, prop_oneof![Just(0.0), Just(0.1), 0.0..1.5f64], prop_oneof![Just(0.0), -0.5..0.5f64]);
    (features, knobs, 8_193usize..30_000, any::<u64>())
        .prop_flat_map(|(features, knobs, n, seed)| {
            let f = features.len();
            (Just(features), Just(knobs), prop::collection::vec(value(), f), Just(seed), Just(n))
        })
        .prop_map(|(features, knobs, state, seed, n)| {
            let mut rng = Rng::seeded(seed ^ 0xfeed);
            let values = (0..n * features.len())
                .map(|_| match rng.below(21) {
                    0..10 => rng.below(5) as f64,
                    10..20 => rng.range(-3.0, 3.0),
                    _ => {
                        if rng.unit() < 0.5 {
                            1e308
                        } else {
                            -1e308
                        }
                    }
                })
                .collect();
            build_case(features, knobs, values, state, seed, n)
        })
}

fn assert_same(c: &Case) -> Result<(), TestCaseError> {
    let naive = select_naive(&c.schema, &c.bank, &c.state, c.playing).unwrap();
    let fast = Index::build(&c.schema, &c.bank).unwrap().select(&c.state, c.playing);
    match (naive, fast) {
        (None, None) => {}
        (Some(n), Some(f)) => {
            prop_assert_eq!(n.best.to_bits(), f.best.to_bits());
            prop_assert_eq!(n.candidates.len(), f.candidates.len());
            for (a, b) in n.candidates.iter().zip(&f.candidates) {
                prop_assert_eq!((a.event, a.id, a.score.to_bits()), (b.event, b.id, b.score.to_bits()));
            }
        }
        (n, f) => prop_assert!(false, "naive {:?} fast {:?}", n, f),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The fast index prunes with bounds but must give exactly the plain definition's
    /// best score, candidate set and candidate scores (SPEC §13).
    #[test]
    fn fast_selection_equals_the_plain_definition(c in case()) {
        assert_same(&c)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The same on banks large enough for every level of the index's groups.
    #[test]
    fn fast_selection_equals_the_plain_definition_on_large_banks(c in large_case()) {
        assert_same(&c)?;
    }
}

/// A bank of more events than one top group of the index holds, with a curve feature of
/// more distinct values than two-byte codes reach (so it is scored from its values) and
/// one of a few values (so it is scored through its codes): selection and the range
/// query agree with the plain definition in every top group.
#[test]
fn curves_of_many_and_of_few_values_score_exactly_across_top_groups() {
    let curve = Similarity::Curve { points: vec![(0.0, 0.0), (0.5, 0.2), (2.0, 1.0), (9.0, 1.5)] };
    let s = schema(vec![feature("many", curve.clone(), 1.0, 1.0), feature("few", curve, 0.5, 3.0)], 0.5, 0.1, 0.0);
    let n = 70_000;
    let mut rng = Rng::seeded(11);
    let events: Vec<BankEvent> = (0..n).map(|i| event(i, i / 500 + 1, i / 50, (i % 50) as u32, "Walk")).collect();
    let values: Vec<f64> = (0..n).flat_map(|i| [i as f64 / 7.0 + rng.unit() * 1e-3, rng.below(9) as f64]).collect();
    let bank = Bank::from_parts(vec!["many".into(), "few".into()], events, values).unwrap();
    let index = Index::build(&s, &bank).unwrap();
    for k in 0..6 {
        let state = [rng.range(-10.0, 11_000.0), rng.below(12) as f64];
        let playing = (k % 2 == 0).then(|| rng.below(n as usize));
        let naive = select_naive(&s, &bank, &state, playing).unwrap().unwrap();
        let fast = index.select(&state, playing).unwrap();
        assert_eq!(naive.best.to_bits(), fast.best.to_bits(), "state {state:?}");
        let bits = |sel: &creature_shadow::select::Selection| {
            sel.candidates.iter().map(|c| (c.event, c.score.to_bits())).collect::<Vec<_>>()
        };
        assert_eq!(bits(&naive), bits(&fast), "state {state:?}");
        // Without anything playing (and no recency) a score is the plain sum of terms.
        let plain = select_naive(&s, &bank, &state, None).unwrap().unwrap();
        let limit = plain.best + 0.3;
        let score = |i: usize| {
            s.features.iter().enumerate().fold(0.0, |acc, (f, feat)| {
                add_term(acc, feat.weight, feat.similarity.eval(state[f], bank.value(i, f), feat.scale))
            })
        };
        let want: Vec<(usize, u64)> = (0..n as usize)
            .map(|i| (i, score(i)))
            .filter(|(_, v)| *v <= limit)
            .map(|(i, v)| (i, v.to_bits()))
            .collect();
        let mut got: Vec<(usize, u64)> =
            index.within(&state, limit).iter().map(|c| (c.event, c.score.to_bits())).collect();
        got.sort_unstable();
        assert!(!want.is_empty());
        assert_eq!(got, want, "state {state:?}");
    }
}

/// Values whose differences single precision cannot see, among ordinary small values:
/// exact ties and ties to within 1e-9, near 0, near −250 and near a million. On a grid
/// of 1/64, finer than single precision's near a million, values a few 1e-9 apart
/// round to different single-precision numbers, so their rounded difference is far
/// larger than the exact one.
fn fine_value() -> impl Strategy<Value = f64> {
    let near_tie = (0..3i32, 0..8i32, -3..4i32, prop_oneof![Just(0.0), Just(-250.0), Just(1e6)])
        .prop_map(|(a, j, k, base)| base + f64::from(a) + f64::from(j) / 64.0 + f64::from(k) * 1e-9);
    prop_oneof![4 => (0..5i32).prop_map(f64::from), 4 => -3.0..3.0f64, 4 => near_tie, 1 => -1e4..1e4f64]
}

/// Banks of finite, moderate values (so the index's single-precision bound is used for
/// every feature), scores that tie or nearly tie with the candidate threshold, weights
/// up to 1000 and scales down to 0.001.
fn fine_case() -> impl Strategy<Value = Case> {
    let features = prop::collection::vec(
        (
            similarity(),
            prop_oneof![4 => Just(1.0), 4 => 0.0..3.0f64, 1 => 100.0..1000.0f64],
            prop_oneof![4 => Just(1.0), 4 => 0.1..4.0f64, 1 => 0.001..0.01f64],
        ),
        1..9,
    );
    let knobs = (-1.0..2.0f64, prop_oneof![Just(0.0), Just(0.1), 0.0..1.5f64], prop_oneof![Just(0.0), -0.5..0.5f64]);
    (features, knobs, 0usize..2500, any::<u64>())
        .prop_flat_map(|(features, knobs, n, seed)| {
            let f = features.len();
            (
                Just(features),
                Just(knobs),
                prop::collection::vec(fine_value(), n * f),
                prop::collection::vec(fine_value(), f),
                Just(seed),
                Just(n),
            )
        })
        .prop_map(|(features, knobs, values, state, seed, n)| build_case(features, knobs, values, state, seed, n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The index gives up events on a single-precision lower bound of their scores; the
    /// bound must never give up a candidate or the best, even where single precision
    /// cannot tell two values apart.
    #[test]
    fn the_single_precision_bound_never_gives_up_a_candidate(c in fine_case()) {
        assert_same(&c)?;
    }
}

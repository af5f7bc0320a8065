//! Property tests of the learning rules (SPEC §5, §8, §9).

use std::collections::BTreeMap;

use creature_core::mind::hand::{Hand, HandRules, Slap};
use creature_core::mind::tree::{Example, build, entropy, gain};
use creature_core::mind::usefulness::UsefulnessCurve;
use proptest::prelude::*;

fn attributes() -> Vec<String> {
    ["allegiance", "alive", "kind", "tribe"].map(String::from).to_vec()
}

/// Examples over a few attributes with few values each, so that splits and clashes happen.
fn examples() -> impl Strategy<Value = Vec<Example>> {
    let answer = prop::option::of(0u8..3);
    let row = (prop::collection::vec(answer, 4), -10i32..=10, any::<bool>());
    prop::collection::vec(row, 0..=24).prop_map(|rows| {
        let attrs = attributes();
        rows.into_iter()
            .map(|(answers, tenths, fine)| {
                let answers: BTreeMap<String, String> =
                    attrs.iter().zip(answers).filter_map(|(a, v)| v.map(|v| (a.clone(), format!("v{v}")))).collect();
                // Either exact tenths or any value in between.
                let feedback = if fine { f64::from(tenths) / 10.0 } else { f64::from(tenths) / 10.3 };
                Example { answers, feedback }
            })
            .collect()
    })
}

#[derive(Debug, Clone, Copy)]
enum Touch {
    Stroke,
    Gentle,
    Hard,
}

proptest! {
    #[test]
    fn the_hand_total_stays_in_range(touches in prop::collection::vec(prop_oneof![Just(Touch::Stroke), Just(Touch::Gentle), Just(Touch::Hard)], 0..60)) {
        let rules = HandRules::default();
        let mut hand = Hand::default();
        hand.hold();
        for t in touches {
            match t {
                Touch::Stroke => { hand.stroke(&rules); }
                Touch::Gentle => { hand.slap(&rules, Slap::Gentle); }
                Touch::Hard => { hand.slap(&rules, Slap::Hard); }
            }
            prop_assert!((-1.0..=1.0).contains(&hand.total));
        }
        if let Some(l) = hand.release(&rules).lesson {
            prop_assert!((0.5..=1.0).contains(&l.abs()));
        }
    }

    #[test]
    fn the_object_score_is_monotone_and_bounded(a in -1.5f64..1.5, b in -1.5f64..1.5) {
        let c = UsefulnessCurve::default();
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(c.usefulness(Some(lo)) <= c.usefulness(Some(hi)));
        for v in [a, b] {
            let s = c.usefulness(Some(v));
            prop_assert!((0.0..=0.125).contains(&s), "{v} → {s}");
        }
    }

    #[test]
    fn every_example_ends_in_the_leaf_that_holds_it(examples in examples()) {
        let tree = build(&attributes(), &examples);
        prop_assert_eq!(tree.is_empty(), examples.is_empty());
        for (i, e) in examples.iter().enumerate() {
            let at = tree.reach(&e.answers).unwrap();
            let node = &tree.nodes[at];
            prop_assert!(node.is_leaf(), "example {} stopped at a question", i);
            prop_assert!(tree.examples(at).contains(&i));
        }
        // Leaves partition the examples, and each verdict is its examples' mean.
        let mut seen: Vec<usize> =
            (0..tree.nodes.len()).filter(|&n| tree.nodes[n].is_leaf()).flat_map(|n| tree.examples(n).to_vec()).collect();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..examples.len()).collect::<Vec<_>>());
        for (at, n) in tree.nodes.iter().enumerate() {
            let mine = tree.examples(at);
            if n.is_leaf() {
                prop_assert!(mine.windows(2).all(|w| w[0] < w[1]), "a leaf's examples ascend");
            }
            let mean = mine.iter().map(|&i| examples[i].feedback).sum::<f64>() / mine.len() as f64;
            prop_assert!((n.verdict - mean).abs() < 1e-12);
            // Children split their parent's examples.
            let mut children: Vec<usize> = n.branches.iter().flat_map(|&(_, c)| tree.examples(c).to_vec()).collect();
            children.sort_unstable();
            if !n.is_leaf() {
                let mut all = mine.to_vec();
                all.sort_unstable();
                prop_assert_eq!(children, all);
            }
        }
    }

    #[test]
    fn each_question_has_the_best_gain_and_each_leaf_a_reason(examples in examples()) {
        // The builder's counting shortcuts agree with the textbook formulas of SPEC §8.
        let attrs = attributes();
        let tree = build(&attrs, &examples);
        for (at, node) in tree.nodes.iter().enumerate() {
            let mine = tree.examples(at);
            let feedbacks: Vec<f64> = mine.iter().map(|&i| examples[i].feedback).collect();
            let gains: Vec<Option<f64>> = attrs
                .iter()
                .map(|a| {
                    let mut groups: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
                    for &i in mine {
                        groups.entry(examples[i].answer(a)).or_default().push(examples[i].feedback);
                    }
                    (groups.len() > 1).then(|| gain(&groups.into_values().collect::<Vec<_>>()))
                })
                .collect();
            let best = gains.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
            match &node.question {
                Some(q) => {
                    let k = attrs.iter().position(|a| a == q).unwrap();
                    prop_assert!(entropy(&feedbacks) >= 0.01);
                    prop_assert!(gains[k].unwrap() >= best - 1e-9, "asked {} with {:?}", q, gains);
                    // No earlier attribute was clearly as good (ties go to the earlier one).
                    for g in gains[..k].iter().flatten() {
                        prop_assert!(*g < gains[k].unwrap() + 1e-9);
                    }
                }
                None => prop_assert!(entropy(&feedbacks) < 0.01 || best <= 1e-9, "leaf {} could split: {:?}", at, gains),
            }
        }
    }

    #[test]
    fn entropy_matches_its_definition(fs in prop::collection::vec(-1.0f64..=1.0, 1..20)) {
        let n = fs.len() as f64;
        let h = |counts: &BTreeMap<i64, usize>| -> f64 {
            counts.values().map(|&c| { let p = c as f64 / n; -p * p.log2() }).sum()
        };
        let mut sign = BTreeMap::new();
        let mut class = BTreeMap::new();
        for &f in &fs {
            *sign.entry(i64::from(f > 0.0)).or_insert(0) += 1;
            *class.entry((10.0 * f + 0.5).floor() as i64).or_insert(0) += 1;
        }
        prop_assert!((entropy(&fs) - (2.0 * h(&sign) + h(&class)) / 3.0).abs() < 1e-9);
    }

    #[test]
    fn entropy_is_never_negative_and_zero_when_pure(fs in prop::collection::vec(-1.0f64..=1.0, 0..20), f in -1.0f64..=1.0, n in 1usize..20) {
        prop_assert!(entropy(&fs) >= 0.0);
        prop_assert_eq!(entropy(&vec![f; n]), 0.0);
    }

    #[test]
    fn a_two_way_question_is_never_penalised(a in prop::collection::vec(-1.0f64..=1.0, 1..10), b in prop::collection::vec(-1.0f64..=1.0, 1..10)) {
        // With two groups SplitInfo ≤ 1, so the gain ratio is the plain information gain.
        let all: Vec<f64> = a.iter().chain(&b).copied().collect();
        let n = all.len() as f64;
        let plain = entropy(&all) - a.len() as f64 / n * entropy(&a) - b.len() as f64 / n * entropy(&b);
        prop_assert!((gain(&[a, b]) - plain).abs() < 1e-12);
    }
}

//! Sequence continuation (SPEC §13): the event that directly follows the one playing
//! gets `bias` off its score, so a shadow keeps playing a segment until the world moves
//! by more than the bias; with bias 0 it jumps to whichever segment is best.

use creature_shadow::bank::{Bank, BankEvent, Matchup};
use creature_shadow::bots::{Bot, Style};
use creature_shadow::fight::{Bout, Controller, ShadowPlayer};
use creature_shadow::schema::{Feature, FeatureKind, Schema, Similarity};
use creature_shadow::select::Index;

/// Three recorded segments of one feature `x`: A at 0.0, 0.1, …; B at 0.05, 0.15, …
/// (the same path, a little ahead); C far away at 5.0, 5.1, ….
fn bank() -> Bank {
    let mut events = Vec::new();
    let mut values = Vec::new();
    for (segment, start) in [(0u64, 0.0), (1, 0.05), (2, 5.0)] {
        for i in 0..30u32 {
            events.push(BankEvent {
                id: events.len() as u64,
                matchup: Matchup::new("Jago", "Jago"),
                match_id: 1,
                segment,
                index: i,
                frame: i * 6,
                action: "Idle".into(),
                reaction: None,
                recorded_at: None,
                provenance: None,
            });
            values.push(start + 0.1 * f64::from(i));
        }
    }
    Bank::from_parts(vec!["x".into()], events, values).unwrap()
}

fn schema(bias: f64) -> Schema {
    let x =
        Feature { name: "x".into(), kind: FeatureKind::Number, similarity: Similarity::Abs, weight: 1.0, scale: 1.0 };
    // A neighbourhood of 0 makes every choice the single best event, so the test sees
    // the bias alone at work.
    Schema { features: vec![x], bias, neighbourhood: 0.0, recency_weight: 0.0 }
}

/// The present state wobbles along the recorded path (nearest to A, then to B, then A…)
/// and then jumps far away to C's region.
fn states() -> Vec<f64> {
    let mut s: Vec<f64> = (0..16).map(|t| 0.1 * f64::from(t) + if t % 2 == 0 { 0.01 } else { 0.04 }).collect();
    s.extend((0..5).map(|t| 5.3 + 0.1 * f64::from(t)));
    s
}

/// Plays the states; returns (chosen segment, whether it continued the one playing,
/// best raw score of any event, raw score of the continuation) per step.
fn play(bias: f64) -> Vec<(u64, bool, f64, Option<f64>)> {
    let bank = bank();
    let index = Index::build(&schema(bias), &bank).unwrap();
    let mut playing: Option<usize> = None;
    let mut out = Vec::new();
    for s in states() {
        let raw = |e: usize| (s - bank.state(e)[0]).abs();
        let best_raw = (0..bank.len()).map(raw).fold(f64::INFINITY, f64::min);
        let next = playing.and_then(|p| index.continuation(p));
        let sel = index.select(&[s], playing).unwrap();
        assert_eq!(sel.candidates.len(), 1);
        let chosen = sel.candidates[0].event;
        out.push((bank.event(chosen).segment, next == Some(chosen), best_raw, next.map(raw)));
        playing = Some(chosen);
    }
    out
}

#[test]
fn with_bias_zero_the_shadow_jumps_to_whichever_segment_is_best() {
    let steps = play(0.0);
    let segments: Vec<u64> = steps.iter().map(|s| s.0).collect();
    // A, B, A, B, … while wobbling, then C.
    let expected: Vec<u64> = (0..16).map(|t| t % 2).chain([2; 5]).collect();
    assert_eq!(segments, expected);
    let switches = segments.windows(2).filter(|w| w[0] != w[1]).count();
    assert_eq!(switches, 16, "a switch every time the best changes");
}

#[test]
fn with_the_default_bias_the_shadow_keeps_its_segment_until_the_world_moves_more_than_the_bias() {
    let bias = creature_shadow::schema::DEFAULT_BIAS;
    let steps = play(bias);
    for (k, &(_, continued, best_raw, next_raw)) in steps.iter().enumerate().skip(1) {
        let next_raw = next_raw.expect("every segment here is long enough");
        // The rule: the continuation wins exactly while it is within the bias of the
        // best event.
        assert_eq!(continued, next_raw - bias <= best_raw, "step {k}: continuation {next_raw} best {best_raw}");
    }
    let segments: Vec<u64> = steps.iter().map(|s| s.0).collect();
    assert!(segments[..16].iter().all(|&s| s == segments[0]), "one segment while wobbling: {segments:?}");
    assert!(segments[16..].iter().all(|&s| s == 2), "then C, once the state moved by more than the bias");
    assert_eq!(segments.windows(2).filter(|w| w[0] != w[1]).count(), 1);
}

/// The share of a shadow's decisions that continue the segment it played.
fn continued_share(bias: f64) -> f64 {
    let mut bank = Bank::default();
    for m in 0..4 {
        let mut b = Bout::new(
            [
                Controller::Bot(Bot::new(Style::Rushdown, 10 + m)),
                Controller::Bot(Bot::new(Style::ALL[m as usize % 3], 20 + m)),
            ],
            ["Jago", "Jago"],
        );
        b.record(0);
        b.run();
        bank.keep(&b.take_recording(0).unwrap(), None).unwrap();
    }
    let mut schema = Schema::arena();
    schema.bias = bias;
    let (mut continued, mut all) = (0, 0);
    for m in 0..3 {
        let shadow = ShadowPlayer::new(&schema, &bank, 100 + m).unwrap();
        let mut b = Bout::new(
            [Controller::Shadow(Box::new(shadow)), Controller::Bot(Bot::new(Style::ALL[m as usize], 30 + m))],
            ["Jago", "Jago"],
        );
        b.run();
        for p in b.decisions.iter().filter_map(|d| d.pick) {
            all += 1;
            continued += usize::from(p.continued);
        }
    }
    continued as f64 / all as f64
}

#[test]
fn in_the_arena_the_bias_keeps_a_shadow_on_its_segments() {
    let (none, default) = (continued_share(0.0), continued_share(creature_shadow::schema::DEFAULT_BIAS));
    // Without a bias a segment continues only where its next event happens to be the
    // best anyway; the bias makes that markedly more common.
    assert!(default > 1.5 * none && default - none > 0.1, "bias 0: {none:.2}, default: {default:.2}");
}

#[test]
fn a_live_shadow_shows_the_breakdown_of_its_last_decision() {
    let mut b = Bout::new(
        [Controller::Bot(Bot::new(Style::Zoner, 1)), Controller::Bot(Bot::new(Style::Turtle, 2))],
        ["Jago", "Jago"],
    );
    b.record(0);
    b.run();
    let mut bank = Bank::default();
    bank.keep(&b.take_recording(0).unwrap(), None).unwrap();
    let schema = Schema::arena();
    let shadow = ShadowPlayer::new(&schema, &bank, 5).unwrap();
    let mut bout = Bout::new(
        [Controller::Shadow(Box::new(shadow)), Controller::Bot(Bot::new(Style::Rushdown, 6))],
        ["Jago", "Jago"],
    );
    let mut checked = 0;
    while !bout.arena.is_over() && checked < 50 {
        let before = bout.decisions.len();
        bout.step();
        let Some(pick) = bout.decisions[before..].iter().find_map(|d| d.pick) else { continue };
        let Controller::Shadow(shadow) = &bout.controllers[0] else { unreachable!() };
        let last = shadow.last().expect("a decision was taken");
        let chosen = last.selection.candidates.iter().find(|c| c.event == pick.event).expect("the pick is a candidate");
        let b = shadow.inspect(pick.event).unwrap();
        assert_eq!(b.total, chosen.score);
        assert_eq!(b.terms.len(), schema.features.len());
        assert_eq!(b.continuation, pick.continued);
        assert_eq!(shadow.inspect(last.selection.candidates[0].event).unwrap().total, last.selection.best);
        assert_eq!(
            shadow.action_of(pick.event).map(creature_shadow::arena::Action::name),
            Some(bank.event(pick.event).action)
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} decisions checked");
}

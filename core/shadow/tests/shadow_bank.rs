//! Banks (SPEC §13): additive recording with keep or discard, merging with provenance,
//! deleting matches and segments, matchup banks with a fallback, and the stats the
//! editor shows (events, segments, matches, actions, reaction times).

use std::collections::BTreeSet;

use creature_shadow::arena::{Action, REACTION_WINDOW};
use creature_shadow::bank::{Bank, BankSet, Matchup, PendingMatch, merge};
use creature_shadow::bots::{Bot, Style};
use creature_shadow::fight::{Bout, Controller};

fn bout(a: Style, b: Style, seed: u64, characters: [&str; 2]) -> Bout {
    Bout::new([Controller::Bot(Bot::new(a, seed)), Controller::Bot(Bot::new(b, seed + 1))], characters)
}

/// A recorded match of `style` against `vs`.
fn recorded(style: Style, vs: Style, seed: u64) -> PendingMatch {
    let mut b = bout(style, vs, seed, ["Jago", "Orchid"]);
    b.record(0);
    b.run();
    b.take_recording(0).expect("side 0 was recorded")
}

#[test]
fn keeping_adds_a_match_and_discarding_leaves_the_bank_alone() {
    let mut bank = Bank::default();
    let first = recorded(Style::Zoner, Style::Turtle, 1);
    assert_eq!(bank.keep(&first, Some(10)), Ok(1));
    let before = bank.clone();
    let discarded = recorded(Style::Zoner, Style::Rushdown, 2);
    drop(discarded);
    assert_eq!(bank, before);
    let second = recorded(Style::Zoner, Style::Rushdown, 3);
    assert_eq!(bank.keep(&second, Some(20)), Ok(2));
    assert_eq!(bank.len(), first.events.len() + second.events.len());
    bank.check().unwrap();
    // The first match's events are untouched; the second's got fresh ids and segments.
    assert!(bank.iter().take(first.events.len()).eq(before.iter()));
    let ids: BTreeSet<u64> = bank.events().iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), bank.len());
    let segs1: BTreeSet<u64> = bank.events().iter().filter(|e| e.match_id == 1).map(|e| e.segment).collect();
    let segs2: BTreeSet<u64> = bank.events().iter().filter(|e| e.match_id == 2).map(|e| e.segment).collect();
    assert!(segs1.is_disjoint(&segs2));
    assert!(bank.events().iter().all(|e| *e.matchup == Matchup::new("Jago", "Orchid")));
}

#[test]
fn a_recording_breaks_segments_at_knock_downs_and_counts_indices_from_zero() {
    let p = recorded(Style::Rushdown, Style::Turtle, 5);
    assert!(p.events.len() > 50);
    let segments: BTreeSet<u64> = p.events.iter().map(|e| e.segment).collect();
    assert!(segments.len() > 1, "a rushdown against a turtle gets knocked down, or knocks down");
    for s in segments {
        let idx: Vec<u32> = p.events.iter().filter(|e| e.segment == s).map(|e| e.index).collect();
        assert_eq!(idx, (0..idx.len() as u32).collect::<Vec<_>>());
    }
}

#[test]
fn reaction_times_run_from_the_opponents_attack_start_to_the_first_change_of_action() {
    let mut b = bout(Style::Turtle, Style::Rushdown, 9, ["Jago", "Jago"]);
    b.record(0);
    let mut attack_starts = Vec::new();
    while !b.arena.is_over() {
        let frame = b.arena.frame;
        let report = b.step();
        if report.attack_started[1] {
            attack_starts.push(frame);
        }
    }
    let p = b.take_recording(0).unwrap();
    let mut responses = 0;
    for (k, e) in p.events.iter().enumerate() {
        let Some(r) = e.reaction else { continue };
        responses += 1;
        let start = e.frame - r;
        assert!(attack_starts.contains(&start), "event at frame {} claims an attack at {start}", e.frame);
        assert!(r <= REACTION_WINDOW + 1);
        // A response is a change of action, and the first since that attack.
        let earlier: Vec<_> = p.events[..k].iter().filter(|x| x.frame > start).collect();
        let before = p.events[..k].iter().rev().find(|x| x.frame <= start).map(|x| x.action.as_str());
        assert!(earlier.iter().all(|x| Some(x.action.as_str()) == before), "not the first change");
        assert_ne!(Some(e.action.as_str()), before);
    }
    assert!(responses > 10, "only {responses} responses recorded");
    let mut bank = Bank::default();
    bank.keep(&p, None).unwrap();
    let stats = bank.stats();
    assert_eq!(stats.reaction.count(), responses);
    let median = stats.reaction.quantile(0.5).unwrap();
    assert!((5..=40).contains(&median), "median reaction {median} frames");
    let hist = stats.reaction.histogram(5);
    assert_eq!(hist.iter().map(|h| h.1).sum::<usize>(), responses);
    assert!(hist.windows(2).all(|w| w[1].0 == w[0].0 + 5));
}

#[test]
fn stats_count_events_segments_matches_and_actions() {
    let mut bank = Bank::default();
    let a = recorded(Style::Zoner, Style::Turtle, 1);
    let b = recorded(Style::Turtle, Style::Zoner, 2);
    bank.keep(&a, None).unwrap();
    bank.keep(&b, None).unwrap();
    let s = bank.stats();
    assert_eq!(s.events, a.events.len() + b.events.len());
    assert_eq!(s.matches, 2);
    let segs = |p: &PendingMatch| p.events.iter().map(|e| e.segment).collect::<BTreeSet<_>>().len();
    assert_eq!(s.segments, segs(&a) + segs(&b));
    assert_eq!(s.actions.values().sum::<usize>(), s.events);
    let projectiles = a.events.iter().chain(&b.events).filter(|e| e.action == "Projectile").count();
    assert_eq!(s.actions.get("Projectile").copied().unwrap_or(0), projectiles);
    assert!(projectiles > 0);
    assert_eq!(s.matchups.get("Jago vs Orchid"), Some(&s.events));
}

#[test]
fn merging_keeps_every_event_with_its_provenance() {
    let mut alice = Bank::default();
    alice.keep(&recorded(Style::Zoner, Style::Turtle, 1), Some(300)).unwrap();
    alice.keep(&recorded(Style::Zoner, Style::Rushdown, 2), Some(100)).unwrap();
    let mut bob = Bank::default();
    bob.keep(&recorded(Style::Rushdown, Style::Turtle, 3), Some(200)).unwrap();
    let merged = merge(&[("alice", &alice), ("bob", &bob)]).unwrap();
    merged.check().unwrap();
    assert_eq!(merged.len(), alice.len() + bob.len());
    assert_eq!(merged.stats().matches, 3);
    // Matches are renumbered by recording time: alice's match 2 (t=100), bob's (200),
    // alice's match 1 (300); recency follows.
    let origin = |m: u64| {
        let e = merged.events().iter().find(|e| e.match_id == m).unwrap();
        let p = e.provenance.as_ref().unwrap();
        (p.bank.clone(), p.match_id)
    };
    assert_eq!(origin(1), ("alice".to_owned(), 2));
    assert_eq!(origin(2), ("bob".to_owned(), 1));
    assert_eq!(origin(3), ("alice".to_owned(), 1));
    // Every event can be traced back to the same state and action in its source.
    for (i, e) in merged.events().iter().enumerate() {
        let p = e.provenance.as_ref().unwrap();
        let src = if p.bank == "alice" { &alice } else { &bob };
        let j = src.find(p.segment, e.index).expect("the source event exists");
        assert_eq!(src.event(j).match_id, p.match_id);
        assert_eq!(src.event(j).action, e.action);
        assert_eq!(src.state(j), merged.state(i));
    }
    // Merging a merged bank keeps the first provenance.
    let again = merge(&[("frank", &merged)]).unwrap();
    assert!(again.events().iter().all(|e| e.provenance.as_ref().unwrap().bank != "frank"));
}

#[test]
fn banks_with_different_features_do_not_merge() {
    let a = Bank::parse_ron("a.ron", r#"(events: [(id: 0, matchup: ("A", "B"), match_id: 1, segment: 0, index: 0, frame: 0, state: {"x": 1.0}, action: "Idle")])"#).unwrap();
    let b = Bank::parse_ron("b.ron", r#"(events: [(id: 0, matchup: ("A", "B"), match_id: 1, segment: 0, index: 0, frame: 0, state: {"y": 1.0}, action: "Idle")])"#).unwrap();
    assert!(merge(&[("a", &a), ("b", &b)]).unwrap_err().contains("same features"));
}

#[test]
fn deleting_a_match_or_a_segment_removes_exactly_its_events() {
    let mut bank = Bank::default();
    bank.keep(&recorded(Style::Rushdown, Style::Zoner, 1), None).unwrap();
    bank.keep(&recorded(Style::Rushdown, Style::Turtle, 2), None).unwrap();
    let n = bank.len();
    let in_match_1 = bank.events().iter().filter(|e| e.match_id == 1).count();
    let seg = bank.events().iter().find(|e| e.match_id == 2).unwrap().segment;
    let in_seg = bank.events().iter().filter(|e| e.segment == seg).count();
    let kept_state = bank.state(n - 1).to_vec();
    let kept_id = bank.event(n - 1).id;
    assert_eq!(bank.delete_match(1), in_match_1);
    assert_eq!(bank.delete_segment(seg), in_seg);
    assert_eq!(bank.len(), n - in_match_1 - in_seg);
    assert!(bank.events().iter().all(|e| e.match_id == 2 && e.segment != seg));
    let last = bank.position_of(kept_id).unwrap();
    assert_eq!(bank.state(last), kept_state.as_slice());
    assert_eq!(bank.delete_match(99), 0);
    bank.check().unwrap();
}

#[test]
fn each_matchup_plays_its_own_bank_and_unseen_ones_the_fallback() {
    let mut jago_orchid = bout(Style::Zoner, Style::Turtle, 1, ["Jago", "Orchid"]);
    let mut jago_jago = bout(Style::Turtle, Style::Zoner, 2, ["Jago", "Jago"]);
    let mut set = BankSet::default();
    for b in [&mut jago_orchid, &mut jago_jago] {
        b.record(0);
        b.run();
        set.keep(&b.take_recording(0).unwrap(), None).unwrap();
    }
    set.fallback = set.banks[&Matchup::new("Jago", "Jago")].clone();
    let (bank, fallback) = set.bank_for(&Matchup::new("Jago", "Orchid"));
    assert!(!fallback && bank.events().iter().all(|e| e.matchup.opponent() == "Orchid"));
    let (bank, fallback) = set.bank_for(&Matchup::new("Jago", "Glacius"));
    assert!(fallback && bank.events().iter().all(|e| e.matchup.opponent() == "Jago"));
    let whole =
        merge(&[("a", &set.banks[&Matchup::new("Jago", "Orchid")]), ("b", &set.banks[&Matchup::new("Jago", "Jago")])])
            .unwrap();
    let from = BankSet::from_bank(&whole);
    assert_eq!(from.banks.len(), 2);
    assert_eq!(from.bank_for(&Matchup::new("Orchid", "Jago")).0.len(), whole.len());
    assert!(Action::from_name(whole.event(0).action).is_some());
}

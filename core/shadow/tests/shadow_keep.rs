//! Keeping matches (SPEC §13): each kept match gets the next match id, fresh segment
//! ids and fresh event ids — one more than the largest in the bank — however many
//! matches were kept before, after deletions too, and a refused match adds nothing.

use std::collections::BTreeSet;

use creature_shadow::bank::{Bank, EventRef, MAX_REACTION, Matchup, PendingEvent, PendingMatch, merge};

fn example(name: &str) -> Bank {
    let path = format!("{}/../../projects/example/shadow/{name}.bank.ron", env!("CARGO_MANIFEST_DIR"));
    Bank::load(std::path::Path::new(&path)).unwrap()
}

/// Match `match_id` of `bank` as a pending match, its segments counted from 0.
fn pending_from(bank: &Bank, match_id: u64) -> PendingMatch {
    let members: Vec<usize> = (0..bank.len()).filter(|&i| bank.event(i).match_id == match_id).collect();
    let first = members.iter().map(|&i| bank.event(i).segment).min().unwrap();
    let features = bank.features().to_vec();
    let events = members
        .iter()
        .map(|&i| {
            let e = &bank.event(i);
            PendingEvent {
                segment: e.segment - first,
                index: e.index,
                frame: e.frame,
                state: bank.state(i).to_vec(),
                action: e.action.to_owned(),
                reaction: e.reaction,
                provenance: None,
            }
        })
        .collect();
    PendingMatch { matchup: bank.event(members[0]).matchup.clone(), features, events }
}

/// Keeps `pending` and checks the new events' ids against the definition: one more
/// than the largest match, segment and event id in the bank before (1, 0, 0 when it
/// was empty), the events before untouched.
fn keep_and_check(bank: &mut Bank, pending: &PendingMatch, at: u64) -> u64 {
    let before = bank.clone();
    let max = |f: fn(&EventRef) -> u64| before.events().iter().map(|e| f(&e)).max();
    let want_match = max(|e| e.match_id).map_or(1, |m| m + 1);
    let first_segment = max(|e| e.segment).map_or(0, |s| s + 1);
    let first_id = max(|e| e.id).map_or(0, |i| i + 1);
    let got = bank.keep(pending, Some(at)).unwrap();
    assert_eq!(got, want_match);
    assert!(bank.iter().take(before.len()).eq(before.iter()), "keeping changed the events before");
    assert_eq!(bank.len() - before.len(), pending.events.len());
    for (k, (e, p)) in bank.iter().skip(before.len()).zip(&pending.events).enumerate() {
        assert_eq!((e.id, e.match_id, e.segment), (first_id + k as u64, want_match, first_segment + p.segment));
        assert_eq!(
            (e.index, e.frame, e.action, e.recorded_at, e.provenance),
            (p.index, p.frame, p.action.as_str(), Some(at), None)
        );
    }
    bank.check().unwrap();
    got
}

#[test]
fn kept_matches_get_the_ids_after_the_largest_in_the_bank() {
    let (zoner, turtle) = (example("zoner"), example("turtle"));
    // A merged bank: every event carries its provenance.
    let mut bank = merge(&[("zoner", &zoner), ("turtle", &turtle)]).unwrap();
    let provenance: Vec<_> = bank.events().iter().map(|e| e.provenance.cloned()).collect();
    assert!(provenance.iter().all(Option::is_some));
    let matches: Vec<u64> = zoner.events().iter().map(|e| e.match_id).collect::<BTreeSet<_>>().into_iter().collect();
    let a = pending_from(&zoner, matches[0]);
    let b = pending_from(&zoner, matches[1]);
    let first = keep_and_check(&mut bank, &a, 100);
    let second = keep_and_check(&mut bank, &b, 200);
    assert_eq!(second, first + 1);
    // Deleting the newest match frees its ids for the next one, as before.
    assert_eq!(bank.delete_match(second), b.events.len());
    assert_eq!(keep_and_check(&mut bank, &a, 300), second);
    // Deleting an older match changes nothing about the next ids.
    bank.delete_match(1);
    keep_and_check(&mut bank, &b, 400);
    keep_and_check(&mut bank, &PendingMatch { events: Vec::new(), ..a.clone() }, 500);
    keep_and_check(&mut bank, &a, 600);
    // Provenance of the merged events is kept; segment and event ids stay unique.
    // (The merged bank numbered its events 0, 1, 2, …; kept events come after them.)
    for e in bank.events() {
        match provenance.get(e.id as usize) {
            Some(p) => assert_eq!(e.provenance, p.as_ref(), "event {}", e.id),
            None => assert_eq!(e.provenance, None, "event {}", e.id),
        }
    }
    let segments: BTreeSet<(u64, u64)> = bank.events().iter().map(|e| (e.segment, e.match_id)).collect();
    let segment_ids: BTreeSet<u64> = segments.iter().map(|s| s.0).collect();
    assert_eq!(segments.len(), segment_ids.len(), "a segment id belongs to one match");
    let ids: BTreeSet<u64> = bank.events().iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), bank.len());
    // A clone, a reload and the original keep the next match identically.
    let mut reloaded = Bank::parse_ron("again.ron", &bank.to_ron()).unwrap();
    let mut cloned = bank.clone();
    keep_and_check(&mut bank, &b, 700);
    keep_and_check(&mut reloaded, &b, 700);
    keep_and_check(&mut cloned, &b, 700);
    assert!(bank == reloaded, "the reloaded bank kept the match differently");
    assert!(bank == cloned, "the cloned bank kept the match differently");
}

#[test]
fn twenty_thousand_single_event_matches_are_kept_one_by_one() {
    let one = |k: u64| PendingMatch {
        matchup: Matchup::new("Jago", "Orchid"),
        features: vec!["x".into()],
        events: vec![PendingEvent {
            segment: 0,
            index: 0,
            frame: 0,
            state: vec![k as f64],
            action: "Walk".into(),
            reaction: None,
            provenance: None,
        }],
    };
    let mut bank = Bank::default();
    for k in 0..20_000u64 {
        assert_eq!(bank.keep(&one(k), None), Ok(k + 1));
    }
    bank.check().unwrap();
    assert_eq!(bank.len(), 20_000);
    for (k, e) in bank.events().iter().enumerate() {
        assert_eq!((e.id, e.match_id, e.segment), (k as u64, k as u64 + 1, k as u64));
        assert_eq!(bank.state(k), [k as f64]);
    }
}

#[test]
fn a_refused_match_adds_none_of_its_events() {
    let zoner = example("zoner");
    let mut bank = zoner.clone();
    let mut pending = pending_from(&zoner, 1);
    let last = pending.events.len() - 1;
    pending.events[last].reaction = Some(MAX_REACTION + 1);
    let err = bank.keep(&pending, None).unwrap_err();
    assert!(err.contains(&format!("reaction time of {} frames", MAX_REACTION + 1)), "{err}");
    assert!(bank == zoner, "the refused match changed the bank");
    pending.events[last].reaction = Some(3);
    pending.events[last].action = String::new();
    assert!(bank.keep(&pending, None).is_err());
    assert!(bank == zoner, "the refused match changed the bank");
    pending.events[last].action = "Walk".into();
    keep_and_check(&mut bank, &pending, 1);
}

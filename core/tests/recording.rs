//! SPEC §17: recordings. A snapshot restored from bytes runs on bit for bit; seeking
//! anywhere equals the straight run; forks keep or drop the recorded future and differ
//! only from their turn; damaged files are refused, never a panic.

#[allow(dead_code)]
mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::file_writer::Policy;
use creature_core::mind::hand::Slap;
use creature_core::names::Desire;
use creature_core::recording::snapshot::{from_bytes, to_bytes, unpack};
use creature_core::recording::{
    Change, Future, MarkerKind, Recorder, Recording, Reload, Sources, diff, run_scenario_recorded,
};
use creature_core::rng::Rng;
use creature_core::scenario::{self, State};
use creature_core::species::data::Data;
use creature_core::world::sim::{Act, Sim};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

/// The example project's Daisy in its village.
fn daisy(seed: u64) -> Sim {
    support::example_sim("daisy.ron", seed)
}

/// The player's touches by turn: a lesson every minute (strokes and slaps by turns),
/// a plan commanded, the hand moved, a desire set by hand.
fn touch_at(t: u64) -> Option<Act> {
    let hand = Some;
    match t % 600 {
        0 if t > 0 => hand(Act::Hold),
        3 => hand(if t % 1200 == 3 { Act::Stroke } else { Act::Slap(Slap::Hard) }),
        6 => hand(Act::Release),
        200 => Some(Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "sheep_1".into(), target: None }),
        300 => hand(Act::Hand { x: 10.0, y: 12.0 }),
        450 => Some(Act::Desire { name: Desire::Curiosity, value: 0.9 }),
        _ => None,
    }
}

fn touch(sim: &mut Sim) {
    if let Some(a) = touch_at(sim.turns()) {
        drop(sim.apply(&a));
    }
}

/// Runs `sim` with the touches until turn `end`.
fn live_until(sim: &mut Sim, end: u64) {
    while sim.turns() < end {
        touch(sim);
        sim.step();
    }
}

/// Runs a recorder with the touches until turn `end`.
fn recorded_until(r: &mut Recorder, end: u64) {
    while r.sim().turns() < end {
        if let Some(i) = touch_at(r.sim().turns()) {
            let _ = r.act(i);
        }
        r.step();
    }
}

#[test]
fn a_snapshot_restored_from_bytes_runs_on_bit_for_bit() {
    let end = 4000;
    let mut straight = daisy(3);
    live_until(&mut straight, end);
    assert!(straight.summary().lessons >= 6, "lessons took part: {:?}", straight.summary().lessons);
    // At turn 601 the hand holds the creature; 1305 is in the middle of a plan.
    for k in [0, 601, 1305, 2999] {
        let mut first = daisy(3);
        live_until(&mut first, k);
        let bytes = to_bytes(&first);
        // Fresh data from the same texts, as a recording restores it.
        let data = Arc::new(Data::from_files(&Data::texts(None).unwrap(), "species").unwrap());
        let mut restored = from_bytes(&bytes, data).unwrap();
        assert_eq!(to_bytes(&restored), bytes, "restored at {k}: the same state");
        live_until(&mut restored, end);
        assert_eq!(State::of(&restored), State::of(&straight), "snapshot at {k}");
        assert_eq!(to_bytes(&restored), to_bytes(&straight), "snapshot at {k}: every field");
        assert_eq!(restored.rng(), straight.rng());
        for d in Desire::ALL {
            for kind in
                [creature_core::species::data::TreeKind::Activity, creature_core::species::data::TreeKind::ActOn]
            {
                assert_eq!(restored.built_tree(*d, kind), straight.built_tree(*d, kind), "{d} {kind:?} at {k}");
            }
        }
    }
}

#[test]
fn damaged_snapshot_bytes_are_refused() {
    let sim = daisy(1);
    let data = Arc::clone(sim.data());
    let bytes = to_bytes(&sim);
    assert!(from_bytes(&bytes[..bytes.len() / 2], Arc::clone(&data)).is_err());
    assert!(from_bytes(b"not a snapshot", data).is_err());
}

fn scenario_file(name: &str) -> PathBuf {
    example().join("scenarios").join(name)
}

fn recorded(name: &str) -> Recording {
    let loaded = scenario::file::load(&scenario_file(name)).unwrap();
    let (out, rec) = run_scenario_recorded(scenario::prepare(loaded).unwrap(), None).unwrap();
    assert!(out.passed, "{name} passes when recorded too");
    rec
}

#[test]
fn a_recorded_scenario_seeks_to_the_straight_runs_state() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    assert_eq!(rec.turns, 3000);
    assert!(rec.snapshots.windows(2).all(|w| w[1].turn - w[0].turn <= 100));
    assert!(rec.input_count() >= 8);
    let mut r = Recorder::open(Recording::from_bytes("mem", &rec.to_bytes()).unwrap()).unwrap();
    let mut rng = Rng::seeded(17);
    let mut seconds: Vec<f64> = (0..6).map(|_| (rng.range(0.0, 300.0) * 10.0).round() / 10.0).collect();
    // The turn of the first lesson, a snapshot's turn, both ends.
    seconds.extend([0.0, 19.4, 100.0, 300.0]);
    for t in seconds {
        let (straight, _) = scenario::run_file(&scenario_file("pit_then_wolf.scenario.ron"), Some(t)).unwrap();
        let seek = r.seek_seconds(t).unwrap();
        assert_eq!(Some(State::of(&seek)), straight.state, "at {t} s");
    }
    // Seeking backwards and forwards again gives the same bytes.
    let a = to_bytes(&r.seek(1234).unwrap());
    r.seek(2900).unwrap();
    assert_eq!(to_bytes(&r.seek(1234).unwrap()), a);
    assert!(r.seek(3001).is_err());
}

#[test]
fn the_timeline_marks_inputs_lessons_and_plans() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let marks = rec.markers();
    let lessons: Vec<_> = marks.iter().filter(|m| m.kind == MarkerKind::Lesson).collect();
    assert_eq!(lessons.len(), 2, "{marks:?}");
    assert!(lessons[0].text.contains("home_pit"), "{}", lessons[0].text);
    let slap = marks.iter().find(|m| m.text.contains("slap")).unwrap();
    assert!(slap.turn < lessons[0].turn);
    assert!(marks.iter().any(|m| m.kind == MarkerKind::Plan));
    assert!(marks.windows(2).all(|w| w[0].turn <= w[1].turn));
}

#[test]
fn the_hands_moves_are_recorded_but_not_marked() {
    let mut r = Recorder::new(daisy(5), 5, sources());
    recorded_until(&mut r, 1300);
    let moves = r.recording().changes.iter().filter(|c| matches!(c.what, Change::Input(Act::Hand { .. }))).count();
    assert_eq!(moves, 2, "the touches move the hand at turns 300 and 900");
    let marks = r.recording().markers();
    assert!(marks.iter().any(|m| m.text.contains("slap (Hard)")), "{marks:?}");
    assert!(marks.iter().any(|m| m.text.contains("plan: Hunger Eat sheep_1")), "{marks:?}");
    assert!(!marks.iter().any(|m| m.text.contains("hand moved")), "{marks:?}");
}

#[test]
fn species_data_the_running_creature_cannot_live_with_is_refused_and_not_recorded() {
    let mut r = Recorder::new(daisy(5), 5, sources());
    recorded_until(&mut r, 650);
    let (changes, events, before) = (r.recording().changes.len(), r.recording().events.len(), to_bytes(r.sim()));
    // Tables that load on their own but lack an attribute Daisy's trees ask about.
    let mut files = Data::texts(None).unwrap();
    let attributes = files.iter_mut().find(|(n, _)| n == "attributes.ron").unwrap();
    assert!(attributes.1.contains(", \"edible\""));
    attributes.1 = attributes.1.replace(", \"edible\"", "");
    assert!(Data::from_files(&files, "species").is_ok(), "the tables themselves load");
    let errors = r.reload_species(files).unwrap_err();
    assert!(errors.iter().any(|e| e.message.contains("unknown attribute `edible`")), "{errors:?}");
    assert!(errors.iter().all(|e| e.file.contains("(running)")), "{errors:?}");
    assert_eq!((r.recording().changes.len(), r.recording().events.len()), (changes, events), "nothing recorded");
    assert_eq!(to_bytes(r.sim()), before, "the running simulation is untouched");
    // The same tables with the attribute are taken, and recorded.
    r.reload_species(Data::texts(None).unwrap()).unwrap();
    assert_eq!(r.recording().changes.len(), changes + 1);
}

#[test]
fn a_recording_diffed_with_itself_differs_nowhere() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let a = Recorder::open(rec.clone()).unwrap();
    let b = Recorder::open(rec).unwrap();
    let d = diff(&a, &b).unwrap();
    assert_eq!(d.first_difference, None);
    assert!(d.desires.is_empty() && d.trees.is_empty(), "{d:?}");
    assert_eq!((d.plans.only_a, d.plans.only_b), (0, 0));
    assert_eq!((d.lessons.a, d.lessons.b), (2, 2));
}

#[test]
fn a_fork_keeping_its_future_on_the_same_data_is_the_same_run() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let mut original = Recorder::open(rec).unwrap();
    let mut fork = original.fork(150, Future::Keep).unwrap();
    fork.run_to(original.recording().turns);
    let d = diff(&original, &fork).unwrap();
    assert_eq!(d.first_difference, None, "{d:?}");
    assert_eq!(State::of(fork.sim()), State::of(original.sim()));
}

/// The built-in species files with the Cow twice as fast.
fn faster_cows() -> Vec<(String, String)> {
    let mut files = Data::texts(None).unwrap();
    let cow = files.iter_mut().find(|(n, _)| n == "cow.ron").unwrap();
    assert!(cow.1.contains("speed: 3.0"));
    cow.1 = cow.1.replace("speed: 3.0", "speed: 6.0");
    files
}

#[test]
fn a_fork_on_faster_data_differs_only_from_its_turn() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let mut original = Recorder::open(rec).unwrap();
    let at = 500;
    let mut fork = original.fork_with(at, Future::Keep, vec![Reload::Species(faster_cows())]).unwrap();
    fork.run_to(original.recording().turns);
    let d = diff(&original, &fork).unwrap();
    let first = d.first_difference.expect("a faster creature walks elsewhere");
    assert!(first > at as f64 / 10.0, "differs from {first} s, forked at {} s", at as f64 / 10.0);
    assert!(!d.desires.is_empty(), "{d:?}");
    // Before the fork both are the same run, to the bit.
    assert_eq!(to_bytes(&fork.seek(at - 1).unwrap()), to_bytes(&original.seek(at - 1).unwrap()));
    // The fork's own recording seeks into both parts, and plays again from its file.
    let saved = fork.recording().clone();
    let mut again = Recorder::open(Recording::from_bytes("fork", &saved.to_bytes()).unwrap()).unwrap();
    for turn in [at - 1, at, at + 333, saved.turns] {
        assert_eq!(to_bytes(&again.seek(turn).unwrap()), to_bytes(&fork.seek(turn).unwrap()), "turn {turn}");
    }
}

#[test]
fn dropping_the_future_plays_on_live_and_keeps_the_old_branch() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let first_slap = rec.markers().into_iter().find(|m| m.text.contains("slap")).unwrap().turn;
    let mut original = Recorder::open(rec.clone()).unwrap();
    // Undo the slap: back to before the hold, and on without the recorded inputs.
    let mut live = original.fork(first_slap - 2, Future::Drop).unwrap();
    live.run_to(rec.turns);
    assert_eq!(live.recording().input_count(), rec.changes.iter().filter(|c| c.turn <= first_slap - 2).count());
    let d = diff(&original, &live).unwrap();
    assert!(d.first_difference.is_some());
    assert_eq!(d.lessons.a, 2);
    assert!(d.lessons.b < 2);
    // The old branch is untouched.
    assert_eq!(original.recording(), &rec);
}

#[test]
fn a_recording_opened_from_its_file_goes_on_like_the_straight_run() {
    let mut straight = Recorder::new(daisy(5), 5, sources());
    let mut half = straight.clone();
    recorded_until(&mut straight, 700);
    recorded_until(&mut half, 700);
    let dir = tempdir();
    let path = dir.join("half.recording");
    half.recording().save(&path, &Policy::replacing()).unwrap();
    let mut reopened = Recorder::open(Recording::load(&path).unwrap()).unwrap();
    assert_eq!(to_bytes(reopened.sim()), to_bytes(half.sim()));
    recorded_until(&mut straight, 1900);
    recorded_until(&mut reopened, 1900);
    assert_eq!(to_bytes(reopened.sim()), to_bytes(straight.sim()));
    assert_eq!(reopened.recording(), straight.recording());
    // And the recorder's run is the plain simulation's, touch for touch.
    let mut plain = daisy(5);
    plain.record(true);
    live_until(&mut plain, 1900);
    plain.take_events();
    assert_eq!(to_bytes(&plain), to_bytes(straight.sim()));
    std::fs::remove_dir_all(dir).unwrap();
}

fn sources() -> Sources {
    let text = |p: &str| std::fs::read_to_string(example().join(p)).unwrap();
    Sources { species: Data::texts(None).unwrap(), creature: text("creatures/daisy.ron"), world: text("world.ron") }
}

fn tempdir() -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("creature-rec-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn damaged_versioned_and_cut_off_files_are_refused_with_a_reason() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let bytes = rec.to_bytes();
    assert_eq!(Recording::from_bytes("ok", &bytes).unwrap(), rec);
    let refused = |b: &[u8]| Recording::from_bytes("bad.recording", b).unwrap_err().to_string();
    assert!(refused(b"hello").contains("not a recording"));
    let mut newer = bytes.clone();
    newer[8..12].copy_from_slice(&(creature_core::recording::VERSION + 1).to_le_bytes());
    let said = refused(&newer);
    assert!(said.contains(&format!("version {} is a newer one", creature_core::recording::VERSION + 1)), "{said}");
    let mut older = bytes.clone();
    older[8..12].copy_from_slice(&0u32.to_le_bytes());
    assert!(refused(&older).contains("older"));
    for cut in [13, bytes.len() / 3, bytes.len() - 1] {
        assert!(refused(&bytes[..cut]).contains("cut off or damaged"), "cut at {cut}");
    }
    let mut flipped = bytes.clone();
    let mid = bytes.len() / 2;
    flipped[mid] ^= 0x5a;
    assert!(refused(&flipped).starts_with("bad.recording:1:1:"));
    // Every byte damaged in turn, a few hundred positions: never a panic.
    for i in (12..bytes.len()).step_by(bytes.len() / 300 + 1) {
        let mut b = bytes.clone();
        b[i] = b[i].wrapping_add(1);
        let _ = Recording::from_bytes("x", &b);
    }
}

#[test]
fn snapshot_bytes_damaged_one_at_a_time_are_refused_or_run() {
    let mut sim = daisy(2);
    live_until(&mut sim, 1305);
    let bytes = to_bytes(&sim);
    let data = Arc::clone(sim.data());
    let mut refused = 0;
    for i in (0..bytes.len()).step_by(bytes.len() / 400 + 1) {
        let mut b = bytes.clone();
        b[i] = b[i].wrapping_add(1 + (i % 7) as u8);
        match from_bytes(&b, Arc::clone(&data)) {
            Ok(mut s) => s.run(30),
            Err(_) => refused += 1,
        }
    }
    assert!(refused > 0);
}

/// A recording whose snapshots do not cover the turns it claims is refused, from its
/// bytes and when opened, naming what is missing: seeking in it would otherwise
/// simulate from its last snapshot for as many turns as it claims.
#[test]
fn a_recording_claiming_turns_its_snapshots_do_not_cover_is_refused() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let refused = |r: &Recording| {
        let Err(from_bytes) = Recording::from_bytes("claims.recording", &r.to_bytes()) else {
            panic!(
                "a recording of {} turns with snapshots to turn {:?} was read",
                r.turns,
                r.snapshots.last().map(|s| s.turn)
            );
        };
        let from_bytes = from_bytes.to_string();
        assert!(from_bytes.starts_with("claims.recording:1:1: the recording does not hold together: "), "{from_bytes}");
        let Err(opened) = Recorder::open(r.clone()) else { panic!("a recording of {} turns was opened", r.turns) };
        assert_eq!(opened.len(), 1);
        assert!(opened[0].message.ends_with(&from_bytes["claims.recording:1:1: ".len()..]), "{}", opened[0]);
        from_bytes
    };

    let mut long = rec.clone();
    long.turns = 1_000_000_000_000;
    let err = refused(&long);
    assert!(err.contains("it claims 1000000000000 turns but its last snapshot is at turn 2900"), "{err}");
    assert!(err.contains("at least every 100 turns (10 simulated seconds)"), "{err}");

    // The end may be as far from the last snapshot as one snapshot from the next.
    let mut longest = rec.clone();
    longest.turns = 3000;
    longest.snapshots.retain(|s| s.turn <= 2900);
    assert!(Recording::from_bytes("ok", &longest.to_bytes()).is_ok());
    longest.snapshots.pop();
    assert!(refused(&longest).contains("last snapshot is at turn 2800, 200 turns before its end"));

    let mut gap = rec.clone();
    gap.snapshots.remove(5);
    assert!(refused(&gap).contains("its snapshots at turns 400 and 600 are 200 turns apart"));

    let mut miscounted = rec.clone();
    let late = miscounted.snapshots.iter().position(|s| s.applied > 0).unwrap();
    miscounted.snapshots[late].applied = 0;
    assert!(
        refused(&miscounted).contains(&format!("its snapshot of turn {} counts 0 changes", rec.snapshots[late].turn))
    );
}

/// Comparing starts where two recordings part; a copy whose species text differs by a
/// comment alone is played from turn 0, and must compare the same: the runs skipped
/// before the parting are the same to the bit.
#[test]
fn a_diff_from_where_the_runs_part_equals_one_played_from_the_start() {
    let rec = recorded("pit_then_wolf.scenario.ron");
    let mut from_start = rec.clone();
    from_start.start.species[0].1.push_str("\n// the same data\n");
    let mut original = Recorder::open(rec.clone()).unwrap();
    let played = Recorder::open(from_start).unwrap();
    assert_eq!(diff(&original, &played).unwrap(), diff(&original, &Recorder::open(rec.clone()).unwrap()).unwrap());
    let mut faster = original.fork_with(500, Future::Keep, vec![Reload::Species(faster_cows())]).unwrap();
    faster.run_to(rec.turns);
    let mut dropped = original.fork(1234, Future::Drop).unwrap();
    dropped.run_to(rec.turns - 7);
    for other in [&faster, &dropped] {
        let d = diff(&original, other).unwrap();
        assert!(d.first_difference.is_some(), "{d:?}");
        assert_eq!(d, diff(&played, other).unwrap());
        assert_eq!(diff(other, &original).unwrap().first_difference, d.first_difference);
    }
}

/// The body is written and read as a stream, and the bytes are those of the format: the
/// body as one postcard message compressed in Snappy's framed form.
#[test]
fn a_recording_streamed_in_and_out_is_the_format() {
    use std::io::Write;
    let rec = recorded("pit_then_wolf.scenario.ron");
    let mut whole = creature_core::recording::format::MAGIC.to_vec();
    whole.extend_from_slice(&creature_core::recording::VERSION.to_le_bytes());
    let mut w = snap::write::FrameEncoder::new(whole);
    w.write_all(&postcard::to_stdvec(&rec).unwrap()).unwrap();
    let whole = w.into_inner().unwrap();
    assert!(rec.to_bytes() == whole, "the file's bytes changed");
    assert!(Recording::from_bytes("whole", &whole).unwrap() == rec);
}

/// A file of format version 1, whose snapshots hold the state's bytes as they are, is
/// read as the same recording: its snapshots are packed as the recorder packs them.
#[test]
fn a_version_1_recording_reads_as_the_same_run() {
    use std::io::Write;
    #[derive(serde::Serialize)]
    struct PlainSnapshot {
        turn: u64,
        applied: usize,
        bytes: Vec<u8>,
    }
    // Version 1 wrote a scenario's acts in an enum of their own, inside an input enum.
    #[derive(serde::Serialize)]
    enum OldChange {
        Input(OldInput),
        Reload(Reload),
    }
    #[derive(serde::Serialize)]
    enum OldInput {
        Act(OldAct),
    }
    #[derive(serde::Serialize)]
    enum OldAct {
        Plan { desire: Desire, action: String, object: String, target: Option<String> },
        Hold,
        Stroke,
        Slap(Slap),
        Release,
        Leash(creature_core::mind::leash::Leash),
        Miracle { name: String },
        Phase(u8),
        Desire { name: Desire, value: f64 },
    }
    let old_change = |c: &Change| match c.clone() {
        Change::Reload(r) => OldChange::Reload(r),
        Change::Input(a) => OldChange::Input(OldInput::Act(match a {
            Act::Plan { desire, action, object, target } => OldAct::Plan { desire, action, object, target },
            Act::Hold => OldAct::Hold,
            Act::Stroke => OldAct::Stroke,
            Act::Slap(s) => OldAct::Slap(s),
            Act::Release => OldAct::Release,
            Act::Leash(l) => OldAct::Leash(l),
            Act::Miracle { name, on: None } => OldAct::Miracle { name },
            Act::Phase(p) => OldAct::Phase(p),
            Act::Desire { name, value } => OldAct::Desire { name, value },
            other => panic!("the scenario has no {other:?}"),
        })),
    };
    #[derive(serde::Serialize)]
    struct Body<'a> {
        seed: u64,
        start: &'a creature_core::recording::Sources,
        turns: u64,
        changes: Vec<creature_core::recording::Timed<OldChange>>,
        snapshots: Vec<PlainSnapshot>,
        events: &'a [creature_core::recording::Timed<creature_core::recording::Happening>],
    }
    let rec = recorded("an_hour_of_teaching.scenario.ron");
    assert!(rec.snapshots.len() > creature_core::recording::snapshot::CHAIN, "the run chains and starts again");
    let snapshots = (0..rec.snapshots.len())
        .map(|i| PlainSnapshot {
            turn: rec.snapshots[i].turn,
            applied: rec.snapshots[i].applied,
            bytes: unpack(&rec.snapshots, i).unwrap(),
        })
        .collect();
    let body = Body {
        seed: rec.seed,
        start: &rec.start,
        turns: rec.turns,
        changes: rec
            .changes
            .iter()
            .map(|c| creature_core::recording::Timed { turn: c.turn, what: old_change(&c.what) })
            .collect(),
        snapshots,
        events: &rec.events,
    };
    let mut old = creature_core::recording::format::MAGIC.to_vec();
    old.extend_from_slice(&1u32.to_le_bytes());
    let mut w = snap::write::FrameEncoder::new(old);
    w.write_all(&postcard::to_stdvec(&body).unwrap()).unwrap();
    let old = w.into_inner().unwrap();
    assert!(Recording::from_bytes("old.recording", &old).unwrap() == rec);
}

/// Snapshots are packed against the one before, and one in [`CHAIN`] on its own; each
/// unpacks to the state the run had at its turn.
#[test]
fn packed_snapshots_unpack_to_the_run_at_their_turns() {
    use creature_core::recording::snapshot::CHAIN;
    let rec = recorded("an_hour_of_teaching.scenario.ron");
    let n = rec.snapshots.len();
    assert!(n > 2 * CHAIN, "{n} snapshots");
    for (i, s) in rec.snapshots.iter().enumerate() {
        assert_eq!(s.chained(), i % CHAIN != 0, "snapshot {i}");
    }
    let packed: usize = rec.snapshots.iter().map(creature_core::recording::Snapshot::packed_len).sum();
    let plain: usize = (0..n).map(|i| unpack(&rec.snapshots, i).unwrap().len()).sum();
    assert!(packed * 4 < plain, "packed {packed} of {plain} bytes");
    let mut r = Recorder::open(rec.clone()).unwrap();
    for i in [0, 1, CHAIN - 1, CHAIN, CHAIN + 5, n - 1] {
        let turn = rec.snapshots[i].turn;
        assert_eq!(unpack(&rec.snapshots, i).unwrap(), to_bytes(&r.seek(turn).unwrap()), "snapshot {i}");
    }
}

/// Bookmarks name turns of a run: kept in turn order, saved with it, kept by a fork up
/// to its turn, marked on the timeline; a file of format version 2, from before
/// bookmarks, reads as the same run with none.
#[test]
fn bookmarks_are_kept_in_the_file_and_version_2_files_still_read() {
    use std::io::Write;
    let rec = recorded("pit_then_wolf.scenario.ron");
    let mut r = Recorder::open(rec.clone()).unwrap();
    r.add_bookmark(900, "before the wolf").unwrap();
    r.add_bookmark(120, "the first plan").unwrap();
    assert!(r.add_bookmark(rec.turns + 1, "past the end").is_err());
    assert!(r.add_bookmark(10, "  ").is_err());
    let names: Vec<(u64, &str)> = r.recording().bookmarks.iter().map(|b| (b.turn, b.what.as_str())).collect();
    assert_eq!(names, [(120, "the first plan"), (900, "before the wolf")]);
    let back = Recording::from_bytes("with bookmarks", &r.recording().to_bytes()).unwrap();
    assert_eq!(&back, r.recording());
    assert!(back.markers().iter().any(|m| m.turn == 900 && m.text.contains("before the wolf")));
    let forked = r.fork(500, Future::Drop).unwrap();
    assert_eq!(forked.recording().bookmarks.len(), 1, "only the bookmark before the fork");

    // Version 2: the same body without its last field.
    #[derive(serde::Serialize)]
    struct V2<'a> {
        seed: u64,
        start: &'a creature_core::recording::Sources,
        turns: u64,
        changes: &'a [creature_core::recording::Timed<creature_core::recording::Change>],
        snapshots: &'a [creature_core::recording::Snapshot],
        events: &'a [creature_core::recording::Timed<creature_core::recording::Happening>],
    }
    let body = V2 {
        seed: rec.seed,
        start: &rec.start,
        turns: rec.turns,
        changes: &rec.changes,
        snapshots: &rec.snapshots,
        events: &rec.events,
    };
    let mut old = creature_core::recording::format::MAGIC.to_vec();
    old.extend_from_slice(&2u32.to_le_bytes());
    let mut w = snap::write::FrameEncoder::new(old);
    w.write_all(&postcard::to_stdvec(&body).unwrap()).unwrap();
    let old = w.into_inner().unwrap();
    assert!(Recording::from_bytes("version 2", &old).unwrap() == rec);
}

/// A recording file made of `body`, postcard bytes as the current version writes them.
fn file_of(body: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut out = creature_core::recording::format::MAGIC.to_vec();
    out.extend_from_slice(&creature_core::recording::VERSION.to_le_bytes());
    let mut w = snap::write::FrameEncoder::new(out);
    w.write_all(body).unwrap();
    w.into_inner().unwrap()
}

#[test]
fn bytes_after_the_end_and_a_bookmark_count_too_small_are_refused_with_their_offset() {
    let mut rec = recorded("pit_then_wolf.scenario.ron");
    rec.bookmarks.clear();
    let bare = postcard::to_stdvec(&rec).unwrap();
    assert!(Recording::from_bytes("ok", &file_of(&bare)).unwrap() == rec);
    // 64 bytes glued after the recording's body.
    let mut glued = bare.clone();
    glued.extend([0u8; 64]);
    let said = Recording::from_bytes("glued.recording", &file_of(&glued)).unwrap_err().to_string();
    let offset = bare.len();
    assert_eq!(
        said,
        format!(
            "glued.recording:1:1: 64 bytes after the end of the recording, from byte {offset} of its body (uncompressed); expected the recording to end there"
        )
    );
    // Two bookmarks whose count says one: the last field's count is the body's last
    // byte when the list is empty.
    for (turn, what) in [(10, "one"), (20, "two")] {
        rec.bookmarks.push(creature_core::recording::Timed { turn, what: what.to_owned() });
    }
    let mut miscounted = postcard::to_stdvec(&rec).unwrap();
    assert_eq!(miscounted[bare.len() - 1], 2);
    miscounted[bare.len() - 1] = 1;
    let said = Recording::from_bytes("miscounted.recording", &file_of(&miscounted)).unwrap_err().to_string();
    assert!(said.starts_with("miscounted.recording:1:1: 5 bytes after the end of the recording, from byte"), "{said}");
    // Raw bytes after the last frame of the file.
    let mut raw = file_of(&bare);
    raw.extend([0u8; 64]);
    let said = Recording::from_bytes("raw.recording", &raw).unwrap_err().to_string();
    assert!(said.starts_with("raw.recording:1:1:"), "{said}");
}

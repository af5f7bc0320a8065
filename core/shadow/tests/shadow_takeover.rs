//! Take-over (SPEC §13 arena, §20): a person takes a shadow's side mid-match and gives it
//! back; the shadow goes on from its segment; an idle person loses the side; every frame
//! marks who played; keeping the match adds only the person's frames, as corrections.

use std::path::{Path, PathBuf};

use creature_shadow::arena::KeyInput;
use creature_shadow::bank::Bank;
use creature_shadow::bots::{Bot, Style};
use creature_shadow::fight::{Bout, Controller, Player, ShadowPlayer};
use creature_shadow::schema::Schema;

fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example/shadow").join(name)
}

fn zoner() -> Bank {
    Bank::load(&shipped("zoner.bank.ron")).expect("the shipped zoner bank loads")
}

/// A rushdown bot (side 0) against the shipped zoner's shadow (side 1).
fn bout() -> Bout {
    let schema = Schema::load(&shipped("arena.schema.ron")).expect("the shipped schema loads");
    let shadow = ShadowPlayer::new(&schema, &zoner(), 7).expect("a shadow").named("zoner.bank.ron");
    Bout::new([Controller::Bot(Bot::new(Style::Rushdown, 3)), Controller::Shadow(Box::new(shadow))], ["Jago", "Jago"])
}

fn shadow(b: &Bout) -> &ShadowPlayer {
    match &b.controllers[1] {
        Controller::Shadow(s) => s,
        _ => unreachable!("side 1 is the shadow"),
    }
}

fn steps(b: &mut Bout, frames: u32) {
    for _ in 0..frames {
        b.step();
    }
}

/// Keys that walk towards the opponent and block now and then.
fn keys_at(frame: u32) -> KeyInput {
    KeyInput { left: frame % 40 < 25, block: frame % 40 >= 25, ..KeyInput::default() }
}

#[test]
fn handed_over_and_back_within_a_frame_the_match_is_the_one_never_handed_over() {
    let mut never = bout();
    never.run();
    let mut handed = bout();
    steps(&mut handed, 300);
    assert!(handed.hand_over(1), "the keyboard has the shadow's side");
    assert!(!handed.hand_over(1), "and gives it back");
    handed.run();
    assert_eq!(handed.decisions, never.decisions);
    assert_eq!(handed.arena, never.arena);
    assert!(handed.played().iter().all(|p| p[1] == Player::Shadow));
}

#[test]
fn handed_back_the_shadow_goes_on_from_the_segment_it_last_played() {
    let mut b = bout();
    steps(&mut b, 300);
    let playing = shadow(&b).playing().expect("the shadow plays an event by frame 300");
    let before = b.decisions.len();
    b.hand_over(1);
    for _ in 0..45 {
        b.keys[1] = keys_at(b.arena.frame);
        b.step();
    }
    assert!(b.decisions[before..].iter().all(|d| d.side == 0 || d.pick.is_none()), "the shadow waits");
    assert_eq!(shadow(&b).playing(), Some(playing), "the shadow still knows the event it played");
    b.hand_over(1);
    b.keys[1] = KeyInput::default();
    let back = b.decisions.len();
    while !b.decisions[back..].iter().any(|d| d.side == 1) {
        b.step();
    }
    let first = b.decisions[back..].iter().find(|d| d.side == 1).expect("the shadow decides");
    assert!(first.pick.is_some(), "the shadow, not the keyboard, decides after the hand-back");
    let last = shadow(&b).last().expect("a decision");
    assert_eq!(last.playing, Some(playing), "the selection read the event the shadow last played");
    // The bias of that event's segment applies: its next event is scored as the
    // continuation, exactly as the selection's own breakdown says.
    if let Some(next) = shadow(&b).index().continuation(playing) {
        let breakdown = shadow(&b).inspect(next).expect("a breakdown");
        assert!(breakdown.continuation && breakdown.bias > 0.0);
    }
    // The state compared is the present one, not the one at the hand-over.
    assert_eq!(last.state, shadow(&b).state_of(&first.state));
}

#[test]
fn an_idle_person_loses_the_side_to_the_shadow_after_the_set_time() {
    let mut b = bout();
    b.idle_limit = Some(90);
    steps(&mut b, 100);
    b.hand_over(1);
    // Keys held keep the side; then nothing is held.
    for _ in 0..120 {
        b.keys[1] = keys_at(b.arena.frame);
        b.step();
    }
    assert_eq!(b.player(1), Player::Human, "a person at the keys keeps the side");
    b.keys[1] = KeyInput::default();
    steps(&mut b, 90);
    assert_eq!(b.player(1), Player::Human, "idle for exactly the set time, still theirs");
    b.step();
    assert_eq!(b.player(1), Player::Shadow, "one frame past it, the shadow takes over");
    let last = *b.played().last().expect("frames");
    assert_eq!(last, [Player::Bot, Player::Shadow]);
}

#[test]
fn every_frame_marks_who_played_each_side() {
    let mut b = bout();
    steps(&mut b, 50);
    b.hand_over(1);
    steps(&mut b, 20);
    b.hand_over(1);
    steps(&mut b, 30);
    b.hand_over(0);
    steps(&mut b, 10);
    let played = b.played();
    assert_eq!(played.len(), 110);
    for (frame, p) in played.iter().enumerate() {
        let side1 = if (50..70).contains(&frame) { Player::Human } else { Player::Shadow };
        let side0 = if frame >= 100 { Player::Human } else { Player::Bot };
        assert_eq!(*p, [side0, side1], "frame {frame}");
    }
}

#[test]
fn keeping_adds_only_the_persons_frames_each_a_correction_with_its_provenance() {
    let mut b = bout();
    b.record(1);
    steps(&mut b, 240);
    let playing = shadow(&b).playing().expect("the shadow plays");
    let bank = zoner();
    let (match_id, segment) = (bank.event(playing).match_id, bank.event(playing).segment);
    b.hand_over(1);
    let (from, to) = (b.arena.frame, b.arena.frame + 120);
    while b.arena.frame < to {
        b.keys[1] = keys_at(b.arena.frame);
        b.step();
    }
    b.hand_over(1);
    b.run();
    let whole = b.recording(1).expect("side 1 is recorded").clone();
    let pending = b.take_recording_without_shadow(1).expect("side 1 was recorded");
    let shadows = b.decisions.iter().filter(|d| d.side == 1 && d.pick.is_some()).count();
    assert_eq!(whole.events.len(), pending.events.len() + shadows, "the whole recording holds the shadow's too");
    assert!(!pending.events.is_empty(), "the person's decisions are recorded");
    for e in &pending.events {
        assert!((from..to).contains(&e.frame), "frame {} is the shadow's, not the person's", e.frame);
        let p = e.provenance.as_ref().expect("a correction has provenance");
        assert!(p.correction);
        assert_eq!((p.bank.as_str(), p.match_id, p.segment), ("zoner.bank.ron", match_id, segment));
    }
    let human_decisions = b.decisions.iter().filter(|d| d.side == 1 && d.pick.is_none()).count();
    assert_eq!(pending.events.len(), human_decisions);

    let mut kept = bank.clone();
    kept.keep(&pending, Some(1)).expect("the corrections are kept");
    assert_eq!(kept.len(), bank.len() + pending.events.len(), "only the person's frames are added");
    let added: Vec<_> = kept.events().iter().skip(bank.len()).map(|e| e.to_event()).collect();
    assert!(added.iter().all(|e| e.provenance.as_ref().is_some_and(|p| p.correction)));
    assert!(kept.events().iter().take(bank.len()).all(|e| e.provenance.is_none_or(|p| !p.correction)));

    // The mark survives every form the bank is kept or exported in.
    let dir = std::env::temp_dir().join(format!("takeover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("kept.parquet");
    kept.save_parquet(&out, &creature_core::file_writer::Policy::replacing()).expect("exported");
    assert_eq!(Bank::load_parquet(&out).expect("imported"), kept);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(Bank::from_binary("k.bank", &kept.to_binary()).expect("binary"), kept);
    assert_eq!(Bank::parse_ron("k.bank.ron", &kept.to_ron()).expect("RON"), kept);
}

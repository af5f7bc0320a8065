//! The arena (SPEC §13): a deterministic 1-D fighting game at 60 frames per second with
//! walk, dash, jump, crouch, block high/low, light/heavy/low attack, projectile,
//! anti-air, throw, knock-down and wake-up; health, meter and timer; the heuristics;
//! and the scripted bots' styles.

use creature_shadow::arena::{
    Action, Arena, DECISION_FRAMES, FPS, KeyInput, MATCH_FRAMES, MAX_HEALTH, MatchOutcome, Phase, feature,
};
use creature_shadow::bots::{Bot, Range, Style, situation};
use creature_shadow::fight::{Bout, Controller};

/// An arena with the fighters `gap` units apart in the middle of the stage.
fn at(gap: i32) -> Arena {
    let mut a = Arena::new();
    a.fighters[0].x = 500 - gap / 2;
    a.fighters[1].x = 500 + (gap - gap / 2);
    a
}

/// Steps with the same actions for `frames` frames.
fn run(a: &mut Arena, actions: [Action; 2], frames: u32) {
    for _ in 0..frames {
        a.step(actions);
    }
}

/// Side 0 does `attack` once, side 1 holds `stance`; returns side 1's health after.
fn exchange(gap: i32, attack: Action, stance: Action) -> i32 {
    let mut a = at(gap);
    a.step([attack, stance]);
    run(&mut a, [Action::Idle, stance], 40);
    a.fighters[1].health
}

#[test]
fn walking_and_dashing_move_towards_or_away_from_the_opponent() {
    let mut a = at(400);
    run(&mut a, [Action::WalkForward, Action::WalkBack], 10);
    assert_eq!((a.fighters[0].x, a.fighters[1].x), (300 + 30, 700 + 20));
    let mut a = at(400);
    a.step([Action::DashForward, Action::DashBack]);
    run(&mut a, [Action::Idle, Action::Idle], 20);
    assert!(a.fighters[0].x - 300 > 100, "a dash covers more than a metre: {}", a.fighters[0].x);
    assert!(a.fighters[1].x - 700 > 80);
}

#[test]
fn fighters_cannot_walk_through_each_other_or_off_the_stage() {
    let mut a = at(100);
    run(&mut a, [Action::WalkForward, Action::WalkForward], 60);
    assert!(a.fighters[1].x - a.fighters[0].x >= 60);
    let mut a = at(100);
    run(&mut a, [Action::WalkBack, Action::Idle], 600);
    assert_eq!(a.fighters[0].x, 30);
}

#[test]
fn a_projectile_flies_and_hits_an_opponent_who_does_not_block_or_jump() {
    let mut a = at(600);
    a.step([Action::Projectile, Action::Idle]);
    run(&mut a, [Action::Idle, Action::Idle], 12);
    assert_eq!(a.features(0)[feature::OWN_PROJECTILE], 1.0);
    let incoming = a.features(1)[feature::INCOMING_PROJECTILE];
    assert!(incoming < 6.0, "{incoming}");
    a.step([Action::Idle, Action::Idle]);
    assert!(a.features(1)[feature::INCOMING_PROJECTILE] < incoming, "it comes closer");
    run(&mut a, [Action::Idle, Action::Idle], 120);
    assert_eq!(a.fighters[1].health, MAX_HEALTH - 6);
    assert!(a.projectiles.is_empty());
    assert_eq!(a.heuristics[0].own_projectiles_recent(), 1.0);
    // Blocked high or low, it does nothing; jumped over at the right time, it misses.
    assert_eq!(exchange_at_range(Action::BlockHigh, 0), MAX_HEALTH);
    assert_eq!(exchange_at_range(Action::BlockLow, 0), MAX_HEALTH);
    assert_eq!(exchange_at_range(Action::Jump, 85), MAX_HEALTH);
    assert_eq!(exchange_at_range(Action::Jump, 20), MAX_HEALTH - 6, "jumped too early");
}

/// Side 0 throws a projectile from 6 m; side 1 takes `answer` after `wait` frames.
fn exchange_at_range(answer: Action, wait: u32) -> i32 {
    let mut a = at(600);
    a.step([Action::Projectile, Action::Idle]);
    run(&mut a, [Action::Idle, Action::Idle], wait);
    a.step([Action::Idle, answer]);
    run(&mut a, [Action::Idle, if answer == Action::Jump { Action::Idle } else { answer }], 120);
    a.fighters[1].health
}

#[test]
fn lows_must_be_blocked_low_and_overheads_high() {
    assert_eq!(exchange(80, Action::Low, Action::BlockHigh), MAX_HEALTH - 7);
    assert_eq!(exchange(80, Action::Low, Action::BlockLow), MAX_HEALTH);
    assert_eq!(exchange(80, Action::Heavy, Action::BlockLow), MAX_HEALTH - 10);
    assert_eq!(exchange(80, Action::Heavy, Action::BlockHigh), MAX_HEALTH);
    assert_eq!(exchange(80, Action::Light, Action::BlockHigh), MAX_HEALTH);
    assert_eq!(exchange(80, Action::Light, Action::BlockLow), MAX_HEALTH);
    assert_eq!(exchange(80, Action::Light, Action::Crouch), MAX_HEALTH - 4);
    assert_eq!(exchange(300, Action::Heavy, Action::Idle), MAX_HEALTH, "out of reach");
}

#[test]
fn a_throw_beats_a_block_and_the_thrown_fighter_wakes_up_and_may_reverse() {
    let mut a = at(70);
    a.step([Action::Throw, Action::BlockHigh]);
    let mut frames = 1;
    while !matches!(a.fighters[1].phase, Phase::KnockedDown { .. }) {
        a.step([Action::Idle, Action::BlockHigh]);
        frames += 1;
        assert!(frames < 10, "the throw lands within its startup");
    }
    assert_eq!(a.fighters[1].health, MAX_HEALTH - 12);
    let mut down = 0;
    while !a.fighters[1].actionable() {
        assert!(!matches!(a.fighters[1].phase, Phase::Hitstun { .. }));
        a.step([Action::Idle, Action::Idle]);
        down += 1;
    }
    assert_eq!(down, 45 + 12, "knocked down 45 frames, then 12 waking up");
    assert_eq!(a.heuristics[0].opp_wakeup_reversal_rate(), 0.5, "no wake-up counted yet");
    a.step([Action::Idle, Action::Light]);
    assert_eq!(a.heuristics[0].opp_wakeup_reversal_rate(), 2.0 / 3.0, "one wake-up, one reversal");
    assert_eq!(a.heuristics[1].opp_wakeup_reversal_rate(), 0.5, "side 0 never woke up");
}

#[test]
fn the_anti_air_hits_a_jumper_and_whiffs_on_the_ground() {
    let mut a = at(180);
    a.step([Action::Idle, Action::JumpForward]);
    run(&mut a, [Action::Idle, Action::Idle], 8);
    a.step([Action::AntiAir, Action::Idle]);
    run(&mut a, [Action::Idle, Action::Idle], 10);
    assert_eq!(a.fighters[1].health, MAX_HEALTH - 12);
    assert!(matches!(a.fighters[1].phase, Phase::KnockedDown { .. } | Phase::WakingUp { .. }));
    assert_eq!(exchange(80, Action::AntiAir, Action::Idle), MAX_HEALTH);
}

#[test]
fn a_jump_in_hits_a_low_block_and_counts_as_a_jump_in() {
    let mut a = at(220);
    a.step([Action::JumpIn, Action::BlockLow]);
    run(&mut a, [Action::Idle, Action::BlockLow], 50);
    assert_eq!(a.fighters[1].health, MAX_HEALTH - 8);
    assert_eq!(a.heuristics[1].opp_jump_ins_per_minute(), 6.0, "one jump-in in the first 10 s");
    assert_eq!(a.heuristics[0].opp_jump_ins_per_minute(), 0.0);
}

#[test]
fn blocks_count_towards_the_low_block_ratio_of_the_attacker() {
    let mut a = at(80);
    for (attack, block) in [
        (Action::Low, Action::BlockLow),
        (Action::Light, Action::BlockLow),
        (Action::Light, Action::BlockLow),
        (Action::Light, Action::BlockHigh),
    ] {
        // Blocks push the fighters apart; start every exchange at the same distance.
        (a.fighters[0].x, a.fighters[1].x) = (460, 540);
        a.step([attack, block]);
        run(&mut a, [Action::Idle, block], 30);
    }
    assert_eq!(a.heuristics[0].opp_low_block_ratio(), (3.0 + 1.0) / (4.0 + 2.0));
    assert_eq!(a.features(0)[feature::OPP_LOW_BLOCK_RATIO], 0.667);
}

#[test]
fn hits_fill_the_meter_and_a_strong_projectile_spends_it() {
    let mut a = at(80);
    for _ in 0..14 {
        (a.fighters[0].x, a.fighters[1].x) = (460, 540);
        a.step([Action::Light, Action::Idle]);
        run(&mut a, [Action::Idle, Action::Idle], 25);
    }
    assert!(a.fighters[0].meter >= 50, "meter {}", a.fighters[0].meter);
    let (meter, health) = (a.fighters[0].meter, a.fighters[1].health);
    a.step([Action::Projectile, Action::Idle]);
    run(&mut a, [Action::Idle, Action::Idle], 60);
    assert_eq!(a.fighters[1].health, health - 10, "a strong projectile");
    assert_eq!(a.fighters[0].meter, meter - 50 + 4);
}

#[test]
fn the_timer_ends_the_match_and_equal_health_is_a_draw() {
    let mut a = at(600);
    let mut frames = 0;
    while !a.is_over() {
        a.step([Action::Idle, Action::Idle]);
        frames += 1;
    }
    assert_eq!(frames, MATCH_FRAMES);
    assert_eq!(MATCH_FRAMES, 60 * FPS);
    assert_eq!(a.outcome, Some(MatchOutcome::Draw));
    assert_eq!(a.features(0)[feature::TIMER], 0.0);
    let mut a = at(80);
    a.fighters[1].health = 3;
    a.step([Action::Light, Action::Idle]);
    run(&mut a, [Action::Idle, Action::Idle], 10);
    assert_eq!(a.outcome, Some(MatchOutcome::Winner(0)));
    let frame = a.frame;
    a.step([Action::Light, Action::Light]);
    assert_eq!(a.frame, frame, "a finished match does not go on");
}

#[test]
fn decisions_come_on_becoming_able_to_act_and_every_six_frames() {
    let mut bout = Bout::new(
        [Controller::Bot(Bot::new(Style::Turtle, 3)), Controller::Bot(Bot::new(Style::Zoner, 4))],
        ["Jago", "Jago"],
    );
    bout.run();
    let mine: Vec<u32> = bout.decisions.iter().filter(|d| d.side == 0).map(|d| d.frame).collect();
    assert_eq!(mine[0], 0);
    assert!(mine.windows(2).all(|w| w[1] > w[0]));
    let held = mine.windows(2).filter(|w| w[1] - w[0] == DECISION_FRAMES).count();
    assert!(held * 2 > mine.len(), "mostly every {DECISION_FRAMES} frames while holding a stance");
}

#[test]
fn the_same_seeds_replay_a_match_bit_for_bit() {
    let play = |seed: u64| {
        let mut b = Bout::new(
            [Controller::Bot(Bot::new(Style::Rushdown, seed)), Controller::Bot(Bot::new(Style::Zoner, seed + 1))],
            ["Jago", "Jago"],
        );
        b.run();
        (b.arena, b.decisions)
    };
    let (a1, d1) = play(7);
    let (a2, d2) = play(7);
    assert_eq!(a1, a2);
    assert_eq!(d1, d2);
    let (_, d3) = play(8);
    assert_ne!(d1, d3);
}

#[test]
fn keys_map_to_actions_relative_to_facing() {
    let keys = |f: fn(&mut KeyInput)| {
        let mut k = KeyInput::default();
        f(&mut k);
        k
    };
    let right = keys(|k| k.right = true);
    assert_eq!((right.action(1), right.action(-1)), (Action::WalkForward, Action::WalkBack));
    let jump_right = keys(|k| {
        k.right = true;
        k.up = true;
    });
    assert_eq!((jump_right.action(1), jump_right.action(-1)), (Action::JumpForward, Action::JumpBack));
    let jump_in = keys(|k| {
        k.right = true;
        k.up = true;
        k.light = true;
    });
    assert_eq!(jump_in.action(1), Action::JumpIn);
    let low_block = keys(|k| {
        k.block = true;
        k.down = true;
    });
    assert_eq!(low_block.action(1), Action::BlockLow);
    let dash_back = keys(|k| {
        k.dash = true;
        k.left = true;
    });
    assert_eq!(dash_back.action(1), Action::DashBack);
    assert_eq!(keys(|k| k.down = true).action(1), Action::Crouch);
    assert_eq!(keys(|k| k.projectile = true).action(-1), Action::Projectile);
    assert_eq!(KeyInput::default().action(1), Action::Idle);
}

#[test]
fn a_keyboard_player_drives_a_bout_frame_by_frame() {
    let mut bout = Bout::new([Controller::Keyboard, Controller::Bot(Bot::new(Style::Turtle, 1))], ["Jago", "Jago"]);
    bout.record(0);
    bout.keys[0].right = true;
    for _ in 0..30 {
        bout.step();
    }
    assert_eq!(bout.held(0), Action::WalkForward);
    assert!(bout.arena.fighters[0].x > 350);
    bout.keys[0] = KeyInput { projectile: true, ..KeyInput::default() };
    bout.step();
    bout.keys[0] = KeyInput::default();
    for _ in 0..40 {
        bout.step();
    }
    let rec = bout.recording(0).unwrap();
    let actions: Vec<&str> = rec.events.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions.first(), Some(&"WalkForward"));
    assert!(actions.contains(&"Projectile") && actions.contains(&"Idle"), "{actions:?}");
}

/// Decisions of `style` (side 0) by situation, over a few matches against each bot.
fn share(style: Style, class: (Range, bool), actions: &[Action]) -> f64 {
    let (mut hit, mut all) = (0, 0);
    for m in 0..18 {
        let vs = Style::ALL[m % 3];
        let seed = 40 + m as u64;
        let mut b = Bout::new(
            [Controller::Bot(Bot::new(style, seed)), Controller::Bot(Bot::new(vs, seed + 9))],
            ["Jago", "Jago"],
        );
        b.run();
        for d in b.decisions.iter().filter(|d| d.side == 0 && situation(&d.state) == class) {
            all += 1;
            hit += usize::from(actions.contains(&d.action));
        }
    }
    assert!(all > 20, "{} in {class:?}: only {all} decisions", style.name());
    hit as f64 / all as f64
}

#[test]
fn the_three_bots_have_clearly_different_styles() {
    let far = (Range::Far, false);
    let mid = (Range::Mid, false);
    let close = (Range::Close, false);
    assert!(share(Style::Zoner, far, &[Action::Projectile]) > 0.1);
    assert!(share(Style::Turtle, far, &[Action::Projectile]) == 0.0);
    assert!(share(Style::Zoner, far, &[Action::WalkForward, Action::DashForward]) == 0.0);
    assert!(share(Style::Rushdown, close, &[Action::Low, Action::Heavy, Action::Light, Action::Throw]) > 0.7);
    assert!(share(Style::Rushdown, mid, &[Action::WalkForward, Action::DashForward, Action::JumpIn]) > 0.6);
    assert!(share(Style::Turtle, close, &[Action::BlockHigh, Action::BlockLow]) > 0.5);
    assert!(share(Style::Turtle, mid, &[Action::BlockHigh, Action::BlockLow]) > 0.5);
    assert!(share(Style::Zoner, close, &[Action::DashBack, Action::JumpBack, Action::Throw]) > 0.3);
}

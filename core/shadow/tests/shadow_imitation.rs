//! The imitation acceptance test (SPEC §13): record each scripted bot, let its shadow
//! fight the same opponents, and compare what they do in each situation.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use creature_shadow::arena::Action;
use creature_shadow::bank::Bank;
use creature_shadow::bots::{Bot, Range, Style, situation};
use creature_shadow::fight::{Bout, Controller, ShadowPlayer};
use creature_shadow::schema::Schema;

/// Matches recorded per bot, and fought by each shadow.
const MATCHES: u64 = 120;
/// Situation classes with fewer decisions than this on either side are too noisy to
/// compare and are skipped (and reported).
const MIN_SAMPLES: usize = 40;

type Class = (Range, bool);
type Dist = BTreeMap<Class, BTreeMap<Action, usize>>;

fn opponent(m: u64) -> Style {
    Style::ALL[(m % 3) as usize]
}

fn tally(dist: &mut Dist, state: &[f64], action: Action) {
    *dist.entry(situation(state)).or_default().entry(action).or_insert(0) += 1;
}

/// Records `style` on side 0 for [`MATCHES`] matches; returns the bank and what the bot
/// did in each situation.
fn record(style: Style) -> (Bank, Dist) {
    record_habits(|_| style)
}

/// Records a player who plays match `m` in the style `style_of(m)`.
fn record_habits(style_of: impl Fn(u64) -> Style) -> (Bank, Dist) {
    let mut bank = Bank::default();
    let mut dist = Dist::new();
    for m in 0..MATCHES {
        let style = style_of(m);
        let seed = 100 + m * 7 + style as u64 * 1000;
        let mut bout = Bout::new(
            [Controller::Bot(Bot::new(style, seed)), Controller::Bot(Bot::new(opponent(m), seed + 1))],
            ["Jago", "Jago"],
        );
        bout.record(0);
        bout.run();
        for d in bout.decisions.iter().filter(|d| d.side == 0) {
            tally(&mut dist, &d.state, d.action);
        }
        let pending = bout.take_recording(0).expect("side 0 was recorded");
        bank.keep(&pending, Some(m)).expect("same features every match");
    }
    (bank, dist)
}

/// Lets a shadow of `bank` fight the same opponents with other seeds.
fn shadow_play(schema: &Schema, bank: &Bank, style: Style) -> Dist {
    let mut dist = Dist::new();
    for m in 0..MATCHES {
        let seed = 5000 + m * 11 + style as u64 * 1000;
        let shadow = ShadowPlayer::new(schema, bank, seed).expect("bank fits the schema");
        let mut bout = Bout::new(
            [Controller::Shadow(Box::new(shadow)), Controller::Bot(Bot::new(opponent(m), seed + 1))],
            ["Jago", "Jago"],
        );
        bout.run();
        for d in bout.decisions.iter().filter(|d| d.side == 0) {
            tally(&mut dist, &d.state, d.action);
        }
    }
    dist
}

fn total_variation(a: &BTreeMap<Action, usize>, b: &BTreeMap<Action, usize>) -> f64 {
    let (na, nb) = (a.values().sum::<usize>() as f64, b.values().sum::<usize>() as f64);
    Action::ALL
        .iter()
        .map(|k| (*a.get(k).unwrap_or(&0) as f64 / na - *b.get(k).unwrap_or(&0) as f64 / nb).abs())
        .sum::<f64>()
        / 2.0
}

fn samples(d: Option<&BTreeMap<Action, usize>>) -> usize {
    d.map_or(0, |d| d.values().sum())
}

/// The shipped arena schema with recency off. These bots never change how they play, so
/// the newest match is no better a guide than any other, while recency hands every
/// exactly repeated situation to the newest match alone and narrows the shadow to a
/// handful of matches. What recency is for is shown by
/// [`recency_follows_the_players_latest_habits`].
fn stationary_schema() -> Schema {
    let mut schema = Schema::arena();
    schema.recency_weight = 0.0;
    schema
}

/// Each bot's bank and play, and its shadow's play: recorded once for all tests here.
fn played() -> &'static [(Style, Bank, Dist, Dist)] {
    static PLAYED: OnceLock<Vec<(Style, Bank, Dist, Dist)>> = OnceLock::new();
    PLAYED.get_or_init(|| {
        let schema = stationary_schema();
        Style::ALL
            .into_iter()
            .map(|s| {
                let (bank, teacher) = record(s);
                let shadow = shadow_play(&schema, &bank, s);
                (s, bank, teacher, shadow)
            })
            .collect()
    })
}

/// The share of `actions` among a play's decisions in the given classes.
fn share(dist: &Dist, classes: &[Class], actions: &[Action]) -> f64 {
    let (mut hit, mut all) = (0, 0);
    for c in classes {
        for (a, n) in dist.get(c).into_iter().flatten() {
            all += n;
            if actions.contains(a) {
                hit += n;
            }
        }
    }
    assert!(all > 0, "no decisions in {classes:?}");
    hit as f64 / all as f64
}

fn of(style: Style) -> &'static (Style, Bank, Dist, Dist) {
    played().iter().find(|p| p.0 == style).expect("every style is played")
}

#[test]
fn a_zoner_shadow_throws_projectiles_at_range() {
    let (_, _, teacher, shadow) = of(Style::Zoner);
    let far = [(Range::Far, false)];
    let (t, s) = (share(teacher, &far, &[Action::Projectile]), share(shadow, &far, &[Action::Projectile]));
    assert!(s > 0.08 && (s - t).abs() < 0.05, "projectiles at range: teacher {t:.3}, shadow {s:.3}");
    for other in [Style::Rushdown, Style::Turtle] {
        let (_, _, _, other_shadow) = of(other);
        let o = other_shadow.get(&far[0]).map_or(0.0, |_| share(other_shadow, &far, &[Action::Projectile]));
        assert!(o < 0.01, "a {} shadow throws {o:.3} projectiles at range", other.name());
    }
}

#[test]
fn a_turtle_shadow_blocks() {
    let (_, _, teacher, shadow) = of(Style::Turtle);
    let near = [(Range::Close, false), (Range::Mid, false)];
    let blocks = [Action::BlockHigh, Action::BlockLow];
    let (t, s) = (share(teacher, &near, &blocks), share(shadow, &near, &blocks));
    assert!(s > 0.5 && (s - t).abs() < 0.05, "blocks up close: teacher {t:.3}, shadow {s:.3}");
    let (_, _, _, rushdown) = of(Style::Rushdown);
    assert!(share(rushdown, &near, &blocks) < 0.25);
}

#[test]
fn each_shadow_plays_like_its_teacher_and_unlike_the_other_bots() {
    let recorded = played();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (style, _, teacher, shadow) in recorded {
        for range in Range::ALL {
            for air in [false, true] {
                let class = (range, air);
                let (t, s) = (teacher.get(&class), shadow.get(&class));
                let label = format!("{} {}{}", style.name(), range.name(), if air { " airborne" } else { "" });
                if samples(t) < MIN_SAMPLES || samples(s) < MIN_SAMPLES {
                    eprintln!("{label:28} skipped: {} teacher, {} shadow decisions", samples(t), samples(s));
                    continue;
                }
                let (t, s) = (t.unwrap(), s.unwrap());
                compared += 1;
                let own = total_variation(s, t);
                let others: Vec<(Style, f64)> = recorded
                    .iter()
                    .filter(|(o, ..)| o != style)
                    .filter_map(|(o, _, d, _)| {
                        d.get(&class).filter(|d| samples(Some(d)) >= MIN_SAMPLES).map(|d| (*o, total_variation(s, d)))
                    })
                    .collect();
                eprintln!(
                    "{label:28} tv teacher {own:.3}  others {others:?}  (n = {}/{})",
                    samples(Some(t)),
                    samples(Some(s))
                );
                if std::env::var("SHOW").is_ok() {
                    eprintln!("    teacher {t:?}\n    shadow  {s:?}");
                }
                if own > 0.25 {
                    failures.push(format!("{label}: total variation to its teacher {own:.3} > 0.25"));
                }
                // "Clearly farther" from every other bot: at least twice as far as from its
                // teacher and by 0.1 or more. (Where two bots play alike, as zoner and
                // turtle both anti-air a jump-in up close, a fixed margin as large as
                // their own distance could not be met by any shadow.)
                for (o, tv) in others {
                    if tv < 2.0 * own || tv < own + 0.1 {
                        failures
                            .push(format!("{label}: as close to {} ({tv:.3}) as to its teacher ({own:.3})", o.name()));
                    }
                }
            }
        }
    }
    // Of the 18 classes only those a style never or hardly ever meets (a rushdown at
    // range, a jump at range against a zoner's or turtle's opponents) may be skipped.
    assert!(compared >= 14, "only {compared} situation classes had enough decisions to compare");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_shipped_schema_weighs_states_above_the_bias_and_keeps_recency_on() {
    // A change of stance (standing, crouching, airborne, knocked down) must break a
    // replayed sequence, so each state feature alone outweighs the continuation bias;
    // and the shipped shadow follows its player's latest habits.
    let schema = Schema::arena();
    for name in ["own_state", "opp_state"] {
        let f = schema.features.iter().find(|f| f.name == name).expect("the arena schema has it");
        let mismatch = f.similarity.eval(0.0, 1.0, f.scale);
        assert!(f.weight * mismatch > schema.bias, "{name}: {} × {mismatch} ≤ bias {}", f.weight, schema.bias);
    }
    assert!(schema.recency_weight > 0.0);
}

#[test]
fn recency_follows_the_players_latest_habits() {
    // A player who turtled for the first half of the matches and rushed down in the
    // second: with the shipped schema's recency the shadow blocks up close less than
    // the same schema without it, closer to the player's newer habit.
    let (bank, _) = record_habits(|m| if m < MATCHES / 2 { Style::Turtle } else { Style::Rushdown });
    let near = [(Range::Close, false), (Range::Mid, false)];
    let blocks = [Action::BlockHigh, Action::BlockLow];
    let (_, _, turtle, _) = of(Style::Turtle);
    let (_, _, rushdown, _) = of(Style::Rushdown);
    let (t, r) = (share(turtle, &near, &blocks), share(rushdown, &near, &blocks));
    let with = share(&shadow_play(&Schema::arena(), &bank, Style::Rushdown), &near, &blocks);
    let without = share(&shadow_play(&stationary_schema(), &bank, Style::Rushdown), &near, &blocks);
    eprintln!("blocks up close: turtle {t:.3}, rushdown {r:.3}; shadow with recency {with:.3}, without {without:.3}");
    assert!(with < without, "recency does not move the shadow towards the newer habit");
    assert!((with - r).abs() < (without - r).abs());
}

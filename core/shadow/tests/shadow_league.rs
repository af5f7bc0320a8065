//! The shadow league (SPEC §20) on the example project's banks: the table, the ratings'
//! order, the same league on any number of threads, the refusals before any match, and
//! the matches as a Parquet table.

use std::path::{Path, PathBuf};

use creature_core::parquet_table::read_parquet_table;
use creature_shadow::arena::Action;
use creature_shadow::bank::Bank;
use creature_shadow::fight::ShadowPlayer;
use creature_shadow::league::{self, League, Rules, Winner};
use creature_shadow::league_parquet::{LEAGUE_COLUMNS, to_parquet};
use creature_shadow::schema::Schema;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example/shadow").join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(example(name)).unwrap()
}

/// The example bank `name` with every recorded action replaced by `action`: a shadow
/// that only ever does that.
fn only(name: &str, action: Action) -> Bank {
    let mut t = text(name);
    for a in Action::ALL {
        t = t.replace(&format!("action:\"{}\"", a.name()), &format!("action:\"{}\"", action.name()));
    }
    Bank::parse_ron(name, &t).unwrap()
}

fn bank(name: &str) -> Bank {
    Bank::load(&example(name)).unwrap()
}

fn league_of(banks: &[&Bank], rules: Rules) -> League {
    let matchup = league::matchup_of(banks).unwrap();
    let schema = Schema::arena();
    let players: Vec<ShadowPlayer> = banks.iter().map(|b| ShadowPlayer::new(&schema, b, 0).unwrap()).collect();
    league::run(&players, &matchup, rules)
}

fn on_threads(threads: usize, f: impl FnOnce() -> League + Send) -> League {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

#[test]
fn a_bank_that_always_wins_is_rated_first() {
    // A shadow that only throws projectiles against two that never attack: one that
    // stands still and one that walks back into its corner.
    let thrower = only("rushdown.bank.ron", Action::Projectile);
    let (idle, retreat) = (only("zoner.bank.ron", Action::Idle), only("turtle.bank.ron", Action::WalkBack));
    let rules = Rules { matches: 2, seed: 7 };
    let l = league_of(&[&idle, &retreat, &thrower], rules);
    assert_eq!(l.matches.len(), 3 * 2 * 2);
    let top = l.standings[0];
    assert_eq!(top.bank, 2, "{:?}", l.standings);
    // The premise: the thrower won every match it played.
    assert_eq!((top.wins, top.losses, top.draws), (8, 0, 0), "{:?}", l.standings);
    assert!(top.rating > 1500.0 && l.standings[1].rating < top.rating);
    for s in &l.standings {
        assert_eq!(s.wins + s.losses + s.draws, 8);
        assert!(s.deviation > 0.0 && s.deviation < 350.0, "{s:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_league_on_any_number_of_threads() {
    let (z, r, t) = (bank("zoner.bank.ron"), bank("rushdown.bank.ron"), bank("turtle.bank.ron"));
    let rules = Rules { matches: 1, seed: 11 };
    let one = on_threads(1, || league_of(&[&z, &r, &t], rules));
    let three = on_threads(3, || league_of(&[&z, &r, &t], rules));
    assert_eq!(one, three);
    let again = on_threads(2, || league_of(&[&z, &r, &t], rules));
    assert_eq!(one, again);
    // Each match's seed is its own: the seeds differ from match to match.
    let seeds: std::collections::BTreeSet<u64> = one.matches.iter().map(|m| m.seed).collect();
    assert_eq!(seeds.len(), one.matches.len());
    // Pairs in order, each from both sides.
    let sides: Vec<(usize, usize)> = one.matches.iter().map(|m| (m.a, m.b)).collect();
    assert_eq!(sides, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
}

#[test]
fn wins_losses_and_draws_add_up_from_both_sides() {
    let (z, r) = (bank("zoner.bank.ron"), bank("rushdown.bank.ron"));
    let l = league_of(&[&z, &r], Rules { matches: 1, seed: 3 });
    let won_by = |bank: usize| {
        l.matches
            .iter()
            .filter(|m| (m.winner == Winner::A && m.a == bank) || (m.winner == Winner::B && m.b == bank))
            .count() as u32
    };
    for s in &l.standings {
        assert_eq!(s.wins, won_by(s.bank));
        assert_eq!(s.wins + s.losses + s.draws, 2);
    }
    for m in &l.matches {
        assert!(m.frames > 0);
        match m.winner {
            Winner::A => assert!(m.health[0] > 0 || m.health[1] == 0),
            Winner::B => assert!(m.health[1] > 0 || m.health[0] == 0),
            Winner::Draw => {}
        }
    }
}

#[test]
fn a_league_refuses_an_empty_bank_another_matchup_and_a_lone_bank() {
    let z = bank("zoner.bank.ron");
    let empty = Bank::parse_ron("empty.bank.ron", "(events: [])").unwrap();
    let r = league::matchup_of(&[&z, &empty]).unwrap_err();
    assert_eq!(r.bank, Some(1));
    assert!(r.message.contains("no events"), "{}", r.message);
    let other = Bank::parse_ron(
        "orchid.bank.ron",
        &text("rushdown.bank.ron").replace("(\"Jago\",\"Jago\")", "(\"Jago\",\"Orchid\")"),
    )
    .unwrap();
    let r = league::matchup_of(&[&z, &other]).unwrap_err();
    assert_eq!(r.bank, Some(1));
    assert!(r.message.contains("Jago vs Orchid") && r.message.contains("one matchup"), "{}", r.message);
    let r = league::matchup_of(&[&z]).unwrap_err();
    assert_eq!(r.bank, None);
    assert!(r.message.contains("two banks or more"), "{}", r.message);
}

#[test]
fn the_matches_read_back_as_one_row_each() {
    let (z, r) = (bank("zoner.bank.ron"), bank("rushdown.bank.ron"));
    let l = league_of(&[&z, &r], Rules { matches: 1, seed: 5 });
    let names = ["z.bank".to_owned(), "r.bank".to_owned()];
    let dir = std::env::temp_dir().join(format!("league-parquet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("league.parquet");
    std::fs::write(&path, to_parquet(&names, &l.matches).unwrap()).unwrap();
    let table = read_parquet_table(&path).unwrap();
    assert_eq!(table.num_rows(), l.matches.len());
    let schema = table.schema();
    let columns: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(columns, LEAGUE_COLUMNS);
    let a = table.column(0).as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    assert_eq!((a.value(0), a.value(1)), ("z.bank", "r.bank"));
    let seed = table.column(2).as_any().downcast_ref::<arrow_array::UInt64Array>().unwrap();
    assert_eq!(seed.value(1), l.matches[1].seed);
    let frames = table.column(6).as_any().downcast_ref::<arrow_array::UInt32Array>().unwrap();
    assert_eq!(frames.value(0), l.matches[0].frames);
    std::fs::remove_dir_all(&dir).unwrap();
}

//! Every number the command line takes has a bound, found from the command line's own
//! definition so that a new argument cannot skip it: the largest value of its type (and
//! for a float an infinity, NaN and ±1e308) is a usage error that names the bound, the
//! bound itself is taken, and the help says it. The real binary exits 2 on a value past
//! the bound, before doing any work.

use std::any::TypeId;

use clap::CommandFactory;
use clap::error::ErrorKind;
use creature_studio::cli::Cli;

use crate::common::{s, shadow_example, studio};

/// The numbers any value of whose type is fine: seeds, and ids that are only looked up.
const ANY_VALUE: &[(&str, &str)] = &[
    ("new", "seed"),
    ("preview", "seed"),
    ("shadow query", "seed"),
    ("shadow record", "seed"),
    ("shadow fight", "seed"),
    ("shadow delete", "match_id"),
    ("shadow delete", "segment"),
    ("shadow score", "seed"),
    ("shadow bench", "seed"),
    ("shadow league", "seed"),
    ("sim", "seed"),
    ("train", "seed"),
    ("serve", "seed"),
];

/// A numeric argument: its command, id, flag, help, and the values that only a missing
/// bound would let through.
struct Numeric {
    command: String,
    id: String,
    long: String,
    help: String,
    extremes: Vec<String>,
}

/// The values past any sensible bound of a value parser's type, or `None` for a type
/// that is not a number.
fn extremes(arg: &clap::Arg) -> Option<Vec<String>> {
    let t = arg.get_value_parser().type_id();
    let is = |id: TypeId| t == id;
    let max = if is(TypeId::of::<u8>()) {
        u8::MAX.to_string()
    } else if is(TypeId::of::<u16>()) {
        u16::MAX.to_string()
    } else if is(TypeId::of::<u32>()) {
        u32::MAX.to_string()
    } else if is(TypeId::of::<u64>()) || is(TypeId::of::<usize>()) {
        u64::MAX.to_string()
    } else if is(TypeId::of::<i8>()) || is(TypeId::of::<i16>()) || is(TypeId::of::<i32>()) || is(TypeId::of::<i64>()) {
        i64::MAX.to_string()
    } else if is(TypeId::of::<f32>()) || is(TypeId::of::<f64>()) {
        return Some(["inf", "-inf", "NaN", "1e308", "-1e308"].map(str::to_owned).to_vec());
    } else {
        return None;
    };
    Some(vec![max])
}

/// Every argument of every command whose value is a number.
fn numeric_args() -> Vec<Numeric> {
    fn walk(cmd: &clap::Command, prefix: &str, out: &mut Vec<Numeric>) {
        for sub in cmd.get_subcommands() {
            let name =
                if prefix.is_empty() { sub.get_name().to_owned() } else { format!("{prefix} {}", sub.get_name()) };
            for arg in sub.get_arguments() {
                if let Some(extremes) = extremes(arg) {
                    out.push(Numeric {
                        command: name.clone(),
                        id: arg.get_id().to_string(),
                        long: arg.get_long().expect("numbers are given by flag").to_owned(),
                        help: arg.get_help().map(ToString::to_string).unwrap_or_default(),
                        extremes,
                    });
                }
            }
            walk(sub, &name, out);
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), "", &mut out);
    out
}

/// Parses the command line `command --long value` with the definition alone: the
/// error, if the value is the reason for it (a missing required argument is not).
fn value_error(n: &Numeric, value: &str) -> Option<clap::Error> {
    let mut line = vec!["creature-studio".to_owned()];
    line.extend(n.command.split(' ').map(str::to_owned));
    line.push(format!("--{}={value}", n.long));
    match Cli::command().try_get_matches_from(line) {
        Err(e) if matches!(e.kind(), ErrorKind::ValueValidation | ErrorKind::InvalidValue) => Some(e),
        _ => None,
    }
}

#[test]
fn every_numeric_argument_has_a_bound_that_its_help_states() {
    let found = numeric_args();
    assert!(found.len() > 20, "the walk finds the commands' numbers: {}", found.len());
    let mut failures = Vec::new();
    for n in &found {
        let what = format!("{} --{}", n.command, n.long);
        if ANY_VALUE.contains(&(n.command.as_str(), n.id.as_str())) {
            continue;
        }
        for value in &n.extremes {
            let Some(e) = value_error(n, value) else {
                failures.push(format!("{what}: {value} is taken; give it a bound (cli::bounds)"));
                continue;
            };
            let text = e.to_string();
            let Some((_, range)) = text.split_once(" is not in ") else {
                failures.push(format!("{what}: {value} is refused without naming the bound: {text}"));
                continue;
            };
            let range = range.split_whitespace().next().unwrap_or("");
            let Some((low, high)) = range.split_once("..=") else {
                failures.push(format!("{what}: the bound {range} is not a closed range"));
                continue;
            };
            if !n.help.contains(high) {
                failures.push(format!("{what}: the help does not state the bound {high}: {}", n.help));
            }
            for edge in [low, high] {
                if let Some(e) = value_error(n, edge) {
                    failures.push(format!("{what}: the bound {edge} itself is refused: {e}"));
                }
            }
        }
    }
    let stale: Vec<_> =
        ANY_VALUE.iter().filter(|(c, a)| !found.iter().any(|n| n.command == *c && n.id == *a)).collect();
    assert!(stale.is_empty(), "no longer in the command line: {stale:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs the real binary: the exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = studio().args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_number_past_its_bound_is_a_usage_error_naming_the_bound() {
    let bank = shadow_example("zoner.bank.ron");
    let cases: &[(&[&str], &str)] = &[
        (&["shadow", "bench", "--queries", "1000000000000"], "1000000000000 is not in 1..=1000000"),
        (&["shadow", "bench", "--events", "5000001"], "5000001 is not in 1..=5000000"),
        (&["shadow", "bench", "--features", "99"], "99 is not in 1..=20"),
        (&["sim", "--species", "Cow", "--seconds", "604801"], "604801 is not in 0..=604800"),
        (&["sim", "--species", "Cow", "--seconds=-1"], "-1 is not in 0..=604800"),
        (&["sim", "--species", "Cow", "--seconds", "NaN"], "NaN is not in 0..=604800"),
        (&["sim", "--species", "Cow", "--seconds", "1", "--phase", "14"], "14 is not in 0..=13"),
        (&["sim", "--species", "Cow", "--seconds", "1", "--newborns", "0"], "0 is not in 1..=1000000"),
        (&["shadow", "curate", "--bank", s(&bank), "--near=-1"], "-1 is not in 0..=1000"),
        (&["shadow", "score", "--bank", s(&bank), "--against", "turtle", "--holdout", "1.5"], "1.5 is not in 0..=1"),
        (&["shadow", "record", "--bot", "zoner", "--matches", "1001", "-o", "x.bank"], "1001 is not in 0..=1000"),
        (&["shadow", "league", s(&bank), s(&bank), "--matches", "1001"], "1001 is not in 1..=1000"),
        (&["shadow", "league", s(&bank), s(&bank), "--matches", "0"], "0 is not in 1..=1000"),
        (&["recording", "seek", "x.recording", "--at", "inf"], "inf is not in 0..=31536000"),
        (&["preview", "--headless", "--project", ".", "--speed", "1001"], "1001 is not in 0..=1000"),
    ];
    for (args, says) in cases {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: expected `{says}` in {err}");
    }
}

#[test]
fn the_bounds_themselves_are_taken() {
    let (code, err) = run(&["sim", "--species", "Cow", "--seconds", "0", "--phase", "13", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let bank = shadow_example("zoner.bank.ron");
    let curate = ["shadow", "curate", "--bank", s(&bank), "--near", "0", "--fence", "1000", "--thin", "5000000"];
    let (code, err) = run(&curate);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) =
        run(&["shadow", "score", "--bank", s(&bank), "--against", "turtle", "--holdout", "1", "--matches", "0"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run(&["shadow", "bench", "--events", "1", "--features", "20", "--queries", "1", "--json"]);
    assert_eq!(code, Some(0), "{err}");
}

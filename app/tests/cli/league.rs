//! `creature-studio shadow league` and `shadow gauntlet` on the real binary and the
//! example project's banks (SPEC §20): the JSON, the same league on any number of
//! threads, the regression check against a baseline, the refusals before any match, the
//! Parquet table, and a gauntlet made from a league that `check` takes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{fails, json, keys, s, shadow_example, studio};
use creature_core::parquet_table::read_parquet_table;
use serde_json::Value;

/// The three example banks, as the command line names them.
fn banks() -> [PathBuf; 3] {
    ["zoner.bank.ron", "rushdown.bank.ron", "turtle.bank.ron"].map(shadow_example)
}

fn league_args<'a>(banks: &'a [PathBuf], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["shadow", "league"];
    args.extend(banks.iter().map(|b| s(b)));
    args.extend(extra);
    args
}

fn b_rushdown() -> PathBuf {
    shadow_example("rushdown.bank.ron")
}

/// The league's JSON without its time, which alone may differ between runs.
fn without_time(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("league_ms");
    v
}

/// Runs a league on `threads` threads (rayon's own setting) and returns its JSON.
fn league_on(threads: usize, args: &[&str]) -> Value {
    let out = studio().env("RAYON_NUM_THREADS", threads.to_string()).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_league_prints_the_spec_json_highest_rating_first() {
    let b = banks();
    let out = json(&league_args(&b, &["--matches", "1", "--seed", "4", "--json"]));
    assert_eq!(keys(&out), BTreeSet::from(["banks", "matches", "league_ms"]));
    assert_eq!(out["matches"], 3 * 2);
    assert!(out["league_ms"].as_f64().unwrap() >= 0.0);
    let rows = out["banks"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let named: BTreeSet<&str> = rows.iter().map(|r| r["bank"].as_str().unwrap()).collect();
    assert_eq!(named, b.iter().map(|p| s(p)).collect());
    let mut last = f64::INFINITY;
    for r in rows {
        assert_eq!(keys(r), BTreeSet::from(["bank", "rating", "deviation", "wins", "losses", "draws"]));
        let rating = r["rating"].as_f64().unwrap();
        assert!(rating <= last, "highest first: {rows:?}");
        last = rating;
        let played = ["wins", "losses", "draws"].map(|k| r[k].as_u64().unwrap()).iter().sum::<u64>();
        assert_eq!(played, 4, "each bank plays two others from both sides once");
        assert!(r["deviation"].as_f64().unwrap() < 350.0);
    }
}

#[test]
fn the_same_seed_gives_the_same_league_on_one_thread_and_on_several() {
    let b = banks();
    let args = league_args(&b, &["--matches", "1", "--seed", "9", "--json"]);
    let one = without_time(league_on(1, &args));
    let four = without_time(league_on(4, &args));
    assert_eq!(one, four);
    let other_seed = league_args(&b, &["--matches", "1", "--seed", "10", "--json"]);
    assert_eq!(without_time(league_on(2, &other_seed))["matches"], one["matches"]);
}

#[test]
fn a_baseline_fails_a_bank_whose_rating_fell_by_more_than_its_deviation() {
    let dir = tempfile::tempdir().unwrap();
    let b = banks();
    let args = league_args(&b, &["--matches", "1", "--seed", "2", "--json"]);
    let league = json(&args);
    let saved = dir.path().join("league.json");
    std::fs::write(&saved, league.to_string()).unwrap();
    // The same league against itself: nothing fell.
    let mut again = args.clone();
    again.extend(["--baseline", s(&saved)]);
    let out = studio().args(&again).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));

    // A baseline in which one bank stood higher than it stands now by more than its
    // deviation there.
    let mut higher = league.clone();
    let row = &mut higher["banks"].as_array_mut().unwrap()[1];
    let name = row["bank"].as_str().unwrap().to_owned();
    let raised = row["rating"].as_f64().unwrap() + row["deviation"].as_f64().unwrap() + 1.0;
    row["rating"] = raised.into();
    let high = dir.path().join("high.json");
    std::fs::write(&high, higher.to_string()).unwrap();
    let mut check = args.clone();
    check.extend(["--baseline", s(&high)]);
    let err = fails(&check);
    assert!(err.contains(&name) && err.contains("fell below its baseline"), "{err}");
    assert_eq!(err.lines().count(), 1, "only that bank is named: {err}");

    // Raised by less than its deviation: within the uncertainty, it passes.
    row_rating(&mut higher, 1, raised - 2.0);
    std::fs::write(&high, higher.to_string()).unwrap();
    let out = studio().args(&check).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));

    // A bank the baseline does not know is reported, and passes.
    higher["banks"].as_array_mut().unwrap().remove(0);
    std::fs::write(&high, higher.to_string()).unwrap();
    let out = studio().args(&check).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not in the baseline"));
}

fn row_rating(league: &mut Value, row: usize, rating: f64) {
    league["banks"].as_array_mut().unwrap()[row]["rating"] = rating.into();
}

#[test]
fn a_broken_baseline_is_refused_with_its_place_before_any_match() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"banks\": [\n  {\"bank\": \"x\", \"rating\": \"high\"}\n]}").unwrap();
    let b = banks();
    let err = fails(&league_args(&b, &["--baseline", s(&bad)]));
    assert!(err.starts_with(&format!("{}:2:", bad.display())), "{err}");
}

#[test]
fn a_broken_bank_is_named_with_its_line_and_column_and_no_league_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.bank.ron");
    std::fs::write(&broken, "(events: [\n    (id: nope),\n])").unwrap();
    let table = dir.path().join("league.parquet");
    let zoner = shadow_example("zoner.bank.ron");
    let err = fails(&["shadow", "league", s(&zoner), s(&broken), "--parquet", s(&table)]);
    assert!(err.starts_with(&format!("{}:2:", broken.display())), "{err}");
    assert!(!table.exists(), "no league, no table");
}

#[test]
fn an_empty_bank_another_matchup_a_lone_bank_and_a_bank_named_twice_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let zoner = shadow_example("zoner.bank.ron");
    let empty = dir.path().join("empty.bank.ron");
    std::fs::write(&empty, "(events: [])").unwrap();
    let err = fails(&["shadow", "league", s(&zoner), s(&empty)]);
    assert!(err.contains(&format!("{}: the bank has no events", empty.display())), "{err}");

    let orchid = dir.path().join("orchid.bank.ron");
    let text = std::fs::read_to_string(shadow_example("rushdown.bank.ron")).unwrap();
    std::fs::write(&orchid, text.replace("(\"Jago\",\"Jago\")", "(\"Jago\",\"Orchid\")")).unwrap();
    let err = fails(&["shadow", "league", s(&zoner), s(&orchid)]);
    assert!(err.contains(&orchid.display().to_string()) && err.contains("one matchup"), "{err}");

    // A schema a bank does not fit: placed in the schema, where the feature is named.
    let schema = dir.path().join("typo.schema.ron");
    let text = std::fs::read_to_string(shadow_example("arena.schema.ron")).unwrap();
    std::fs::write(&schema, text.replace("\"distance\"", "\"distanc\"")).unwrap();
    let err = fails(&["shadow", "league", s(&zoner), s(&b_rushdown()), "--schema", s(&schema)]);
    assert!(err.starts_with(&format!("{}:", schema.display())) && err.contains("distanc"), "{err}");

    let err = fails(&["shadow", "league", s(&zoner)]);
    assert!(err.contains("two banks or more"), "{err}");
    let err = fails(&["shadow", "league", s(&zoner), s(&zoner)]);
    assert!(err.contains("named twice"), "{err}");
}

#[cfg(unix)]
#[test]
fn one_bank_by_two_names_is_one_bank_named_again() {
    let dir = tempfile::tempdir().unwrap();
    let bank = dir.path().join("s.bank.ron");
    std::fs::copy(shadow_example("zoner.bank.ron"), &bank).unwrap();
    let link = dir.path().join("link.bank.ron");
    std::os::unix::fs::symlink(&bank, &link).unwrap();
    let hard = dir.path().join("hard.bank.ron");
    std::fs::hard_link(&bank, &hard).unwrap();
    let rival = shadow_example("rushdown.bank.ron");
    let relative = format!("{}/../{}/s.bank.ron", s(dir.path()), dir.path().file_name().unwrap().to_str().unwrap());
    for other in [relative.as_str(), s(&link), s(&hard)] {
        let out = studio()
            .current_dir(dir.path())
            .args(["shadow", "league", "s.bank.ron", s(&rival), other])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{other}: {err}");
        assert!(err.contains(&format!("{other} is s.bank.ron, named again; a league plays each bank once")), "{err}");
    }
}

#[test]
fn the_matches_go_to_parquet_one_row_each_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let b = banks();
    let table = dir.path().join("league.parquet");
    json(&league_args(&b, &["--matches", "1", "--json", "--parquet", s(&table)]));
    let t = read_parquet_table(&table).unwrap();
    assert_eq!(t.num_rows(), 6);
    let columns: Vec<(String, String)> =
        t.schema().fields().iter().map(|f| (f.name().clone(), f.data_type().to_string())).collect();
    let want = [
        ("a", "Utf8"),
        ("b", "Utf8"),
        ("seed", "UInt64"),
        ("winner", "Utf8"),
        ("health_a", "UInt32"),
        ("health_b", "UInt32"),
        ("frames", "UInt32"),
    ];
    assert_eq!(columns, want.map(|(n, k)| (n.to_owned(), k.to_owned())));
    let winners = t.column(3).as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    assert!(winners.iter().all(|w| matches!(w, Some("a" | "b" | "draw"))));
    let a = t.column(0).as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    assert_eq!(a.value(0), s(&b[0]));

    // Again without --force: the table is kept; over a bank even with --force: refused.
    let err = fails(&league_args(&b, &["--matches", "1", "--parquet", s(&table)]));
    assert!(err.contains("already exists"), "{err}");
    let copy = dir.path().join("zoner.bank.ron");
    std::fs::copy(&b[0], &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let err = fails(&["shadow", "league", s(&copy), s(&b[1]), "--parquet", s(&copy), "--force"]);
    assert!(err.contains("is also read by this command"), "{err}");
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

#[test]
fn a_gauntlet_made_from_a_league_lists_its_banks_weakest_first_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let b = banks();
    let league = json(&league_args(&b, &["--matches", "1", "--seed", "3", "--json"]));
    let saved = dir.path().join("league.json");
    std::fs::write(&saved, league.to_string()).unwrap();
    let out = dir.path().join("ladder.gauntlet.ron");
    let made = json(&["shadow", "gauntlet", "--from", s(&saved), "-o", s(&out), "--json"]);
    let listed: Vec<PathBuf> =
        made["banks"].as_array().unwrap().iter().map(|p| PathBuf::from(p.as_str().unwrap())).collect();
    // Weakest first: the league's table read from the bottom.
    let strongest_first: Vec<PathBuf> =
        league["banks"].as_array().unwrap().iter().map(|r| PathBuf::from(r["bank"].as_str().unwrap())).collect();
    let found: Vec<PathBuf> = listed.iter().map(|p| normalized(&dir.path().join(p))).collect();
    let want: Vec<PathBuf> = strongest_first.iter().rev().map(|p| normalized(p)).collect();
    assert_eq!(found, want);
    assert!(listed.iter().all(|p| p.is_relative()), "{listed:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("banks:"), "{text}");
    let ok = studio().args(["check", s(&out)]).output().unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));

    // A bank that is not there, and a broken file, each placed.
    let missing = dir.path().join("gone.gauntlet.ron");
    std::fs::write(&missing, "(banks: [\n    \"nowhere.bank.ron\",\n])").unwrap();
    let broken = dir.path().join("broken.gauntlet.ron");
    std::fs::write(&broken, "(\n    banks: [\"a.bank.ron\"],\n    order: \"weakest first\",\n)").unwrap();
    let out = studio().args(["check", s(&missing), s(&broken)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!("{}:2:5: no bank at", missing.display())), "{said}");
    assert!(said.contains(&format!("{}:3:5:", broken.display())), "{said}");

    // Only a name ending in .gauntlet.ron is written.
    let err = fails(&["shadow", "gauntlet", "--from", s(&saved), "-o", s(&dir.path().join("ladder.ron"))]);
    assert!(err.contains(".gauntlet.ron"), "{err}");
}

/// An absolute path without `.` or `..`.
fn normalized(p: &Path) -> PathBuf {
    creature_core::paths::normalize(&std::env::current_dir().unwrap().join(p))
}

/// A league whose banks cannot make a gauntlet (too many, one named twice, an empty
/// name) is the league file's fault: the error names that file, at the bank or the
/// list, and never the gauntlet file, which is not written.
#[test]
fn a_league_that_makes_no_gauntlet_is_blamed_where_it_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let league = |banks: &[String]| {
        let rows: Vec<String> = banks
            .iter()
            .enumerate()
            .map(|(i, b)| format!("    {{\"bank\": \"{b}\", \"rating\": {}.0, \"deviation\": 50.0}}", 1500 + i))
            .collect();
        format!("{{\n  \"banks\": [\n{}\n  ]\n}}\n", rows.join(",\n"))
    };
    let out = dir.path().join("G.gauntlet.ron");
    let many: Vec<String> = (0..2000).map(|i| format!("b{i}.bank.ron")).collect();
    let cases = [
        (
            "twice",
            league(&["a.bank.ron".into(), "b.bank.ron".into(), "./a.bank.ron".into()]),
            (":5:6: ", "a.bank.ron is listed twice (first as bank 1)"),
        ),
        (
            "empty",
            league(&["a.bank.ron".into(), String::new()]),
            (":4:6: ", "an empty name; expected the path of a bank"),
        ),
        ("many", league(&many), (":2:3: ", "a gauntlet lists at most 1000 banks; got 2000")),
    ];
    for (name, text, (at, said)) in cases {
        let from = dir.path().join(format!("{name}.json"));
        std::fs::write(&from, text).unwrap();
        let err = fails(&["shadow", "gauntlet", "--from", s(&from), "-o", s(&out)]);
        assert!(err.contains(&format!("{}{at}", from.display())) && err.contains(said), "{name}: {err}");
        assert!(!err.contains("G.gauntlet.ron"), "{name}: the file never written is not blamed: {err}");
        assert!(!out.exists(), "{name}");
    }
}

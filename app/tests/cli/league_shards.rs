//! A league split into shards (`shadow league --shard I/K`), as a cluster plays it
//! (app/tools/dask_league.py), and rated from the shards' tables (`--results`): the same
//! ratings and the same match table as the league played whole; shards missing, twice,
//! or from another league are refused.

use std::path::PathBuf;

use crate::common::{fails, json, s, shadow_example, studio};
use creature_core::parquet_table::read_parquet_table;
use serde_json::Value;

fn banks() -> Vec<String> {
    ["zoner.bank.ron", "rushdown.bank.ron", "turtle.bank.ron"].map(|b| s(&shadow_example(b)).to_owned()).to_vec()
}

fn league(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["shadow", "league"].map(str::to_owned).to_vec();
    args.extend(banks());
    args.extend(["--matches", "2", "--seed", "5"].map(str::to_owned));
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    args
}

fn run(args: &[String]) -> Value {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json(&args)
}

fn without_time(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("league_ms");
    v
}

/// Plays shards `0/k` … `k-1/k` into `dir`, returning their tables.
fn shards(dir: &std::path::Path, k: usize) -> Vec<PathBuf> {
    (0..k)
        .map(|i| {
            let table = dir.join(format!("shard{i}.parquet"));
            let out = run(&league(&["--shard", &format!("{i}/{k}"), "--parquet", s(&table), "--json"]));
            assert_eq!(out["shard"], format!("{i}/{k}"));
            table
        })
        .collect()
}

#[test]
fn the_shards_tables_rate_as_the_league_played_whole() {
    let dir = tempfile::tempdir().unwrap();
    let whole_table = dir.path().join("whole.parquet");
    let whole = run(&league(&["--json", "--parquet", s(&whole_table)]));
    let tables = shards(dir.path(), 4);
    let rows: usize = tables.iter().map(|t| read_parquet_table(t).unwrap().num_rows()).sum();
    assert_eq!(rows as u64, whole["matches"].as_u64().unwrap(), "each match in one shard");
    let gathered_table = dir.path().join("gathered.parquet");
    let mut args = league(&["--json", "--parquet", s(&gathered_table), "--results"]);
    args.extend(tables.iter().map(|t| s(t).to_owned()));
    let gathered = run(&args);
    assert_eq!(without_time(gathered), without_time(whole));
    assert_eq!(read_parquet_table(&gathered_table).unwrap(), read_parquet_table(&whole_table).unwrap());
}

#[test]
fn shards_missing_twice_or_from_another_league_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tables = shards(dir.path(), 3);
    let with = |t: &[&PathBuf]| {
        let mut args = league(&["--json", "--results"]);
        args.extend(t.iter().map(|p| s(p).to_owned()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails(&args)
    };
    let e = with(&[&tables[0], &tables[2]]);
    assert!(e.contains("matches are missing"), "{e}");
    let e = with(&[&tables[0], &tables[1], &tables[2], &tables[1]]);
    assert!(e.contains("there twice"), "{e}");
    // A shard of the league seeded otherwise: its first row names a seed this league lacks.
    let other = dir.path().join("other.parquet");
    let mut args = league(&["--shard", "0/3", "--parquet", s(&other)]);
    let at = args.iter().position(|a| a == "5").unwrap();
    args[at] = "6".into();
    let out = studio().args(&args).output().unwrap();
    assert!(out.status.success());
    let e = with(&[&other, &tables[1], &tables[2]]);
    assert!(e.contains("other.parquet: row 1: no match of this league (seed 5"), "{e}");
}

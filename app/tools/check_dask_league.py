#!/usr/bin/env python3
"""Checks the Dask league (app/tools/dask_league.py): the example banks' league played as
shards on a Dask LocalCluster of two workers gives the same ratings and the same match
table (read with DuckDB) as the league played whole by the studio (SPEC §20); and a
shard that fails makes the league fail with the studio's error.

Usage: check_dask_league.py STUDIO_BINARY

Prints one line per check and exits 1 if any check failed.
"""

import json
import os
import sys
import tempfile
from pathlib import Path

import duckdb

from checks import Checks, run, studio_argument

LEAGUE = Path(__file__).resolve().parent / "dask_league.py"
ROOT = Path(__file__).resolve().parents[2]
CHECKS = Checks("Dask league")
check = CHECKS.check


def main():
    studio = studio_argument(__doc__)
    banks = [str(ROOT / "projects/example/shadow" / b) for b in ("zoner.bank.ron", "rushdown.bank.ron", "turtle.bank.ron")]
    rules = ["--matches", "3", "--seed", "11"]
    con = duckdb.connect()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        whole_table = tmp / "whole.parquet"
        done = run(studio, "shadow", "league", *banks, *rules, "--json", "--parquet", whole_table)
        if done.returncode != 0:
            print(f"FAIL  the whole league: exit {done.returncode}: {done.stderr.strip()}")
            sys.exit(1)
        whole = json.loads(done.stdout)
        table = tmp / "dask.parquet"
        shards = tmp / "shards"
        done = run(sys.executable, LEAGUE, studio, *banks, *rules, "--shards", "4", "--workers", "2",
                   "--json", "--parquet", table, "--shard-dir", shards)
        check("the league on a LocalCluster of 2 workers exits 0", done.returncode == 0,
              f"exit {done.returncode}: {done.stderr.strip()[-2000:]}")
        if done.returncode != 0:
            sys.exit(1)
        dask = json.loads(done.stdout)
        print(f"      {dask['matches']} matches; ratings " +
              ", ".join(f"{Path(b['bank']).name} {b['rating']:.0f}±{b['deviation']:.0f}" for b in dask["banks"]))
        check("one Parquet table per shard", sorted(p.name for p in shards.iterdir()) ==
              [f"shard{i}.parquet" for i in range(4)])
        for league in (whole, dask):
            league.pop("league_ms")
        check("the same ratings as the league played whole", dask == whole,
              f"{json.dumps(dask)} against {json.dumps(whole)}")
        rows = lambda f: con.execute(f"SELECT * FROM read_parquet('{f}')").fetchall()
        got, expected = rows(table), rows(whole_table)
        check(f"the same match table, row for row ({len(expected)} rows)", got == expected,
              f"{len(got)} rows, {sum(a != b for a, b in zip(got, expected))} differ")
        bad = run(sys.executable, LEAGUE, studio, banks[0], os.path.join(tmp, "missing.bank.ron"), "--shards", "2",
                  "--workers", "1")
        check("a failing shard fails the league with the studio's error",
              bad.returncode != 0 and "missing.bank.ron" in bad.stderr,
              f"exit {bad.returncode}: {bad.stderr.strip()[-500:]}")
    CHECKS.finish()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks the Dask sweep (app/tools/dask_sweep.py): a batch of newborns run as shards on
a Dask LocalCluster of two workers gives exactly the rows of the same batch run whole by
the studio (SPEC §18), compared with DuckDB row for row after sorting by newborn, with the
same column names and types; and a shard that fails makes the sweep fail with its error.

Usage: check_dask_sweep.py STUDIO_BINARY

Prints one line per check and exits 1 if any check failed.
"""

import sys
import tempfile
from pathlib import Path

import duckdb

from checks import Checks, run, studio_argument

SWEEP = Path(__file__).resolve().parent / "dask_sweep.py"
CHECKS = Checks("Dask sweep")
check = CHECKS.check


def main():
    studio = studio_argument(__doc__)
    batch = ["--species", "Cow", "--newborns", "30", "--seconds", "20", "--seed", "7"]
    con = duckdb.connect()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        whole = tmp / "whole.parquet"
        done = run(studio, "sim", *batch, "--parquet", whole)
        if done.returncode != 0:
            print(f"FAIL  the whole batch: exit {done.returncode}: {done.stderr.strip()}")
            sys.exit(1)
        merged = tmp / "merged.parquet"
        shards = tmp / "shards"
        done = run(sys.executable, SWEEP, studio, *batch, "--shards", "4", "--workers", "2",
                   "--out", merged, "--shard-dir", shards)
        check("the sweep on a LocalCluster of 2 workers exits 0", done.returncode == 0,
              f"exit {done.returncode}: {done.stderr.strip()[-2000:]}")
        if done.returncode != 0:
            sys.exit(1)
        print(f"      {done.stdout.strip()}")
        check("one Parquet file per shard", sorted(p.name for p in shards.iterdir()) ==
              [f"shard{i}.parquet" for i in range(4)])
        describe = lambda f: con.execute(f"DESCRIBE SELECT * FROM read_parquet('{f}')").fetchall()
        check("same columns and types as the whole batch", [c[:2] for c in describe(merged)] ==
              [c[:2] for c in describe(whole)])
        rows = lambda f: con.execute(f"SELECT * FROM read_parquet('{f}') ORDER BY newborn").fetchall()
        got, expected = rows(merged), rows(whole)
        check(f"same rows as the whole batch, sorted by newborn ({len(expected)})", got == expected,
              f"{len(got)} rows, {sum(a != b for a, b in zip(got, expected))} differ")
        check("every newborn once", [r[0] for r in got] == list(range(30)))
        bad = run(sys.executable, SWEEP, studio, "--species", "Unicorn", "--newborns", "4", "--seconds", "1",
                  "--shards", "2", "--workers", "1")
        check("a failing shard fails the sweep with the studio's error",
              bad.returncode != 0 and "Unicorn" in bad.stderr, f"exit {bad.returncode}: {bad.stderr.strip()[-500:]}")
    CHECKS.finish()


if __name__ == "__main__":
    main()

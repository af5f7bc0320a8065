#!/usr/bin/env python3
"""Checks the Dask teachability report (app/tools/dask_train.py): the example's kind
target searched for four species as shards on a Dask LocalCluster of two workers gives
the same report and the same table (read with DuckDB) as the search run whole by the
studio (SPEC §22); and a shard that fails makes the report fail with the studio's error.

Usage: check_dask_train.py STUDIO_BINARY

Prints one line per check and exits 1 if any check failed.
"""

import json
import os
import sys
import tempfile
from pathlib import Path

import duckdb

from checks import Checks, run, studio_argument

TRAIN = Path(__file__).resolve().parent / "dask_train.py"
ROOT = Path(__file__).resolve().parents[2]
CHECKS = Checks("Dask train")
check = CHECKS.check


def main():
    studio = studio_argument(__doc__)
    target = str(ROOT / "projects/example/targets/kind.target.ron")
    search = ["--species", "Cow,Sheep,Tiger,Wolf", "--seeds", "2", "--budget", "60"]
    con = duckdb.connect()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        whole_table = tmp / "whole.parquet"
        done = run(studio, "train", target, *search, "--json", "--parquet", whole_table)
        if done.returncode != 0:
            print(f"FAIL  the whole report: exit {done.returncode}: {done.stderr.strip()}")
            sys.exit(1)
        whole = json.loads(done.stdout)
        table = tmp / "dask.parquet"
        shards = tmp / "shards"
        done = run(sys.executable, TRAIN, studio, target, *search, "--shards", "3", "--workers", "2",
                   "--json", "--parquet", table, "--shard-dir", shards)
        check("the report on a LocalCluster of 2 workers exits 0", done.returncode == 0,
              f"exit {done.returncode}: {done.stderr.strip()[-2000:]}")
        if done.returncode != 0:
            sys.exit(1)
        dask = json.loads(done.stdout)
        print("      " + ", ".join(f"{s['species']} {s['lessons']}" for s in dask["species"]))
        check("one Parquet table per shard", sorted(p.name for p in shards.iterdir()) ==
              [f"shard{i}.parquet" for i in range(3)])
        for report in (whole, dask):
            report.pop("train_ms")
            report.pop("runs_per_second")
        check("the same report as the search run whole", dask == whole,
              f"{json.dumps(dask)} against {json.dumps(whole)}")
        rows = lambda f: con.execute(f"SELECT * FROM read_parquet('{f}')").fetchall()
        got, expected = rows(table), rows(whole_table)
        check(f"the same table, row for row ({len(expected)} rows)", got == expected,
              f"{got} against {expected}")
        bad = run(sys.executable, TRAIN, studio, os.path.join(tmp, "missing.target.ron"), "--species", "Cow,Tiger",
                  "--shards", "2", "--workers", "1")
        check("a failing shard fails the report with the studio's error",
              bad.returncode != 0 and "missing.target.ron" in bad.stderr,
              f"exit {bad.returncode}: {bad.stderr.strip()[-500:]}")
    CHECKS.finish()


if __name__ == "__main__":
    main()

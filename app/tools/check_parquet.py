#!/usr/bin/env python3
"""Proves the studio's Parquet exports (SPEC §18) are real Parquet files by reading them
with DuckDB, which shares no code with the studio.

Usage: check_parquet.py STUDIO_BINARY

For each example bank in projects/example/shadow it exports the bank, reads the file
with DuckDB and checks the event, match and segment counts, the action and matchup
counts and the reaction count against `shadow stats --json`, the column names and types
(one float64 column per feature of the bank), and that `shadow import` gives a bank with
the same stats. It then runs a 24-newborn batch whole and as three shards and checks
that the shards read together equal the whole batch, row for row.

Prints one line per check and exits 1 at the end if any check failed.
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[2]
BANKS = REPO / "projects" / "example" / "shadow"
failures = 0


def check(what, got, expected):
    """Prints one line for one check and counts it if it failed."""
    global failures
    if got == expected:
        print(f"ok    {what}")
    else:
        failures += 1
        print(f"FAIL  {what}: got {got!r}, expected {expected!r}")


def run(studio, *args):
    """Runs the studio and returns its stdout; a failed command fails the script."""
    out = subprocess.run([studio, *map(str, args)], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL  {' '.join(map(str, args))}: exit {out.returncode}: {out.stderr.strip()}")
        sys.exit(1)
    return out.stdout


def features_of(bank):
    """The feature names of a RON bank, in order, from the state of its first event."""
    state = re.search(r"state:\s*\{([^}]*)\}", bank.read_text())
    return re.findall(r'"((?:[^"\\]|\\.)*)"\s*:', state.group(1)) if state else []


def columns(con, source):
    """Column name -> DuckDB type of a Parquet source."""
    return {name: kind for name, kind, *_ in con.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()}


def check_banks(studio, con, tmp):
    exports = tmp / "banks"
    exports.mkdir()
    all_actions = {}
    for bank in sorted(BANKS.glob("*.bank.ron")):
        name = bank.name.removesuffix(".bank.ron")
        out = exports / f"{name}.parquet"
        run(studio, "shadow", "export", bank, "-o", out)
        stats = json.loads(run(studio, "shadow", "stats", bank, "--json"))
        src = f"read_parquet('{out}')"
        one = lambda sql: con.execute(sql.format(src=src)).fetchone()[0]
        check(f"{name}: events", one("SELECT count(*) FROM {src}"), stats["events"])
        check(f"{name}: matches", one("SELECT count(DISTINCT match_id) FROM {src}"), stats["matches"])
        check(f"{name}: segments", one("SELECT count(DISTINCT segment) FROM {src}"), stats["segments"])
        check(f"{name}: reactions", one("SELECT count(reaction) FROM {src}"), stats["reaction_frames"]["count"])
        actions = dict(con.execute(f"SELECT action, count(*) FROM {src} GROUP BY action").fetchall())
        check(f"{name}: action counts", actions, stats["actions"])
        for action, n in actions.items():
            all_actions[action] = all_actions.get(action, 0) + n
        matchups = dict(
            con.execute(f"SELECT own || ' vs ' || opponent, count(*) FROM {src} GROUP BY ALL").fetchall()
        )
        check(f"{name}: matchup counts", matchups, stats["matchups"])
        cols = columns(con, src)
        fixed = {
            "event": "UBIGINT",
            "match_id": "UBIGINT",
            "segment": "UBIGINT",
            "index": "UINTEGER",
            "frame": "UINTEGER",
            "own": "VARCHAR",
            "opponent": "VARCHAR",
            "action": "VARCHAR",
        }
        check(f"{name}: event columns and types", {c: cols.get(c) for c in fixed}, fixed)
        features = features_of(bank)
        rest = [c for c in cols if c not in fixed and c not in ("reaction", "recorded_at", "provenance")]
        check(f"{name}: one column per feature ({len(features)})", rest, features)
        check(f"{name}: feature columns are DOUBLE", {cols[c] for c in rest}, {"DOUBLE"} if rest else set())
        back = tmp / f"{name}.back.bank.ron"
        run(studio, "shadow", "import", out, "-o", back)
        check(f"{name}: import gives the same stats", json.loads(run(studio, "shadow", "stats", back, "--json")), stats)
    # The README's query: every bank of a folder at once.
    folder = dict(con.execute(f"SELECT action, count(*) FROM '{exports}/*.parquet' GROUP BY action").fetchall())
    check("all banks: action counts over the folder", folder, all_actions)


def check_batch(studio, con, tmp):
    args = ["sim", "--species", "Cow", "--newborns", "24", "--seconds", "10", "--seed", "3"]
    whole = tmp / "whole.parquet"
    run(studio, *args, "--parquet", whole)
    shards = tmp / "shards"
    shards.mkdir()
    for i in range(3):
        run(studio, *args, "--parquet", shards / f"shard{i}.parquet", "--shard", f"{i}/3")
    w = f"read_parquet('{whole}')"
    s = f"read_parquet('{shards}/*.parquet')"
    one = lambda sql: con.execute(sql).fetchone()[0]
    check("batch: rows", one(f"SELECT count(*) FROM {w}"), 24)
    check("batch: shard rows together", one(f"SELECT count(*) FROM {s}"), 24)
    check("batch: newborns 0..23", [r[0] for r in con.execute(f"SELECT newborn FROM {s} ORDER BY 1").fetchall()],
          list(range(24)))
    for i in range(3):
        got = one(f"SELECT count(*) FROM read_parquet('{shards}/shard{i}.parquet') WHERE newborn % 3 <> {i}")
        check(f"batch: shard {i}/3 holds only newborns ≡ {i} (mod 3)", got, 0)
    check("batch: whole rows missing from the shards", one(f"SELECT count(*) FROM (FROM {w} EXCEPT ALL FROM {s})"), 0)
    check("batch: shard rows missing from the whole", one(f"SELECT count(*) FROM (FROM {s} EXCEPT ALL FROM {w})"), 0)
    report = json.loads(run(studio, "sim", "--species", "Cow", "--newborns", "1", "--seconds", "0", "--json"))
    species = json.loads(run(studio, "species", "report", "--json"))["species"]
    traits = list(next(x for x in species if x["name"] == "Cow")["traits"])
    expected = {"newborn": "UINTEGER", "seed": "UBIGINT", "species": "VARCHAR"}
    expected.update({t: "DOUBLE" for t in traits})
    for d in report["desires"]:
        expected[f"final_{d}"] = "DOUBLE"
        expected[f"time_{d}"] = "DOUBLE"
    check(f"batch: columns ({len(expected)})", columns(con, w), expected)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    studio = sys.argv[1]
    con = duckdb.connect()
    with tempfile.TemporaryDirectory() as tmp:
        check_banks(studio, con, Path(tmp))
        check_batch(studio, con, Path(tmp))
    if failures:
        print(f"{failures} Parquet check(s) failed")
        sys.exit(1)
    print("all Parquet checks passed")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs a batch of newborns (SPEC §18) as K shards on a Dask distributed cluster and reads
the shards' Parquet files back as one table.

Usage:
  dask_sweep.py STUDIO --species NAME --newborns N --seconds S [--seed X] [--phase P]
                --shards K [--scheduler ADDRESS | --workers W]
                [--out OUT.parquet] [--shard-dir DIR] [--print] [--json]

Each of the K tasks runs `STUDIO sim --species NAME --newborns N --seconds S --seed X
--parquet FILE --shard I/K` on a Dask worker and sends the file's bytes back, so the
workers need the studio binary at the path STUDIO (the same path on every machine) but no
shared disk. Dask does the scheduling: with `--scheduler tcp://HOST:8786` the tasks go to
that cluster's workers; without it a LocalCluster of W single-threaded worker processes
runs them here.

The driver keeps the shard files in DIR with --shard-dir (a temporary folder otherwise),
reads them with DuckDB as one table ordered by newborn, and writes it to OUT.parquet
(--out), prints it as CSV (--print), and prints a summary line (JSON with --json).
"""

import argparse
import json
import sys
import time
from pathlib import Path

import duckdb

import dask_shards


def parse_args(argv):
    p = argparse.ArgumentParser(description="A batch of newborns as shards on a Dask cluster.")
    p.add_argument("studio", help="path of the creature-studio binary (the same on every worker)")
    p.add_argument("--species", required=True)
    p.add_argument("--newborns", type=int, required=True)
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--phase", type=int)
    dask_shards.add_cluster_args(p, "batch")
    p.add_argument("--out", type=Path, help="write the whole table to this Parquet file")
    p.add_argument("--print", action="store_true", help="print the table as CSV")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = p.parse_args(argv)
    dask_shards.check_cluster_args(p, args)
    if args.newborns < 1:
        p.error(f"--newborns {args.newborns}: expected 1 or more")
    return args


def batch_args(args):
    """The `sim` arguments every shard shares."""
    out = ["--species", args.species, "--newborns", str(args.newborns), "--seconds", str(args.seconds),
           "--seed", str(args.seed)]
    if args.phase is not None:
        out += ["--phase", str(args.phase)]
    return out


def table(files):
    """The shards as one DuckDB relation ordered by newborn, and its connection."""
    con = duckdb.connect()
    listing = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
    return con, f"SELECT * FROM read_parquet([{listing}]) ORDER BY newborn"


def main(argv):
    args = parse_args(argv)
    started = time.perf_counter()
    studio = dask_shards.local_path(args, args.studio)
    with dask_shards.cluster(args) as client, dask_shards.shard_folder(args) as folder:
        workers = len(client.scheduler_info()["workers"])
        files = dask_shards.play(client, studio, ["sim", *batch_args(args)], args.shards, folder, "sim")
        con, query = table(files)
        rows = con.execute(f"SELECT count(*) FROM ({query})").fetchone()[0]
        if args.out:
            out = str(args.out).replace("'", "''")
            con.execute(f"COPY ({query}) TO '{out}' (FORMAT parquet)")
        if args.print:
            cur = con.execute(query)
            names = [d[0] for d in cur.description]
            print(",".join(names))
            for row in cur.fetchall():
                print(",".join(repr(v) if isinstance(v, float) else str(v) for v in row))
    summary = {
        "newborns": args.newborns,
        "rows": rows,
        "shards": args.shards,
        "workers": workers,
        "scheduler": args.scheduler or "LocalCluster",
        "out": str(args.out) if args.out else None,
        "wall_ms": (time.perf_counter() - started) * 1000.0,
    }
    if args.json:
        print(json.dumps(summary))
    elif not args.print:
        print(f"{rows} rows from {args.shards} shards on {workers} Dask workers ({summary['scheduler']}) "
              f"in {summary['wall_ms']:.0f} ms" + (f", written to {args.out}" if args.out else ""))
    if rows != args.newborns:
        print(f"dask_sweep: the shards gave {rows} rows for {args.newborns} newborns", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    dask_shards.run_main(main, "dask_sweep")

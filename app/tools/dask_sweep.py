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
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb
from dask.distributed import Client, LocalCluster


def run_shard(studio, batch_args, index, count):
    """One Dask task: shard `index` of `count` of the batch, run by the studio binary on
    the worker into a file of the worker's own temporary folder. Returns the Parquet
    bytes, or raises with the studio's error so the driver reports it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"shard{index}.parquet"
        cmd = [studio, "sim", *batch_args, "--parquet", str(out), "--shard", f"{index}/{count}"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: exit {done.returncode}: {done.stderr.strip()}")
        return out.read_bytes()


def parse_args(argv):
    p = argparse.ArgumentParser(description="A batch of newborns as shards on a Dask cluster.")
    p.add_argument("studio", help="path of the creature-studio binary (the same on every worker)")
    p.add_argument("--species", required=True)
    p.add_argument("--newborns", type=int, required=True)
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--phase", type=int)
    p.add_argument("--shards", type=int, required=True, help="K: how many tasks the batch is split into")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--workers", type=int, default=2, help="without --scheduler: LocalCluster worker processes")
    p.add_argument("--out", type=Path, help="write the whole table to this Parquet file")
    p.add_argument("--shard-dir", type=Path, help="keep the K shard files in this folder")
    p.add_argument("--print", action="store_true", help="print the table as CSV")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = p.parse_args(argv)
    if args.shards < 1:
        p.error(f"--shards {args.shards}: expected 1 or more")
    if args.newborns < 1:
        p.error(f"--newborns {args.newborns}: expected 1 or more")
    if args.scheduler is None and args.workers < 1:
        p.error(f"--workers {args.workers}: expected 1 or more")
    return args


def batch_args(args):
    """The `sim` arguments every shard shares."""
    out = ["--species", args.species, "--newborns", str(args.newborns), "--seconds", str(args.seconds),
           "--seed", str(args.seed)]
    if args.phase is not None:
        out += ["--phase", str(args.phase)]
    return out


def sweep(client, args, shard_dir):
    """Submits the K shards, writes each result to shard_dir as it arrives, and returns
    the files in shard order."""
    studio = os.path.abspath(args.studio) if args.scheduler is None else args.studio
    common = batch_args(args)
    futures = [client.submit(run_shard, studio, common, i, args.shards, key=f"shard-{i}-of-{args.shards}", pure=False)
               for i in range(args.shards)]
    files = []
    for i, data in enumerate(client.gather(futures)):
        path = shard_dir / f"shard{i}.parquet"
        path.write_bytes(data)
        files.append(path)
    return files


def table(files):
    """The shards as one DuckDB relation ordered by newborn, and its connection."""
    con = duckdb.connect()
    listing = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
    return con, f"SELECT * FROM read_parquet([{listing}]) ORDER BY newborn"


def main(argv):
    args = parse_args(argv)
    started = time.perf_counter()
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
        client = Client(cluster)
    workers = len(client.scheduler_info()["workers"])
    try:
        with tempfile.TemporaryDirectory() as tmp:
            shard_dir = args.shard_dir or Path(tmp)
            shard_dir.mkdir(parents=True, exist_ok=True)
            files = sweep(client, args, shard_dir)
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
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
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
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        print(f"dask_sweep: {e}", file=sys.stderr)
        sys.exit(1)

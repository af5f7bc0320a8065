#!/usr/bin/env python3
"""Plays a shadow league (SPEC §20) as K shards on a Dask distributed cluster, then rates
it from the shards' match tables with the studio itself.

Usage:
  dask_league.py STUDIO BANK... [--schema S] [--matches N] [--seed X] --shards K
                 [--scheduler ADDRESS | --workers W] [--parquet OUT] [--shard-dir DIR]
                 [--json] [--baseline FILE.json]

Each of the K tasks runs `STUDIO shadow league BANK... --shard I/K --parquet FILE` on a
Dask worker and sends the table's bytes back: the shard plays the league's matches at
places ≡ I (mod K), each exactly as the whole league plays it. The workers need the
studio binary and the banks at the same paths (the same on every machine) but no shared
disk. Dask does the scheduling: with `--scheduler tcp://HOST:8786` the tasks go to that
cluster's workers; without it a LocalCluster of W single-threaded worker processes runs
them here.

The driver then runs `STUDIO shadow league BANK... --results FILE...` here, which checks
that the tables hold every match of the league once and prints the ratings (Glicko-2,
by the studio's rating crate) as a league played on one machine prints them; --json,
--parquet and --baseline are passed on, and its exit code is the driver's.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from dask.distributed import Client, LocalCluster


def run_shard(studio, league_args, index, count):
    """One Dask task: shard `index` of `count` of the league, played by the studio
    binary on the worker into a file of the worker's own temporary folder. Returns the
    Parquet bytes, or raises with the studio's error so the driver reports it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"shard{index}.parquet"
        cmd = [studio, "shadow", "league", *league_args, "--shard", f"{index}/{count}", "--parquet", str(out)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: exit {done.returncode}: {done.stderr.strip()}")
        return out.read_bytes()


def parse_args(argv):
    p = argparse.ArgumentParser(description="A shadow league as shards on a Dask cluster.")
    p.add_argument("studio", help="path of the creature-studio binary (the same on every worker)")
    p.add_argument("banks", nargs="+", help="the banks, two or more (the same paths on every worker)")
    p.add_argument("--schema")
    p.add_argument("--matches", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--shards", type=int, required=True, help="K: how many tasks the league is split into")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--workers", type=int, default=2, help="without --scheduler: LocalCluster worker processes")
    p.add_argument("--parquet", type=Path, help="write the whole match table to this Parquet file")
    p.add_argument("--shard-dir", type=Path, help="keep the K shard tables in this folder")
    p.add_argument("--json", action="store_true", help="print the league as `shadow league --json` does")
    p.add_argument("--baseline", type=Path, help="an earlier league's --json: exit 1 when a bank fell")
    args = p.parse_args(argv)
    if args.shards < 1:
        p.error(f"--shards {args.shards}: expected 1 or more")
    if args.scheduler is None and args.workers < 1:
        p.error(f"--workers {args.workers}: expected 1 or more")
    return args


def league_args(args, local):
    """The `shadow league` arguments every shard and the rating share. On a
    LocalCluster the paths are made absolute, since the workers start elsewhere."""
    path = os.path.abspath if local else (lambda p: p)
    out = [path(b) for b in args.banks] + ["--matches", str(args.matches), "--seed", str(args.seed)]
    if args.schema:
        out += ["--schema", path(args.schema)]
    return out


def play(client, studio, common, shards, shard_dir):
    """Submits the K shards, writes each table to shard_dir as it arrives, and returns
    the files in shard order."""
    futures = [client.submit(run_shard, studio, common, i, shards, key=f"league-shard-{i}-of-{shards}", pure=False)
               for i in range(shards)]
    files = []
    for i, data in enumerate(client.gather(futures)):
        path = shard_dir / f"shard{i}.parquet"
        path.write_bytes(data)
        files.append(path)
    return files


def main(argv):
    args = parse_args(argv)
    local = args.scheduler is None
    studio = os.path.abspath(args.studio) if local else args.studio
    common = league_args(args, local)
    if local:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
        client = Client(cluster)
    else:
        cluster = None
        client = Client(args.scheduler)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            shard_dir = args.shard_dir or Path(tmp)
            shard_dir.mkdir(parents=True, exist_ok=True)
            files = play(client, studio, common, args.shards, shard_dir)
            rate = [studio, "shadow", "league", *common, "--results", *map(str, files)]
            if args.json:
                rate.append("--json")
            if args.parquet:
                rate += ["--parquet", str(args.parquet)]
            if args.baseline:
                rate += ["--baseline", str(args.baseline)]
            done = subprocess.run(rate)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return done.returncode


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        print(f"dask_league: {e}", file=sys.stderr)
        sys.exit(1)

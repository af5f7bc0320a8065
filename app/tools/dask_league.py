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
import subprocess
from pathlib import Path

import dask_shards


def parse_args(argv):
    p = argparse.ArgumentParser(description="A shadow league as shards on a Dask cluster.")
    p.add_argument("studio", help="path of the creature-studio binary (the same on every worker)")
    p.add_argument("banks", nargs="+", help="the banks, two or more (the same paths on every worker)")
    p.add_argument("--schema")
    p.add_argument("--matches", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    dask_shards.add_cluster_args(p, "league")
    p.add_argument("--parquet", type=Path, help="write the whole match table to this Parquet file")
    p.add_argument("--json", action="store_true", help="print the league as `shadow league --json` does")
    p.add_argument("--baseline", type=Path, help="an earlier league's --json: exit 1 when a bank fell")
    args = p.parse_args(argv)
    dask_shards.check_cluster_args(p, args)
    return args


def league_args(args):
    """The `shadow league` arguments every shard and the rating share, the paths as the
    tasks see them."""
    out = [dask_shards.local_path(args, b) for b in args.banks] + ["--matches", str(args.matches), "--seed", str(args.seed)]
    if args.schema:
        out += ["--schema", dask_shards.local_path(args, args.schema)]
    return out


def main(argv):
    args = parse_args(argv)
    studio = dask_shards.local_path(args, args.studio)
    common = league_args(args)
    with dask_shards.cluster(args) as client, dask_shards.shard_folder(args) as folder:
        files = dask_shards.play(client, studio, ["shadow", "league", *common], args.shards, folder, "league")
        rate = [studio, "shadow", "league", *common, "--results", *map(str, files)]
        if args.json:
            rate.append("--json")
        if args.parquet:
            rate += ["--parquet", str(args.parquet)]
        if args.baseline:
            rate += ["--baseline", str(args.baseline)]
        done = subprocess.run(rate)
    return done.returncode


if __name__ == "__main__":
    dask_shards.run_main(main, "dask_league")

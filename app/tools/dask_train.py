#!/usr/bin/env python3
"""Searches a teachability report (SPEC §22) as K shards on a Dask distributed cluster,
then puts the report together from the shards' tables with the studio itself.

Usage:
  dask_train.py STUDIO TARGET [--species S,S,...|all] [--seeds K] [--seed X] [--budget N]
                --shards K [--scheduler ADDRESS | --workers W] [--parquet OUT]
                [--shard-dir DIR] [--json]

Each of the K tasks runs `STUDIO train TARGET ... --shard I/K --parquet FILE` on a Dask
worker and sends the table's bytes back: the shard searches the species at places ≡ I
(mod K) of the list, each exactly as the whole report searches it. The workers need the
studio binary and the target (with the files it names) at the same paths on every
machine, but no shared disk. Dask does the scheduling: with `--scheduler tcp://HOST:8786`
the tasks go to that cluster's workers; without it a LocalCluster of W single-threaded
worker processes runs them here.

The driver then runs `STUDIO train TARGET ... --results FILE...` here, which checks that
the tables hold each species once, searched with the same seeds and budget, and prints
the report as a search on one machine prints it; --json and --parquet are passed on, and
its exit code is the driver's.
"""

import argparse
import subprocess
from pathlib import Path

import dask_shards


def parse_args(argv):
    p = argparse.ArgumentParser(description="A teachability report as shards on a Dask cluster.")
    p.add_argument("studio", help="path of the creature-studio binary (the same on every worker)")
    p.add_argument("target", help="the target file (the same path on every worker)")
    p.add_argument("--species", default="all", help="species separated by commas, or all (the default)")
    p.add_argument("--seeds", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=int, default=2000)
    dask_shards.add_cluster_args(p, "report")
    p.add_argument("--parquet", type=Path, help="write the whole report to this Parquet file")
    p.add_argument("--json", action="store_true", help="print the report as `train --json` does")
    args = p.parse_args(argv)
    dask_shards.check_cluster_args(p, args)
    return args


def train_args(args):
    """The `train` arguments every shard and the report share, the paths as the tasks
    see them."""
    return [dask_shards.local_path(args, args.target), "--species", args.species, "--seeds", str(args.seeds),
            "--seed", str(args.seed), "--budget", str(args.budget)]


def main(argv):
    args = parse_args(argv)
    studio = dask_shards.local_path(args, args.studio)
    common = train_args(args)
    with dask_shards.cluster(args) as client, dask_shards.shard_folder(args) as folder:
        files = dask_shards.play(client, studio, ["train", *common], args.shards, folder, "train")
        report = [studio, "train", *common, "--results", *map(str, files)]
        if args.json:
            report.append("--json")
        if args.parquet:
            report += ["--parquet", str(args.parquet)]
        done = subprocess.run(report)
    return done.returncode


if __name__ == "__main__":
    dask_shards.run_main(main, "dask_train")

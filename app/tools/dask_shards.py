"""What the Dask drivers share (dask_sweep.py, dask_league.py, dask_train.py): a studio
command split into K shards (`--shard I/K`), each run as a Dask task on a worker into a
Parquet file of the worker's own, its bytes sent back and kept in a folder here.

The workers need the studio binary (and the files the command reads) at the same paths
on every machine, but no shared disk; this module is sent to them. With a scheduler's address the tasks go to that
cluster's workers; without one a LocalCluster of single-threaded worker processes runs
them here.
"""

import contextlib
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from dask.distributed import Client, LocalCluster


def add_cluster_args(p, what):
    """The options every driver takes: the shard count, where the tasks run, and where
    the shard files are kept."""
    p.add_argument("--shards", type=int, required=True, help=f"K: how many tasks the {what} is split into")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--workers", type=int, default=2, help="without --scheduler: LocalCluster worker processes")
    p.add_argument("--shard-dir", type=Path, help="keep the K shard files in this folder")


def check_cluster_args(p, args):
    """Refuses a shard count or a worker count below 1."""
    if args.shards < 1:
        p.error(f"--shards {args.shards}: expected 1 or more")
    if args.scheduler is None and args.workers < 1:
        p.error(f"--workers {args.workers}: expected 1 or more")


def local_path(args, path):
    """`path` as the tasks see it: absolute on a LocalCluster, whose workers start
    elsewhere; as given for a cluster's own machines."""
    return os.path.abspath(path) if args.scheduler is None else path


def run_shard(studio, command, index, count):
    """One Dask task: shard `index` of `count` of the studio's `command` (its arguments
    after the binary), written to a Parquet file of the worker's own temporary folder.
    Returns the file's bytes, or raises with the studio's error so the driver reports it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"shard{index}.parquet"
        cmd = [studio, *command, "--shard", f"{index}/{count}", "--parquet", str(out)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: exit {done.returncode}: {done.stderr.strip()}")
        return out.read_bytes()


@contextlib.contextmanager
def cluster(args):
    """A Dask client of the scheduler given, or of a LocalCluster started for the run;
    closed after."""
    local = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        local = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                             dashboard_address=None, silence_logs=logging.CRITICAL)
        client = Client(local)
    try:
        # The tasks run this module's `run_shard`: every worker gets its text.
        client.upload_file(os.path.abspath(__file__))
        yield client
    finally:
        client.close()
        if local is not None:
            local.close()


@contextlib.contextmanager
def shard_folder(args):
    """The folder the shard files go to: --shard-dir, or a temporary one for the run."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.shard_dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        yield folder


def play(client, studio, command, shards, folder, name):
    """Submits the K shards of `command`, writes each file to `folder` as it arrives,
    and returns the files in shard order."""
    futures = [client.submit(run_shard, studio, command, i, shards, key=f"{name}-shard-{i}-of-{shards}", pure=False)
               for i in range(shards)]
    files = []
    for i, data in enumerate(client.gather(futures)):
        path = folder / f"shard{i}.parquet"
        path.write_bytes(data)
        files.append(path)
    return files


def run_main(main, name):
    """Runs a driver's `main` on the command line's arguments and exits with its code; a
    shard's failure is said on stderr, under the driver's `name`, with exit 1."""
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as e:
        print(f"{name}: {e}", file=sys.stderr)
        sys.exit(1)

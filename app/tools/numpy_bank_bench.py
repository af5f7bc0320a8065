#!/usr/bin/env python3
"""Times numpy's brute force on the shadow query (SPEC §13), on the bank and queries
`creature-studio shadow bench --dump DIR` wrote, as a reference beside the studio's
index: every event scored with whole-array operations, the best, the threshold and the
candidates. It also checks that numpy finds the studio's answers: the same candidate ids
and a best score within 1e-9 (numpy's curve interpolation and sums may round
differently in the last bits).

Usage: numpy_bank_bench.py DIR [--queries N]

Prints one JSON line: {"events", "features", "queries", "numpy_us_p50", "numpy_us_p99",
"agree"} where agree is how many of the timed queries gave the studio's answer; exits 1
if any did not.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import duckdb
import numpy as np


def load(dirname):
    """The bank's feature columns, ids and ages (SPEC §15: by match-id rank, the newest
    match 0, the oldest 1), and the workload."""
    work = json.loads((dirname / "workload.json").read_text())
    names = [f["name"] for f in work["schema"]["features"]]
    path = str(dirname / "bank.parquet").replace("'", "''")
    cols = ", ".join('"' + n.replace('"', '""') + '"' for n in names)
    table = duckdb.connect().execute(f"SELECT event, match_id, {cols} FROM read_parquet('{path}')").fetchnumpy()
    ids = np.asarray(table["event"], dtype=np.uint64)
    _, rank = np.unique(np.asarray(table["match_id"]), return_inverse=True)
    m = rank.max() + 1
    ages = (m - 1 - rank) / (m - 1) if m > 1 else np.zeros(len(ids))
    values = [np.ascontiguousarray(table[n], dtype=np.float64) for n in names]
    return work, ids, ages, values


def select(schema, values, ages, ids, position, state, continuation):
    """The plain definition of SPEC §13 as whole-array numpy: (best, candidate ids)."""
    s = np.zeros(len(ids))
    for f, col, q in zip(schema["features"], values, state):
        w, scale, sim = f["weight"], f["scale"], f["similarity"]
        if w == 0:
            continue
        if sim == "Abs":
            term = np.abs(q - col) / scale
        elif sim == "Squared":
            term = ((q - col) / scale) ** 2
        elif "Category" in sim:
            term = np.where(col == q, 0.0, sim["Category"]["mismatch"])
        else:
            pts = np.asarray(sim["Curve"]["points"], dtype=np.float64)
            term = np.interp(np.abs(q - col) / scale, pts[:, 0], pts[:, 1])
        s += w * term
    s += schema["recency_weight"] * ages
    if continuation is not None:
        s[position[continuation]] -= schema["bias"]
    best = s.min()
    t = best + schema["neighbourhood"] * max(abs(best), 1e-9)
    return best, ids[s <= t]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dir", type=Path)
    p.add_argument("--queries", type=int, default=200, help="how many of the dumped queries to time")
    args = p.parse_args()
    work, ids, ages, values = load(args.dir)
    schema = work["schema"]
    position = {int(i): k for k, i in enumerate(ids)}
    queries = work["queries"][: args.queries]
    times, agree = [], 0
    for q in queries:
        t = time.perf_counter()
        best, cand = select(schema, values, ages, ids, position, q["state"], q["continuation"])
        times.append((time.perf_counter() - t) * 1e6)
        same = sorted(int(c) for c in cand) == sorted(q["candidates"]) and abs(best - q["best"]) <= 1e-9 * max(1, abs(best))
        agree += int(same)
    times.sort()
    pct = lambda x: times[min(len(times), max(1, int(np.ceil(x * len(times))))) - 1]
    print(json.dumps({
        "events": len(ids),
        "features": len(values),
        "queries": len(queries),
        "numpy_us_p50": pct(0.5),
        "numpy_us_p99": pct(0.99),
        "agree": int(agree),
    }))
    sys.exit(0 if agree == len(queries) else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The link's speed on the release binary (SPEC §23), printed for people, never asserted:

- a species file pushed to the game until the game says it took it: twelve reloads of
  the shipped cow.ron, the median and the worst (goal: 50 ms or less, a save in the
  editor reaching the game's creature);
  with one creature in the game;
- 64 creatures at 10 Hz to 10 observers for 3 s: states and bytes a second received.

Usage: link_latency.py STUDIO_BINARY REPO
"""

import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.sync.client import connect

studio, repo = sys.argv[1], Path(sys.argv[2])


@contextlib.contextmanager
def attach(address, token, role):
    with connect(f"ws://{address}", max_size=1 << 20) as ws:
        ws.send(json.dumps({"t": "hello", "version": 1, "token": token, "role": role, "name": "bench"}))
        assert json.loads(ws.recv(timeout=10))["t"] == "welcome"
        yield ws


def reloads(address, token):
    cow = (repo / "species" / "cow.ron").read_text()
    times = []
    with attach(address, token, "controller") as ws:
        for i in range(12):
            start = time.perf_counter()
            ws.send(json.dumps({"t": "reload", "id": i, "file": "cow.ron", "text": cow}))
            while True:
                m = json.loads(ws.recv(timeout=10))
                if m.get("id") == i:
                    assert m["t"] == "ok", m
                    break
            times.append((time.perf_counter() - start) * 1000)
    print(f"link: a species file pushed until taken, 12 times: median {statistics.median(times):.1f} ms, "
          f"worst {max(times):.1f} ms")


def fan_out(address, token):
    counts = [[0, 0] for _ in range(10)]

    def watch(k):
        with attach(address, token, "observer") as ws:
            ws.send(json.dumps({"t": "subscribe", "creatures": "all", "hz": 10}))
            end = time.monotonic() + 3
            while time.monotonic() < end:
                try:
                    text = ws.recv(timeout=0.5)
                except TimeoutError:
                    continue
                counts[k][0] += 1
                counts[k][1] += len(text)

    threads = [threading.Thread(target=watch, args=(k,)) for k in range(10)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    states = sum(c[0] for c in counts) / 3
    mb = sum(c[1] for c in counts) / 3 / 1e6
    print(f"link: 64 creatures at 10 Hz to 10 observers: {states:.0f} messages/s, {mb:.2f} MB/s received")


@contextlib.contextmanager
def serve(creatures):
    """`serve` with `creatures` creatures: its address and token."""
    token_file = Path(tempfile.mkdtemp()) / "token"
    game = subprocess.Popen([studio, "serve", "--project", repo / "projects" / "example", "--creatures",
                             str(creatures), "--listen", "127.0.0.1:0", "--token-file", token_file, "--seconds", "120"],
                            stdout=subprocess.PIPE, text=True)
    try:
        address = json.loads(game.stdout.readline())["address"]
        yield address, token_file.read_text().strip()
    finally:
        game.terminate()
        game.wait(timeout=10)


def main():
    with serve(1) as (address, token):
        reloads(address, token)
    with serve(64) as (address, token):
        fan_out(address, token)


if __name__ == "__main__":
    main()

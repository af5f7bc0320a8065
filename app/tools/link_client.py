#!/usr/bin/env python3
"""A client of the link (SPEC §23), written from the SPEC alone with Python's
`websockets`, as a game's or a tool's author would: it proves the link needs nothing of
the studio's code.

Usage: link_client.py STUDIO_BINARY

It starts `STUDIO serve` on the example project with two creatures, reads the address
and token the host prints and checks the token file is the user's alone; then attaches
as the controller, reads the welcome and a state, pushes a broken species file (refused
with its position) and the shipped one (taken), strokes a creature and sees the lesson's
event, forces a tree's verdict and lets it go; an observer's command is refused, and a wrong token is refused and closed.
Prints one line per check and exits 1 at the end if any check failed.
"""

import json
import os
import stat
import subprocess
import tempfile
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from checks import Checks, studio_argument

REPO = Path(__file__).resolve().parents[2]
checks = Checks("link")


def receive(ws, t, timeout=20):
    """The next message of type `t`, skipping the others."""
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["t"] == t:
            return message


EVENTS = []


def answer(ws, id_):
    """The `ok` or `error` answering the request `id_`; the events passed on the way are
    kept in EVENTS."""
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["t"] in ("ok", "error") and message.get("id") == id_:
            return message
        if message["t"] == "event":
            EVENTS.append(message)


def hello(ws, token, role):
    ws.send(json.dumps({"t": "hello", "version": 1, "token": token, "role": role, "name": "link_client.py"}))
    return json.loads(ws.recv(timeout=20))


def attached(address, token):
    with connect(f"ws://{address}", max_size=1 << 20) as ws:
        welcome = hello(ws, token, "controller")
        checks.check("the host welcomes the controller", welcome.get("t") == "welcome", str(welcome))
        checks.check("the welcome names two creatures", len(welcome.get("creatures", [])) == 2, str(welcome))
        ws.send(json.dumps({"t": "subscribe", "creatures": "all", "hz": 10}))
        state = receive(ws, "state")
        checks.check("a state has 40 desires", len(state["desires"]) == 40, str(state)[:200])
        checks.check("a state says the phase and position", "phase" in state and "position" in state)

        ws.send(json.dumps({"t": "reload", "id": 1, "file": "cow.ron", "text": "(name: Cow, traits: ("}))
        broken = answer(ws, 1)
        where = broken.get("error", "")
        checks.check("a broken species file is refused", broken["t"] == "error", str(broken))
        checks.check("the refusal names the file, line and column", "cow.ron:1:" in where, where)
        cow = (REPO / "species" / "cow.ron").read_text()
        ws.send(json.dumps({"t": "reload", "id": 2, "file": "cow.ron", "text": cow}))
        checks.check("the shipped species file is taken", answer(ws, 2)["t"] == "ok")
        failed = [e for e in EVENTS if e["event"] == "reload_failed"]
        checks.check("the refusal is told as a reload_failed event with its line and column",
                     bool(failed) and failed[0].get("line") == 1 and "column" in failed[0], str(failed)[:300])
        checks.check("the file taken is told as a reloaded event",
                     any(e["event"] == "reloaded" and e.get("file") == "cow.ron" for e in EVENTS), str(EVENTS)[:300])

        for id_, act in [(3, "hold"), (4, "stroke"), (5, "release")]:
            ws.send(json.dumps({"t": "hand", "id": id_, "creature": 0, "act": act}))
            reply = answer(ws, id_)
            checks.check(f"the hand's {act} is carried out", reply["t"] == "ok", str(reply))
        lesson = receive(ws, "event")
        while lesson["event"] != "lesson":
            lesson = receive(ws, "event")
        checks.check("the release is told as a lesson event", lesson["creature"] == 0, str(lesson))
        ws.send(json.dumps({"t": "force", "id": 60, "creature": 0, "tree": "Hunger", "object": "home_field",
                            "verdict": -1.0}))
        checks.check("a tree's verdict is forced", answer(ws, 60)["t"] == "ok")
        ws.send(json.dumps({"t": "unforce", "id": 61, "creature": 0, "tree": "Hunger", "object": "home_field"}))
        checks.check("and let go", answer(ws, 61)["t"] == "ok")
        ws.send(json.dumps({"t": "unforce", "id": 62, "creature": 0, "tree": "Hunger", "object": "home_field"}))
        checks.check("a verdict not forced is not let go", answer(ws, 62)["t"] == "error")
        ws.send(json.dumps({"t": "dance", "id": 6}))
        checks.check("an unknown message is answered with an error", answer(ws, 6)["t"] == "error")

    with connect(f"ws://{address}") as watcher:
        hello(watcher, token, "observer")
        watcher.send(json.dumps({"t": "pause", "id": 7}))
        checks.check("an observer changes nothing", answer(watcher, 7)["t"] == "error")

    with connect(f"ws://{address}") as stranger:
        refused = hello(stranger, "0" * 32, "controller")
        checks.check("a wrong token is refused", refused.get("t") == "refused", str(refused))
        try:
            stranger.recv(timeout=10)
            closed = False
        except ConnectionClosed:
            closed = True
        checks.check("and its connection closed", closed)


def main():
    studio = studio_argument(__doc__)
    folder = Path(tempfile.mkdtemp())
    token_file = folder / "token"
    serve = subprocess.Popen(
        [studio, "serve", "--project", REPO / "projects" / "example", "--creatures", "2",
         "--listen", "127.0.0.1:0", "--token-file", token_file, "--seconds", "120"],
        stdout=subprocess.PIPE, text=True)
    try:
        listening = json.loads(serve.stdout.readline())
        token = token_file.read_text().strip()
        checks.check("the host prints its address and token", listening.get("token") == token, str(listening))
        mode = stat.S_IMODE(os.stat(token_file).st_mode)
        checks.check("the token file is the user's alone", mode == 0o600, oct(mode))
        attached(listening["address"], token)
    finally:
        serve.terminate()
        serve.wait(timeout=10)
    checks.finish()


if __name__ == "__main__":
    main()

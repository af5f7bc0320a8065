#!/usr/bin/env python3
"""A tiny game that hosts the link (SPEC §23), written from the SPEC alone with Python's
`websockets`: it proves a studio attaches to a game that shares none of its code.

Usage: link_host.py TOKEN [SECONDS [PORT]]

Two creatures whose 40 desires drift; listens on 127.0.0.1 at PORT (a free one when not
given, or 0) and prints
`{"event": "listening", "address": ...}`. It welcomes a client that shows TOKEN, sends
states at the rate subscribed to (at most 20 a second), answers a controller's hand with
`ok` and a `lesson` event after a release, and a reload with `ok`, or an `error` naming
the file, line 1, column 1 when the text is empty. Ends after SECONDS (60).
"""

import json
import sys
import threading
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

TOKEN = sys.argv[1] if len(sys.argv) > 1 else ""
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
PORT = int(sys.argv[3]) if len(sys.argv) > 3 else 0
HZ = 20.0
CREATURES = [
    {"id": 0, "name": "Pip", "species": "Ape", "phase": 2},
    {"id": 1, "name": "Moss", "species": "Sheep", "phase": 0},
]
started = time.monotonic()


def state(creature):
    t = time.monotonic() - started
    desires = [((t / 10.0 + i / 40.0 + creature) % 1.0) for i in range(40)]
    return {"t": "state", "creature": creature, "sim_time": t, "desires": desires,
            "plan": {"desire": "Hunger", "action": "Eat", "object": "field"}, "agenda": ["walk", "eat"],
            "liking": 0.0, "phase": CREATURES[creature]["phase"], "position": [t, 0.0]}


def answer(request):
    t, id_ = request.get("t"), request.get("id")
    if t == "reload":
        if not request.get("text"):
            return {"t": "error", "id": id_, "error": f"{request.get('file')}:1:1: expected a file's text"}, None
        return {"t": "ok", "id": id_}, None
    if t == "hand":
        event = None
        if request.get("act") == "release":
            event = {"t": "event", "creature": request.get("creature", 0), "sim_time": time.monotonic() - started,
                     "event": "lesson", "total": 0.1}
        return {"t": "ok", "id": id_}, event
    if t in ("pause", "continue", "step", "phase"):
        return {"t": "ok", "id": id_}, None
    return {"t": "error", "id": id_, "error": f"unknown message type {t}"}, None


def client(ws):
    try:
        hello = json.loads(ws.recv(timeout=5))
    except (TimeoutError, ConnectionClosed, ValueError):
        return
    if hello.get("t") != "hello" or hello.get("token") != TOKEN or hello.get("version") != 1:
        ws.send(json.dumps({"t": "refused", "reason": "wrong token"}))
        return
    role = hello.get("role")
    ws.send(json.dumps({"t": "welcome", "version": 1, "creatures": CREATURES, "hz": HZ}))
    hz, next_state = None, 0.0
    while time.monotonic() - started < SECONDS:
        try:
            text = ws.recv(timeout=0.01)
            request = json.loads(text)
            if request.get("t") == "subscribe":
                hz = min(float(request.get("hz", 1.0)), HZ)
            elif role != "controller":
                ws.send(json.dumps({"t": "error", "id": request.get("id"), "error": "observers change nothing"}))
            else:
                reply, event = answer(request)
                ws.send(json.dumps(reply))
                if event:
                    ws.send(json.dumps(event))
        except TimeoutError:
            pass
        except (ConnectionClosed, ValueError):
            return
        now = time.monotonic()
        if hz and now >= next_state:
            for c in CREATURES:
                ws.send(json.dumps(state(c["id"])))
            next_state = now + 1.0 / hz


def main():
    with serve(client, "127.0.0.1", PORT) as server:
        port = server.socket.getsockname()[1]
        print(json.dumps({"event": "listening", "address": f"127.0.0.1:{port}"}), flush=True)
        threading.Timer(SECONDS, server.shutdown).start()
        server.serve_forever()


if __name__ == "__main__":
    main()

"""Time from an outside save of a species file to the headless preview's "reloaded"
event: twelve saves on a copy of the example project, one every 300 ms, reported as
the median and the worst. Run by .ci/bench.d/preview; it reports and never asserts."""

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SAVES = 12


def main(studio: str, root: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(Path(root) / "species", tmp / "species")
        shutil.copytree(Path(root) / "projects/example", tmp / "projects/example")
        cow = tmp / "species/cow.ron"
        original = cow.read_text()
        run = subprocess.Popen(
            [studio, "preview", "--headless", "--json", "--seconds", "30", "--project", str(tmp / "projects/example")],
            stdout=subprocess.PIPE,
            text=True,
        )
        reloaded = []
        ticked = threading.Event()

        def read() -> None:
            for line in run.stdout:
                event = json.loads(line)
                if event["event"] == "tick":
                    ticked.set()
                if event["event"] == "reloaded" and event["file"].endswith("cow.ron"):
                    reloaded.append(time.perf_counter())

        threading.Thread(target=read, daemon=True).start()
        ticked.wait(20)
        times = []
        for i in range(SAVES):
            seen = len(reloaded)
            saved = time.perf_counter()
            cow.write_text(original + f"// saved by the bench, {i}\n")
            while len(reloaded) == seen and time.perf_counter() - saved < 2.0:
                time.sleep(0.0005)
            if len(reloaded) > seen:
                times.append((reloaded[seen] - saved) * 1000.0)
            time.sleep(0.3)
        run.kill()
        run.wait()
        if times:
            print(
                f"hot reload: {len(times)} of {SAVES} saves of cow.ron reloaded; "
                f"median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms (goal: median 50 ms)"
            )
        else:
            print("hot reload: no reloaded event within 2 s of any save")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

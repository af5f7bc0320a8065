"""What the CI's checks of the Dask drivers share: one line per check, a count of those
that failed, and a command run with its output kept."""

import subprocess
import sys


class Checks:
    """Prints one line per check and counts the ones that failed."""

    def __init__(self, name):
        self.name = name
        self.failures = 0

    def check(self, what, ok, detail=""):
        if ok:
            print(f"ok    {what}")
        else:
            self.failures += 1
            print(f"FAIL  {what}{': ' + detail if detail else ''}")

    def finish(self):
        """Exits 1 after saying how many checks failed, or says they all passed."""
        if self.failures:
            print(f"{self.failures} {self.name} check(s) failed")
            sys.exit(1)
        print(f"all {self.name} checks passed")


def run(*cmd):
    """Runs `cmd` (any values, as text) and returns it done, its output kept."""
    return subprocess.run([*map(str, cmd)], capture_output=True, text=True)


def studio_argument(doc):
    """The studio binary, the one argument a check takes; the usage and exit 2 otherwise."""
    if len(sys.argv) != 2:
        print(doc)
        sys.exit(2)
    return sys.argv[1]

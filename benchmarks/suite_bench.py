"""The whole test suite's time and its slowest tests (the figures of docs/test-suite.md).

    python benchmarks/suite_bench.py                  # the whole suite, as `python -m pytest` runs it
    python benchmarks/suite_bench.py tests/cogs -x    # any pytest arguments narrow it

Runs pytest in a child process with `--durations=0`, from the repository root, and prints the
machine's load before and after (`os.getloadavg`: other work on the machine inflates every
figure), the suite's wall time, the CPU time of pytest and its children, and its result line, then the `--top` slowest tests, each test's
setup, call and teardown added together. Exit status: pytest's.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A line of pytest's durations report: "1.23s call     tests/x.py::test_y[param]".
DURATION = re.compile(r"^(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S.*)$")
#: pytest's closing line: "1294 passed, 1 warning in 253.55s (0:04:13)".
RESULT = re.compile(r"^=*\s*(\d+ \w+.*) in [\d.]+s")


def slowest(report: str, top: int) -> list[tuple[float, str]]:
    """The `top` tests of a `--durations=0` report with the most setup + call + teardown time."""
    per_test: dict[str, float] = defaultdict(float)
    for line in report.splitlines():
        match = DURATION.match(line.strip())
        if match:
            per_test[match.group(3)] += float(match.group(1))
    return sorted(((seconds, test) for test, seconds in per_test.items()), reverse=True)[:top]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest tests to list")
    parser.add_argument("--report", type=Path, help="also write pytest's whole output to this file")
    args, pytest_args = parser.parse_known_args()
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--durations=0"]
    print(f"before: {load()}", flush=True)
    started = time.perf_counter()
    run = subprocess.run(
        command + pytest_args, cwd=ROOT, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - started
    print(f"after:  {load()}")
    if args.report is not None:
        args.report.write_text(run.stdout + run.stderr)
    result = next(
        (m.group(1) for line in reversed(run.stdout.splitlines()) if (m := RESULT.match(line))),
        f"pytest exited with {run.returncode}",
    )
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"suite: {seconds:.0f} s wall, {used.ru_utime + used.ru_stime:.0f} s CPU ({result})")
    print(f"the {args.top} slowest tests (setup + call + teardown):")
    for test_seconds, test in slowest(run.stdout, args.top):
        print(f"  {test_seconds:6.2f} s  {test}")
    if run.returncode != 0:
        print(run.stdout[-4000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())

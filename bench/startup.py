"""Start-up of the command line: ``python -m rules_engine deal < record.json`` against
``python -c pass``, wall time of fresh interpreters in the same run.

    .venv/bin/python bench/startup.py [--runs 30] [--no-write]

Goal: the deal command at most 2.5× a bare interpreter. Both run with bytecode cached (an
installed package has its ``.pyc``; ``PYTHONDONTWRITEBYTECODE`` is dropped for the children
and one warm-up run writes them), in turns, and the least disturbed run of each is kept
(the machine is shared: the median is printed beside it). Refreshes its own section of
bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN = "<!-- bench/startup.py: begin -->"
END = "<!-- bench/startup.py: end -->"
GOAL = 2.5
#: A deal as the CLI's readers send it (DEAL_RECORD.md's first example).
RECORD = {"game": "schieber", "forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}, "stoeck": 3}
KLAMMERN = {"game": "klammern", "trump": "S", "declarer": 1, "points": {"team": 1, "value": 82}}


def cases() -> dict[str, tuple[list[str], bytes]]:
    python = sys.executable
    return {
        "python -c pass": ([python, "-c", "pass"], b""),
        "python -m rules_engine deal (Schieber)": (
            [python, "-m", "rules_engine", "deal"],
            json.dumps(RECORD).encode(),
        ),
        "python -m rules_engine deal (Klammern)": (
            [python, "-m", "rules_engine", "deal"],
            json.dumps(KLAMMERN).encode(),
        ),
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(runs: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall time and CPU time (user + system) of each run, in milliseconds.

    The CPU time of a child is what it cost, whatever else the machine was doing: on a
    shared machine it is the steadier figure, the wall time the one the goal names.
    """
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    table = cases()
    for command, stdin in table.values():  # warm-up: writes the bytecode caches
        subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, env=env, cwd=ROOT, check=False)
    times: dict[str, list[float]] = {name: [] for name in table}
    cpu: dict[str, list[float]] = {name: [] for name in table}
    for _ in range(runs):
        for name, (command, stdin) in table.items():
            used = _children_cpu()
            started = time.perf_counter()
            done = subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
            times[name].append((time.perf_counter() - started) * 1000)
            cpu[name].append((_children_cpu() - used) * 1000)
            assert done.returncode in (0, 1), (name, done.returncode)
    return times, cpu


def section(
    times: dict[str, list[float]], cpu: dict[str, list[float]], runs: int, load: tuple[float, float]
) -> str:
    bare = min(times["python -c pass"])
    bare_median = statistics.median(times["python -c pass"])
    bare_cpu = statistics.median(cpu["python -c pass"])
    lines = [
        BEGIN,
        "## Start-up (bench/startup.py)",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, 1-minute load average {load[0]:.1f} before, {load[1]:.1f} after "
        f"(other work shares the machine). Fresh interpreters from the project's virtual environment, "
        f"bytecode cached, {runs} runs each in turns; wall time.",
        "",
        "| command | fastest ms | × pass | median ms | × pass (medians) | median CPU ms | × pass (CPU) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    worst = 0.0
    for name, values in times.items():
        ratio = min(values) / bare
        if name != "python -c pass":
            worst = max(worst, ratio)
        median = statistics.median(values)
        used = statistics.median(cpu[name])
        lines.append(
            f"| `{name}` | {min(values):.1f} | {ratio:.2f} | {median:.1f} | {median / bare_median:.2f} "
            f"| {used:.1f} | {used / bare_cpu:.2f} |"
        )
    verdict = "met" if worst <= GOAL else "NOT met"
    lines += [
        "",
        f"Goal: the deal command ≤ {GOAL}× `python -c pass` (fastest runs): {worst:.2f}× — {verdict}. "
        "CPU time (user + system of each child) is given beside it: what a run cost whatever else "
        "the machine did. A deal entered by its points imports neither the play layer (legal-card "
        "tables, the replay) nor the answers' TypedDicts; what remains is the modules' own "
        "definitions (dataclasses) and the standard library they import (dataclasses with inspect, "
        "typing, json).",
        END,
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    before = os.getloadavg()[0]
    times, cpu = measure(args.runs)
    text = section(times, cpu, args.runs, (before, os.getloadavg()[0]))
    print(text)
    if not args.no_write:
        write_section(RESULTS, BEGIN, END, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

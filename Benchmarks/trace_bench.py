#!/usr/bin/env python3
"""Times `conformance run` on one long `leeep.push.client` trace of 10k, 100k and 1M steps.

Python 3.11 standard library only. See docs/benchmarks.md ("Long traces").

    Benchmarks/trace.sh                        # release build, 10k / 100k / 1M steps, 3 rounds
    Benchmarks/trace.sh --conformance BINARY   # skip the build
    Benchmarks/trace.sh --no-1m --rounds 5

Each size is one vector file holding one test: a trace of rounds of four steps (begin_update with a
new ticket name, update with it, update with the previous round's ticket, identify one of two
members), so the ticket rules keep every name ever begun and every update looks one up. The
expected output is written here from the rules (each round's results are ok, ok, stale, ok; the
first round's third step carries no ticket and is ok), never by running a parser; a run that does
not pass is an error. Checking a trace is linear when each 10x in steps costs about 10x in time.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SIZES = {"10k": 10_000, "100k": 100_000, "1M": 1_000_000}
FID = "cAbCdEfGhIjKlMnOpQr_-0"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def destination(permission: str) -> dict:
    return {"kind": "fcm_fid", "value": FID, "permission": permission}


def trace(steps: int) -> tuple[list, list, dict]:
    """The trace, its results and its final status, for `steps` (a multiple of 4)."""
    assert steps % 4 == 0
    items, results = [], []
    for round_ in range(steps // 4):
        items.append({"step": "begin_update", "ticket": "t-%d" % round_})
        items.append({"step": "update", "destination": destination("granted"), "ticket": "t-%d" % round_})
        if round_ == 0:
            items.append({"step": "update", "destination": destination("denied")})
            results += ["ok", "ok", "ok"]
        else:
            # The previous round's ticket went stale when this round began.
            items.append({"step": "update", "destination": destination("denied"), "ticket": "t-%d" % (round_ - 1)})
            results += ["ok", "ok", "stale"]
        items.append({"step": "identify", "user_id": "member-%d" % (round_ % 2)})
        results.append("ok")
    # The last applied update is a granted one: round 0's denied was overwritten by round 1's.
    status = {"bound": True, "consent": "unknown", "os_permission": "granted" if steps > 4 else "denied",
              "pending": False, "error": "", "ready": False}
    return items, results, status


def write_corpus(folder: str, steps: int) -> int:
    items, results, status = trace(steps)
    document = {
        "format": "conformance-vectors/1",
        "suite": "leeep.push.client",
        "description": "one trace of %d steps (benchmark)" % steps,
        "tests": [{
            "id": "steps-%d" % steps,
            "tags": ["valid", "boundary"],
            "input": items,
            "expect": {"result": "accept", "output": {"results": results, "status": status}},
        }],
    }
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "trace.json")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(document, handle, separators=(",", ":"))
    return os.path.getsize(path)


def build_conformance() -> str:
    subprocess.run(["swift", "build", "-c", "release", "--product", "conformance"], cwd=REPO, check=True)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return os.path.join(out.strip().splitlines()[-1], "conformance")


def timed_run(binary: str, vectors: str, report: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one whole `conformance run`."""
    before = os.times()
    started = time.perf_counter()
    # The 1M-step file is about 90 MB, over the default 64 MiB cap on one vector file.
    completed = subprocess.run([binary, "run", "--vectors", vectors, "--junit", report, "--max-file-size", "256M"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - started
    after = os.times()
    if completed.returncode != 0:
        log(completed.stdout)
        raise SystemExit("conformance run exited %d on %s" % (completed.returncode, vectors))
    if "1 passed, 0 failed" not in completed.stdout:
        log(completed.stdout)
        raise SystemExit("the trace vector did not pass on %s" % vectors)
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="runs per size; the median is reported (default 3)")
    parser.add_argument("--no-1m", action="store_true", help="skip the 1,000,000-step trace")
    parser.add_argument("--conformance", help="use this conformance binary instead of building one")
    parser.add_argument("--workdir", help="where the traces and reports go (default: a fresh temp dir, deleted)")
    args = parser.parse_args(argv)

    binary = args.conformance or build_conformance()
    workdir = args.workdir or tempfile.mkdtemp(prefix="trace-bench-")
    sizes = [name for name in SIZES if not (args.no_1m and name == "1M")]
    rows = []
    load_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    try:
        folders = {name: os.path.join(workdir, name) for name in sizes}
        sizes_on_disk = {name: write_corpus(folders[name], SIZES[name]) for name in sizes}
        # The sizes alternate within each round, so a busy neighbour hurts them alike.
        runs = {name: [] for name in sizes}
        for round_index in range(args.rounds):
            for name in sizes:
                runs[name].append(timed_run(binary, folders[name], os.path.join(workdir, name + ".xml")))
                log("round %d %s: %.3f s wall, %.3f s CPU" % (round_index + 1, name, *runs[name][-1]))
        for name in sizes:
            wall = statistics.median(run[0] for run in runs[name])
            cpu = statistics.median(run[1] for run in runs[name])
            rows.append((name, SIZES[name], sizes_on_disk[name], wall, cpu))
    finally:
        if not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)

    print("| steps | file | conformance run (wall) | CPU | wall vs. previous | CPU vs. previous |")
    print("|---:|---:|---:|---:|---:|---:|")
    previous = None
    for name, steps, size, wall, cpu in rows:
        ratio_wall = "%.1fx" % (wall / previous[0]) if previous else "–"
        ratio_cpu = "%.1fx" % (cpu / previous[1]) if previous else "–"
        print("| %s | %.1f MB | %.3f s | %.3f s | %s | %s |" % (
            "{:,}".format(steps), size / 1e6, wall, cpu, ratio_wall, ratio_cpu))
        previous = (wall, cpu)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print()
    walls = {name: wall for name, _, _, wall, _ in rows}
    if "10k" in walls and "100k" in walls:
        growth = walls["100k"] / walls["10k"]
        print("- 10k → 100k steps: median wall time grows %.1fx (target at most 12x): %s" % (
            growth, "met" if growth <= 12 else "NOT met"))
        print()
    print("Median of %d alternating runs, %s UTC, nproc %d, %s, load average %.2f → %.2f; command: %s" % (
        args.rounds, datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"), os.cpu_count() or 0,
        platform.platform(), load_start, load,
        " ".join(shlex.quote(a) for a in ["Benchmarks/trace.sh"] + (argv or sys.argv[1:]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

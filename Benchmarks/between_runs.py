"""What comparing runs costs: `run --compare` on the shipped corpus, `diff` of 1M-test reports.

1. `--compare` overhead. On `Vectors/`, writes a JSON report of one run (PREVIOUS), then times,
   in alternating rounds, the same run without and with `--compare PREVIOUS` — once with no
   other report (`run` against `run --compare`) and once with `--report-json` on both sides (the
   comparison then also goes into the report) — and prints the median wall times and ratios.
2. `conformance diff` of two reports of `--vectors` tests (1,000,000 by default, `corpus.py`):
   OLD is the JSON report of a real run; NEW is OLD with 1% of the tests turned into failures
   (with a failure entry each, as a run writes them), 0.5% removed and 0.5% added. Runs
   `/usr/bin/time -v conformance diff OLD NEW --json OUT` and prints the median wall time and
   the largest "Maximum resident set size".

    Benchmarks/between-runs.sh [--rounds 21] [--diff-rounds 3] [--vectors 1000000] [--workdir DIR] [--conformance BIN]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import corpus  # noqa: E402
from shard_check import build  # noqa: E402


def timed(command) -> float:
    start = time.perf_counter()
    completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit("failed (%d): %s\n%s" % (completed.returncode, " ".join(command), completed.stderr))
    return elapsed


def compare_overhead(binary: str, work: str, rounds: int) -> None:
    vectors = os.path.join(REPO, "Vectors")
    previous = os.path.join(work, "previous.json")
    junit = os.path.join(work, "junit.xml")
    base = [binary, "run", "--vectors", vectors, "--junit", junit]
    subprocess.run(base + ["--report-json", previous], stdout=subprocess.DEVNULL, check=True)
    pairs = {
        "run": (base, base + ["--compare", previous]),
        "run --report-json": (base + ["--report-json", os.path.join(work, "a.json")],
                              base + ["--report-json", os.path.join(work, "b.json"), "--compare", previous]),
    }
    print("`--compare` on the shipped corpus (%s, %d rounds, alternating, medians):" % (vectors, rounds))
    print()
    print("| baseline | without --compare | with --compare | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for name, (plain, compared) in pairs.items():
        timed(plain)
        timed(compared)
        without, with_ = [], []
        for _ in range(rounds):
            without.append(timed(plain))
            with_.append(timed(compared))
        a, b = statistics.median(without), statistics.median(with_)
        print("| `%s` | %.3f s | %.3f s | %.2fx |" % (name, a, b, b / a))
    print()


def diff_memory(binary: str, work: str, vectors_count: int, rounds: int) -> None:
    vectors = os.path.join(work, "Vectors")
    old = os.path.join(work, "old.json")
    new = os.path.join(work, "new.json")
    if not (os.path.exists(old) and os.path.exists(new)):
        make_reports(binary, work, vectors, vectors_count, old, new)
    tests = sum(len(g["passed"]) + len(g["failed"]) + len(g["skipped"]) for g in json.load(open(new))["results"])
    time_diff(binary, work, old, new, tests, rounds)


def make_reports(binary: str, work: str, vectors: str, vectors_count: int, old: str, new: str) -> None:
    """OLD: the JSON report of a real run of the corpus; NEW: OLD with tests changed."""
    corpus.generate(vectors, vectors_count)
    subprocess.run([binary, "run", "--vectors", vectors, "--junit", os.path.join(work, "big.xml"),
                    "--report-json", old], stdout=subprocess.DEVNULL, check=False)
    with open(old, encoding="utf-8") as file:
        report = json.load(file)
    rng = random.Random(22)
    failures = report["failures"]
    new_results = []
    for group in report["results"]:
        passed = []
        failed = list(group["failed"])
        for test_id in group["passed"]:
            draw = rng.random()
            if draw < 0.01:
                failed.append(test_id)
                failures.append({"kind": "failed", "file": "Vectors/x.json", "root": "Vectors", "path": "x.json",
                                 "suite": group["suite"], "id": test_id, "description": "a planted failure",
                                 "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0",
                                 "expected": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"},
                                 "actual": {"result": "reject", "error": "invalid_fid"},
                                 "difference": "result: expected accept, got reject"})
            elif draw < 0.015:
                continue
            else:
                passed.append(test_id)
        passed += ["added.%s.%d" % (group["suite"], n) for n in range(len(group["passed"]) // 200)]
        new_results.append(dict(group, passed=passed, failed=failed))
    report["results"] = new_results
    report["runId"] = "f" * 32
    with open(new, "w", encoding="utf-8") as file:
        json.dump(report, file, indent=2, ensure_ascii=False)


def time_diff(binary: str, work: str, old: str, new: str, tests: int, rounds: int) -> None:
    walls, peaks = [], []
    summary = ""
    for _ in range(rounds):
        completed = subprocess.run(["/usr/bin/time", "-v", binary, "diff", old, new, "--json",
                                    os.path.join(work, "diff.json"), "--show", "0"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if completed.returncode not in (0, 1):
            raise SystemExit("diff failed (%d):\n%s" % (completed.returncode, completed.stderr))
        summary = completed.stdout.splitlines()[0]
        for line in completed.stderr.splitlines():
            line = line.strip()
            if line.startswith("Maximum resident set size"):
                peaks.append(int(line.split(":")[1]))
            if line.startswith("Elapsed (wall clock) time"):
                clock = line.split(": ", 1)[1].split(":")
                walls.append(float(clock[-1]) + 60 * float(clock[-2]) + (3600 * float(clock[-3]) if len(clock) > 2 else 0))
    print("`conformance diff` of two reports (%d rounds, GNU time -v):" % rounds)
    print()
    print("| tests (old) | tests (new) | old report | new report | wall time (median) | peak RSS (max) |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    old_tests = sum(len(g["passed"]) + len(g["failed"]) + len(g["skipped"]) for g in json.load(open(old))["results"])
    print("| %s | %s | %.0f MB | %.0f MB | %.2f s | %.0f MiB |" % (
        format(old_tests, ","), format(tests, ","), os.path.getsize(old) / 1e6, os.path.getsize(new) / 1e6,
        statistics.median(walls), max(peaks) / 1024))
    print()
    print("diff said: %s" % summary)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=21, help="rounds of each --compare pair")
    parser.add_argument("--diff-rounds", type=int, default=3)
    parser.add_argument("--vectors", type=int, default=1_000_000, help="tests in the diff's reports")
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--skip-diff", action="store_true")
    parser.add_argument("--workdir", help="work here and keep it; reuses the diff's reports found there")
    args = parser.parse_args(argv)
    if not os.path.exists("/usr/bin/time"):
        print("needs GNU time: apt-get install time", file=sys.stderr)
        return 2
    binary = args.conformance or build()
    work = args.workdir or tempfile.mkdtemp(prefix="between-runs-")
    os.makedirs(work, exist_ok=True)
    try:
        compare_overhead(binary, work, args.rounds)
        if not args.skip_diff:
            diff_memory(binary, work, args.vectors, args.diff_rounds)
        print("(%s)" % binary)
    finally:
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A huge earlier report: what `run --compare` and `diff` cost when the earlier run is far larger.

The earlier report is untrusted and may be of any size. This makes one from a real run: the JSON
report of `conformance run` on the shipped corpus (`Vectors/`, CURRENT), with `--ids` more tests
(1,000,000 by default) added to its `results` as passed, so that against the current run they are
all removed. Then, through GNU `time -v` (wall time, "Maximum resident set size"), median of
`--rounds`:

1. `conformance run --vectors Vectors --compare PREVIOUS` writing JUnit, JSON, Markdown and
   HTML reports, against the same run without `--compare` (the baseline, same session);
2. `conformance diff PREVIOUS CURRENT --json --markdown`, against `diff CURRENT CURRENT`.

It prints both with the size of every report written. Target: each under 10 s and 1 GB, every
report under 30 MB (the lists of removed tests are capped; their counts are exact).

    Benchmarks/huge-previous.sh [--ids 1000000] [--rounds 3] [--workdir DIR] [--conformance BIN]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from shard_check import build  # noqa: E402


def measured(command) -> tuple[float, int]:
    """(wall seconds, peak RSS in KiB) of `command` through GNU time -v."""
    completed = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    if completed.returncode not in (0, 1):
        raise SystemExit("failed (%d): %s\n%s" % (completed.returncode, " ".join(command), completed.stderr[-2000:]))
    wall, peak = 0.0, 0
    for line in completed.stderr.splitlines():
        line = line.strip()
        if line.startswith("Maximum resident set size"):
            peak = int(line.split(":")[1])
        if line.startswith("Elapsed (wall clock) time"):
            clock = line.split(": ", 1)[1].split(":")
            wall = float(clock[-1]) + 60 * float(clock[-2]) + (3600 * float(clock[-3]) if len(clock) > 2 else 0)
    return wall, peak


def make_previous(current: str, previous: str, ids: int) -> None:
    with open(current, encoding="utf-8") as file:
        report = json.load(file)
    implementation = report["results"][0]["implementation"]
    report["results"].append({"implementation": implementation, "suite": "leeep.fid",
                              "passed": ["gone.%d" % n for n in range(ids)], "failed": [], "skipped": []})
    report["runId"] = "e" * 32
    with open(previous, "w", encoding="utf-8") as file:
        json.dump(report, file, ensure_ascii=False)


def rounds_of(command, rounds: int) -> tuple[float, int]:
    results = [measured(command) for _ in range(rounds)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def size(path: str) -> str:
    return "%.2f MB" % (os.path.getsize(path) / 1e6)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ids", type=int, default=1_000_000, help="tests added to the earlier report")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--workdir", help="work here and keep it")
    args = parser.parse_args(argv)
    if not os.path.exists("/usr/bin/time"):
        print("needs GNU time: apt-get install time", file=sys.stderr)
        return 2
    binary = args.conformance or build()
    work = args.workdir or tempfile.mkdtemp(prefix="huge-previous-")
    os.makedirs(work, exist_ok=True)
    try:
        vectors = os.path.join(REPO, "Vectors")
        current = os.path.join(work, "current.json")
        previous = os.path.join(work, "previous.json")
        out = lambda name: os.path.join(work, name)  # noqa: E731
        base = [binary, "run", "--vectors", vectors, "--junit", out("junit.xml")]
        subprocess.run(base + ["--report-json", current], stdout=subprocess.DEVNULL, check=False)
        make_previous(current, previous, args.ids)
        reports = ["--report-json", out("run.json"), "--summary-md", out("run.md"), "--report-html", out("run.html")]
        print("Earlier report: %s tests more than the run of %s (%s)" % (format(args.ids, ","), vectors, size(previous)))
        print()
        print("| command | wall (median of %d) | peak RSS (max) | reports written |" % args.rounds)
        print("| --- | ---: | ---: | --- |")
        rows = [
            ("`run` (baseline)", base + reports, ["run.json", "run.md", "run.html"]),
            ("`run --compare PREVIOUS`", base + reports + ["--compare", previous], ["run.json", "run.md", "run.html"]),
            ("`diff CURRENT CURRENT` (baseline)", [binary, "diff", current, current, "--json", out("diff.json"),
                                                   "--markdown", out("diff.md"), "--show", "0"], ["diff.json", "diff.md"]),
            ("`diff PREVIOUS CURRENT`", [binary, "diff", previous, current, "--json", out("diff.json"),
                                         "--markdown", out("diff.md"), "--show", "0"], ["diff.json", "diff.md"]),
        ]
        for name, command, written in rows:
            wall, peak = rounds_of(command, args.rounds)
            sizes = ", ".join("%s %s" % (os.path.splitext(w)[1][1:], size(out(w))) for w in written)
            print("| %s | %.2f s | %.0f MiB | %s |" % (name, wall, peak / 1024, sizes))
        print()
        print("(%s)" % binary)
    finally:
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

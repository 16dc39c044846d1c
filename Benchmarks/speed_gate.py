"""The speed gate: instructions and allocations of `conformance run` on a fixed corpus, against the
thresholds committed in Benchmarks/speed-gate.json. CI runs it after the main job (.ci/run); a
measurement over its threshold by more than the tolerance fails it (exit 1).

Counts, not times: valgrind's callgrind counts the instructions every thread executes and the calls
to the allocator (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign), which do not
move with the machine's load the way wall times on a shared 2-core machine do (docs/benchmarks.md,
"The speed gate"). The corpus is Benchmarks/corpus.py's, 10,000 vectors with seed 1, generated
afresh each time, so every machine measures the same bytes.

Usage: Benchmarks/speed-gate.sh [--update] [--conformance BIN] [--runs N]
  --update           measure (5 runs unless --runs), set each threshold to the median and its
                     tolerance from the spread, and rewrite the thresholds file
  --conformance BIN  the binary to measure (default: a release build, made if needed)
  --thresholds FILE  default Benchmarks/speed-gate.json
  --measured FILE    judge these runs (JSON: {"runs": [{"instructions": N, "allocations": N}, ...]})
                     instead of measuring: how the tests check the verdict
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))

VECTORS = 10_000
SEED = 1
METRICS = ("instructions", "allocations")
ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
# The tolerance: three times the largest relative spread (max - min over the median) seen in the
# update's runs, and never under 1%: run-to-run variation comes from the worker threads taking
# files in another order and from the id table's random hash key, and is well under 1% for both.
SPREAD_FACTOR = 3
MINIMUM_TOLERANCE = 0.01
WHAT_TO_DO = (
    "Find what made the run do more: `valgrind --tool=callgrind` on the corpus and "
    "`callgrind_annotate --inclusive=yes` (docs/benchmarks.md, \"The speed gate\"), against the "
    "same on the commit before. If the cost is intended, rerun `Benchmarks/speed-gate.sh --update` "
    "and commit Benchmarks/speed-gate.json, saying why in the commit message.")


def release_binary() -> str:
    subprocess.run(["swift", "build", "-c", "release", "--product", "conformance"], cwd=ROOT, check=True,
                   stdout=sys.stderr)
    folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(folder, "conformance")


def allocator_calls(callgrind_file: str) -> int:
    """The calls into the allocator's entry points in a callgrind profile: the `calls=` lines under
    a `cfn=` naming one of them (names are given once, then referred to by their number)."""
    names: dict[str, str] = {}
    callee = None
    total = 0
    with open(callgrind_file, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            if line.startswith("cfn="):
                match = re.match(r"cfn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
                if match:
                    if match.group(2) is not None:
                        names[match.group(1)] = match.group(2)
                    callee = names.get(match.group(1))
                else:
                    callee = line[4:].strip()
            elif line.startswith("fn="):
                match = re.match(r"fn=\((\d+)\) (.*)$", line.rstrip("\n"))
                if match:
                    names[match.group(1)] = match.group(2)
            elif line.startswith("calls="):
                if callee in ALLOCATORS:
                    total += int(line[6:].split()[0])
                callee = None
    return total


def measure_once(binary: str, work: str) -> dict:
    # Run inside the work folder with relative paths: the vector files' paths are in every
    # testcase of the report, so a longer temporary folder would mean more bytes to write.
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=callgrind.out", binary, "run",
               "--vectors", "vectors", "--junit", "junit.xml"]
    completed = subprocess.run(command, capture_output=True, text=True, cwd=work)
    closing = f"{VECTORS} passed, 0 failed"
    if completed.returncode != 0 or closing not in completed.stdout:
        sys.exit(f"speed gate: `{' '.join(command)}` exited with {completed.returncode} without "
                 f"`{closing}`, so it measured nothing:\n{completed.stdout[-2000:]}{completed.stderr[-2000:]}")
    match = re.search(r"Collected : (\d+)", completed.stderr)
    if not match:
        sys.exit("speed gate: callgrind printed no instruction count:\n" + completed.stderr[-2000:])
    return {"instructions": int(match.group(1)), "allocations": allocator_calls(os.path.join(work, "callgrind.out"))}


def measure(binary: str, runs: int) -> list[dict]:
    import corpus

    if shutil.which("valgrind") is None:
        sys.exit("speed gate: valgrind is not installed (Benchmarks/speed-gate.sh installs it)")
    with tempfile.TemporaryDirectory(prefix="speed-gate-") as work:
        vectors = os.path.join(work, "vectors")
        corpus.generate(vectors, VECTORS, seed=SEED)
        # Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes and gives up on
        # the binary; the counts do not depend on it, so the gate runs a copy without it.
        plain = os.path.join(work, "conformance")
        subprocess.run(["objcopy", "--strip-debug", binary, plain], check=True)
        results = []
        for index in range(runs):
            result = measure_once(plain, work)
            print(f"run {index + 1}/{runs}: {result['instructions']:,} instructions, "
                  f"{result['allocations']:,} allocations", flush=True)
            results.append(result)
        return results


def processor() -> str:
    """The processor's model: glibc picks its string and memory routines by the processor's
    features, so counts measured on another model may differ by more than the runs do."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def tolerance_of(values: list[int]) -> float:
    spread = (max(values) - min(values)) / statistics.median(values)
    return max(MINIMUM_TOLERANCE, math.ceil(SPREAD_FACTOR * spread * 1000) / 1000)


def update(path: str, runs: list[dict], binary: str) -> None:
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    document = {
        "what": "conformance run --vectors CORPUS --junit FILE under valgrind --tool=callgrind; "
                "see Benchmarks/speed_gate.py and docs/benchmarks.md",
        "corpus": {"generator": "Benchmarks/corpus.py", "vectors": VECTORS, "seed": SEED},
        "measured": {
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "binary": os.path.relpath(binary, ROOT) if binary.startswith(ROOT) else binary,
            "toolchain": toolchain[0] if toolchain else "unknown",
            "valgrind": valgrind,
            "processor": processor(),
            "runs": runs,
        },
        "tolerance rule": f"{SPREAD_FACTOR} x (max - min) / median of the runs, at least "
                          f"{MINIMUM_TOLERANCE:.0%}",
    }
    for metric in METRICS:
        values = [run[metric] for run in runs]
        document[metric] = {"threshold": int(statistics.median(values)), "tolerance": tolerance_of(values)}
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=2)
        handle.write("\n")
    os.replace(path + ".tmp", path)
    for metric in METRICS:
        print(f"{metric}: threshold {document[metric]['threshold']:,}, tolerance "
              f"{document[metric]['tolerance']:.1%}")
    print(f"wrote {os.path.relpath(path, ROOT)}")


def judge(thresholds: dict, runs: list[dict], path: str) -> int:
    corpus = thresholds.get("corpus", {})
    if corpus.get("vectors") != VECTORS or corpus.get("seed") != SEED:
        print(f"speed gate: {path} was measured on another corpus ({corpus}); rerun "
              "`Benchmarks/speed-gate.sh --update`", file=sys.stderr)
        return 2
    measured_on = thresholds.get("measured", {}).get("processor")
    if measured_on and measured_on != processor():
        print(f"speed gate: note: the thresholds were measured on {measured_on}, this is {processor()}")
    regressions = []
    print(f"{'metric':<14}{'threshold':>16}{'tolerance':>11}{'measured':>17}{'change':>9}")
    for metric in METRICS:
        threshold = thresholds[metric]["threshold"]
        tolerance = thresholds[metric]["tolerance"]
        measured = int(statistics.median(run[metric] for run in runs))
        change = measured / threshold - 1
        print(f"{metric:<14}{threshold:>16,}{tolerance:>11.1%}{measured:>17,}{change:>+9.1%}")
        if change > tolerance:
            regressions.append(f"{metric} {measured:,} is {change:.1%} over the threshold {threshold:,} "
                               f"(tolerance {tolerance:.1%})")
        elif change < -tolerance:
            print(f"speed gate: {metric} {-change:.1%} under the threshold: run "
                  "`Benchmarks/speed-gate.sh --update` to keep the gain")
    if regressions:
        print("speed gate: FAILED: " + "; ".join(regressions) + ".\n" + WHAT_TO_DO, file=sys.stderr)
        return 1
    print("speed gate: passed")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="rewrite the thresholds from new measurements")
    parser.add_argument("--conformance", help="the binary to measure (default: the release build)")
    parser.add_argument("--runs", type=int, help="runs to measure (default 3, or 5 with --update)")
    parser.add_argument("--thresholds", default=os.path.join(ROOT, "Benchmarks", "speed-gate.json"))
    parser.add_argument("--measured", help="judge the runs in this JSON file instead of measuring")
    args = parser.parse_args(argv)
    runs_wanted = args.runs or (5 if args.update else 3)
    if runs_wanted < 1:
        parser.error("--runs needs at least 1")
    if args.measured:
        with open(args.measured, encoding="utf-8") as handle:
            runs = json.load(handle)["runs"]
        binary = "(given)"
    else:
        binary = os.path.abspath(args.conformance) if args.conformance else release_binary()
        print(f"== speed gate: {binary} on {VECTORS:,} vectors (corpus.py, seed {SEED}), "
              f"{runs_wanted} run{'' if runs_wanted == 1 else 's'} under callgrind", flush=True)
        runs = measure(binary, runs_wanted)
    if args.update:
        update(args.thresholds, runs, binary)
        return 0
    try:
        with open(args.thresholds, encoding="utf-8") as handle:
            thresholds = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"speed gate: cannot read the thresholds {args.thresholds}: {error}; write them with "
              "`Benchmarks/speed-gate.sh --update`", file=sys.stderr)
        return 2
    return judge(thresholds, runs, args.thresholds)


if __name__ == "__main__":
    sys.exit(main())

"""Two `conformance` binaries on one corpus, run alternately: the median wall time of each and
the median of the pairs' ratios (B / A), which drifts less with the machine's load than either.

Each pair runs A then B, back to back, so both see the same minute of the machine; swapping the
binaries between two invocations shows whether going second costs anything.

Usage: python3 Benchmarks/paired.py --a OLD --b NEW --vectors DIR [--pairs N]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def wall_time(binary: str, vectors: str, report: str) -> float:
    started = time.perf_counter()
    completed = subprocess.run([binary, "run", "--vectors", vectors, "--junit", report],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    if completed.returncode not in (0, 1):
        sys.exit(f"{binary} exited with {completed.returncode} on {vectors}")
    return seconds


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", required=True, help="the first binary (the baseline)")
    parser.add_argument("--b", required=True, help="the second binary")
    parser.add_argument("--vectors", required=True, help="the corpus to run")
    parser.add_argument("--pairs", type=int, default=100, help="pairs of runs (default 100)")
    args = parser.parse_args(argv)
    if args.pairs < 1:
        parser.error("--pairs needs at least 1")
    with tempfile.TemporaryDirectory() as work:
        report = os.path.join(work, "junit.xml")
        first, second = [], []
        for _ in range(args.pairs):
            first.append(wall_time(args.a, args.vectors, report))
            second.append(wall_time(args.b, args.vectors, report))
    a, b = statistics.median(first), statistics.median(second)
    ratio = statistics.median(y / x for x, y in zip(first, second))
    print(f"{args.pairs} pairs on {args.vectors}: A {a * 1000:.2f} ms, B {b * 1000:.2f} ms (medians), "
          f"B / A {b / a:.3f}, median of the pairs' ratios {ratio:.3f}")


if __name__ == "__main__":
    main()

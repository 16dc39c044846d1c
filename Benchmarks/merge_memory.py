"""Peak memory and wall time of `conformance merge` on the shard reports of a large run.

Generates a corpus (`corpus.py`, 1,000,000 vectors by default), runs it as N shards
(`conformance run --shard K/N --junit shard-K.xml`), then merges the N reports with
`/usr/bin/time -f "%M %e" conformance merge` and prints the inputs' total size, the merge's peak
resident set size (maximum over the rounds) and its wall time (median). The merge streams its
inputs, so its memory is bounded by the largest merged testsuite, not by the inputs.

    Benchmarks/merge-memory.sh [--vectors 1000000] [--shards 8] [--rounds 3] [--conformance BIN]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus  # noqa: E402
from shard_check import build  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vectors", type=int, default=1_000_000)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (its path is printed)")
    args = parser.parse_args(argv)
    if not os.path.exists("/usr/bin/time"):
        print("needs GNU time: apt-get install time", file=sys.stderr)
        return 2
    binary = args.conformance or build()
    work = tempfile.mkdtemp(prefix="merge-memory-")
    try:
        vectors = os.path.join(work, "Vectors")
        corpus.generate(vectors, args.vectors)
        shards = []
        for k in range(1, args.shards + 1):
            shard = os.path.join(work, "shard-%d.xml" % k)
            subprocess.run([binary, "run", "--vectors", vectors, "--shard", "%d/%d" % (k, args.shards),
                            "--junit", shard], stdout=subprocess.DEVNULL, check=False)
            shards.append(shard)
        input_bytes = sum(os.path.getsize(path) for path in shards)
        peaks, walls = [], []
        for _ in range(args.rounds):
            merged = os.path.join(work, "merged.xml")
            completed = subprocess.run(["/usr/bin/time", "-f", "%M %e", binary, "merge", merged, *shards],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if completed.returncode not in (0, 1):
                print(completed.stderr, file=sys.stderr)
                return 2
            kilobytes, seconds = completed.stderr.strip().splitlines()[-1].split()
            peaks.append(int(kilobytes))
            walls.append(float(seconds))
        tests = open(merged, encoding="utf-8").read(4096).split('tests="', 1)[1].split('"', 1)[0]
        print("| vectors | shards | inputs | merged tests | merge peak RSS | merge wall time |")
        print("| --- | --- | --- | --- | --- | --- |")
        print("| %s | %d | %.0f MB | %s | %.0f MiB | %.2f s |" % (
            format(args.vectors, ","), args.shards, input_bytes / 1e6, format(int(tests), ","),
            max(peaks) / 1024, statistics.median(walls)))
        print("(%d rounds, %s)" % (args.rounds, binary))
    finally:
        if args.keep:
            print(work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

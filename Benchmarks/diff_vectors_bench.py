"""`conformance diff-vectors` and `conformance manifest write` at growing corpus sizes: linear or not.

For each size N (vector files, `--per-file` vectors each, from `corpus.py`), two corpora: OLD,
with its manifest written by `manifest write`, and NEW, the same files with every 50th file's
vectors regenerated from another seed (their inputs and expectations change), every 100th file
removed and N/100 files added, and OLD's manifest copied in (so `manifest write` on NEW reads a
previous manifest and works out the bump, as a release does). Times, median of the rounds:

- `diff-vectors OLD NEW --json FILE --markdown FILE`;
- `diff-vectors EMPTY OLD --json FILE --markdown FILE`, a first release (every file and vector added);
- `manifest write --vectors NEW` (the manifest put back before each round).

Prints each size's wall and CPU (user + system) seconds and, per command, the ratio of the largest
size's CPU time to the smallest's against the ratio of their sizes: linear when the two are close
(the machine is shared, so CPU seconds are steadier than wall seconds).

    Benchmarks/diff-vectors.sh [--sizes 10000,40000] [--per-file 1] [--rounds 3] [--conformance BIN]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus  # noqa: E402
from shard_check import build  # noqa: E402


def timed(command):
    """(wall seconds, CPU seconds of the child) of one run; exits on a failed command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        raise SystemExit("%s: exit %d\n%s" % (" ".join(command), completed.returncode, completed.stderr))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def changed_copy(old, new, files, per_file):
    """NEW from OLD: every 50th file regenerated from another seed, every 100th removed, files/100 added."""
    shutil.copytree(old, new)
    os.remove(os.path.join(new, "manifest.json"))
    paths = sorted(os.path.join(folder, name) for folder, _, names in os.walk(new) for name in names)
    for index, path in enumerate(paths):
        if index % 100 == 99:
            os.remove(path)
        elif index % 50 == 0:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
            rng = random.Random(9_000_011 + index)
            case = corpus.CASES[document["suite"]]
            for n, test in enumerate(document["tests"]):
                _, _, _, value, expect = case(rng, n)
                test["input"], test["expect"] = value, expect
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(document, handle, ensure_ascii=False, indent=2)
    added = os.path.join(new, "added")
    corpus.generate(added, max(1, files // 100) * per_file, seed=5, per_file=per_file)
    for folder, _, names in os.walk(added):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
            for test in document["tests"]:
                test["id"] = "added." + test["id"]
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(document, handle, ensure_ascii=False, indent=2)


def commands(diffs, firsts, writes):
    return (("diff-vectors", diffs), ("diff-vectors (first release)", firsts), ("manifest write", writes))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,40000", help="vector files per corpus, comma-separated")
    parser.add_argument("--per-file", type=int, default=1, help="vectors per file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (its path is printed)")
    args = parser.parse_args(argv)
    sizes = [int(text) for text in args.sizes.split(",")]
    binary = os.path.abspath(args.conformance) if args.conformance else build()
    work = tempfile.mkdtemp(prefix="diff-vectors-bench.")
    results = {}
    try:
        for files in sizes:
            old, new = os.path.join(work, "old-%d" % files), os.path.join(work, "new-%d" % files)
            corpus.generate(old, files * args.per_file, seed=1, per_file=args.per_file)
            timed([binary, "manifest", "write", "--vectors", old])
            changed_copy(old, new, files, args.per_file)
            empty = os.path.join(work, "empty")
            os.makedirs(empty, exist_ok=True)
            outputs = ["--json", os.path.join(work, "diff.json"), "--markdown", os.path.join(work, "diff.md")]
            diffs, firsts, writes = [], [], []
            for _ in range(args.rounds):
                diffs.append(timed([binary, "diff-vectors", old, new, *outputs]))
                firsts.append(timed([binary, "diff-vectors", empty, old, *outputs]))
                shutil.copyfile(os.path.join(old, "manifest.json"), os.path.join(new, "manifest.json"))
                writes.append(timed([binary, "manifest", "write", "--vectors", new]))
            results[files] = {
                name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
                for name, runs in commands(diffs, firsts, writes)}
            for name, (wall, cpu) in results[files].items():
                print("%7d files (%d vectors each): %-28s wall %6.2f s  cpu %6.2f s" %
                      (files, args.per_file, name, wall, cpu), flush=True)
        small, large = min(sizes), max(sizes)
        if small != large:
            for name, _ in commands(None, None, None):
                ratio = results[large][name][1] / results[small][name][1]
                print("%s: %d -> %d files (%.1fx): cpu %.2fx, wall %.2fx" % (
                    name, small, large, large / small, ratio, results[large][name][0] / results[small][name][0]))
    finally:
        if args.keep:
            print("work folder: %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Expectations files at scale, and how fast SIGTERM is answered with a slow adapter.

Three measurements, each against a baseline measured in the same run (these machines are noisy):

1. **Globs.** The 100,000-vector corpus of `corpus.py` run without expectations, then with an
   expectations file of 20,000 mixed glob entries (prefix `abc*`, suffix `*abc`, infix `*abc*`,
   `ab*cd`, `ab?cd*`; about 150 match ten real tests each, which pass and so are unexpected
   passes, the rest match none and are stale). Ratio of the
   wall times (median of the rounds). Target: within 3x.
2. **One `*` entry.** A 100,000-vector `leeep.fid` corpus in which every expectation is planted
   wrong (accept and reject swapped), as for an implementation that is not conformant yet, run
   without expectations, then with one entry `{"suite": "leeep.fid", "id": "*"}` whose reason is
   500 bytes. Ratio of the JUnit report sizes, and the run's peak resident set size (GNU time).
   Targets: within 1.5x, under 300 MB.
3. **SIGTERM.** A run with an adapter that answers every 200 ms (`slow_adapter.py`), signalled
   one second after its first answers, in the middle of a 500-test file: seconds from the
   signal to the exit (largest of the rounds), and its exit status. Target: within 2 s.

    Benchmarks/expectations.sh [--vectors 100000] [--globs 20000] [--rounds 3] [--conformance BIN]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus  # noqa: E402
from shard_check import build  # noqa: E402

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789.-"


def timed(command):
    """(wall seconds, peak RSS in KiB, exit status) of one run under GNU time."""
    started = time.monotonic()
    completed = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - started
    kilobytes = int(completed.stderr.strip().splitlines()[-1])
    return wall, kilobytes, completed.returncode


def literal(rng, low, high):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(low, high)))


def glob_entries(count, rng):
    """`count` distinct mixed globs over the corpus's suites; about 1% match real tests."""
    seen, entries = set(), []
    while len(entries) < count:
        suite = corpus.SUITES[len(entries) % len(corpus.SUITES)]
        shape = rng.randrange(6)
        if shape == 0:
            # Matches real tests: ten of one file (ids are STEM.fFILE-N), which pass, so each is an
            # unexpected pass.
            pattern = "*.f%05d-%02d?" % (rng.randrange(500), rng.randrange(20))
        elif shape == 1:
            pattern = literal(rng, 4, 10) + "*"
        elif shape == 2:
            pattern = "*" + literal(rng, 4, 10)
        elif shape == 3:
            pattern = "*" + literal(rng, 4, 8) + "*"
        elif shape == 4:
            pattern = literal(rng, 2, 5) + "*" + literal(rng, 2, 5)
        else:
            pattern = literal(rng, 2, 5) + "?" + literal(rng, 2, 5) + "*"
        if shape == 0 and rng.random() > 0.05:
            continue
        if (suite, pattern) in seen:
            continue
        seen.add((suite, pattern))
        entries.append({"suite": suite, "id": pattern, "reason": "benchmark entry %d" % len(entries)})
    return entries


def failing_fid_corpus(root, total):
    """`total` leeep.fid vectors with every expectation planted wrong (accept and reject
    swapped): each test fails, as it would for an implementation that is not conformant yet."""
    written, index = 0, 0
    folder = os.path.join(root, "leeep", "fid")
    os.makedirs(folder, exist_ok=True)
    while written < total:
        rng = random.Random(7_000_003 + index)
        tests = []
        for n in range(min(corpus.VECTORS_PER_FILE, total - written)):
            stem, description, tags, value, expect = corpus.fid_case(rng, n)
            wrong = {"result": "reject", "error": "invalid_fid"} if expect["result"] == "accept" else \
                {"result": "accept", "output": value}
            tests.append({"id": "%s.f%05d-%03d" % (stem, index, n), "description": description, "tags": tags,
                          "input": value, "expect": wrong})
        written += len(tests)
        with open(os.path.join(folder, "part-%05d.json" % index), "w", encoding="utf-8") as handle:
            json.dump({"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "planted failures",
                       "tests": tests}, handle, ensure_ascii=False)
        index += 1


def write_expectations(path, entries):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"format": "conformance-expectations/1", "entries": entries}, handle)


def sigterm_round(binary, work):
    vectors = os.path.join(work, "slow")
    os.makedirs(vectors, exist_ok=True)
    tests = [{"id": "t%03d" % n, "input": "x%d" % n, "expect": {"result": "reject", "error": "invalid_fid"}}
             for n in range(500)]
    with open(os.path.join(vectors, "slow.json"), "w", encoding="utf-8") as handle:
        json.dump({"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "slow", "tests": tests},
                  handle)
    adapter = "exec python3 %s %s 200" % (os.path.join(HERE, "slow_adapter.py"), binary)
    process = subprocess.Popen([binary, "run", "--vectors", vectors, "--junit", os.path.join(work, "slow.xml"),
                                "--adapter", adapter], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2.0)  # the adapter's start, then a few answers: the run is in the middle of the file
    signalled = time.monotonic()
    process.send_signal(signal.SIGTERM)
    status = process.wait()
    return time.monotonic() - signalled, status


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vectors", type=int, default=100_000)
    parser.add_argument("--globs", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (its path is printed)")
    args = parser.parse_args(argv)
    if not os.path.exists("/usr/bin/time"):
        print("needs GNU time: apt-get install time", file=sys.stderr)
        return 2
    binary = args.conformance or build()
    work = tempfile.mkdtemp(prefix="expectations-bench-")
    results = {}
    try:
        # 1. Globs.
        vectors = os.path.join(work, "Vectors")
        corpus.generate(vectors, args.vectors)
        globs = os.path.join(work, "globs.json")
        write_expectations(globs, glob_entries(args.globs, random.Random(11)))
        plain, listed = [], []
        for _ in range(args.rounds):
            plain.append(timed([binary, "run", "--vectors", vectors, "--junit", os.path.join(work, "a.xml")])[0])
            listed.append(timed([binary, "run", "--vectors", vectors, "--junit", os.path.join(work, "b.xml"),
                                 "--expectations", globs, "--max-file-size", "1G"])[0])
        results["globs"] = {"plain_s": statistics.median(plain), "listed_s": statistics.median(listed)}
        results["globs"]["ratio"] = results["globs"]["listed_s"] / results["globs"]["plain_s"]

        # 2. One `*` entry with a 500-byte reason.
        failing = os.path.join(work, "Failing")
        failing_fid_corpus(failing, args.vectors)
        star = os.path.join(work, "star.json")
        write_expectations(star, [{"suite": "leeep.fid", "id": "*", "reason": "r" * 500}])
        plain_xml, star_xml = os.path.join(work, "plain.xml"), os.path.join(work, "star.xml")
        _, plain_rss, _ = timed([binary, "run", "--vectors", failing, "--junit", plain_xml])
        _, star_rss, star_status = timed([binary, "run", "--vectors", failing, "--junit", star_xml,
                                          "--expectations", star])
        results["star"] = {"plain_bytes": os.path.getsize(plain_xml), "star_bytes": os.path.getsize(star_xml),
                           "plain_peak_mib": plain_rss / 1024, "star_peak_mib": star_rss / 1024,
                           "star_exit": star_status}
        results["star"]["ratio"] = results["star"]["star_bytes"] / results["star"]["plain_bytes"]

        # 3. SIGTERM mid-file.
        rounds = [sigterm_round(binary, work) for _ in range(args.rounds)]
        results["sigterm"] = {"max_s": max(r[0] for r in rounds), "statuses": sorted({r[1] for r in rounds})}
    finally:
        if args.keep:
            print("work folder:", work, file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)

    g, s, t = results["globs"], results["star"], results["sigterm"]
    print("%d globs over %d tests: %.2f s against %.2f s without expectations: %.2fx (target 3x)"
          % (args.globs, args.vectors, g["listed_s"], g["plain_s"], g["ratio"]))
    print("one * entry (500-byte reason) over %d failing tests: JUnit %.1f MB against %.1f MB: %.2fx (target 1.5x); "
          "peak %.0f MiB (without the list %.0f MiB; target 300 MB); exit %d"
          % (args.vectors, s["star_bytes"] / 1e6, s["plain_bytes"] / 1e6, s["ratio"], s["star_peak_mib"],
             s["plain_peak_mib"], s["star_exit"]))
    print("SIGTERM mid-file with a 200 ms adapter: exited within %.2f s (largest of %d; target 2 s), status %s"
          % (t["max_s"], args.rounds, ", ".join(map(str, t["statuses"]))))
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that `conformance run --shard K/N` + `conformance merge` equals one unsharded run.

Python 3.11 standard library only. For each corpus (the shipped Vectors/, then a copy of it
with a malformed file and a file whose id repeats another file's):

1. `conformance run --vectors DIR --junit unsharded.xml`;
2. `conformance run --vectors DIR --shard K/N --junit shard-K.xml` for K = 1..N;
3. `conformance merge merged.xml shard-1.xml ... shard-N.xml`;
4. compares, with the reports parsed by xml.etree (times and timestamps ignored):
   - the root counts (tests, failures, errors, skipped) of merged and unsharded;
   - the set of (testsuite name, classname, name) testcases of merged and unsharded;
   - that the shards' testcases are disjoint and their union is the unsharded set;
   - that each load error is in exactly one shard's report;
   - exit statuses (each shard's and merge's against the unsharded run's).

    Benchmarks/shard-check.sh                 # N = 3, shipped Vectors/
    Benchmarks/shard-check.sh --shards 5 --vectors DIR --conformance .build/release/conformance
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
COUNTS = ("tests", "failures", "errors", "skipped")


def build() -> str:
    subprocess.run(["swift", "build", "-c", "release", "--product", "conformance"], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, check=True,
                              stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
    return os.path.join(bin_path, "conformance")


def run(command) -> int:
    completed = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return completed.returncode


def read_report(path: str):
    """(root counts, set of testcases, testcases with a load error) of a JUnit report."""
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        raise SystemExit("%s: root is <%s>, not <testsuites>" % (path, root.tag))
    counts = {key: int(root.get(key, "0")) for key in COUNTS}
    cases, load_errors = set(), set()
    for suite in root.iter("testsuite"):
        for case in suite.iter("testcase"):
            key = (suite.get("name"), case.get("classname"), case.get("name"))
            if key in cases:
                raise SystemExit("%s: testcase %r appears twice" % (path, key))
            cases.add(key)
            error = case.find("error")
            if error is not None and error.get("type") == "load-error":
                load_errors.add(key)
    return counts, cases, load_errors


def check(binary: str, vectors: str, shards: int, work: str, label: str) -> list[str]:
    problems = []
    os.makedirs(work, exist_ok=True)
    unsharded_path = os.path.join(work, "unsharded.xml")
    unsharded_status = run([binary, "run", "--vectors", vectors, "--junit", unsharded_path])
    shard_paths, shard_statuses = [], []
    for k in range(1, shards + 1):
        path = os.path.join(work, "shard-%d.xml" % k)
        shard_statuses.append(run([binary, "run", "--vectors", vectors, "--shard", "%d/%d" % (k, shards),
                                   "--junit", path]))
        shard_paths.append(path)
    merged_path = os.path.join(work, "merged.xml")
    merge_status = run([binary, "merge", merged_path] + shard_paths)

    counts, cases, load_errors = read_report(unsharded_path)
    merged_counts, merged_cases, merged_load_errors = read_report(merged_path)
    if merged_counts != counts:
        problems.append("counts differ: unsharded %s, merged %s" % (counts, merged_counts))
    if merged_cases != cases:
        problems.append("testcases differ: %d only unsharded (e.g. %s), %d only merged (e.g. %s)" % (
            len(cases - merged_cases), sorted(cases - merged_cases)[:3],
            len(merged_cases - cases), sorted(merged_cases - cases)[:3]))
    union, overlap = set(), set()
    owners_of_load_errors = {key: 0 for key in load_errors}
    shard_sizes = []
    for path in shard_paths:
        _, shard_cases, shard_load_errors = read_report(path)
        shard_sizes.append(len(shard_cases))
        overlap |= union & shard_cases
        union |= shard_cases
        for key in shard_load_errors:
            owners_of_load_errors[key] = owners_of_load_errors.get(key, 0) + 1
    if overlap:
        problems.append("%d testcases are in more than one shard (e.g. %s)" % (len(overlap), sorted(overlap)[:3]))
    if union != cases:
        problems.append("the shards' testcases are not the unsharded set")
    for key, owners in owners_of_load_errors.items():
        if owners != 1:
            problems.append("load error %s is in %d shard reports, expected exactly 1" % (key, owners))
    if merged_load_errors != load_errors:
        problems.append("merged load errors %s differ from unsharded %s" % (merged_load_errors, load_errors))
    # A shard exits 2 only if it owns a load error, else 1 if it has a failure, else 0; merge has no
    # status 2 for load errors (they are errors in the report), so it must be 1 when the run was not 0.
    if any(status not in (0, 1, 2) for status in shard_statuses):
        problems.append("a shard exited with %s" % shard_statuses)
    if max(shard_statuses) != unsharded_status:
        problems.append("worst shard status %d, unsharded status %d" % (max(shard_statuses), unsharded_status))
    if merge_status != (0 if unsharded_status == 0 else 1):
        problems.append("merge exited %d for an unsharded status %d" % (merge_status, unsharded_status))

    print("%s: %d testcases (%d load errors), %d shards of %s, exit statuses: unsharded %d, shards %s, merge %d: %s"
          % (label, len(cases), len(load_errors), shards, "/".join(str(size) for size in shard_sizes),
             unsharded_status, shard_statuses, merge_status, "OK" if not problems else "PROBLEMS"))
    for problem in problems:
        print("  - " + problem)
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--vectors", default=os.path.join(REPO, "Vectors"))
    parser.add_argument("--conformance", help="use this binary instead of building one in release")
    parser.add_argument("--keep", action="store_true", help="keep the reports (the folder is printed)")
    args = parser.parse_args(argv)
    binary = os.path.abspath(args.conformance) if args.conformance else build()
    work = tempfile.mkdtemp(prefix="conformance-shard-check-")
    try:
        problems = check(binary, args.vectors, args.shards, os.path.join(work, "shipped"), "shipped vectors")
        # The same corpus with a malformed file and an id that repeats another file's id.
        broken = os.path.join(work, "broken-vectors")
        shutil.copytree(args.vectors, broken)
        with open(os.path.join(broken, "zz-malformed.json"), "w") as handle:
            handle.write('{"format": "conformance-vectors/1", "suite": ')
        with open(os.path.join(broken, "zz-duplicate-id.json"), "w") as handle:
            handle.write('{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "repeats an id",'
                         ' "tests": [{"id": "type.null", "input": null, "expect": {"result": "reject"}}]}\n')
        problems += check(binary, broken, args.shards, os.path.join(work, "broken"),
                          "shipped vectors + 2 broken files")
        if args.keep:
            print("reports kept in " + work)
        return 1 if problems else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks `conformance run --shard auto` under the engines teams shard on (Examples/Bazel/check.sh).

Python 3 standard library only. Against the release binary and the shipped Vectors/:

1. the unsharded run's JUnit report, the reference;
2. for each engine (Bazel, GitLab, CircleCI, Buildkite), three shards started as the engine's
   runner starts a job: only the engine's variables set, with Bazel's runner also naming
   TEST_SHARD_STATUS_FILE and XML_OUTPUT_FILE and giving no --junit; then checks that every
   shard exited 0, said which shard it took, that Bazel's status file exists afterwards (Bazel's
   check that the test shards), collects each shard's XML, merges them with `conformance merge`
   and compares the merged report with the unsharded one: root counts and the set of
   (testsuite, classname, name) testcases;
3. two engines that disagree: exit 2 naming both; no engine at all: exit 0 and the whole corpus;
4. with `--bazel` (check.sh passes it when `bazel` is installed): `bazel test //:conformance`
   in this workspace (shard_count = 4, offline), then the same checks on the four shards'
   test.xml and test.shard files Bazel collected.

Prints one PASS/FAIL line per check and ends with `N passed, M failed`; exits 1 on a failure.
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
REPO = os.path.dirname(os.path.dirname(HERE))
COUNTS = ("tests", "failures", "errors", "skipped")

ENGINES = {
    "Bazel": lambda k, n: {"TEST_TOTAL_SHARDS": str(n), "TEST_SHARD_INDEX": str(k - 1)},
    "GitLab": lambda k, n: {"CI_NODE_TOTAL": str(n), "CI_NODE_INDEX": str(k)},
    "CircleCI": lambda k, n: {"CIRCLE_NODE_TOTAL": str(n), "CIRCLE_NODE_INDEX": str(k - 1)},
    "Buildkite": lambda k, n: {"BUILDKITE_PARALLEL_JOB_COUNT": str(n), "BUILDKITE_PARALLEL_JOB": str(k - 1)},
}
# Every variable the engines set: a job of one engine sees none of the others'.
ALL_VARIABLES = [name for make in ENGINES.values() for name in make(1, 1)] + [
    "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE"]

results = {"passed": 0, "failed": 0}


def check(ok: bool, label: str, detail: str = "") -> bool:
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + label + ("" if ok or not detail else ": " + detail))
    return ok


def clean_environment(extra: dict) -> dict:
    environment = {key: value for key, value in os.environ.items() if key not in ALL_VARIABLES}
    environment.update(extra)
    return environment


def run(command, environment=None):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=environment if environment is not None else clean_environment({}), cwd=REPO)


def read_report(path: str):
    """(root counts, set of (testsuite, classname, name)) of a JUnit report."""
    root = ET.parse(path).getroot()
    counts = {key: int(root.get(key, "0")) for key in COUNTS}
    cases = set()
    for suite in root.iter("testsuite"):
        for case in suite.iter("testcase"):
            cases.add((suite.get("name"), case.get("classname"), case.get("name")))
    return counts, cases


def compare_merge(label: str, conformance: str, shards: list, reference, work: str) -> None:
    merged = os.path.join(work, label.replace(" ", "-") + "-merged.xml")
    result = run([conformance, "merge", merged] + shards)
    if not check(result.returncode == 0, label + ": the shards merge (exit 0)", result.stderr.strip()):
        return
    counts, cases = read_report(merged)
    check(counts == reference[0], label + ": merged root counts equal the unsharded run's",
          "%s vs %s" % (counts, reference[0]))
    check(cases == reference[1], label + ": merged testcases are the unsharded run's, every one",
          "%d vs %d" % (len(cases), len(reference[1])))


def emulate(conformance: str, vectors: str, reference, work: str) -> None:
    for engine, make in ENGINES.items():
        shards = []
        for k in (1, 2, 3):
            environment = make(k, 3)
            xml = os.path.join(work, "%s-%d.xml" % (engine, k))
            command = [conformance, "run", "--shard", "auto", "--vectors", vectors]
            status_file = None
            if engine == "Bazel":
                # What Bazel's test runner does: name the status file (absent before the test)
                # and where the XML goes; the test finds both in its environment.
                status_file = os.path.join(work, "bazel-%d.shard" % k)
                environment["TEST_SHARD_STATUS_FILE"] = status_file
                environment["XML_OUTPUT_FILE"] = xml
            else:
                command += ["--junit", xml]
            result = run(command, clean_environment(environment))
            said = "--shard auto: shard %d/3 from %s (" % (k, engine)
            check(result.returncode == 0 and result.stdout.startswith(said),
                  "%s shard %d/3: exit 0, says it took shard %d/3" % (engine, k, k),
                  "exit %d: %s" % (result.returncode, (result.stdout[:200] + result.stderr[:300]).strip()))
            if status_file is not None:
                check(os.path.isfile(status_file), "Bazel shard %d/3 touched TEST_SHARD_STATUS_FILE" % k)
            if check(os.path.isfile(xml), "%s shard %d/3 wrote its JUnit report" % (engine, k)):
                shards.append(xml)
        if len(shards) == 3:
            compare_merge(engine, conformance, shards, reference, work)

    both = dict(ENGINES["GitLab"](2, 3))
    both.update(ENGINES["CircleCI"](1, 3))
    result = run([conformance, "run", "--shard", "auto", "--vectors", vectors, "--junit",
                  os.path.join(work, "disagree.xml")], clean_environment(both))
    check(result.returncode == 2 and "GitLab" in result.stderr and "CircleCI" in result.stderr,
          "two engines that disagree: exit 2 naming both", "exit %d: %s" % (result.returncode, result.stderr.strip()))
    lone = os.path.join(work, "no-engine.xml")
    result = run([conformance, "run", "--shard", "auto", "--vectors", vectors, "--junit", lone])
    ok = result.returncode == 0 and "running the whole corpus" in result.stdout
    check(ok and read_report(lone) == reference, "no engine: exit 0, the whole corpus, said",
          "exit %d: %s" % (result.returncode, result.stdout[:300]))


def bazel(conformance: str, reference, work: str, keep_root: str | None) -> None:
    root = keep_root or os.path.join(work, "bazel-root")
    flags = ["--batch", "--output_user_root=" + root]
    options = ["--symlink_prefix=/", "--spawn_strategy=local", "--test_output=errors", "--noshow_progress"]
    result = subprocess.run(["bazel"] + flags + ["test", "//:conformance"] + options, cwd=HERE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=clean_environment({}))
    if not check(result.returncode == 0, "bazel test //:conformance (shard_count = 4) passed",
                 "exit %d:\n%s" % (result.returncode, result.stdout[-3000:])):
        return
    logs = subprocess.run(["bazel"] + flags + ["info", "bazel-testlogs"], cwd=HERE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=clean_environment({})).stdout.strip()
    shards = []
    for k in (1, 2, 3, 4):
        folder = os.path.join(logs, "conformance", "shard_%d_of_4" % k)
        check(os.path.isfile(os.path.join(folder, "test.shard")),
              "bazel shard %d of 4: the test touched TEST_SHARD_STATUS_FILE (test.shard)" % k)
        xml = os.path.join(folder, "test.xml")
        if check(os.path.isfile(xml), "bazel shard %d of 4: Bazel collected its XML_OUTPUT_FILE (test.xml)" % k):
            counts, _ = read_report(xml)
            check(0 < counts["tests"] < reference[0]["tests"],
                  "bazel shard %d of 4: test.xml is the harness's report of one shard" % k, str(counts))
            shards.append(xml)
    if len(shards) == 4:
        compare_merge("bazel", conformance, shards, reference, work)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conformance", default=os.path.join(REPO, ".build", "release", "conformance"))
    parser.add_argument("--vectors", default=os.path.join(REPO, "Vectors"))
    parser.add_argument("--bazel", action="store_true", help="also run `bazel test` in this workspace")
    parser.add_argument("--bazel-root", help="Bazel's --output_user_root (default: a temporary folder)")
    options = parser.parse_args()
    if not os.access(options.conformance, os.X_OK):
        print("check.py: no harness binary at %s (swift build -c release --product conformance)" % options.conformance,
              file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="conformance-engines.")
    try:
        whole = os.path.join(work, "whole.xml")
        result = run([options.conformance, "run", "--vectors", options.vectors, "--junit", whole])
        if not check(result.returncode == 0, "the unsharded run passes", result.stderr.strip()):
            return 1
        reference = read_report(whole)
        emulate(options.conformance, options.vectors, reference, work)
        if options.bazel:
            if os.path.realpath(options.vectors) != os.path.realpath(os.path.join(REPO, "Vectors")):
                print("check.py: --bazel runs the workspace's test over the shipped Vectors/ only", file=sys.stderr)
                return 2
            bazel(options.conformance, reference, work, options.bazel_root)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Precision and recall of the `vendor-divergence` tag against models of the vendors' SDKs.

    python3 Benchmarks/vendor-fidelity/measure.py [--vectors Vectors] [--list] [--json]

For every vector of the four measured suites, models.py says what the vendor's SDK does with its
input on the vector's platform; the vector diverges when that is another verdict or another
output (the "verdict/output" level), or, at the "error" level, also when both reject with another
error (Adapty: another code or field; Respondo: another stage). Precision is the share of tagged
vectors that diverge, recall the share of diverging vectors that are tagged. The definition is
docs/decisions.md's ("The vendor's SDK").
"""

import argparse
import json
import os
import sys
from decimal import Decimal

sys.setrecursionlimit(20000)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import models  # noqa: E402

TAG = "vendor-divergence"
SUITES = ["adapty.onboarding.event", "respondo.push.payload", "respondo.push.session", "respondo.push.token"]


def load(root):
    tests = {suite: [] for suite in SUITES}
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".json") or name.endswith(".schema.json") or name.endswith(".suite.json"):
                continue
            path = os.path.join(folder, name)
            if os.path.relpath(path, root) == "manifest.json":
                continue
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            suite = json.loads(text).get("suite")
            if suite not in tests:
                continue
            document = json.loads(text, parse_float=models.json_number, parse_int=models.json_number)
            for test in document["tests"]:
                context = dict(document.get("context") or {})
                context.update(test.get("context") or {})
                tests[suite].append((os.path.relpath(path, root), test, context))
    return tests


def expectation(test):
    expect = test["expect"]
    if expect["result"] == "accept":
        return ("accept", expect.get("output"))
    return ("reject", expect.get("error"), expect.get("field"))


def compare(expected, actual, same_error):
    """(verdict/output differs, error differs)."""
    if actual is None:
        return (False, False)
    if expected[0] != actual[0]:
        return (True, True)
    if expected[0] == "accept":
        differs = expected[1] is not None and expected[1] != actual[1]
        return (differs, differs)
    return (False, not same_error(expected, actual))


def same_adapty_error(expected, actual):
    code, field = expected[1], expected[2]
    return (code is None or code == actual[1]) and (field is None or field == actual[2])


def same_payload_error(expected, actual):
    if expected[1] is None:
        return True
    return models.same_payload_rejection(actual[1], expected[1], expected[2])


def sdk_result(suite, test, context, expected):
    value = test["input"]
    if suite == "adapty.onboarding.event":
        return models.adapty_ios(value, context), same_adapty_error
    if suite == "respondo.push.payload":
        platform = context.get("platform")
        if platform not in ("ios", "android"):
            # Checks 1 and 2 need no platform: both SDKs agree there.
            return expected, same_payload_error
        return models.respondo_payload(value, platform), same_payload_error
    if suite == "respondo.push.token":
        return models.respondo_token(value, expected), same_adapty_error
    if suite == "respondo.push.session":
        platform = context.get("platform")
        if expected[0] != "accept" or not isinstance(value, list) or expected[1] is None:
            return expected, same_adapty_error
        output = models.respondo_session(value, platform, list(expected[1].get("results", [])))
        return ("accept", output), same_adapty_error
    raise ValueError(suite)


def figures(tagged, diverging):
    both = len(tagged & diverging)
    precision = both / len(tagged) if tagged else 1.0
    recall = both / len(diverging) if diverging else 1.0
    return {"tagged": len(tagged), "diverging": len(diverging), "both": both,
            "precision": round(precision, 4), "recall": round(recall, 4)}


def measure(root):
    report = {}
    for suite, tests in load(root).items():
        tagged, level_vo, level_error = set(), set(), set()
        by_platform = {}
        for path, test, context in tests:
            key = (path, test["id"])
            expected = expectation(test)
            actual, same_error = sdk_result(suite, test, context, expected)
            verdict_or_output, error = compare(expected, actual, same_error)
            platform = context.get("platform") if isinstance(context.get("platform"), str) else "(none)"
            counts = by_platform.setdefault(platform, [0, 0])
            counts[0] += 1
            if TAG in test.get("tags", []):
                tagged.add(key)
                counts[1] += 1
            if verdict_or_output:
                level_vo.add(key)
            if verdict_or_output or error:
                level_error.add(key)
        report[suite] = {
            "vectors": len(tests),
            "left by --exclude-tag": len(tests) - len(tagged),
            "verdict/output": figures(tagged, level_vo),
            "error": figures(tagged, level_error),
            "tagged by platform": {p: {"vectors": c[0], "tagged": c[1]} for p, c in sorted(by_platform.items())},
            "_sets": (tagged, level_vo, level_error),
        }
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vectors", default=os.path.join(os.path.dirname(__file__), "..", "..", "Vectors"))
    parser.add_argument("--list", action="store_true", help="list the untagged diverging and the tagged agreeing vectors")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    arguments = parser.parse_args()
    report = measure(arguments.vectors)
    if arguments.json:
        print(json.dumps({s: {k: v for k, v in r.items() if k != "_sets"} for s, r in report.items()}, indent=2))
    else:
        print(f"{'suite':26} {'vectors':>7} {'tagged':>6} {'left':>5}  {'level':14} {'diverge':>7} {'precision':>9} {'recall':>7}")
        for suite, row in report.items():
            for level in ("verdict/output", "error"):
                f = row[level]
                print(f"{suite:26} {row['vectors']:7} {f['tagged']:6} {row['left by --exclude-tag']:5}  {level:14} "
                      f"{f['diverging']:7} {f['precision']:9.3f} {f['recall']:7.3f}")
    if arguments.list:
        for suite, row in report.items():
            tagged, _, level_error = row["_sets"]
            for path, test_id in sorted(level_error - tagged):
                print(f"untagged, diverges: {suite} {path} {test_id}")
            for path, test_id in sorted(tagged - level_error):
                print(f"tagged, agrees:     {suite} {path} {test_id}")


if __name__ == "__main__":
    main()

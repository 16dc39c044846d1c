"""Reads a conformance JUnit report for Kits/check.sh.

    python3 Kits/junit_summary.py REPORT.xml counts    -> "TESTS SKIPPED FAILED ERRORED"
    python3 Kits/junit_summary.py REPORT.xml failing   -> "SUITE ID" per failed or errored test
    python3 Kits/junit_summary.py XUNIT.xml issues     -> "SUITE ID" per ConformanceTesting issue

The last reads the XUnit file of `swift test --xunit-output` (its -swift-testing.xml), where a
parameterized test is one testcase and each recorded issue one <failure> whose message is
ConformanceFailure's text, "FAIL SUITE ID (FILE)…".

Testcases are counted from the elements themselves, not from the root's attributes, so a report
whose totals disagree with its children cannot hide a test.
"""

import re
import sys
import xml.etree.ElementTree as ElementTree

ISSUE = re.compile(r"FAIL ([a-z][a-z.-]*) ([A-Za-z0-9][A-Za-z0-9._-]*) \(")


def main(path, mode):
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        print("junit_summary.py: cannot read %s: %s" % (path, error), file=sys.stderr)
        return 2
    cases = list(root.iter("testcase"))
    if mode == "counts":
        skipped = sum(1 for case in cases if case.find("skipped") is not None)
        failed = sum(1 for case in cases if case.find("failure") is not None)
        errored = sum(1 for case in cases if case.find("error") is not None)
        print(len(cases), skipped, failed, errored)
    elif mode == "failing":
        failing = sorted(
            "%s %s" % (case.get("classname", "?"), case.get("name", "?"))
            for case in cases
            if case.find("failure") is not None or case.find("error") is not None)
        for line in failing:
            print(line)
    elif mode == "issues":
        issues = set()
        for case in cases:
            for failure in case.iter("failure"):
                found = ISSUE.search(failure.get("message", "") + (failure.text or ""))
                issues.add("%s %s" % found.groups() if found else "? unrecognised failure: %s"
                           % failure.get("message", "")[:200])
        for line in sorted(issues):
            print(line)
    else:
        print("junit_summary.py: unknown mode %r (counts, failing or issues)" % mode, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))

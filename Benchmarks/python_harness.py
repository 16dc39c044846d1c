#!/usr/bin/env python3
"""The baseline a team would write instead of `conformance run`: plain Python 3 (stdlib only).

Walks a vectors folder, loads each file with `json`, checks it against the vector-file rules
(docs/vector-format.md: no BOM, valid UTF-8, no duplicate keys, no lone surrogates, no keys beyond the
format's, types, id pattern, unique ids), runs the contract's rules for the three benchmark suites
(docs/suites/leeep.fid.md-3.4: leeep.fid, leeep.user-id, leeep.push.destination), compares with each test's
expectation and writes a JUnit report with xml.etree.ElementTree. Single process, like most
hand-written harnesses.

With --lenient it skips the section 1 checks (it then reads anything `json` reads, duplicate
keys and all), which only makes it faster: the benchmark times both.

Usage: python_harness.py --vectors DIR --junit FILE [--lenient]
Exit status: 0 all passed, 1 a test failed, 2 a file could not be loaded.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import xml.etree.ElementTree as ET

FID = re.compile(r"[cdef][A-Za-z0-9_-]{21}\Z")
# The Unicode White_Space property (str.isspace() differs: it includes U+001C..U+001F).
WHITE_SPACE = frozenset("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                        "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
PERMISSIONS = frozenset(("unknown", "notDetermined", "denied", "granted", "provisional"))


def fid(value, context):
    if not isinstance(value, str):
        return ("reject", "not_a_string", None)
    if not FID.match(value):
        return ("reject", "invalid_fid", None)
    return ("accept", value)


def user_id(value, context):
    if not isinstance(value, str):
        return ("reject", "not_a_string", None)
    size = len(value.encode("utf-8"))
    if size == 0:
        return ("reject", "empty", None)
    if size > 255:
        return ("reject", "too_long", None)
    if all(ch in WHITE_SPACE for ch in value):
        return ("reject", "whitespace_only", None)
    return ("accept", value)


def destination(value, context):
    if not isinstance(value, dict):
        return ("reject", "not_an_object", None)
    for key in ("kind", "value", "permission"):
        if key not in value:
            return ("reject", "missing_key", key)
    for key in ("kind", "value", "permission"):
        if not isinstance(value[key], str):
            return ("reject", "non_string_value", key)
    if value["kind"] != "fcm_fid":
        return ("reject", "unsupported_kind", "kind")
    if not FID.match(value["value"]):
        return ("reject", "invalid_fid", "value")
    if value["permission"] not in PERMISSIONS:
        return ("reject", "invalid_permission", "permission")
    return ("accept", {"kind": value["kind"], "value": value["value"], "permission": value["permission"],
                       "deliverable": value["permission"] == "granted"})


SUITES = {"leeep.fid": fid, "leeep.user-id": user_id, "leeep.push.destination": destination}

# docs/vector-format.md.
FORMAT = "conformance-vectors/1"
KNOWN_SUITES = frozenset((
    "leeep.push.payload", "leeep.fid", "leeep.push.destination", "leeep.user-id", "leeep.blog-match", "leeep.link",
    "respondo.push.payload", "respondo.deep-link", "respondo.push.token", "adapty.onboarding.event",
    "fanship.sequence", "leeep.push.client", "respondo.push.session", "leeep.tracking", "leeep.tag-view",
    "adapty.presentation"))
TOP_KEYS = frozenset(("format", "suite", "description", "source", "context", "tests"))
TEST_KEYS = frozenset(("id", "description", "tags", "input", "context", "expect"))
TEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}\Z")
SURROGATE = re.compile("[\ud800-\udfff]")


def unique_keys(pairs):
    """object_pairs_hook: a duplicate key or a key with a lone surrogate makes the file invalid."""
    result = {}
    for key, value in pairs:
        if key in result:
            raise ValueError("duplicate key %r" % key)
        if SURROGATE.search(key):
            raise ValueError("lone surrogate in a key")
        if type(value) is str and SURROGATE.search(value):
            raise ValueError("lone surrogate in a string")
        result[key] = value
    return result


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def strict_loads(data: bytes):
    if data.startswith(b"\xef\xbb\xbf"):
        raise ValueError("byte order mark")
    text = data.decode("utf-8")  # strict: invalid UTF-8 raises
    document = json.loads(text, object_pairs_hook=unique_keys, parse_constant=reject_constant)
    check_arrays(document)
    return document


def check_arrays(value):
    """Strings directly in arrays, which object_pairs_hook does not see."""
    if type(value) is list:
        for item in value:
            if type(item) is str:
                if SURROGATE.search(item):
                    raise ValueError("lone surrogate in a string")
            else:
                check_arrays(item)
    elif type(value) is dict:
        for item in value.values():
            if type(item) is not str:
                check_arrays(item)


def check_vector_file(document):
    if type(document) is not dict:
        raise ValueError("the top level must be an object")
    if not TOP_KEYS.issuperset(document):
        raise ValueError("unknown key")
    if document.get("format") != FORMAT:
        raise ValueError("unsupported format")
    if document.get("suite") not in KNOWN_SUITES:
        raise ValueError("unknown suite")
    if type(document.get("description")) is not str:
        raise ValueError("description must be a string")
    if "source" in document and type(document["source"]) is not str:
        raise ValueError("source must be a string")
    if "context" in document and type(document["context"]) is not dict:
        raise ValueError("context must be an object")
    tests = document.get("tests")
    if type(tests) is not list or not tests:
        raise ValueError("tests must be a non-empty array")
    ids = set()
    for test in tests:
        if type(test) is not dict or not TEST_KEYS.issuperset(test):
            raise ValueError("a test must be an object with known keys")
        test_id = test.get("id")
        if type(test_id) is not str or not TEST_ID.match(test_id):
            raise ValueError("invalid id")
        if test_id in ids:
            raise ValueError("duplicate id %s" % test_id)
        ids.add(test_id)
        if "description" in test and type(test["description"]) is not str:
            raise ValueError("description must be a string")
        tags = test.get("tags", [])
        if type(tags) is not list or any(type(tag) is not str for tag in tags):
            raise ValueError("tags must be an array of strings")
        if "input" not in test:
            raise ValueError("missing input")
        if "context" in test and type(test["context"]) is not dict:
            raise ValueError("context must be an object")
        expect = test.get("expect")
        if type(expect) is not dict:
            raise ValueError("expect must be an object")
        result = expect.get("result")
        if result == "accept":
            if not {"result", "output"}.issuperset(expect):
                raise ValueError("unknown key in expect")
        elif result == "reject":
            if not {"result", "error", "field"}.issuperset(expect):
                raise ValueError("unknown key in expect")
            if any(type(expect[key]) is not str for key in ("error", "field") if key in expect):
                raise ValueError("error and field must be strings")
        else:
            raise ValueError("result must be accept or reject")


def json_equal(a, b) -> bool:
    """Equality as JSON values (Python's == says True == 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                                             and a == b)


def outcome_json(outcome):
    if outcome[0] == "accept":
        return {"result": "accept", "output": outcome[1]}
    result = {"result": "reject", "error": outcome[1]}
    if outcome[2] is not None:
        result["field"] = outcome[2]
    return result


def difference(expect, outcome):
    """None when the outcome meets the expectation, else a message."""
    if expect["result"] != outcome[0]:
        return "result: expected %s, got %s" % (expect["result"], outcome[0])
    if outcome[0] == "accept":
        if "output" in expect and not json_equal(expect["output"], outcome[1]):
            return "output differs"
        return None
    if "error" in expect and expect["error"] != outcome[1]:
        return "error: expected %s, got %s" % (expect["error"], outcome[1])
    if "field" in expect and expect["field"] != outcome[2]:
        return "field: expected %s, got %s" % (expect["field"], outcome[2])
    return None


def discover(root):
    found = []
    for folder, folders, names in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in names:
            if name.endswith(".json") and not name.endswith(".schema.json") and not name.startswith("."):
                path = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                # Not vector files: suite declarations and the root's release manifest.
                if not name.endswith(".suite.json") and path != "manifest.json":
                    found.append(path)
    return sorted(found, key=lambda path: path.encode("utf-8"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vectors", default="Vectors")
    parser.add_argument("--junit", default="Reports/junit.xml")
    parser.add_argument("--lenient", action="store_true", help="skip the vector-file checks of docs/vector-format.md")
    args = parser.parse_args(argv)
    started = time.monotonic()
    root_element = ET.Element("testsuites", name="python-harness")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    load_errors = 0
    seen_ids = {}
    for path in discover(args.vectors):
        file_started = time.monotonic()
        suite_element = ET.SubElement(root_element, "testsuite", name=path)
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        try:
            with open(os.path.join(args.vectors, path), "rb") as handle:
                data = handle.read()
            if args.lenient:
                document = json.loads(data)
            else:
                document = strict_loads(data)
                check_vector_file(document)
            if document.get("format") != FORMAT:
                raise ValueError("unsupported format")
            suite = document["suite"]
            tests = document["tests"]
            if not isinstance(tests, list) or not tests:
                raise ValueError("tests must be a non-empty array")
            owners = seen_ids.setdefault(suite, {})
            for test in tests:
                if test["id"] in owners:
                    raise ValueError("duplicate id %s, first in %s" % (test["id"], owners[test["id"]]))
            for test in tests:
                owners[test["id"]] = path
        except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError) as error:
            # Like conformance: a file that cannot be loaded is one testcase holding an error.
            load_errors += 1
            case = ET.SubElement(suite_element, "testcase", classname="conformance.load", name=path, time="0.000")
            ET.SubElement(case, "error", type="load-error", message=str(error))
            for key, value in (("tests", 1), ("failures", 0), ("errors", 1), ("skipped", 0)):
                suite_element.set(key, str(value))
                totals[key] += value
            continue
        properties = ET.SubElement(suite_element, "properties")
        ET.SubElement(properties, "property", name="suite", value=suite)
        ET.SubElement(properties, "property", name="source", value=document.get("source", ""))
        evaluate = SUITES.get(suite)
        file_context = document.get("context", {})
        for test in tests:
            test_started = time.monotonic()
            counts["tests"] += 1
            case = ET.SubElement(suite_element, "testcase", classname=suite, name=test["id"])
            if evaluate is None:
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", message="suite %s is not implemented" % suite)
            else:
                context = dict(file_context, **test.get("context", {}))
                outcome = evaluate(test["input"], context)
                message = difference(test["expect"], outcome)
                if message is not None:
                    counts["failures"] += 1
                    failure = ET.SubElement(case, "failure", type="mismatch", message=message)
                    failure.text = "expected: %s\nactual:   %s" % (
                        json.dumps(test["expect"], ensure_ascii=False),
                        json.dumps(outcome_json(outcome), ensure_ascii=False))
            case.set("time", "%.3f" % (time.monotonic() - test_started))
        for key, value in counts.items():
            suite_element.set(key, str(value))
            totals[key] += value
        suite_element.set("time", "%.3f" % (time.monotonic() - file_started))
    for key, value in totals.items():
        root_element.set(key, str(value))
    root_element.set("time", "%.3f" % (time.monotonic() - started))
    root_element.set("timestamp", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    folder = os.path.dirname(os.path.abspath(args.junit))
    os.makedirs(folder, exist_ok=True)
    temporary = args.junit + ".tmp"
    ET.ElementTree(root_element).write(temporary, encoding="utf-8", xml_declaration=True)
    os.replace(temporary, args.junit)
    passed = totals["tests"] - totals["failures"] - totals["errors"] - totals["skipped"]
    print("%d passed, %d failed, %d skipped, %d files failed to load" % (
        passed, totals["failures"], totals["skipped"], load_errors))
    if load_errors:
        return 2
    return 1 if totals["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())

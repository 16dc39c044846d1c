"""leeep.fid and leeep.user-id checked in-process: one pytest test per vector of the pack.

The SDK code under test is the adapter example's (example_adapter.fid and .user_id); with
``PYTHON_EXAMPLE_BUG=trailing-newline`` the FID is matched with ``re.match(r"…$")``, which also
accepts a trailing newline, and exactly one vector fails: leeep.fid::trailing-newline.
"""

import os

import example_adapter
from conformance_pytest import Implementation, conformance_tests

BUG = os.environ.get("PYTHON_EXAMPLE_BUG") or None
if BUG not in (None, "trailing-newline"):
    raise ValueError("PYTHON_EXAMPLE_BUG=%s: the example plants only trailing-newline" % BUG)


def evaluate(suite, input, context):
    if suite == "leeep.fid":
        return example_adapter.fid(input, trailing_newline_bug=BUG == "trailing-newline")
    if suite == "leeep.user-id":
        return example_adapter.user_id(input)
    raise ValueError("unexpected suite %s" % suite)


test_example = conformance_tests(
    evaluate,
    Implementation("python-example" + ("+" + BUG if BUG else ""), version="1.0.0",
                   suites=["leeep.fid", "leeep.user-id"]))

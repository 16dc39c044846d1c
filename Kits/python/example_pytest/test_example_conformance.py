"""leeep.fid and leeep.user-id checked in-process: one pytest test per vector of the pack.

The SDK code under test is the adapter example's (example_adapter.fid and .user_id); with
``--bug trailing-newline`` the FID is matched with ``re.match(r"…$")``, which also accepts a
trailing newline, and exactly one vector fails: leeep.fid::trailing-newline.
"""

import example_adapter


def test_example(conformance_vector, bug):
    def evaluate(suite, input, context):
        if suite == "leeep.fid":
            return example_adapter.fid(input, trailing_newline_bug=bug == "trailing-newline")
        if suite == "leeep.user-id":
            return example_adapter.user_id(input)
        raise ValueError("unexpected suite %s" % suite)

    conformance_vector.check(evaluate)

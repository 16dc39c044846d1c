"""An example adapter: leeep.fid and leeep.user-id in Python, through conformance_adapter.

    conformance run --suite leeep.fid --suite leeep.user-id \
      --adapter "exec python3 Kits/python/example_adapter.py"

``--bug trailing-newline`` plants a classic bug for the kit's own CI check: the FID pattern is
matched with ``re.match(r"...$")``, whose ``$`` also matches before a final newline, so
``"<valid FID>\\n"`` is accepted (docs/suites/leeep.fid.md).
"""

import argparse
import re
import sys

from conformance_adapter import accept, reject, run

# docs/suites/leeep.fid.md: [cdef] then 21 of [A-Za-z0-9_-], the whole string, ASCII only.
FID = re.compile(r"[cdef][A-Za-z0-9_-]{21}")

# docs/suites/leeep.user-id.md: the 25 scalars with the Unicode White_Space property. Not
# str.isspace, which also says yes to U+001C-U+001F.
WHITE_SPACE = frozenset(
    [chr(c) for c in range(0x09, 0x0E)]
    + ["\u0020", "\u0085", "\u00a0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
)


def fid(value, trailing_newline_bug=False):
    if not isinstance(value, str):
        return reject("not_a_string")
    if trailing_newline_bug:
        matches = re.match(r"[cdef][A-Za-z0-9_-]{21}$", value) is not None
    else:
        matches = FID.fullmatch(value) is not None
    return accept(value) if matches else reject("invalid_fid")


def user_id(value):
    if not isinstance(value, str):
        return reject("not_a_string")
    size = len(value.encode("utf-8"))  # UTF-8 bytes, never characters
    if size == 0:
        return reject("empty")
    if size > 255:
        return reject("too_long")
    if all(character in WHITE_SPACE for character in value):
        return reject("whitespace_only")
    return accept(value)  # unchanged: no trimming, no normalisation


def main(arguments):
    parser = argparse.ArgumentParser(description="leeep.fid and leeep.user-id as an adapter")
    parser.add_argument("--bug", choices=["trailing-newline"], help="plant a bug (for CI)")
    options = parser.parse_args(arguments)
    bug = options.bug == "trailing-newline"

    def evaluate(suite, input, context):
        if suite == "leeep.fid":
            return fid(input, trailing_newline_bug=bug)
        if suite == "leeep.user-id":
            return user_id(input)
        raise ValueError("unexpected suite %s" % suite)

    name = "python-example" + ("+trailing-newline" if bug else "")
    return run(evaluate, name=name, suites=["leeep.fid", "leeep.user-id"], version="1.0.0")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

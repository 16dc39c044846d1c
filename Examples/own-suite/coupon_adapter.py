"""An adapter for a team's own suite, acme.coupon (docs/own-suites.md), built on the Python kit.

    conformance run --vectors Examples/own-suite/vectors \
      --adapter "exec python3 Examples/own-suite/coupon_adapter.py"

The suite is declared in vectors/acme.coupon.suite.json; no reference parser has it, so its
vectors run only against an adapter whose hello lists it, as this one's does.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Kits", "python"))

from conformance_adapter import accept, reject, run  # noqa: E402

# "ACME-" and six of A-Z 0-9, ASCII only, the whole string (fullmatch: no trailing newline).
CODE = re.compile(r"ACME-[A-Z0-9]{6}", re.ASCII)


def is_number(value):
    # JSON true and false arrive as bool, which Python counts as int.
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def coupon(value, context):
    if not isinstance(value, dict):
        return reject("not_an_object")
    for key in ("code", "percent"):
        if key not in value:
            return reject("missing_key", key)
    code = value["code"]
    if not isinstance(code, str) or CODE.fullmatch(code) is None:
        return reject("invalid_code", "code")
    percent = value["percent"]
    limit = context.get("max_percent", 100)
    if not is_number(percent) or percent != int(percent) or not 1 <= percent <= limit:
        return reject("invalid_percent", "percent")
    return accept({"code": code, "percent": int(percent)})


def main():
    def evaluate(suite, input, context):
        if suite == "acme.coupon":
            return coupon(input, context)
        raise ValueError("unexpected suite %s" % suite)

    return run(evaluate, name="acme-coupon-python", suites=["acme.coupon"], version="1.0.0")


if __name__ == "__main__":
    sys.exit(main())

"""Synthetic vector corpora for the benchmarks (docs/vector-format.md format).

Three simple suites (docs/suites/leeep.fid.md-3.4): `leeep.fid`, `leeep.user-id` and `leeep.push.destination`.
Every vector's expectation is written here from the rule its input breaks (or satisfies), never
by running a parser. Files are deterministic for a given (total, seed).
"""

from __future__ import annotations

import json
import os
import random

VECTORS_PER_FILE = 200
SUITES = ("leeep.fid", "leeep.user-id", "leeep.push.destination")

FID_FIRST = "cdef"
FID_REST = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
PERMISSIONS = ("unknown", "notDetermined", "denied", "granted", "provisional")
HEX = "0123456789abcdef"


def random_fid(rng: random.Random) -> str:
    return rng.choice(FID_FIRST) + "".join(rng.choice(FID_REST) for _ in range(21))


def fcm_token(rng: random.Random) -> str:
    # An FCM registration token: the FID, a colon, then a long APA91b... blob.
    return random_fid(rng) + ":APA91b" + "".join(rng.choice(FID_REST) for _ in range(134))


def apns_token(rng: random.Random) -> str:
    return "".join(rng.choice(HEX) for _ in range(64))


def accept(output):
    return {"result": "accept", "output": output}


def reject(error, field=None):
    expect = {"result": "reject", "error": error}
    if field is not None:
        expect["field"] = field
    return expect


# Each case: (id stem, description, tags, input, expect).

def fid_case(rng: random.Random, k: int):
    fid = random_fid(rng)
    choice = k % 20
    if choice < 8:
        return ("valid", "a well-formed installation id", ["valid"], fid, accept(fid))
    if choice == 8:
        value = rng.choice([None, 12345, True, [fid], {"fid": fid}])
        return ("type", "a non-string value", ["invalid"], value, reject("not_a_string"))
    if choice == 9:
        return ("length.21", "one character short", ["invalid", "boundary"], fid[:21], reject("invalid_fid"))
    if choice == 10:
        return ("length.23", "one character too many", ["invalid", "boundary"], fid + "A", reject("invalid_fid"))
    if choice == 11:
        bad = rng.choice("abgzACDG019_-")
        return ("first-character", "the first character is not c, d, e or f", ["invalid"], bad + fid[1:],
                reject("invalid_fid"))
    if choice == 12:
        bad = rng.choice("+/=.:~ ")
        position = rng.randrange(1, 22)
        value = fid[:position] + bad + fid[position + 1:]
        return ("character", "a character outside [A-Za-z0-9_-]", ["invalid"], value, reject("invalid_fid"))
    if choice == 13:
        return ("fcm-token", "an FCM registration token is not an FID", ["invalid", "integration-mistake"],
                fcm_token(rng), reject("invalid_fid"))
    if choice == 14:
        return ("apns-token", "an APNs device token is not an FID", ["invalid", "integration-mistake"],
                apns_token(rng), reject("invalid_fid"))
    if choice == 15:
        return ("trailing-newline", "a trailing newline never matches", ["invalid", "boundary"], fid + "\n",
                reject("invalid_fid"))
    if choice == 16:
        position = rng.randrange(1, 22)
        value = fid[:position] + "\uff21" + fid[position + 1:]
        return ("full-width", "a full-width letter is not ASCII", ["invalid", "unicode"], value,
                reject("invalid_fid"))
    if choice == 17:
        return ("empty", "the empty string", ["invalid", "boundary"], "", reject("invalid_fid"))
    return ("valid.boundary", "every allowed character class", ["valid", "boundary"], fid, accept(fid))


WHITE_SPACE_SAMPLES = (" ", "\t", "\n", "\u3000", "\u00a0", "\u2003", "\u2028", "\u0085", " \t ")


def user_id_case(rng: random.Random, k: int):
    member = "member-%d" % rng.randrange(1, 10**9)
    choice = k % 20
    if choice < 6:
        return ("valid", "an ordinary member id", ["valid"], member, accept(member))
    if choice == 6:
        value = "e\u0301" + member
        return ("valid.nfd", "an NFD spelling is kept byte for byte", ["valid", "unicode"], value, accept(value))
    if choice == 7:
        value = "\u00e9" + member
        return ("valid.nfc", "an NFC spelling is kept byte for byte", ["valid", "unicode"], value, accept(value))
    if choice == 8:
        value = "  " + member + " "
        return ("valid.untrimmed", "surrounding spaces are kept", ["valid"], value, accept(value))
    if choice == 9:
        value = "a" * 255
        return ("valid.255-bytes", "exactly 255 bytes", ["valid", "boundary"], value, accept(value))
    if choice == 10:
        value = "\u3042" * 85
        return ("valid.255-bytes-3-byte", "85 three-byte scalars are 255 bytes", ["valid", "boundary", "unicode"],
                value, accept(value))
    if choice == 11:
        value = rng.choice(["\u200b", "\ufeff", "\u200b\ufeff"])
        return ("valid.not-white-space", "U+200B and U+FEFF are not White_Space", ["valid", "unicode"], value,
                accept(value))
    if choice == 12:
        value = rng.choice([None, 42, False, [member], {"id": member}])
        return ("type", "a non-string value", ["invalid"], value, reject("not_a_string"))
    if choice == 13:
        return ("empty", "the empty string", ["invalid", "boundary"], "", reject("empty"))
    if choice == 14:
        return ("too-long.256-bytes", "256 bytes", ["invalid", "boundary"], "a" * 256, reject("too_long"))
    if choice == 15:
        return ("too-long.3-byte", "86 three-byte scalars are 258 bytes", ["invalid", "boundary", "unicode"],
                "\u3042" * 86, reject("too_long"))
    if choice in (16, 17):
        value = "".join(rng.choice(WHITE_SPACE_SAMPLES) for _ in range(rng.randrange(1, 4)))
        return ("whitespace-only", "only White_Space scalars", ["invalid", "unicode"], value,
                reject("whitespace_only"))
    return ("valid.long", "a long member id", ["valid"], member * 8, accept(member * 8))


def destination_case(rng: random.Random, k: int):
    fid = random_fid(rng)
    permission = rng.choice(PERMISSIONS)
    good = {"kind": "fcm_fid", "value": fid, "permission": permission}
    choice = k % 20
    if choice < 7:
        output = dict(good, deliverable=permission == "granted")
        return ("valid", "a current FID with a permission", ["valid"], good, accept(output))
    if choice == 7:
        value = dict(good, token="ignored", platform="ios")
        output = dict(good, deliverable=permission == "granted")
        return ("valid.extra-keys", "other keys are ignored", ["valid"], value, accept(output))
    if choice == 8:
        value = rng.choice([None, fid, [good], 7])
        return ("type", "not an object", ["invalid"], value, reject("not_an_object"))
    if choice == 9:
        key = rng.choice(["kind", "value", "permission"])
        value = {name: v for name, v in good.items() if name != key}
        return ("missing." + key, "a required key is missing", ["invalid"], value, reject("missing_key", key))
    if choice == 10:
        # kind present but value missing and permission not a string: missing_key wins.
        value = {"kind": "fcm_fid", "permission": 1}
        return ("missing.value-before-type", "missing keys are checked before types", ["invalid"], value,
                reject("missing_key", "value"))
    if choice == 11:
        key = rng.choice(["kind", "value", "permission"])
        value = dict(good)
        value[key] = rng.choice([None, 1, True, ["x"], {"x": "y"}])
        return ("non-string." + key, "a value is not a string", ["invalid"], value,
                reject("non_string_value", key))
    if choice == 12:
        value = dict(good, kind=rng.choice(["apns", "FCM_FID", "fcm_token", "fcm_fid ", ""]))
        return ("kind", "only fcm_fid is supported", ["invalid"], value, reject("unsupported_kind", "kind"))
    if choice == 13:
        value = dict(good, value=fcm_token(rng))
        return ("value.fcm-token", "an FCM token is not an FID", ["invalid", "integration-mistake"], value,
                reject("invalid_fid", "value"))
    if choice == 14:
        value = dict(good, value=apns_token(rng))
        return ("value.apns-token", "an APNs token is not an FID", ["invalid", "integration-mistake"], value,
                reject("invalid_fid", "value"))
    if choice == 15:
        value = dict(good, value=fid[:21])
        return ("value.length-21", "a short FID", ["invalid", "boundary"], value, reject("invalid_fid", "value"))
    if choice == 16:
        value = dict(good, kind="apns", value=apns_token(rng))
        return ("kind-before-value", "kind is checked before value", ["invalid"], value,
                reject("unsupported_kind", "kind"))
    if choice in (17, 18):
        value = dict(good, permission=rng.choice(["Granted", "authorized", "", "granted\n", "ephemeral"]))
        return ("permission", "not a LeeepPushPermission", ["invalid"], value,
                reject("invalid_permission", "permission"))
    value = dict(good, value="not-an-fid", permission="bogus")
    return ("value-before-permission", "value is checked before permission", ["invalid"], value,
            reject("invalid_fid", "value"))


CASES = {"leeep.fid": fid_case, "leeep.user-id": user_id_case, "leeep.push.destination": destination_case}


def file_count(total: int, per_file: int = VECTORS_PER_FILE) -> int:
    return max(1, (total + per_file - 1) // per_file)


def generate(root: str, total: int, seed: int = 1, per_file: int = VECTORS_PER_FILE) -> dict:
    """Writes `total` vectors under `root`, `per_file` to a file; returns counts
    {suite: n, "files": n, "accept": n}."""
    files = file_count(total, per_file)
    counts = {"files": files, "accept": 0, "reject": 0}
    written = 0
    for index in range(files):
        suite = SUITES[index % len(SUITES)]
        rng = random.Random(seed * 1_000_003 + index)
        size = min(per_file, total - written)
        tests = []
        for n in range(size):
            stem, description, tags, value, expect = CASES[suite](rng, n)
            counts[expect["result"]] += 1
            tests.append({"id": "%s.f%05d-%03d" % (stem, index, n), "description": description,
                          "tags": tags, "input": value, "expect": expect})
        written += size
        counts[suite] = counts.get(suite, 0) + size
        document = {"format": "conformance-vectors/1", "suite": suite,
                    "description": "benchmark vectors, part %d" % index,
                    "source": "LEEEP iOS SDK reference (synthetic benchmark corpus)", "tests": tests}
        folder = os.path.join(root, suite)  # a suite's folder is its name, as under Vectors/
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "part-%05d.json" % index), "w", encoding="utf-8") as handle:
            handle.write(json.dumps(document, ensure_ascii=False, indent=2))
            handle.write("\n")
    counts["vectors"] = written
    return counts

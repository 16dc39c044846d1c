"""The vectors inside your own pytest run: a pytest plugin that reads a conformance pack.

PYTEST_DONT_REWRITE (no assert statements here; conftest.py imports this module early).

A pack (``conformance pack --suite … --out PACK``, format ``conformance-pack/1``) holds every
selected vector, already loaded, checked and with its context merged, by the harness. This plugin
makes one pytest test per vector of it, compares what your code answers with the harness's rules,
and records the answers for ``conformance judge``, which writes the harness's reports:

    # conftest.py
    pytest_plugins = ["conformance_pytest"]

    # test_conformance.py
    from conformance_pytest import Implementation, accept, conformance_tests, reject

    def evaluate(suite, input, context):
        ...return accept(output) or reject("invalid_fid")...

    test_conformance = conformance_tests(
        evaluate, Implementation("python-sdk", version="1.4.0", suites=["leeep.fid"]))

    $ pytest --conformance-pack PACK --conformance-answers answers.jsonl

(or, where a test needs fixtures, ``def test_conformance(conformance_vector, ...):
conformance_vector.check(evaluate)`` with a ``conformance_implementation`` session fixture: the
same checks through pytest's fixture machinery, slower by its cost per test.)

Each vector is the test ``test_conformance[SUITE::ID]`` (``-k leeep.fid::trailing-newline``
selects it); a failure says, as ``conformance run`` does, the vector's file, input, expected and
actual outcome and the first difference. Numbers are exact: the pack is read with
``json.load(…, parse_float=decimal.Decimal)``, and outputs are compared by decimal value, never as
floats (Kits/comparison-cases.json gives every rule, and the kit's tests run every case).

Standard library and pytest only; ``accept``/``reject`` are the adapter kit's
(conformance_adapter.py, which sits beside this file).
"""

import decimal
import functools
import gc
import json
import os
import re
import sys
import time
import traceback
import unicodedata
from decimal import Decimal

import pytest

from conformance_adapter import NO_OUTPUT, Accept, Reject, accept, reject

PACK_FORMAT = "conformance-pack/1"
ANSWERS_FORMAT = "conformance-answers/1"

__all__ = [
    "PACK_FORMAT", "ANSWERS_FORMAT", "Implementation", "Vector", "Pack", "PackError", "AnswersFile",
    "ConformanceError", "Number", "accept", "reject", "load_pack", "difference", "answer_of", "render",
    "conformance_tests", "ConformanceTests", "VectorTest",
]


# ---------------------------------------------------------------------------------------------
# The pack


class PackError(Exception):
    """A pack that cannot be read: the message names the file and the problem."""


class Vector:
    """One test of the pack, as the ``conformance_vector`` fixture hands it to a test.

    ``suite``, ``id``, ``file`` (relative to its vectors root), ``description``, ``tags``,
    ``input`` and ``context`` (merged) as the pack holds them: objects as ``dict``, arrays as
    ``list``, integers as ``int``, other numbers as ``decimal.Decimal``; ``expect`` the
    expectation (``{"result": "accept", "output": …}`` or ``{"result": "reject", "error": …}``).
    """

    __slots__ = ("suite", "id", "file", "description", "tags", "input", "context", "expect",
                 "_session", "answered")

    def __init__(self, suite, id, file, description, tags, input, context, expect):
        self.suite = suite
        self.id = id
        self.file = file
        self.description = description
        self.tags = tags
        self.input = input
        self.context = context
        self.expect = expect
        self._session = None
        self.answered = False

    @property
    def name(self):
        """``SUITE::ID``, the test's pytest id."""
        return "%s::%s" % (self.suite, self.id)

    def __repr__(self):
        return "Vector(%s)" % self.name

    def check(self, evaluate_or_outcome):
        """Checks one answer: ``check(evaluate)`` calls ``evaluate(suite, input, context)``;
        ``check(accept(…))`` / ``check(reject(…))`` checks an outcome you computed. Records the
        answer (when answers are recorded) and fails the test, with the harness's words, when it
        differs from the expectation. An exception raised by ``evaluate`` is recorded as the
        implementation's error and fails the test with its traceback.
        """
        if self.answered:
            raise ConformanceError("%s was already checked: check each vector once" % self.name)
        self.answered = True
        started = time.perf_counter()
        if callable(evaluate_or_outcome):
            try:
                outcome = evaluate_or_outcome(self.suite, self.input, self.context)
            except Exception as exception:
                milliseconds = (time.perf_counter() - started) * 1000
                reason = "evaluate raised %s: %s" % (type(exception).__name__, exception)
                self._record({"error": reason}, milliseconds)
                raise ConformanceError(self._heading() + "\n  could not evaluate the input: " + reason) \
                    from exception
        else:
            outcome = evaluate_or_outcome
        milliseconds = (time.perf_counter() - started) * 1000
        answer = answer_of(outcome)
        self._record(answer, milliseconds)
        if "result" not in answer:
            pytest.fail(self._heading() + "\n  expected: " + render(self.expect)
                        + "\n  could not evaluate the input: " + answer["error"], pytrace=False)
        text = difference(self.expect, answer)
        if text is not None:
            pytest.fail(failure_message(self, answer, text), pytrace=False)

    def _record(self, answer, milliseconds):
        if self._session is not None:
            self._session.record(self, answer, milliseconds)

    def _heading(self):
        return heading(self)


def heading(vector):
    text = "FAIL %s %s (%s)" % (vector.suite, vector.id, vector.file)
    if vector.description:
        text += "\n  description: " + vector.description
    text += "\n  input:    " + render(vector.input)
    if vector.context:
        text += "\n  context:  " + render(vector.context)
    return text


def failure_message(vector, answer, difference_text):
    """``conformance run``'s words for a failed vector (long values as a window of each)."""
    expected, actual = LongValue.pair(render(vector.expect), render(answer))
    return (heading(vector) + "\n  expected: " + expected + "\n  actual:   " + actual
            + "\n  differs:  " + difference_text)


_LITERAL = re.compile(r"(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?\Z")


def _canonical(sign, digits, exponent):
    """(sign, significant digits without trailing zeros, exponent): one key per decimal value."""
    stripped = digits.lstrip("0")
    if not stripped:
        return (0, "", 0)
    trimmed = stripped.rstrip("0")
    return (sign, trimmed, exponent + len(stripped) - len(trimmed))


@functools.total_ordering
class Number:
    """A JSON number beyond ``decimal.Decimal``'s exponent range (``1e99999999999999999999``),
    kept exactly: ``literal`` is its text; it compares by value with int, Decimal and Number."""

    __slots__ = ("literal", "key")

    def __init__(self, literal):
        match = _LITERAL.match(literal)
        if match is None:
            raise ValueError("not a JSON number: %r" % literal)
        sign, whole, fraction, exponent = match.groups()
        fraction = fraction or ""
        self.literal = literal
        self.key = _canonical(1 if sign else 0, whole + fraction, int(exponent or "0") - len(fraction))

    def __repr__(self):
        return "Number(%r)" % self.literal

    def __str__(self):
        return self.literal

    def __eq__(self, other):
        other_key = _number_key(other) if _kind(other) == "number" else None
        return other_key is not None and self.key == other_key

    def __hash__(self):
        return hash(self.key)

    def __lt__(self, other):
        if _kind(other) != "number":
            return NotImplemented
        return _magnitude_order(self.key) < _magnitude_order(_number_key(other))


def _magnitude_order(key):
    sign, digits, exponent = key
    if not digits:
        return (0,)
    # The adjusted exponent, then the digits as text ("12" < "123" < "2" for equal exponents);
    # for a negative value both reversed (the digits' text complemented, ended by the largest
    # character so that a prefix sorts after).
    if sign == 0:
        return (1, exponent + len(digits), digits)
    return (-1, -(exponent + len(digits)), "".join(chr(0x10FFFF - ord(c)) for c in digits) + chr(0x10FFFF))


def _number_key(number):
    """The exact decimal value of an int, float (its shortest repr), Decimal or Number, as a key."""
    if isinstance(number, Number):
        return number.key
    if isinstance(number, float):
        number = Decimal(repr(number))
    if isinstance(number, int):
        return _canonical(1 if number < 0 else 0, str(abs(number)), 0)
    sign, digits, exponent = number.as_tuple()
    return _canonical(sign, "".join(map(str, digits)), exponent)


def _parse_float(literal):
    try:
        return Decimal(literal)
    except decimal.InvalidOperation:
        return Number(literal)  # an exponent past Decimal's range


def _parse_int(literal):
    try:
        return int(literal)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        return Decimal(literal)


class Pack:
    """A loaded pack: ``path``, ``digest``, ``corpus`` and ``tests`` (a list of Vector)."""

    def __init__(self, path, digest, corpus, tests):
        self.path = path
        self.digest = digest
        self.corpus = corpus
        self.tests = tests


def _refuse_constant(name):
    raise ValueError("%s is not JSON" % name)


def _strict_object(pairs):
    result = dict(pairs)
    if len(result) != len(pairs):  # rare: find the key that appears twice
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError("the key %s appears twice in one object" % json.dumps(key))
            seen.add(key)
    return result


def load_pack(path):
    """Reads a ``conformance-pack/1`` file strictly; raises PackError naming the file and the problem."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise PackError("%s: cannot read the pack: %s" % (path, error.strerror or error)) from None
    # A whole pack is about a million objects, none of them in a cycle: the cyclic garbage
    # collector, left on, would traverse them all again and again while they are made.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _load_pack_text(path, data)
    finally:
        if collecting:
            gc.enable()


def _load_pack_text(path, data):
    try:
        document = json.loads(data.decode("utf-8"), parse_float=_parse_float, parse_int=_parse_int,
                              parse_constant=_refuse_constant, object_pairs_hook=_strict_object)
    except UnicodeDecodeError as error:
        raise PackError("%s: not UTF-8: %s" % (path, error)) from None
    except (ValueError, ArithmeticError) as error:
        raise PackError("%s: not a JSON pack: %s" % (path, error)) from None
    if not isinstance(document, dict):
        raise PackError("%s: a pack is a JSON object with \"format\": \"%s\"" % (path, PACK_FORMAT))
    found = document.get("format")
    if found != PACK_FORMAT:
        got = "no \"format\"" if "format" not in document else "format %s" % _json(found)
        raise PackError("%s: unknown pack format: got %s; this kit reads \"%s\"" % (path, got, PACK_FORMAT))
    digest = document.get("digest")
    if not isinstance(digest, str) or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise PackError("%s: \"digest\" must be 64 lowercase hex digits" % path)
    tests = document.get("tests")
    if not isinstance(tests, list):
        raise PackError("%s: \"tests\" must be an array" % path)
    if not tests:
        raise PackError("%s: the pack holds no test; nothing would be checked" % path)
    vectors = []
    seen = {}
    for index, test in enumerate(tests):
        vector = _vector(path, index, test)
        if vector.name in seen:
            raise PackError("%s: tests[%d]: %s %s appears twice (first at tests[%d])"
                            % (path, index, vector.suite, vector.id, seen[vector.name]))
        seen[vector.name] = index
        vectors.append(vector)
    return Pack(path, digest, document.get("corpus"), vectors)


def _vector(path, index, test):
    where = "%s: tests[%d]" % (path, index)
    if not isinstance(test, dict):
        raise PackError("%s: a test is an object" % where)
    for key in ("suite", "id", "file"):
        if not isinstance(test.get(key), str) or not test[key]:
            raise PackError("%s: \"%s\" must be a non-empty string" % (where, key))
    where = "%s (%s %s)" % (where, test["suite"], test["id"])
    if "input" not in test:
        raise PackError("%s: no \"input\"" % where)
    context = test.get("context", {})
    if not isinstance(context, dict):
        raise PackError("%s: \"context\" must be an object" % where)
    description = test.get("description", "")
    tags = test.get("tags", [])
    if not isinstance(description, str) or not isinstance(tags, list):
        raise PackError("%s: \"description\" must be a string and \"tags\" an array" % where)
    expect = test.get("expect")
    if not isinstance(expect, dict) or expect.get("result") not in ("accept", "reject"):
        raise PackError("%s: \"expect\" must be an object whose \"result\" is \"accept\" or \"reject\"" % where)
    if expect["result"] == "reject":
        for key in ("error", "field"):
            if key in expect and not isinstance(expect[key], str):
                raise PackError("%s: \"expect.%s\" must be a string" % (where, key))
    return Vector(test["suite"], test["id"], test["file"], description, tags, test["input"], context, expect)


# ---------------------------------------------------------------------------------------------
# Answers and the comparison (the harness's Comparison.difference, docs/vector-format.md)


class ConformanceError(AssertionError):
    """A vector the implementation could not answer, or a misuse of the kit."""


class _NotJSON(Exception):
    pass


def _plain(value, path="output"):
    """``value`` checked to be JSON (raises _NotJSON naming the place); floats kept as they are."""
    if value is None or isinstance(value, (bool, str, int)):
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _NotJSON("%s holds a lone surrogate, which is not UTF-8" % path) from None
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise _NotJSON("%s is %r, which is not a JSON number" % (path, value))
        return value
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise _NotJSON("%s is Decimal(%r), which is not a JSON number" % (path, str(value)))
        return value
    if isinstance(value, Number):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(element, "%s[%d]" % (path, index)) for index, element in enumerate(value)]
    if isinstance(value, dict):
        result = {}
        for key, element in value.items():
            if not isinstance(key, str):
                raise _NotJSON("%s has the key %r, which is not a string" % (path, key))
            _plain(key, path)
            result[key] = _plain(element, path + _path_component(key))
        return result
    raise _NotJSON("%s is a %s, which is not JSON" % (path, type(value).__name__))


def answer_of(outcome):
    """The answer (FORMATS.md's ``A``) for what evaluate returned: accept, reject or error."""
    if isinstance(outcome, Accept):
        if outcome.output is NO_OUTPUT:
            return {"result": "accept"}
        try:
            return {"result": "accept", "output": _plain(outcome.output)}
        except _NotJSON as problem:
            return {"error": "the output is not JSON: %s" % problem}
    if isinstance(outcome, Reject):
        if not isinstance(outcome.error, str):
            return {"error": "reject(...) needs a string error code, got %r" % (outcome.error,)}
        if outcome.field is not None and not isinstance(outcome.field, str):
            return {"error": "reject(...) needs a string field, got %r" % (outcome.field,)}
        answer = {"result": "reject", "error": outcome.error}
        if outcome.field is not None:
            answer["field"] = outcome.field
        try:
            _plain(answer)
        except _NotJSON as problem:
            return {"error": "the rejection is not JSON: %s" % problem}
        return answer
    return {"error": "evaluate returned %r; expected accept(...) or reject(...)" % (outcome,)}


def verdict(expect, answer):
    """``("pass" | "fail" | "error", difference or None)`` for an answer as FORMATS.md gives it."""
    if "result" not in answer:
        return "error", None
    text = difference(expect, answer)
    return ("pass", None) if text is None else ("fail", text)


def difference(expect, answer):
    """``None`` when ``answer`` meets ``expect``, otherwise the first difference in the harness's words."""
    if _same_json_text(expect, answer):
        return None
    expected_result, result = expect.get("result"), answer.get("result")
    if expected_result == "accept" and result == "accept":
        if "output" not in expect:
            return None
        return json_difference(expect["output"], answer.get("output"), "output")
    if expected_result == "reject" and result == "reject":
        # Codes and fields compare code point for code point: never normalised.
        if "error" in expect and expect["error"] != answer.get("error"):
            return "error: expected %s, got %s" % (render(expect["error"]), render(answer.get("error")))
        if "field" in expect and expect["field"] != answer.get("field"):
            got = render(answer["field"]) if isinstance(answer.get("field"), str) else "no field"
            return "field: expected %s, got %s" % (render(expect["field"]), got)
        return None
    if expected_result == "accept":
        return "result: expected accept, got reject with error %s" % render(answer.get("error"))
    return "result: expected reject, got accept"


def _same_json_text(expect, answer):
    """Whether both encode to the same compact JSON text: then the answer meets the expectation
    (the same keys in the same order, the same strings, the same number spellings), found by
    the C encoder in one pass. Any other case, a Decimal or key order among them, is left to
    the comparison proper, which alone says how they differ."""
    try:
        return _compact(expect) == _compact(answer)
    except (TypeError, ValueError):
        return False


def _kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float, Decimal, Number)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    return "object"


def _same_scalar(a, b):
    kind = _kind(a)
    if kind != _kind(b):
        return False
    if kind == "number":
        return _number_key(a) == _number_key(b)
    return a == b


def json_difference(expected, actual, path):
    """The first place where two JSON values differ: ``at output.items[0].id: expected 1, got "1"``."""
    expected_kind, actual_kind = _kind(expected), _kind(actual)
    if expected_kind == "object" and actual_kind == "object":
        for key in sorted(expected):  # code point order, which is UTF-8 byte order
            child = path + _path_component(key)
            if key not in actual:
                return "at %s: expected %s, key missing" % (child, LongValue.shown(render(expected[key])))
            found = json_difference(expected[key], actual[key], child)
            if found is not None:
                return found
        for key in sorted(actual):
            if key not in expected:
                return "at %s%s: unexpected key with %s" % (path, _path_component(key),
                                                             LongValue.shown(render(actual[key])))
        return None
    if expected_kind == "array" and actual_kind == "array":
        for index in range(min(len(expected), len(actual))):
            found = json_difference(expected[index], actual[index], "%s[%d]" % (path, index))
            if found is not None:
                return found
        if len(expected) != len(actual):
            return "at %s: expected %d elements, got %d" % (path, len(expected), len(actual))
        return None
    if _same_scalar(expected, actual):
        return None
    expected_text, actual_text = render(expected), render(actual)
    if not (LongValue.is_long(expected_text) or LongValue.is_long(actual_text)):
        return "at %s: expected %s, got %s" % (path, expected_text, actual_text)
    at = LongValue.first_difference(expected_text, actual_text) or 0
    return ("at %s: expected %s, got %s (%s and %s characters of JSON, first difference at character %s)"
            % (path, LongValue.window(expected_text, at), LongValue.window(actual_text, at),
               LongValue.grouped(len(expected_text)), LongValue.grouped(len(actual_text)),
               LongValue.grouped(at + 1)))


_SIMPLE_KEY = re.compile(r"[A-Za-z0-9_]+\Z")


def _path_component(key):
    if _SIMPLE_KEY.match(key):
        return "." + key
    return "[%s]" % render(key)


class LongValue:
    """A long value shown as a window around its first difference (the harness's LongValue)."""

    limit = 160
    context = 32

    @staticmethod
    def first_difference(a, b):
        for offset, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return offset
        return None if len(a) == len(b) else min(len(a), len(b))

    @classmethod
    def is_long(cls, text):
        return len(text) > cls.limit

    @classmethod
    def window(cls, text, at):
        if not cls.is_long(text):
            return text
        start = min(max(0, at - cls.context), len(text))
        end = min(len(text), max(start, at + 2 * cls.context))
        return ("…" if start > 0 else "") + text[start:end] + ("…" if end < len(text) else "")

    @classmethod
    def shown(cls, text, at=None):
        if not cls.is_long(text):
            return text
        if at is None:
            return "%s characters: %s…" % (cls.grouped(len(text)), text[:2 * cls.context])
        return "%s characters, first difference at %s: %s" % (cls.grouped(len(text)), cls.grouped(at + 1),
                                                             cls.window(text, at))

    @classmethod
    def pair(cls, expected, actual):
        at = cls.first_difference(expected, actual)
        return cls.shown(expected, at), cls.shown(actual, at)

    @staticmethod
    def grouped(value):
        return "{:,}".format(value)


# ---------------------------------------------------------------------------------------------
# Rendering (the harness's compact JSON: numbers as written, invisible characters as \u escapes)

_SIMPLE_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_ESCAPED_CATEGORIES = frozenset(["Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Co", "Cc", "Cs"])


def _needs_escape(character):
    value = ord(character)
    if 0x20 <= value < 0x7F:
        return False
    if value < 0x20 or 0x7F <= value <= 0x9F:
        return True
    if 0xFDD0 <= value <= 0xFDEF or value & 0xFFFE == 0xFFFE:
        return True
    return unicodedata.category(character) in _ESCAPED_CATEGORIES


_PLAIN_STRING = re.compile(r'[ !#-\[\]-~]*\Z')  # printable ASCII but for '"' and backslash


def _render_string(text):
    if _PLAIN_STRING.match(text):
        return '"' + text + '"'
    out = ['"']
    for character in text:
        if character in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[character])
        elif _needs_escape(character):
            encoded = character.encode("utf-16-be", "surrogatepass")
            for unit in range(0, len(encoded), 2):
                out.append("\\u%02x%02x" % (encoded[unit], encoded[unit + 1]))
        else:
            out.append(character)
    out.append('"')
    return "".join(out)


def render(value):
    """A value as the harness prints it: ``{"result": "reject", "error": "invalid_fid"}``."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _render_string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (Decimal, Number)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render(element) for element in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join("%s: %s" % (_render_string(str(key)), render(element))
                               for key, element in value.items()) + "}"
    return repr(value)


_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


def _json(value):
    """Compact JSON for the answers file: numbers exact (a Decimal as its decimal text)."""
    if isinstance(value, (Decimal, Number)):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "{" + ",".join("%s:%s" % (json.dumps(key, ensure_ascii=False), _json(element))
                              for key, element in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json(element) for element in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# Recording answers (conformance-answers/1)


class Implementation:
    """Who answers: the answers file's header. ``suites``, when given, are the suites implemented:
    vectors of other suites are skipped (and ``conformance judge`` reports them skipped)."""

    def __init__(self, name, version=None, suites=None):
        if not isinstance(name, str) or not name:
            raise ValueError("Implementation(...) needs a non-empty name")
        if version is not None and not isinstance(version, str):
            raise ValueError("Implementation(...) needs the version as a string")
        if suites is not None:
            suites = list(suites)
            if not suites or not all(isinstance(suite, str) for suite in suites):
                raise ValueError("Implementation(...) needs suites as a non-empty list of strings")
        self.name = name
        self.version = version
        self.suites = suites

    def header(self, pack_digest):
        header = {"format": ANSWERS_FORMAT, "implementation": self.name}
        if self.version is not None:
            header["version"] = self.version
        header["pack"] = pack_digest
        if self.suites is not None:
            header["suites"] = self.suites
        return header


class AnswersFile:
    """Writes ``conformance-answers/1``: the header before the first answer, one line per answer,
    each flushed as it is written (a killed run keeps every answer it made), the trailer at the
    end of a run that was not interrupted."""

    def __init__(self, path):
        self.path = path
        try:
            self._file = open(path, "wb")  # created or truncated now, before any test runs
        except OSError as error:
            raise pytest.UsageError("--conformance-answers %s: cannot write it: %s"
                                    % (path, error.strerror or error)) from None
        self.count = 0
        self.header_written = False

    def _write(self, value):
        self._file.write(_json(value).encode("utf-8") + b"\n")
        self._file.flush()

    def header(self, implementation, pack_digest):
        if not self.header_written:
            self._write(implementation.header(pack_digest))
            self.header_written = True

    def answer(self, vector, answer, milliseconds):
        try:
            # The C encoder writes str, int, float (its repr), bool and null as _json does; a
            # Decimal or Number (an exact number from the pack) is refused, and _json writes it.
            text = _compact(answer)
        except TypeError:
            text = _json(answer)
        line = '{"suite":%s,"id":%s,"answer":%s' % (_compact(vector.suite), _compact(vector.id), text)
        if milliseconds is not None:
            line += ',"ms":%.3f' % milliseconds
        self._file.write(line.encode("utf-8") + b"}\n")
        self._file.flush()
        self.count += 1

    def close(self, complete):
        if self._file is None:
            return
        if complete and self.header_written:
            self._write({"end": True, "count": self.count})
        self._file.close()
        self._file = None


class _Session:
    """The plugin's state for one pytest run (kept on the config, never global)."""

    def __init__(self, pack_path, answers_path):
        self.pack_path = pack_path
        self.answers_path = answers_path
        self.pack = None
        self.answers = None
        self.implementation = None
        self.answered = set()

    def load(self):
        if self.pack is None:
            if not self.pack_path:
                raise pytest.UsageError(
                    "a test uses conformance_vector but no pack was given: "
                    "--conformance-pack PACK or CONFORMANCE_PACK=PACK (make one with `conformance pack`)")
            try:
                self.pack = load_pack(self.pack_path)
            except PackError as error:
                raise pytest.UsageError(str(error)) from None
        return self.pack

    def record(self, vector, answer, milliseconds):
        if vector.name in self.answered:
            raise ConformanceError("%s %s was answered twice in this run (two tests use conformance_vector?)"
                                   % (vector.suite, vector.id))
        self.answered.add(vector.name)
        if self.answers is not None:
            self.answers.header(self.implementation, self.pack.digest)
            self.answers.answer(vector, answer, milliseconds)


_SESSION_KEY = pytest.StashKey[_Session]() if hasattr(pytest, "StashKey") else None


def _session_of(config):
    if _SESSION_KEY is not None:
        return config.stash[_SESSION_KEY]
    return config._conformance_session


# ---------------------------------------------------------------------------------------------
# pytest hooks and fixtures


def pytest_addoption(parser):
    group = parser.getgroup("conformance", "conformance vectors (a pack made by `conformance pack`)")
    group.addoption("--conformance-pack", metavar="PACK", default=None,
                    help="the pack whose vectors conformance_vector runs (default: $CONFORMANCE_PACK)")
    group.addoption("--conformance-answers", metavar="PATH", default=None,
                    help="record the answers for `conformance judge` (default: $CONFORMANCE_ANSWERS)")


def pytest_configure(config):
    pack = config.getoption("conformance_pack") or os.environ.get("CONFORMANCE_PACK") or None
    answers = config.getoption("conformance_answers") or os.environ.get("CONFORMANCE_ANSWERS") or None
    session = _Session(pack, answers)
    if _SESSION_KEY is not None:
        config.stash[_SESSION_KEY] = session
    else:
        config._conformance_session = session


def pytest_sessionstart(session):
    state = _session_of(session.config)
    if state.pack_path:
        state.load()  # a pack that cannot be read stops the run before anything is collected
    if state.answers_path and not session.config.getoption("collectonly"):
        state.answers = AnswersFile(state.answers_path)


def pytest_generate_tests(metafunc):
    if "conformance_vector" not in metafunc.fixturenames:
        return
    pack = _session_of(metafunc.config).load()
    metafunc.parametrize("conformance_vector", pack.tests, ids=[vector.name for vector in pack.tests],
                         indirect=True)


class ConformanceTests:
    """What ``conformance_tests(evaluate, implementation)`` returns: put it in a test module under a
    ``test_…`` name, and pytest collects one test per vector of the pack from it."""

    def __init__(self, evaluate, implementation, line):
        self.evaluate = evaluate
        self.implementation = implementation
        self.line = line

    def __repr__(self):
        return "conformance_tests(%r, %r)" % (self.evaluate, self.implementation)


def conformance_tests(evaluate, implementation=None):
    """One pytest test per vector of the pack, each calling ``evaluate(suite, input, context)``:

        test_conformance = conformance_tests(evaluate, Implementation("python-sdk", suites=[...]))

    in a test module gives the tests ``test_conformance[SUITE::ID]``, checked and recorded as
    ``conformance_vector.check(evaluate)`` does, without a fixture per test (pytest's fixture
    machinery is most of the time a whole pack takes: Kits/README.md, "Speed"). Vectors of suites
    the implementation does not list are reported skipped.
    """
    if not callable(evaluate):
        raise TypeError("conformance_tests(evaluate, ...) needs evaluate(suite, input, context) as a function, got %r"
                        % (evaluate,))
    if implementation is None:
        implementation = Implementation("python-pytest")
    if not isinstance(implementation, Implementation):
        raise TypeError("conformance_tests(evaluate, implementation) needs Implementation(...), got %r"
                        % (implementation,))
    caller = sys._getframe(1)
    return ConformanceTests(evaluate, implementation, caller.f_lineno - 1)


class VectorTest(pytest.Item):
    """One vector as a pytest test (made by conformance_tests; no fixtures, no parametrization)."""

    def __init__(self, *, vector, tests, state, hooks, **keywords):
        super().__init__(**keywords)
        self.vector = vector
        self.tests = tests
        self._state = state
        self._hooks = hooks

    @property
    def ihook(self):
        # The module's hook proxy, found once for all its vectors (pytest looks it up per call).
        return self._hooks

    def runtest(self):
        vector, tests, state = self.vector, self.tests, self._state
        implementation = tests.implementation
        if state.implementation is None:
            state.implementation = implementation
        suites = implementation.suites
        if suites is not None and vector.suite not in suites:
            pytest.skip("%s does not implement %s (its suites: %s)"
                        % (implementation.name, vector.suite, ", ".join(suites)))
        vector._session = state
        vector.answered = False
        try:
            vector.check(tests.evaluate)
        finally:
            vector._session = None

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ConformanceError) and isinstance(excinfo.value.__cause__, Exception):
            # evaluate raised: the harness's words, then where in the team's code it raised.
            cause = excinfo.value.__cause__
            frames = cause.__traceback__
            if frames is not None and frames.tb_next is not None:
                frames = frames.tb_next  # the kit's own frame (check) left out
            where = "".join(traceback.format_exception(type(cause), cause, frames))
            return "%s\n\n%s" % (excinfo.value, where.rstrip())
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, self.tests.line, self.name


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector, name, obj):
    if not isinstance(obj, ConformanceTests):
        return None
    state = _session_of(collector.config)
    pack = state.load()
    hooks = collector.ihook
    return [VectorTest.from_parent(collector, name="%s[%s]" % (name, vector.name), vector=vector, tests=obj,
                                   state=state, hooks=hooks)
            for vector in pack.tests]


def pytest_collection_finish(session):
    if _session_of(session.config).pack is not None:
        # The pack and the tests made of it live until the run ends: moved out of the collector's
        # sight, they are not traversed again by every full collection the run triggers (pytest
        # itself runs several at its end). Nothing is lost: they were never garbage.
        gc.freeze()


def pytest_sessionfinish(session, exitstatus):
    state = _session_of(session.config)
    if state.answers is not None:
        # An interrupted run (Ctrl-C, a crash in a hook) leaves no trailer: judge says it was cut short.
        state.answers.close(complete=exitstatus != pytest.ExitCode.INTERRUPTED)
        if not state.answers.header_written:
            session.config.get_terminal_writer().line(
                "conformance: no vector was answered; %s is empty" % state.answers_path)


def pytest_report_header(config):
    state = _session_of(config)
    lines = []
    if state.pack is not None:
        corpus = state.pack.corpus if isinstance(state.pack.corpus, dict) else {}
        lines.append("conformance pack: %s (%d tests, digest %s…, corpus %s)"
                     % (state.pack_path, len(state.pack.tests), state.pack.digest[:12],
                        corpus.get("version") or "without a version"))
    if state.answers_path:
        lines.append("conformance answers: %s" % state.answers_path)
    return lines


@pytest.fixture(scope="session")
def conformance_implementation():
    """Override in your conftest.py: ``return Implementation("python-sdk", version=…, suites=[…])``."""
    return Implementation("python-pytest")


@pytest.fixture
def conformance_vector(request, conformance_implementation):
    """One vector of the pack (a Vector); call ``conformance_vector.check(evaluate)`` in the test."""
    if not isinstance(conformance_implementation, Implementation):
        raise ConformanceError("the conformance_implementation fixture must return Implementation(...), got %r"
                               % (conformance_implementation,))
    vector = request.param
    state = _session_of(request.config)
    if state.implementation is None:
        state.implementation = conformance_implementation
    suites = conformance_implementation.suites
    if suites is not None and vector.suite not in suites:
        pytest.skip("%s does not implement %s (its suites: %s)"
                    % (conformance_implementation.name, vector.suite, ", ".join(suites)))
    vector._session = state
    vector.answered = False
    yield vector
    vector._session = None
    if not vector.answered:
        pytest.fail("%s %s was never checked: call conformance_vector.check(evaluate) in the test"
                    % (vector.suite, vector.id), pytrace=False)

"""Run a conformance adapter (protocol conformance-adapter/2) around one function.

The team writes ``evaluate(suite, input, context)`` and returns ``accept(output)`` or
``reject(error, field=None)``; this module speaks the protocol on standard input and output:

    from conformance_adapter import accept, reject, run

    def evaluate(suite, input, context):
        if not isinstance(input, str):
            return reject("not_a_string")
        return accept(input)

    if __name__ == "__main__":
        run(evaluate, name="python-sdk", version="1.4.0", suites=["leeep.fid"])

What the loop guarantees (docs/adapters.md):

- the hello is answered with ``{"protocol": "conformance-adapter/2", "name", "suites"}`` (and
  ``"version"`` when given);
- every evaluate request is answered by exactly one line that echoes its ``id``;
- an exception raised by ``evaluate``, a result that is neither ``accept(...)`` nor
  ``reject(...)``, an output that is not JSON, a suite the adapter did not announce: each
  becomes ``{"id": N, "error": "why"}``, so the harness reports that test as an error and the run
  goes on; the traceback goes to standard error;
- standard output carries answers only: while ``run`` serves the real standard output,
  ``print`` and anything else that writes to file descriptor 1 goes to standard error;
- each answer is flushed as soon as it is written; ``run`` returns 0 at the end of input.

Standard library only; Python 3.8 or later.
"""

import json
import os
import sys
import traceback

PROTOCOL = "conformance-adapter/2"

__all__ = ["PROTOCOL", "Accept", "Reject", "accept", "reject", "log", "run", "answer_line"]


class _NoOutput:
    """The marker for ``accept()`` without an output (suites that have none)."""

    def __repr__(self):
        return "NO_OUTPUT"


NO_OUTPUT = _NoOutput()


class Accept:
    """The input was accepted; ``output`` is any JSON value (omitted when NO_OUTPUT)."""

    __slots__ = ("output",)

    def __init__(self, output=NO_OUTPUT):
        self.output = output

    def __repr__(self):
        return "accept()" if self.output is NO_OUTPUT else "accept(%r)" % (self.output,)


class Reject:
    """The input was rejected with an error code and, where the suite names one, a field."""

    __slots__ = ("error", "field")

    def __init__(self, error, field=None):
        self.error = error
        self.field = field

    def __repr__(self):
        if self.field is None:
            return "reject(%r)" % (self.error,)
        return "reject(%r, field=%r)" % (self.error, self.field)


def accept(output=NO_OUTPUT):
    """The answer for an accepted input: ``accept(value)``, or ``accept()`` for no output."""
    return Accept(output)


def reject(error, field=None):
    """The answer for a rejected input: ``reject("missing_key", field="app_id")``."""
    return Reject(error, field)


_log_stream = [sys.stderr]


def log(message):
    """Writes one line to the adapter's log (standard error), which the harness keeps."""
    stream = _log_stream[0]
    stream.write("%s\n" % (message,))
    stream.flush()


def _dumps(value):
    # Strict JSON only: NaN and infinities are not JSON; UTF-8 is written as it is (a lone
    # surrogate fails the encoding below and becomes an error answer instead of a bad line).
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _error(message, request_id=None):
    answer = {} if request_id is None else {"id": request_id}
    answer["error"] = message
    return _dumps(answer)


def _is_request_id(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _answer_evaluate(request, evaluate, suites):
    request_id = request.get("id")
    if not _is_request_id(request_id):
        return _error("evaluate request without an integer \"id\": %s" % _dumps(request)[:200])
    suite = request.get("suite")
    if not isinstance(suite, str) or "input" not in request:
        return _error("an evaluate request needs a string \"suite\" and an \"input\"", request_id)
    if suite not in suites:
        return _error("suite %s is not implemented by this adapter (it announced %s)"
                      % (_dumps(suite), _dumps(sorted(suites))), request_id)
    context = request.get("context")
    if context is None:
        context = {}
    if not isinstance(context, dict):
        return _error("\"context\" must be an object", request_id)
    try:
        result = evaluate(suite, request["input"], context)
    except Exception as exception:  # the team's code: report it on this test, keep serving
        log("evaluate(%s) raised for request %d:" % (_dumps(suite), request_id))
        log(traceback.format_exc().rstrip("\n"))
        return _error("evaluate raised %s: %s" % (type(exception).__name__, exception), request_id)
    if isinstance(result, Accept):
        answer = {"id": request_id, "result": "accept"}
        if result.output is not NO_OUTPUT:
            answer["output"] = result.output
    elif isinstance(result, Reject):
        if not isinstance(result.error, str):
            return _error("reject(...) needs a string error code, got %r" % (result.error,), request_id)
        if result.field is not None and not isinstance(result.field, str):
            return _error("reject(...) needs a string field, got %r" % (result.field,), request_id)
        answer = {"id": request_id, "result": "reject", "error": result.error}
        if result.field is not None:
            answer["field"] = result.field
    else:
        return _error("evaluate returned %r; expected accept(...) or reject(...)" % (result,), request_id)
    try:
        text = _dumps(answer)
    except (TypeError, ValueError) as exception:
        return _error("the output is not JSON: %s" % (exception,), request_id)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exception:
        return _error("the answer is not valid UTF-8 (a lone surrogate?): %s" % (exception,), request_id)
    return text


def answer_line(line, evaluate, name, suites, version=None):
    """The answer (one JSON text, no newline) to one request line (bytes, no newline)."""
    try:
        request = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError as exception:
        return _error("request is not UTF-8: %s" % (exception,))
    except ValueError as exception:
        return _error("request is not JSON: %s" % (exception,))
    if not isinstance(request, dict) or not isinstance(request.get("type"), str):
        return _error("request must be an object with a string \"type\"", _request_id(request))
    if request["type"] == "hello":
        if request.get("protocol") != PROTOCOL:
            log("the harness asked for protocol %s; this adapter speaks %s"
                % (_dumps(request.get("protocol")), PROTOCOL))
        hello = {"protocol": PROTOCOL, "name": name, "suites": list(suites)}
        if version is not None:
            hello["version"] = version
        return _dumps(hello)
    if request["type"] == "evaluate":
        return _answer_evaluate(request, evaluate, suites)
    return _error("unknown request type %s" % _dumps(request["type"]), _request_id(request))


def _request_id(request):
    if isinstance(request, dict) and _is_request_id(request.get("id")):
        return request["id"]
    return None


def _protect_stdout():
    """Keeps the real standard output for answers and points descriptor 1 at standard error."""
    sys.stdout.flush()
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return answers


def run(evaluate, name, suites, version=None, input=None, output=None, log_stream=None):
    """Serves requests until the end of ``input``; returns 0 (1 when the harness went away).

    ``input`` and ``output`` default to the process's standard input and output (binary); pass
    file objects to drive the loop from a test. ``suites`` is the list announced in the hello.
    """
    if not isinstance(name, str) or not name:
        raise ValueError("run(...) needs a non-empty adapter name")
    suites = list(suites)
    if not all(isinstance(suite, str) for suite in suites):
        raise ValueError("run(...) needs suite names as strings")
    if log_stream is not None:
        _log_stream[0] = log_stream
    if input is None:
        input = sys.stdin.buffer
    if output is None:
        output = _protect_stdout()
    for line in input:
        if line.endswith(b"\n"):
            line = line[:-1]
        if not line.strip():
            continue
        text = answer_line(line, evaluate, name, suites, version)
        try:
            output.write(text.encode("utf-8", "backslashreplace") + b"\n")
            output.flush()
        except BrokenPipeError:
            log("the harness closed the adapter's output; stopping")
            return 1
    return 0

"""Shared by the misbehaving adapters in this folder.

Each fixture is a conformance-adapter/2 adapter that gets every answer right by relaying the
request to `conformance serve` (the reference parsers; the binary's path is in $CONFORMANCE) and
then misbehaves in one way of its own. `FAULT_INPUT` names the input that triggers an
input-specific fault; `FAULT_PIDFILE`, when set, is where the adapter writes its process id.
"""
import json
import os
import subprocess
import sys

TRIGGER = os.environ.get("FAULT_INPUT")


def write_pid(pid=None):
    path = os.environ.get("FAULT_PIDFILE")
    if path:
        with open(path, "a") as file:
            file.write(f"{pid or os.getpid()}\n")


def send(line):
    """Writes one line (str or bytes, without its newline) on standard output."""
    if isinstance(line, str):
        line = line.encode()
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def requests():
    """Yields (request, right answer as bytes without newline) for every line of input,
    the hello first; ends at the end of input."""
    serve = subprocess.Popen(
        [os.environ["CONFORMANCE"], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for line in sys.stdin.buffer:
        serve.stdin.write(line)
        serve.stdin.flush()
        request, answer = json.loads(line), serve.stdout.readline().rstrip(b"\n")
        if request.get("type") == "hello":
            hello = json.loads(answer)
            hello["name"] = os.environ.get("ADAPTER_NAME") or os.path.splitext(os.path.basename(sys.argv[0]))[0]
            answer = json.dumps(hello).encode()
        yield request, answer
    serve.stdin.close()
    serve.wait()


def is_trigger(request):
    return request.get("type") == "evaluate" and request.get("input") == TRIGGER

# On the trigger input, first writes a line that is not the answer (FAULT_MODE: "log", a
# 300-byte log line; "empty", `{}`; "unknown-id", an answer to an id never asked; "float-id",
# the answer with its id written as a fraction), then, three seconds later, the right answer.
import os
import time
import relay

MODE = os.environ.get("FAULT_MODE", "log")

for request, answer in relay.requests():
    if relay.is_trigger(request):
        if MODE == "log":
            relay.send("debug: " + "x" * 293)
        elif MODE == "empty":
            relay.send("{}")
        elif MODE == "unknown-id":
            relay.send('{"id": 99999, "result": "reject", "error": "invalid_fid"}')
        elif MODE == "float-id":
            relay.send(answer.replace(b'"id": %d' % request["id"], b'"id": %d.0' % request["id"]))
        time.sleep(3)
    relay.send(answer)

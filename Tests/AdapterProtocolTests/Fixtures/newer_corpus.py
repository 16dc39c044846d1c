# Implements leeep.fid and a suite of a newer corpus this harness does not know, acme.future.
import json
import relay

for request, answer in relay.requests():
    if request["type"] == "hello":
        answer = json.dumps(
            {"protocol": "conformance-adapter/2", "name": "newer", "suites": ["leeep.fid", "acme.future"]})
    relay.send(answer)

# A conformance-adapter/1 adapter: no "protocol" in its hello, no ids in its answers.
import json
import relay

for request, answer in relay.requests():
    if request["type"] == "hello":
        answer = json.dumps({"name": "old", "suites": ["leeep.fid"]})
    relay.send(answer)

# Lists a suite the contract does not have in its hello.
import json
import relay

for request, answer in relay.requests():
    if request["type"] == "hello":
        answer = json.dumps({"protocol": "conformance-adapter/2", "name": "typo", "suites": ["leeep.fidd"]})
    relay.send(answer)

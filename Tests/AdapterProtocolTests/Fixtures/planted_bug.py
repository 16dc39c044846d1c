# A leeep.fid port with a planted bug: it accepts 23-character strings (the length check is
# off by one), where the rule rejects them as invalid_fid.
import json
import relay

for request, answer in relay.requests():
    if request["type"] == "evaluate" and request["suite"] == "leeep.fid":
        value = request["input"]
        right = json.loads(answer)
        if isinstance(value, str) and len(value) == 23 and right.get("error") == "invalid_fid":
            answer = json.dumps({"id": request["id"], "result": "accept", "output": value})
    relay.send(answer)

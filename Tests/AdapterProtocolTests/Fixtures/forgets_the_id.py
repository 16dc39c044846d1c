# Answers the trigger input without its id (as a protocol 1 adapter would), the others right.
import json
import relay

for request, answer in relay.requests():
    if relay.is_trigger(request):
        reply = json.loads(answer)
        del reply["id"]
        relay.send(json.dumps(reply))
    else:
        relay.send(answer)

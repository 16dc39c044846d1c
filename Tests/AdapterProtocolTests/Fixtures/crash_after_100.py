# Answers 100 requests, then dies with status 3 on the next one (each fresh instance again).
import os
import relay

for count, (request, answer) in enumerate(relay.requests()):
    if count == 101:
        relay.log(f"fatal: cannot handle {request['input']!r}")
        os._exit(3)
    relay.send(answer)

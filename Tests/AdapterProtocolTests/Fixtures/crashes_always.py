# Answers the hello, then dies on every request.
import os
import relay

for request, answer in relay.requests():
    if request["type"] == "evaluate":
        relay.log("segfault simulated")
        os._exit(139)
    relay.send(answer)

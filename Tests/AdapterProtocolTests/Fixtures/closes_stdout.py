# On the trigger input, closes its standard output and stays alive.
import os
import time
import relay

for request, answer in relay.requests():
    if relay.is_trigger(request):
        os.close(1)
        time.sleep(600)
    relay.send(answer)

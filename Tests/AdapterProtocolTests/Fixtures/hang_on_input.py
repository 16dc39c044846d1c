# Never answers the trigger input.
import time
import relay

for request, answer in relay.requests():
    if relay.is_trigger(request):
        relay.log("stuck in an endless loop")
        time.sleep(600)
    relay.send(answer)

# Answers the trigger input twice.
import relay

for request, answer in relay.requests():
    relay.send(answer)
    if relay.is_trigger(request):
        relay.send(answer)

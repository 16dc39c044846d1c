# Prints a debug line on standard output before every 50th answer.
import relay

for count, (request, answer) in enumerate(relay.requests()):
    if count > 0 and count % 50 == 0:
        relay.send(f"debug: answering request {count}")
    relay.send(answer)

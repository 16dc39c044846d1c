# On the trigger input, writes a 100 MB line.
import relay

for request, answer in relay.requests():
    if relay.is_trigger(request):
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            relay.sys.stdout.buffer.write(chunk)
        relay.send(b"")
        continue
    relay.send(answer)

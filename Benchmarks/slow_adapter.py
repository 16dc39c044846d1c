"""An adapter that takes 2 ms per answer (or --delay-ms), for the --jobs benchmark.

Relays every request to `conformance serve` (the binary given as the first argument), so every
answer is right, and sleeps before answering: the harness's time is then the adapter's waiting,
as with a server round trip or a slow interpreter.
"""
import subprocess
import sys
import time

binary = sys.argv[1]
delay = float(sys.argv[2]) / 1000 if len(sys.argv) > 2 else 0.002
serve = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline()
    if b'"type": "evaluate"' in line or b'"type":"evaluate"' in line:
        time.sleep(delay)
    sys.stdout.buffer.write(answer)
    sys.stdout.buffer.flush()
serve.stdin.close()
serve.wait()

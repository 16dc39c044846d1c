# Answers everything, then does not exit when its input ends.
import signal
import time
import relay

relay.write_pid()
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for request, answer in relay.requests():
    relay.send(answer)
time.sleep(600)

# On the trigger input, starts a child that keeps standard output open, and exits.
import os
import subprocess
import relay

for request, answer in relay.requests():
    if relay.is_trigger(request):
        child = subprocess.Popen(["sleep", "600"])  # inherits stdout and stderr
        relay.write_pid(child.pid)
        relay.log("exiting, my child holds the pipe")
        os._exit(1)
    relay.send(answer)

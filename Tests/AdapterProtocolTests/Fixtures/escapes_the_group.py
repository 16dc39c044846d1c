# At start, leaves two processes outside its process group: `sleep 1000` in a session of its
# own (its parent, this adapter, lives on), and another whose parent exits at once (a daemon's
# double fork: it is orphaned). Both pids go to FAULT_PIDFILE. Crashes on the trigger input, so
# every restart leaves two more.
import os
import subprocess
import sys
import relay

escaped = subprocess.Popen(["sleep", "1000"], start_new_session=True)
relay.write_pid(escaped.pid)
child = os.fork()
if child == 0:
    os.setsid()
    grandchild = os.fork()
    if grandchild == 0:
        os.execvp("sleep", ["sleep", "1000"])
    relay.write_pid(grandchild)
    os._exit(0)
os.waitpid(child, 0)

for request, answer in relay.requests():
    if relay.is_trigger(request):
        os._exit(3)
    relay.send(answer)

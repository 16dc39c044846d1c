# Answers the hello with a banner, then waits forever.
import sys
import time
import relay

relay.write_pid()
sys.stdout.write("Starting adapter v1.2 ...\n")
sys.stdout.flush()
time.sleep(600)

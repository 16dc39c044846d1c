# A flaky leeep.fid port: the first time it is asked about a 23-character string that the rule
# rejects as invalid_fid, it accepts it (a wrong answer); asked again, it answers right. Every
# other answer is right. With $FLAKY_STATE (a folder) the "first time" is shared by every
# instance (--jobs N), so a rerun answered by another instance is right too.
import json
import os
import relay

asked = set()


def first_time(value):
    folder = os.environ.get("FLAKY_STATE")
    if not folder:
        if value in asked:
            return False
        asked.add(value)
        return True
    name = os.path.join(folder, value.encode().hex())
    try:
        os.close(os.open(name, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except FileExistsError:
        return False


for request, answer in relay.requests():
    if request["type"] == "evaluate" and request["suite"] == "leeep.fid":
        value = request["input"]
        right = json.loads(answer)
        if isinstance(value, str) and len(value) == 23 and right.get("error") == "invalid_fid" and first_time(value):
            relay.log(f"flaky: answering {value!r} wrong this once")
            answer = json.dumps({"id": request["id"], "result": "accept", "output": value})
    relay.send(answer)

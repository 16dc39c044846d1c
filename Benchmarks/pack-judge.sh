#!/usr/bin/env bash
# `conformance pack` and `conformance judge` against a plain run, on the shipped corpus, measured
# in the same script run (docs/benchmarks.md, "Pack and judge"). Prints the best of --rounds
# wall-clock seconds for each and the ratios against the plain run.
#
#   swift build -c release --product conformance
#   Benchmarks/pack-judge.sh [--conformance PATH] [--rounds N]
set -euo pipefail
cd "$(dirname "$0")/.."
conformance=.build/release/conformance
rounds=5
while (($#)); do
  case "$1" in
    --conformance) conformance="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "pack-judge.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
work="$(mktemp -d "${TMPDIR:-/tmp}/pack-judge.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The answers every test of the pack would get from a correct implementation (its expect),
# numbers kept as their literals.
"$conformance" pack --out "$work/pack.json" >/dev/null
python3 - "$work/pack.json" "$work/answers.jsonl" <<'PY'
import json, re, sys
mark = lambda s: "\x00N" + s + "\x00"
pack = json.load(open(sys.argv[1]), parse_float=mark, parse_int=mark)
dump = lambda v: re.sub(r'"\\u0000N([^"\\]*)\\u0000"', r"\1", json.dumps(v))
with open(sys.argv[2], "w") as out:
    out.write(dump({"format": "conformance-answers/1", "implementation": "bench", "pack": pack["digest"]}) + "\n")
    for t in pack["tests"]:
        a = dict(t["expect"])
        if a["result"] == "accept":
            a.setdefault("output", None)
        else:
            a.setdefault("error", "unused")
        out.write(dump({"suite": t["suite"], "id": t["id"], "answer": a}) + "\n")
    out.write(dump({"end": True, "count": len(pack["tests"])}) + "\n")
PY

best() {
  local best=""
  for _ in $(seq "$rounds"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(python3 -c "import sys; t=float(sys.argv[2])-float(sys.argv[1]); b=sys.argv[3]; print(t if not b or t<float(b) else b)" "$start" "$end" "$best")
  done
  echo "$best"
}
run=$(best "$conformance" run --junit "$work/run.xml")
pack=$(best "$conformance" pack --out "$work/pack2.json")
judge=$(best "$conformance" judge "$work/answers.jsonl" --pack "$work/pack.json" --junit "$work/judge.xml")
judge_vectors=$(best "$conformance" judge "$work/answers.jsonl" --vectors Vectors --junit "$work/judge2.xml")
tests=$(grep -c '"suite"' "$work/pack.json" || true)
echo "shipped corpus: $tests tests; best of $rounds rounds, nproc $(nproc), load $(cut -d' ' -f1 /proc/loadavg)"
python3 - "$run" "$pack" "$judge" "$judge_vectors" <<'PY'
import sys
run, pack, judge, jv = map(float, sys.argv[1:])
print(f"run              {run:.3f} s")
print(f"pack             {pack:.3f} s  {pack / run:.2f}x run (target at most 1.5x)")
print(f"judge --pack     {judge:.3f} s  {judge / run:.2f}x run (target at most 1.5x)")
print(f"judge --vectors  {jv:.3f} s  {jv / run:.2f}x run")
PY

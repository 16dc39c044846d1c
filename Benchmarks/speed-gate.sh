#!/usr/bin/env bash
# The speed gate CI runs (.ci/run): instructions and allocations of `conformance run` on a fixed
# 10,000-vector corpus under valgrind, against Benchmarks/speed-gate.json; exit 1 on a
# regression. `--update` rewrites the thresholds. Installs valgrind if it is missing.
# Options: see Benchmarks/speed_gate.py --help.
set -euo pipefail
cd "$(dirname "$0")/.."
# valgrind counts; objcopy (binutils) takes the debug information valgrind 3.19 cannot read
# off a copy of the binary.
missing=()
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
command -v objcopy >/dev/null 2>&1 || missing+=(binutils)
if ((${#missing[@]})); then
  echo "== installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing[@]}" >&2 || { apt-get update -qq >&2 && apt-get install -y -qq "${missing[@]}" >&2; }
fi
exec python3 Benchmarks/speed_gate.py "$@"

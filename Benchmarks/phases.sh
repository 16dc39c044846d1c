#!/usr/bin/env bash
# Where a run's wall time goes (serial start, the workers' span and the cores it keeps busy,
# serial end, steal): Benchmarks/phases.py over a 10,000- and a 100,000-vector corpus.
# Usage: Benchmarks/phases.sh [--conformance BINARY] [--rounds N]   (installs linux-perf if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v perf >/dev/null 2>&1; then
  echo "== installing linux-perf" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-perf >&2
fi
binary="" rounds=20
while (($#)); do
  case "$1" in
    --conformance) binary=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) echo "usage: Benchmarks/phases.sh [--conformance BINARY] [--rounds N]" >&2; exit 2 ;;
  esac
done
if [[ -z "$binary" ]]; then
  swift build -c release --product conformance >&2
  binary=.build/release/conformance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 10000 100000; do
  python3 -c 'import sys; sys.path.insert(0, "Benchmarks"); import corpus; corpus.generate(sys.argv[1], int(sys.argv[2]))' \
    "$work/v$size" "$size"
  python3 Benchmarks/phases.py --conformance "$binary" --vectors "$work/v$size" \
    --rounds "$([[ $size == 10000 ]] && echo "$rounds" || echo $(((rounds + 1) / 2)))"
done

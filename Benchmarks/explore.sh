#!/usr/bin/env bash
# conformance explore against the reference as an adapter (`conformance serve`): cases per second
# with --jobs 2, and the explore process's resident memory early in the run and at its end (flat
# memory: the end within a small margin of the start). As a baseline measured in the same run,
# `conformance run --adapter serve --jobs 2` over the shipped corpus (tests per second through
# the same adapter protocol, without case generation, the reference or shrinking).
#
#   Benchmarks/explore.sh            600 s (the figure docs/benchmarks.md records)
#   Benchmarks/explore.sh 30         a shorter run
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
swift build -c release --product conformance >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d "${TMPDIR:-/tmp}/explore-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Baseline: run through the same adapter, the whole corpus, best of three.
best=0
for _ in 1 2 3; do
  start=$(date +%s.%N)
  "$bin/conformance" run --adapter "$bin/conformance serve" --jobs 2 --junit "$work/junit.xml" >/dev/null
  end=$(date +%s.%N)
  tests=$(grep -o 'tests="[0-9]*"' "$work/junit.xml" | head -1 | tr -dc 0-9)
  rate=$(awk -v n="$tests" -v s="$start" -v e="$end" 'BEGIN { printf "%d", n / (e - s) }')
  ((rate > best)) && best=$rate
done
echo "baseline: run --adapter serve --jobs 2: $best tests/s (whole corpus, best of 3, start-up included)"

"$bin/conformance" explore --adapter "$bin/conformance serve" --jobs 2 --time "$seconds" --seed 1 \
  --out "$work/out" >"$work/explore.log" 2>&1 &
pid=$!
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0; }
sleep 5
early=$(rss)
sleep "$(awk -v s="$seconds" 'BEGIN { print (s > 7 ? s - 7 : 1) }')"
late=$(rss)
status=0
wait $pid || status=$?
python3 - "$work/out/summary.json" "$early" "$late" "$status" "$seconds" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))
early, late, status, seconds = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
print(f"explore --adapter serve --jobs 2 --time {seconds}: {summary['casesRun']} cases, "
      f"{summary['casesPerSecond']} cases/s, {len(summary['findings'])} findings, "
      f"{summary['adapterErrors']['count']} adapter errors, {summary['unusableContexts']['count']} unusable contexts, exit {status}")
print(f"explore RSS: {early} KB after 5 s, {late} KB near the end ({late - early:+d} KB)")
PY

#!/usr/bin/env bash
# Times `conformance run --adapter` over the shipped corpus with an adapter that takes 2 ms per
# answer (Benchmarks/slow_adapter.py), with --jobs 1 and --jobs 4, and checks that both runs
# pass with the same JUnit report (durations apart). Prints one line per run and the ratio.
# Usage: Benchmarks/adapter-jobs.sh [--conformance BINARY] [--delay-ms MS] [--rounds N]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=""
delay=2
rounds=1
while (($#)); do
  case "$1" in
    --conformance) binary="$2"; shift 2 ;;
    --delay-ms) delay="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z "$binary" ]]; then
  swift build -c release --product conformance >&2
  binary=.build/release/conformance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
adapter="exec python3 Benchmarks/slow_adapter.py $binary $delay"
tests=$("$binary" list | tail -1)
echo "corpus: $tests; adapter: $delay ms per answer; $(nproc) cores"
declare -A best
for jobs in 1 4; do
  for ((round = 1; round <= rounds; round++)); do
    start=$(date +%s.%N)
    "$binary" run --jobs "$jobs" --junit "$work/junit-$jobs.xml" --adapter "$adapter" >"$work/out-$jobs.txt"
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    echo "--jobs $jobs round $round: ${seconds} s ($(tail -1 "$work/out-$jobs.txt"))"
    if [[ -z "${best[$jobs]:-}" ]] || (($(echo "$seconds < ${best[$jobs]}" | bc))); then best[$jobs]=$seconds; fi
  done
done
# Times and the run's id differ from run to run; everything else must be the same.
strip() { sed -E -e 's/ (time|timestamp)="[^"]*"//g' -e 's/<property name="run-id" value="[0-9a-f]{32}"\/>//g' "$1"; }
if ! cmp -s <(strip "$work/junit-1.xml") <(strip "$work/junit-4.xml"); then
  echo "the JUnit reports of --jobs 1 and --jobs 4 differ" >&2
  exit 1
fi
echo "same JUnit report with --jobs 1 and --jobs 4 (durations apart)"
printf 'best: --jobs 1 %s s, --jobs 4 %s s, ratio %.3f (target <= 0.35)\n' "${best[1]}" "${best[4]}" \
  "$(echo "${best[4]} / ${best[1]}" | bc -l)"

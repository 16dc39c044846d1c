#!/usr/bin/env bash
# Times `conformance run --allure-results DIR` on the shipped corpus against its floor: the plain
# run (JUnit only) plus the time a plain Python loop takes to create the same files with the same
# bytes on the same file system, all timed in the same rounds, in turn. Each round runs the plain
# run, an Allure run replacing the previous round's results, one into a new folder, and the loop
# (which then also times removing the files, what replacing earlier results adds). Prints the
# medians, the ratios to the floor (the aim is at most 1.3x), files and bytes. By default it
# measures twice: on the repository's disk (.build/allure-bench) and in memory (/dev/shm), so
# that the figures separate the harness's CPU from the file system; --workdir DIR (repeatable)
# instead. --baseline-conformance OLD times another build's two Allure runs in the same rounds.
# Usage: Benchmarks/allure.sh [--conformance BINARY] [--baseline-conformance OLD] [--rounds N] [--workdir DIR]...
set -euo pipefail
cd "$(dirname "$0")/.."
binary=""
baseline=()
rounds=5
workdirs=()
while (($#)); do
  case "$1" in
    --conformance) binary="$2"; shift 2 ;;
    --baseline-conformance) baseline=(--baseline "$2"); shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --workdir) workdirs+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z "$binary" ]]; then
  swift build -c release --product conformance >&2
  binary=.build/release/conformance
fi
exec python3 Benchmarks/allure_bench.py "${baseline[@]}" "$binary" "$rounds" "${workdirs[@]}"

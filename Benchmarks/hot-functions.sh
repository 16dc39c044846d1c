#!/usr/bin/env bash
# Regenerates Sources/conformance/hot-functions.order: the executable's functions that a run of
# a 10,000-vector benchmark corpus and a run of the shipped corpus execute (read off callgrind),
# which the linker lays out together (Package.swift: lld's --symbol-ordering-file), so that a
# run pages in less of the executable (docs/benchmarks.md, "Fourth speed round"). A stale list
# costs only memory: names no longer in the binary are skipped, new functions go after it.
# Usage: Benchmarks/hot-functions.sh   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product conformance >&2
binary=.build/release/conformance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -c 'import sys; sys.path.insert(0, "Benchmarks"); import corpus; corpus.generate(sys.argv[1], 10000)' "$work/v10k"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/bench.out" \
  "$binary" run --vectors "$work/v10k" --junit "$work/bench.xml" >/dev/null 2>&1
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/shipped.out" \
  "$binary" run --junit "$work/shipped.xml" >/dev/null 2>&1
nm "$binary" | awk '$2 == "t" || $2 == "T" {print $3}' | sort -u >"$work/symbols"
# callgrind names a function once, where it first appears (fn= or cfn=), and by number after.
grep -h -E '^c?fn=\([0-9]+\) ' "$work/bench.out" "$work/shipped.out" | sed -E 's/^c?fn=\([0-9]+\) //' \
  | awk '!seen[$0]++' | grep -F -x -f "$work/symbols" >"$work/order"
mv "$work/order" Sources/conformance/hot-functions.order
echo "Sources/conformance/hot-functions.order: $(wc -l <Sources/conformance/hot-functions.order) functions" >&2

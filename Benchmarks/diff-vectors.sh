#!/usr/bin/env bash
# `diff-vectors` and `manifest write` at growing corpus sizes, linear or not (see
# Benchmarks/diff_vectors_bench.py --help):
# Benchmarks/diff-vectors.sh [--sizes 10000,40000] [--per-file 1] [--rounds 3] [--conformance BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/diff_vectors_bench.py "$@"

#!/usr/bin/env bash
# Expectations at scale and SIGTERM with a slow adapter (see Benchmarks/expectations_bench.py
# --help): Benchmarks/expectations.sh [--vectors N] [--globs N] [--rounds N] [--conformance BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/expectations_bench.py "$@"

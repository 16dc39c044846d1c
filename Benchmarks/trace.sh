#!/usr/bin/env bash
# Times `conformance run` on one leeep.push.client trace of 10k, 100k and 1M steps (linear-time check).
# Options (see Benchmarks/trace_bench.py --help): --rounds N, --no-1m, --conformance BINARY, --workdir DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/trace_bench.py "$@"

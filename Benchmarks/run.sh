#!/usr/bin/env bash
# Benchmarks `conformance run` against a plain Python harness and a Swift Testing baseline.
# Options (see Benchmarks/bench.py --help): --quick, --no-1m, --no-swift-testing, --rounds N,
# --workdir DIR (keep corpora between runs), --conformance BINARY (skip the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -x /usr/bin/time ]]; then
  echo "== installing GNU time (for peak memory)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >&2
fi
exec python3 Benchmarks/bench.py "$@"

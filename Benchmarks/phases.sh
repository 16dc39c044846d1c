#!/usr/bin/env bash
# Where a run's wall time goes (serial start, the workers' span and the cores it keeps busy,
# serial end, steal) on the 10k and 100k benchmark corpora: Benchmarks/phases.py, after
# installing linux-perf if it is missing. Options: see Benchmarks/phases.py --help.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v perf >/dev/null 2>&1; then
  echo "== installing linux-perf" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-perf >&2
fi
exec python3 Benchmarks/phases.py "$@"

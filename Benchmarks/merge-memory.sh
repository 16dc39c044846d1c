#!/usr/bin/env bash
# Peak memory and time of `conformance merge` on the shard reports of a 1,000,000-vector run
# (see Benchmarks/merge_memory.py --help): Benchmarks/merge-memory.sh [--vectors N] [--shards N]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/merge_memory.py "$@"

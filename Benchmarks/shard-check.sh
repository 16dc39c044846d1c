#!/usr/bin/env bash
# Checks that sharded runs merged with `conformance merge` equal one unsharded run
# (see Benchmarks/shard_check.py --help): Benchmarks/shard-check.sh [--shards N] [--vectors DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/shard_check.py "$@"

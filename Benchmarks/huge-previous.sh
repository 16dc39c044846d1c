#!/usr/bin/env bash
# A huge earlier report against a run of the shipped corpus (see Benchmarks/huge_previous.py
# --help): `run --compare` and `conformance diff` with time, peak memory and report sizes.
#   Benchmarks/huge-previous.sh [--ids N] [--rounds N] [--conformance BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/huge_previous.py "$@"

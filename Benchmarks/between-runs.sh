#!/usr/bin/env bash
# What comparing runs costs (see Benchmarks/between_runs.py --help):
# `run --compare` against a plain run on the shipped corpus, and `conformance diff` of two
# 1,000,000-test JSON reports (time and peak memory through GNU time -v).
#   Benchmarks/between-runs.sh [--rounds N] [--vectors N] [--conformance BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Benchmarks/between_runs.py "$@"

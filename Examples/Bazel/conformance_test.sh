#!/bin/sh
# One shard of the corpus under `bazel test`: Bazel sets TEST_TOTAL_SHARDS, TEST_SHARD_INDEX,
# TEST_SHARD_STATUS_FILE and XML_OUTPUT_FILE; `--shard auto` reads them all.
set -eu
root="$TEST_SRCDIR/conformance"
exec "$root/.build/release/conformance" run --shard auto --vectors "$root/Vectors"

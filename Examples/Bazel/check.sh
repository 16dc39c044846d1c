#!/usr/bin/env bash
# Checks `conformance run --shard auto` under Bazel, GitLab, CircleCI and Buildkite on the shipped
# vectors (Examples/Bazel/check.py says how), running `bazel test //:conformance` in this
# workspace too when Bazel is installed (Debian's bazel-bootstrap works offline here).
#   Examples/Bazel/check.sh                   # needs .build/release/conformance
#   Examples/Bazel/check.sh --no-bazel        # the protocol emulation only
set -euo pipefail
cd "$(dirname "$0")"
bazel=(--bazel)
if [[ "${1:-}" == "--no-bazel" ]]; then
  bazel=()
  shift
elif ! command -v bazel >/dev/null 2>&1; then
  echo "check.sh: bazel is not installed (apt-get install bazel-bootstrap): the protocol emulation only" >&2
  bazel=()
fi
exec python3 check.py "${bazel[@]}" "$@"

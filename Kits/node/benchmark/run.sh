#!/usr/bin/env bash
# The in-process kit's benchmark: `node --test` loading the whole pack and running every vector
# with a trivial evaluate (accept(input), which fails most of them, so failure messages are
# included), answers recorded; the same file run by plain `node` (the test runner in one process,
# no child process reporting to a parent); and a baseline measured in the same run: `node --test`
# of one empty test (the runner's own start-up). Wall seconds and CPU seconds (user + system, of
# every process), the fastest of RUNS runs each, and each run's wall time against the 5 s target
# (the whole corpus, every vector run, start-up included).
#
#   .build/release/conformance pack --out /tmp/all.pack.json
#   Kits/node/benchmark/run.sh /tmp/all.pack.json [RUNS]     # default 3 runs
set -uo pipefail
pack=${1:?usage: Kits/node/benchmark/run.sh PACK [RUNS]}
runs=${2:-3}
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/node-kit-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# fastest COMMAND...: "WALL CPU" of the fastest of $runs runs (by wall time).
fastest() {
  local best_wall="" best_cpu="" measured wall user system
  for ((run = 0; run < runs; run++)); do
    measured="$({ TIMEFORMAT='%R %U %S'; time "$@" >"$work/out.tap" 2>&1; } 2>&1)"
    read -r wall user system <<<"$measured"
    if [[ -z "$best_wall" ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall
      best_cpu="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')"
    fi
  done
  echo "$best_wall $best_cpu"
}

export CONFORMANCE_PACK="$pack" CONFORMANCE_ANSWERS="$work/answers.jsonl"
read -r base_wall base_cpu <<<"$(fastest node --test --test-reporter=tap "$here/baseline.test.js")"
read -r one_wall one_cpu <<<"$(fastest node --test-reporter=tap "$here/whole-pack.test.js")"
read -r pass_wall pass_cpu <<<"$(fastest node --test --test-reporter=tap "$here/all-passing.test.js")"
passed="$(sed -n 's/^# pass //p' "$work/out.tap")"
read -r whole_wall whole_cpu <<<"$(fastest node --test --test-reporter=tap "$here/whole-pack.test.js")"
tests="$(sed -n 's/^# tests //p' "$work/out.tap")"
failed="$(sed -n 's/^# fail //p' "$work/out.tap")"
answers="$(($(wc -l <"$work/answers.jsonl") - 2))"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
target() { awk -v a="$1" 'BEGIN { printf "%.2f x the 5 s target", a / 5 }'; }
echo "whole pack: $tests vectors, $answers answers recorded (fastest of $runs runs)"
echo "  node --test, accept(input), $failed failing:  ${whole_wall} s wall, ${whole_cpu} s CPU ($(ratio "$whole_wall" "$base_wall") x baseline; $(target "$whole_wall"))"
echo "  node (one process), accept(input):         ${one_wall} s wall, ${one_cpu} s CPU ($(ratio "$one_wall" "$base_wall") x baseline; $(target "$one_wall"))"
echo "  node --test, the expected answers, $passed passing: ${pass_wall} s wall, ${pass_cpu} s CPU ($(ratio "$pass_wall" "$base_wall") x baseline; $(target "$pass_wall"))"
echo "  baseline: node --test, one empty test:     ${base_wall} s wall, ${base_cpu} s CPU"

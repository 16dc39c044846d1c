#!/usr/bin/env bash
# The in-process kit's benchmark: the JUnit console launcher loads a whole pack and runs every
# vector with a trivial evaluate (the input, accepted), answers recorded, JVM start-up included;
# against a baseline measured in the same run: the same launcher, the same classpath, no tests.
#
#   Kits/java/benchmark.sh PACK [RUNS]     (default 3 runs; prints each and the fastest)
#
# Needs the kit built (Kits/java/build.sh; OUT from JAVA_KIT_OUT, default Kits/java/build) and
# JUnit 5 (JUNIT_JAR, default Debian's console launcher); JAVA_OPTS are passed to both JVMs (e.g.
# -XX:TieredStopAtLevel=1). Make PACK from the shipped corpus with
#   .build/release/conformance pack --out PACK
set -euo pipefail
kit="$(cd "$(dirname "$0")" && pwd)"
pack="${1:?usage: benchmark.sh PACK [RUNS]}"
runs="${2:-3}"
out="${JAVA_KIT_OUT:-$kit/build}"
junit="${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}"
gson="${GSON_JAR:-/usr/share/java/gson.jar}"
classpath="$out/conformance-adapter.jar:$out/conformance-junit.jar:$out/junit-kit-tests.jar:$gson"
work="$(mktemp -d "${TMPDIR:-/tmp}/java-kit-benchmark.XXXXXX")"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

tests="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' "$pack")"
best_run="" best_base=""
for ((run = 1; run <= runs; run++)); do
  start="$(now)"
  java ${JAVA_OPTS:-} -cp "$junit:$classpath" org.junit.platform.console.ConsoleLauncher --disable-banner \
    --details=none --select-package conformance.nothing.here >/dev/null 2>&1 || true
  base="$(elapsed "$start" "$(now)")"
  start="$(now)"
  status=0
  CONFORMANCE_PACK="$pack" CONFORMANCE_ANSWERS="$work/answers.jsonl" \
    java ${JAVA_OPTS:-} -cp "$junit:$classpath" org.junit.platform.console.ConsoleLauncher --disable-banner \
    --details=summary --include-classname '.*' --select-class conformance.junittest.BenchmarkVectors \
    >"$work/run.log" 2>&1 || status=$?
  took="$(elapsed "$start" "$(now)")"
  found="$(sed -n 's/^\[ *\([0-9]*\) tests found *\]$/\1/p' "$work/run.log")"
  count="$(tail -n 1 "$work/answers.jsonl")"
  if [[ "$found" != "$tests" || "$count" != "{\"end\":true,\"count\":$tests}" ]]; then
    echo "benchmark.sh: the run did not answer every one of the $tests tests (exit $status):" >&2
    tail -n 20 "$work/run.log" >&2
    exit 1
  fi
  echo "run $run: $tests vectors in $took s (launcher without tests: $base s)"
  if [[ -z "$best_run" ]] || awk -v a="$took" -v b="$best_run" 'BEGIN { exit !(a < b) }'; then
    best_run="$took" best_base="$base"
  fi
done
awk -v t="$best_run" -v b="$best_base" -v n="$tests" \
  'BEGIN { printf "fastest: %d vectors in %.2f s, JVM start-up included (%.1f x the launcher without tests, %.2f s); target under 5 s\n", n, t, t / b, b }'

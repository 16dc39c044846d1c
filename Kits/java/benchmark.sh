#!/usr/bin/env bash
# The in-process kit's benchmark: the JUnit console launcher loads a whole pack and runs every
# vector with a trivial evaluate, answers recorded, JVM start-up included, under three sets of
# JVM flags (README "Speed"):
#   default      the JVM as it starts (plus JAVA_OPTS);
#   fast         -XX:TieredStopAtLevel=1 -XX:+UseSerialGC (what Kits/check.sh uses);
#   fast+AppCDS  fast, and the classes loaded from an AppCDS archive made by one earlier run
#                (-XX:ArchiveClassesAtExit, then -XX:SharedArchiveFile; the archiving run is not
#                counted, its time is printed);
# each against a baseline measured in the same run with the same flags: the launcher, the same
# classpath, no tests. Prints, for each, the fastest of RUNS runs as wall seconds (the 5 s target
# is wall time on 2 cores) and the CPU seconds of that run (user + system, every JVM thread).
#
#   Kits/java/benchmark.sh PACK [RUNS]     (default 3 runs)
#
# The trivial evaluate (BENCHMARK_EVALUATE): conforming (default) answers each vector's expected
# outcome, as a conforming SDK does; echo accepts the input, so most vectors fail, each with its
# message. Needs the kit built (Kits/java/build.sh; OUT from JAVA_KIT_OUT, default
# Kits/java/build) and JUnit 5 (JUNIT_JAR, default Debian's console launcher). Make PACK from the
# shipped corpus with
#   .build/release/conformance pack --out PACK
set -euo pipefail
kit="$(cd "$(dirname "$0")" && pwd)"
pack="${1:?usage: benchmark.sh PACK [RUNS]}"
runs="${2:-3}"
out="${JAVA_KIT_OUT:-$kit/build}"
junit="${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}"
gson="${GSON_JAR:-/usr/share/java/gson.jar}"
classpath="$junit:$out/conformance-adapter.jar:$out/conformance-junit.jar:$out/junit-kit-tests.jar:$gson"
case "${BENCHMARK_EVALUATE:-conforming}" in
  conforming) method=everyVector ;;
  echo) method=everyVectorEchoed ;;
  *) echo "benchmark.sh: BENCHMARK_EVALUATE is conforming or echo" >&2; exit 2 ;;
esac
pack="$(cd "$(dirname "$pack")" && pwd)/$(basename "$pack")"
work="$(mktemp -d "${TMPDIR:-/tmp}/java-kit-benchmark.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fast=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
tests="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' "$pack")"

# timed FILE COMMAND...: runs it, writes "WALL CPU" seconds to FILE; the command's status is kept.
timed() {
  local file=$1 status=0
  shift
  local TIMEFORMAT='%R %U %S'
  { time "$@" >"$work/run.log" 2>&1 || status=$?; } 2>"$work/time.txt"
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$work/time.txt" >"$file"
  return "$status"
}

# The JVM flags of the runs being measured (set by measure).
flags=()

launcher() {
  java ${JAVA_OPTS:-} ${flags[@]+"${flags[@]}"} -cp "$classpath" org.junit.platform.console.ConsoleLauncher \
    --disable-banner "$@"
}

vectors() {
  CONFORMANCE_PACK="$pack" CONFORMANCE_ANSWERS="$work/answers.jsonl" launcher --details=summary \
    --include-classname '.*' --select-method "conformance.junittest.BenchmarkVectors#$method"
}

nothing() { launcher --details=none --select-package conformance.nothing.here || true; }

# measure LABEL FLAGS...: the fastest of the runs, and the baseline with the same flags.
measure() {
  local label=$1 best="" base="" status
  shift
  flags=("$@")
  for ((run = 1; run <= runs; run++)); do
    timed "$work/base.txt" nothing
    status=0
    timed "$work/vectors.txt" vectors || status=$?
    local found count
    found="$(sed -n 's/^\[ *\([0-9]*\) tests found *\]$/\1/p' "$work/run.log")"
    count="$(tail -n 1 "$work/answers.jsonl")"
    if [[ "$found" != "$tests" || "$count" != "{\"end\":true,\"count\":$tests}" ]]; then
      echo "benchmark.sh: the $label run did not answer every one of the $tests tests (exit $status):" >&2
      tail -n 20 "$work/run.log" >&2
      exit 1
    fi
    if [[ "$method" == everyVector ]] && ! grep -q "^\[ *$tests tests successful *\]$" "$work/run.log"; then
      echo "benchmark.sh: the conforming evaluate did not pass every test ($label):" >&2
      grep -E 'tests (successful|failed)' "$work/run.log" >&2
      exit 1
    fi
    if [[ -z "$best" ]] || awk -v a="$(cut -d' ' -f1 "$work/vectors.txt")" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$(cat "$work/vectors.txt")" base="$(cat "$work/base.txt")"
    fi
  done
  awk -v label="$label" -v run="$best" -v base="$base" 'BEGIN {
    split(run, r, " "); split(base, b, " ")
    printf "%-12s %6.2f s wall (%.2f x the 5 s target), %6.2f s CPU; launcher without tests %.2f s wall, %.2f s CPU\n",
      label, r[1], r[1] / 5, r[2], b[1], b[2] }'
}

echo "$tests vectors, evaluate: ${BENCHMARK_EVALUATE:-conforming}; fastest of $runs runs each${JAVA_OPTS:+; JAVA_OPTS=$JAVA_OPTS}"
measure default
measure fast "${fast[@]}"
flags=("${fast[@]}" -XX:ArchiveClassesAtExit="$work/kit.jsa")
timed "$work/archive.txt" vectors || true
[[ -s "$work/kit.jsa" ]] || { echo "benchmark.sh: no AppCDS archive was written:" >&2; tail -n 5 "$work/run.log" >&2; exit 1; }
measure fast+AppCDS "${fast[@]}" -XX:SharedArchiveFile="$work/kit.jsa" -Xshare:auto
echo "(the run that wrote the AppCDS archive: $(cut -d' ' -f1 "$work/archive.txt") s wall)"

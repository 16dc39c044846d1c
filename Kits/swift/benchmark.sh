#!/usr/bin/env bash
# The Swift kit's benchmark: a scratch package (as a team writes one, README "Check your SDK in
# ten minutes") with one parameterized Swift Testing test per suite of the shipped corpus, each
# handed every vector of its suite through ConformanceImplementation.vectors(suite:) and checked
# with expectConformance against a trivial evaluate: the vector's expected outcome (a conforming
# SDK), with answers recorded (CONFORMANCE_ANSWERS) and without; and, to show what the kit's
# loading costs, the same checks over vectors loaded once for all suites with ConformanceKit's
# VectorLoader (no answers: the OneLoad tests). Prints the fastest of RUNS runs
# of
#   swift test --skip-build -c CONFIGURATION    (test time only: the build is not counted, and its
#                                                time is printed apart)
# as wall seconds (its ratio to the 5 s target) and CPU seconds (user + system), against a
# baseline measured beside each run: the same test binary with a filter that matches no test.
#
#   Kits/swift/benchmark.sh [RUNS]      (default 3)
# BENCHMARK_CONFIGURATION: debug (default: what `swift test` builds) or release.
# BENCHMARK_DIR keeps the scratch package and its builds between invocations (default: a
# temporary folder, removed at the end).
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-3}"
if [[ -n "${BENCHMARK_DIR:-}" ]]; then
  work="$BENCHMARK_DIR"
  mkdir -p "$work"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/swift-kit-benchmark.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi
package="$work/package"
mkdir -p "$package/Tests/WholeCorpusTests"

# The shipped corpus's vector count, and its suites (each has vectors) in name order.
corpus="$(python3 - "$repository/Vectors" <<'EOF'
import json, os, sys
count = 0
suites = set()
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith(".json") and name != "manifest.json":
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                document = json.load(handle)
            if isinstance(document, dict) and isinstance(document.get("tests"), list) and "suite" in document:
                count += len(document["tests"])
                suites.add(document["suite"])
print(count)
print("\n".join(sorted(suites)))
EOF
)"
vectors="$(head -n 1 <<<"$corpus")"
suites="$(tail -n +2 <<<"$corpus")"
[[ -n "$suites" ]] || { echo "benchmark.sh: no suites found under $repository/Vectors" >&2; exit 1; }

cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "WholeCorpus",
  dependencies: [.package(name: "conformance", path: "$repository")],
  targets: [
    .testTarget(
      name: "WholeCorpusTests",
      dependencies: [
        .product(name: "ConformanceTesting", package: "conformance"),
        // VectorLoader, for the OneLoad comparison only.
        .product(name: "ConformanceKit", package: "conformance"),
      ]
    )
  ]
)
EOF

{
  cat <<'EOF'
import ConformanceKit
import ConformanceTesting
import Testing

/// A conforming SDK: every vector answered with its expected outcome.
func expected(_ vector: ConformanceVector) -> Outcome {
  switch vector.expectation {
  case .accept(let output): return .accept(output: output ?? .null)
  case .reject(let error, let field): return .reject(error: error ?? "any", field: field)
  }
}

let implementation = ConformanceImplementation(
  name: "swift-benchmark", version: "1",
  suites: [
EOF
  printf '    "%s",\n' $suites
  cat <<'EOF'
  ])

@Suite struct KitLoad {
EOF
  index=0
  for suite in $suites; do
    index=$((index + 1))
    printf '  @Test(arguments: try implementation.vectors(suite: "%s"))\n' "$suite"
    printf '  func suite%02d(_ vector: ConformanceVector) { expectConformance(vector, expected(vector)) }\n\n' "$index"
  done
  echo "}"
  cat <<'EOF'

/// The same vectors loaded once for every suite, with the harness's loader (ConformanceKit's
/// VectorLoader, as ConformanceVectors.load uses it) and no answers recorded: what the kit's
/// loading would cost if it read the corpus once rather than once per suite.
enum Corpus {
  static let bySuite: [String: [ConformanceVector]] = {
    let loader = VectorLoader()
    var vectors: [String: [ConformanceVector]] = [:]
    for location in try! loader.discover(root: ConformanceVectors.shippedRoot) {
      guard case .success(let file) = loader.load(location) else { fatalError("\(location) did not load") }
      for test in file.tests {
        vectors[file.suite, default: []].append(
          ConformanceVector(
            suite: file.suite, id: test.id, file: file.displayPath, path: file.path, summary: test.description,
            tags: test.tags, input: test.input, context: test.context, expectation: test.expectation))
      }
    }
    return vectors
  }()
}

@Suite struct OneLoad {
EOF
  index=0
  for suite in $suites; do
    index=$((index + 1))
    printf '  @Test(arguments: Corpus.bySuite["%s"]!)\n' "$suite"
    printf '  func suite%02d(_ vector: ConformanceVector) { expectConformance(vector, expected(vector)) }\n\n' "$index"
  done
  echo "}"
} >"$package/Tests/WholeCorpusTests/WholeCorpusTests.swift"

configuration="${BENCHMARK_CONFIGURATION:-debug}"
test_options=(--skip-build -c "$configuration" --package-path "$package")
build_start="$(date +%s.%N)"
swift build -c "$configuration" --build-tests --package-path "$package" >"$work/build.log" 2>&1 || {
  echo "benchmark.sh: the scratch package did not build:" >&2
  tail -n 30 "$work/build.log" >&2
  exit 1
}
build_seconds="$(awk -v a="$build_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"

# timed FILE COMMAND...: "WALL CPU" seconds of the command to FILE; its status is kept.
timed() {
  local file=$1 status=0
  shift
  local TIMEFORMAT='%R %U %S'
  { time "$@" >"$work/run.log" 2>&1 || status=$?; } 2>"$work/time.txt"
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$work/time.txt" >"$file"
  return "$status"
}

# measure LABEL FILTER ANSWERS: the fastest of the runs of the tests FILTER selects (ANSWERS: a
# path for CONFORMANCE_ANSWERS, or empty for none), and the baseline measured beside each run.
measure() {
  local label=$1 filter=$2 answers=$3 best="" base="" status
  for ((run = 1; run <= runs; run++)); do
    timed "$work/base.txt" swift test "${test_options[@]}" --filter NoTestIsNamedThis || true
    status=0
    rm -f "$work/answers.jsonl"
    CONFORMANCE_ANSWERS="$answers" timed "$work/run.txt" swift test "${test_options[@]}" --filter "$filter" \
      || status=$?
    local passed answered=""
    passed="$(sed -n 's/^.* Test run with [0-9]* tests\{0,1\} in [0-9]* suites\{0,1\} passed after .*$/passed/p' "$work/run.log")"
    [[ -n "$answers" ]] && answered="$(grep -c '"answer"' "$answers" || true)"
    if ((status != 0)) || [[ "$passed" != passed ]] || { [[ -n "$answers" ]] && [[ "$answered" != "$vectors" ]]; }; then
      echo "benchmark.sh: the $label run did not pass every one of the $vectors vectors (exit $status${answered:+, $answered answers}):" >&2
      grep -v '^[[:space:]]*$' "$work/run.log" | tail -n 20 >&2
      exit 1
    fi
    if [[ -z "$best" ]] || awk -v a="$(cut -d' ' -f1 "$work/run.txt")" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$(cat "$work/run.txt")" base="$(cat "$work/base.txt")"
    fi
  done
  awk -v label="$label" -v run="$best" -v base="$base" 'BEGIN {
    split(run, r, " "); split(base, b, " ")
    printf "%-26s %6.2f s wall (%.2f x the 5 s target), %6.2f s CPU; no test selected: %.2f s wall, %.2f s CPU\n",
      label, r[1], r[1] / 5, r[2], b[1], b[2] }'
}

echo "$vectors vectors of $(wc -w <<<"$suites") suites, one Swift Testing test per suite, swift test -c $configuration --skip-build, fastest of $runs runs each; the build (not counted): $build_seconds s"
measure "answers recorded:" KitLoad "$work/answers.jsonl"
measure "no answers recorded:" KitLoad ""
measure "loaded once, no answers:" OneLoad ""

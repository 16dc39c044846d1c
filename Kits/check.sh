#!/usr/bin/env bash
# The adapter kits' CI check (.ci/run calls it after the main job). For each kit:
#   - the kit's own tests;
#   - `conformance smoke --adapter …` on its example;
#   - its example through `conformance run --adapter …` on the shipped vectors of the example's
#     suites (leeep.fid, leeep.user-id): exit 0, every test run (none skipped), none failed;
#   - the example with its planted bug: exit 1, and exactly the expected vectors fail;
#   - for each kit (Python, Node, Java, and the Swift port's adapter executable), the planted bug
#     with the vectors that catch it removed: `conformance explore` finds it (seed 1, 5,000 cases),
#     and its minimal cases fail the buggy example and pass the reference and the fixed example;
#   - for the Python kit, the own-suite example (docs/own-suites.md): its vectors lint, run green
#     against its adapter (none skipped), and exit 2 without one;
#   - for the in-process Swift kit, `swift test` of Examples/SwiftPort (Swift Testing and XCTest),
#     then again with the bug, recording answers (CONFORMANCE_ANSWERS); a wrong outcome handed to
#     the kit fails `swift test` from Swift Testing and from XCTest (KitWrongOutcomeChecks); its
#     adapter executable (ConformanceAdapter) green and catching the same bug; `conformance judge`
#     of the recorded answers failing the same ids as Swift Testing and the adapter.
#   - for the Python kit's pytest plugin (pytest installed when missing): its own tests, then the
#     example in-process over a pack of the example's suites (`conformance pack`), green, then
#     with its planted bug: exactly the expected vectors fail in pytest's own output, and
#     `conformance judge` of the answers it recorded fails the same ones as pytest and as the
#     adapter path.
#   - for the Java kit's in-process route (JUnit 5; installs Debian's junit5 and kotlin when
#     missing): its tests in the JUnit console launcher, then `conformance pack` of the example's
#     suites, the Kotlin example with its planted bug in the launcher (exactly the expected vectors
#     fail, read from the launcher's own XML report), answers recorded, `conformance judge` of
#     them, and the failing ids of the launcher, of judge's JUnit report and of the process
#     adapter on the same bug compared.
#   - for the in-process Node kit, `conformance pack` of the example's suites, the example's
#     planted bug under `node --test` recording answers (exactly the expected vectors fail in
#     node's TAP output), then `conformance judge` of those answers: the same failing ids in its
#     JUnit report as in node's output and as the process-adapter path on the same bug.
# Prints one PASS/FAIL line per check and the seconds each kit took; runners' output goes to log
# files, shown only for a failed check. Exits 1 when a check failed, 2 on a usage error.
#
#   Kits/check.sh                 every kit
#   Kits/check.sh python java     some kits (python, node, java, swift)
#   CONFORMANCE=path/to/conformance Kits/check.sh   another harness binary
set -uo pipefail
cd "$(dirname "$0")/.."

all_kits=(python node java swift)
# The JVM flags the Java kit's README recommends for short test runs ("Speed"): the C1 compiler
# only and the serial collector (a run of the whole corpus in the launcher: 6.7 s -> 3.8 s).
jvm_flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
kits=("$@")
((${#kits[@]})) || kits=("${all_kits[@]}")
for kit in "${kits[@]}"; do
  case " ${all_kits[*]} " in
    *" $kit "*) ;;
    *) echo "check.sh: unknown kit '$kit' (known: ${all_kits[*]})" >&2; exit 2 ;;
  esac
done

conformance="${CONFORMANCE:-.build/release/conformance}"
suites=(--suite leeep.fid --suite leeep.user-id)
work="$(mktemp -d "${TMPDIR:-/tmp}/kits-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
problems=0
timings=()

pass() { echo "PASS $*"; }
fail() {
  echo "FAIL $*"
  problems=$((problems + 1))
}
show_log() { tail -n 40 "$1" | sed 's/^/    | /'; }
seconds_since() { awk -v start="$1" -v end="$(date +%s.%N)" 'BEGIN { printf "%.1f", end - start }'; }

# quiet LABEL COMMAND...: runs the command with its output in a log; PASS, or FAIL with the log.
quiet() {
  local label=$1 log="$work/step-$RANDOM.log"
  shift
  if "$@" >"$log" 2>&1; then
    pass "$label"
  else
    local status=$?
    fail "$label (exit $status)"
    show_log "$log"
    return 1
  fi
}

need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    fail "$2: '$1' is not installed ($3)"
    return 1
  fi
}

# install_debian LABEL PACKAGE... CHECK...: installs Debian packages when missing (a fresh CI
# machine); a no-op when they are there. Needs root (CI runs as root) or says what to install.
install_debian() {
  local label=$1 packages=$2
  shift 2
  local missing=0 check
  for check in "$@"; do
    [[ -e "$check" ]] || command -v "$check" >/dev/null 2>&1 || missing=1
  done
  ((missing)) || return 0
  if [[ $(id -u) != 0 ]]; then
    fail "$label: missing; install it with: apt-get install -y $packages"
    return 1
  fi
  # shellcheck disable=SC2086
  quiet "$label: installed (apt-get install -y $packages)" \
    bash -c "apt-get install -y --no-install-recommends $packages || (apt-get update && apt-get install -y --no-install-recommends $packages)"
}

# conforms KIT COMMAND: `conformance smoke` finds nothing wrong with the example, and the example
# passes every vector of its suites, none skipped.
conforms() {
  local kit=$1 command=$2 report="$work/$1.xml" log="$work/$1.log" status counts
  quiet "$kit example: conformance smoke" "$conformance" smoke --adapter "$command"
  "$conformance" run "${suites[@]}" --adapter "$command" --junit "$report" >"$log" 2>&1
  status=$?
  counts="$(python3 Kits/junit_summary.py "$report" counts 2>>"$log")"
  local tests skipped failed errored
  read -r tests skipped failed errored <<<"${counts:-0 0 0 0}"
  if ((status == 0 && tests > 0 && skipped == 0 && failed == 0 && errored == 0)); then
    pass "$kit example: $tests vectors of leeep.fid and leeep.user-id, all passed (exit 0)"
  else
    fail "$kit example: exit $status, $tests tests, $skipped skipped, $failed failed, $errored errored; expected exit 0 with every test passed"
    show_log "$log"
  fi
}

# catches KIT COMMAND BUG EXPECTED-ID...: the planted bug fails the run (exit 1), on exactly
# the expected vectors ("suite id").
catches() {
  local kit=$1 command=$2 bug=$3 report="$work/$1-bug.xml" log="$work/$1-bug.log" status
  shift 3
  "$conformance" run "${suites[@]}" --adapter "$command" --junit "$report" >"$log" 2>&1
  status=$?
  local expected actual
  expected="$(printf '%s\n' "$@" | sort)"
  actual="$(python3 Kits/junit_summary.py "$report" failing 2>>"$log")"
  same_failures "$kit example with --bug $bug" "$status" "$expected" "$actual" "$log"
}

# same_failures LABEL STATUS EXPECTED ACTUAL LOG: exit 1 and the failing ids are the expected ones.
same_failures() {
  local label=$1 status=$2 expected=$3 actual=$4 log=$5 count
  count="$(grep -c . <<<"$expected")"
  if ((status == 1)) && [[ "$actual" == "$expected" ]]; then
    pass "$label: exit 1, the failing vectors are exactly the $count expected"
  else
    fail "$label: exit $status; expected exit 1 with exactly these $count failing vectors"
    diff <(echo "$expected") <(echo "$actual") | sed -n 's/^< /    missing:    /p; s/^> /    unexpected: /p'
    show_log "$log"
  fi
}

# example_pack: `conformance pack` of the examples' suites into $work/example.pack.json, made once
# for every kit's in-process route (not in a subshell: `quiet` counts its problem).
example_pack() {
  [[ -f "$work/example.pack.json" ]] || quiet "conformance pack of leeep.fid and leeep.user-id" \
    "$conformance" pack "${suites[@]}" --out "$work/example.pack.json"
}

# judge_agrees LABEL ANSWERS EXPECTED RUNNER ADAPTER-REPORT: `conformance judge` of the answers a
# kit's test runner recorded against the examples' pack fails exactly the EXPECTED ids (exit 1),
# and the runner's own output (RUNNER), judge's JUnit report and the process adapter's report on
# the same bug (ADAPTER-REPORT) name the same failing vectors.
judge_agrees() {
  local label=$1 answers=$2 expected=$3 runner=$4 adapter_report=$5
  local name="${label%% *}" log report status judged adapter
  log="$work/$name-judge.log" report="$work/$name-judge.xml"
  example_pack || return 0
  "$conformance" judge "$answers" --pack "$work/example.pack.json" --junit "$report" >"$log" 2>&1
  status=$?
  judged="$(python3 Kits/junit_summary.py "$report" failing 2>>"$log")"
  same_failures "$label: conformance judge of the recorded answers" "$status" "$expected" "$judged" "$log"
  adapter="$(python3 Kits/junit_summary.py "$adapter_report" failing 2>>"$log")"
  if [[ -n "$runner" && "$runner" == "$judged" && "$judged" == "$adapter" ]]; then
    pass "$label: the test runner, conformance judge and the process adapter fail the same vectors ($(grep -c . <<<"$judged"))"
  else
    fail "$label: the test runner, conformance judge and the process adapter disagree on the failing vectors"
    diff <(echo "$runner") <(echo "$judged") | sed -n 's/^< /    runner only:  /p; s/^> /    judge only:   /p'
    diff <(echo "$judged") <(echo "$adapter") | sed -n 's/^< /    judge only:   /p; s/^> /    adapter only: /p'
  fi
}

# tap_failures TAP: "suite id" of every failing vector of node:test's TAP output (the leaves: a
# describe's own failure only counts its subtests), sorted.
tap_failures() {
  awk '
    /^ *not ok [0-9]+ - / { name = $0; sub(/^ *not ok [0-9]+ - /, "", name); pending = 1; next }
    pending && /^ *failureType: .testCodeFailure.$/ { split(name, words, " "); print words[1] " " words[2]; pending = 0 }
    pending && /^ *failureType: / { pending = 0 }
  ' "$1" | sort
}

# node_in_process EXPECTED-ID...: the Node kit's in-process route on the example's planted bug.
# The pack of the example's suites, `node --test` of Kits/node/example.test.js with
# NODE_EXAMPLE_BUG=regexp-s recording answers: exit 1 and exactly the expected vectors failing in
# node's own TAP output; then `conformance judge` of the recorded answers: the same failing ids
# in its JUnit report as in node's output and as the process-adapter path (catches, before).
node_in_process() {
  local pack answers="$work/node-answers.jsonl" tap="$work/node-bug.tap"
  local log="$work/node-in-process.log" status expected node_failing
  expected="$(printf '%s\n' "$@" | sort)"
  example_pack || return 0
  pack="$work/example.pack.json"
  CONFORMANCE_PACK="$pack" CONFORMANCE_ANSWERS="$answers" NODE_EXAMPLE_BUG=regexp-s \
    node --test --test-reporter=tap Kits/node/example.test.js >"$tap" 2>"$log"
  status=$?
  node_failing="$(tap_failures "$tap")"
  same_failures "node in-process example (node --test) with NODE_EXAMPLE_BUG=regexp-s" "$status" \
    "$expected" "$node_failing" "$tap"
  judge_agrees "node regexp-s" "$answers" "$expected" "$node_failing" "$work/node-bug.xml"
}

# own_suite: the worked example of docs/own-suites.md, a team's suite acme.coupon declared in
# Examples/own-suite/vectors and a Python adapter from the kit: lint clean, green against the
# adapter with every test run, exit 2 without an adapter (the reference has no parser for it).
own_suite() {
  local root=Examples/own-suite/vectors adapter="exec python3 Examples/own-suite/coupon_adapter.py"
  local report="$work/own-suite.xml" log="$work/own-suite.log" status counts tests skipped failed errored
  quiet "own-suite example: conformance lint $root" "$conformance" lint --strict "$root"
  "$conformance" run --vectors "$root" --adapter "$adapter" --junit "$report" >"$log" 2>&1
  status=$?
  counts="$(python3 Kits/junit_summary.py "$report" counts 2>>"$log")"
  read -r tests skipped failed errored <<<"${counts:-0 0 0 0}"
  if ((status == 0 && tests > 0 && skipped == 0 && failed == 0 && errored == 0)); then
    pass "own-suite example: $tests vectors of acme.coupon against its Python adapter, all passed (exit 0)"
  else
    fail "own-suite example: exit $status, $tests tests, $skipped skipped, $failed failed, $errored errored; expected exit 0 with every test passed"
    show_log "$log"
  fi
  "$conformance" run --vectors "$root" --junit "$work/own-suite-none.xml" >"$log" 2>&1
  status=$?
  if ((status == 2)) && grep -q "the reference has no parser for it" "$log"; then
    pass "own-suite example without an adapter: exit 2, the reference has no parser for acme.coupon"
  else
    fail "own-suite example without an adapter: exit $status; expected exit 2 saying the reference has no parser for it"
    show_log "$log"
  fi
}

# xctest_failures LOG: "SUITE ID" per XCTest failure of the kit (XCTAssertConformance's message
# "FAIL SUITE ID (FILE)…" after XCTest's "error: CLASS.METHOD : failed - "), sorted.
xctest_failures() {
  grep -o 'error: [A-Za-z0-9_.]* : failed - FAIL [a-z][a-z.-]* [A-Za-z0-9][A-Za-z0-9._-]* (' "$1" \
    | sed 's/.*failed - FAIL \([^ ]*\) \([^ ]*\) (/\1 \2/' | sort
}

# wrong_outcome_checks: Examples/SwiftPort's KitWrongOutcomeChecks hand the kit an outcome no
# leeep.fid vector expects; `swift test` must fail whichever library calls it: Swift Testing's
# expectConformance (an issue per vector), XCTest's XCTAssertConformance (a failure per vector,
# as many), and expectConformance called from XCTest (refused, saying what to call instead).
wrong_outcome_checks() {
  local log="$work/wrong-swift-testing.log" status issues failures
  CONFORMANCE_KIT_WRONG_OUTCOME=swift-testing swift test --skip-build "${package[@]}" --filter WrongOutcome \
    --xunit-output "$work/wrong.xml" >"$log" 2>&1
  status=$?
  issues="$(python3 Kits/junit_summary.py "$work/wrong-swift-testing.xml" issues 2>>"$log" | grep -c '^leeep.fid ')"
  if ((status == 1 && issues > 0)); then
    pass "a wrong outcome to expectConformance under Swift Testing: exit 1, $issues issues (one per leeep.fid vector)"
  else
    fail "a wrong outcome to expectConformance under Swift Testing: exit $status, $issues issues; expected exit 1"
    show_log "$log"
  fi
  log="$work/wrong-xctest-assert.log"
  CONFORMANCE_KIT_WRONG_OUTCOME=xctest-assert swift test --skip-build "${package[@]}" --filter WrongOutcome \
    >"$log" 2>&1
  status=$?
  failures="$(xctest_failures "$log" | grep -c '^leeep.fid ')"
  if ((status == 1 && failures == issues)); then
    pass "a wrong outcome to XCTAssertConformance under XCTest: exit 1, $failures XCTest failures (one per vector)"
  else
    fail "a wrong outcome to XCTAssertConformance under XCTest: exit $status, $failures failures; expected exit 1 with $issues"
    show_log "$log"
  fi
  log="$work/wrong-xctest-expect.log"
  CONFORMANCE_KIT_WRONG_OUTCOME=xctest-expect swift test --skip-build "${package[@]}" --filter WrongOutcome \
    >"$log" 2>&1
  status=$?
  if ((status != 0)) && grep -q "expectConformance was called outside a Swift Testing test" "$log"; then
    pass "expectConformance under XCTest: refused (exit $status), naming XCTAssertConformance instead"
  else
    fail "expectConformance under XCTest: exit $status; expected a failed run saying it was called outside Swift Testing"
    show_log "$log"
  fi
}

# failing_in_pytest LOG: "SUITE ID" per FAILED/ERROR line of pytest's short summary (-rfE), whose
# test ids end in [SUITE::ID].
failing_in_pytest() {
  sed -n 's/^\(FAILED\|ERROR\) [^[]*\[\([^]]*\)\].*/\2/p' "$1" | sed 's/::/ /' | sort -u
}

# ensure_pytest: pytest from PyPI, installed when missing (pip, else Debian's python3-pytest).
ensure_pytest() {
  python3 -c "import pytest" >/dev/null 2>&1 && return 0
  echo "installing pytest (missing)"
  python3 -m pip install --quiet pytest >/dev/null 2>&1 \
    || python3 -m pip install --quiet --break-system-packages pytest >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq python3-pytest >/dev/null 2>&1; }
  python3 -c "import pytest" >/dev/null 2>&1
}

# python_in_process EXPECTED-ID...: the pytest plugin's example over a pack of the example's
# suites, green, then with PYTHON_EXAMPLE_BUG=trailing-newline failing exactly the expected vectors in
# pytest's output, in judge's report of the recorded answers and in the adapter path's report.
python_in_process() {
  local pack answers="$work/python-answers.jsonl" log="$work/pytest.log" status
  example_pack || return 1
  pack="$work/example.pack.json"
  local pytest=(python3 -m pytest -p no:cacheprovider -q -rfE Kits/python/example_pytest "--conformance-pack=$pack")
  "${pytest[@]}" "--conformance-answers=$answers" >"$log" 2>&1
  status=$?
  local passed
  passed="$(sed -n 's/^\([0-9][0-9]*\) passed in .*/\1/p' "$log")"
  if ((status == 0)) && [[ -n "$passed" ]] && ((passed > 0)); then
    pass "python kit in-process example (pytest): $passed vectors, all passed (exit 0)"
  else
    fail "python kit in-process example (pytest): exit $status; expected exit 0 with every vector passed"
    show_log "$log"
  fi
  log="$work/pytest-bug.log"
  PYTHON_EXAMPLE_BUG=trailing-newline "${pytest[@]}" "--conformance-answers=$answers" >"$log" 2>&1
  status=$?
  local expected in_pytest
  expected="$(printf '%s\n' "$@" | sort)"
  in_pytest="$(failing_in_pytest "$log")"
  same_failures "python kit in-process example (pytest) with PYTHON_EXAMPLE_BUG=trailing-newline" "$status" "$expected" \
    "$in_pytest" "$log"
  judge_agrees "python trailing-newline" "$answers" "$expected" "$in_pytest" "$work/python-bug.xml"
}

# kit_done KIT START: records and prints the kit's seconds.
kit_done() {
  local took
  took="$(seconds_since "$2")"
  timings+=("$1 ${took}s")
  echo "TIME $1 kit: ${took} s"
}

java_whitespace_ids=(
  "leeep.user-id not-whitespace.file-separator"
  "leeep.user-id not-whitespace.file-separator.between-spaces"
  "leeep.user-id not-whitespace.group-separator"
  "leeep.user-id not-whitespace.group-separator.between-spaces"
  "leeep.user-id not-whitespace.record-separator"
  "leeep.user-id not-whitespace.record-separator.between-spaces"
  "leeep.user-id not-whitespace.unit-separator"
  "leeep.user-id not-whitespace.unit-separator.between-spaces"
  "leeep.user-id whitespace.all"
  "leeep.user-id whitespace.figure-space"
  "leeep.user-id whitespace.figure-space.run"
  "leeep.user-id whitespace.java-non-whitespace"
  "leeep.user-id whitespace.narrow-no-break-space"
  "leeep.user-id whitespace.narrow-no-break-space.run"
  "leeep.user-id whitespace.next-line"
  "leeep.user-id whitespace.next-line.run"
  "leeep.user-id whitespace.no-break-space"
  "leeep.user-id whitespace.no-break-space.run"
)

# java_in_process JARS GSON: the Java kit's in-process route (README "The in-process route").
java_in_process() {
  local jars=$1 gson=$2 console="${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}"
  local kotlin_stdlib="${KOTLIN_STDLIB_JAR:-/usr/share/java/kotlin-stdlib.jar}"
  local kit_jars="$jars/conformance-adapter.jar:$jars/conformance-junit.jar:$gson"
  [[ -f "$jars/conformance-junit.jar" && -f "$jars/kotlin-example.jar" ]] || {
    fail "java kit build made no conformance-junit.jar or kotlin-example.jar (JUnit 5 at $console and kotlinc needed)"
    return
  }
  local log="$work/java-junit-tests.log" status
  java "${jvm_flags[@]}" -cp "$console:$kit_jars:$jars/junit-kit-tests.jar:$jars/example-adapter.jar" \
    -Dconformance.comparisonCases=Kits/comparison-cases.json org.junit.platform.console.ConsoleLauncher \
    --disable-banner --disable-ansi-colors --details=tree --select-package conformance.junittest \
    --reports-dir "$work/java-junit-tests" >"$log" 2>&1
  status=$?
  local found failed
  found="$(sed -n 's/^\[ *\([0-9]*\) tests found *\]$/\1/p' "$log")"
  failed="$(sed -n 's/^\[ *\([0-9]*\) tests failed *\]$/\1/p' "$log")"
  if ((status == 0)) && [[ "${failed:-x}" == 0 && "${found:-0}" -gt 50 ]]; then
    pass "java in-process kit tests (JUnit console launcher): $found passed, every comparison case among them"
  else
    fail "java in-process kit tests: exit $status, ${found:-?} found, ${failed:-?} failed"
    show_log "$log"
  fi

  local pack
  example_pack || return
  pack="$work/example.pack.json"
  local kotlin_cp="$console:$kit_jars:$jars/kotlin-example.jar:$kotlin_stdlib"
  # The Kotlin example as written: every vector passes.
  log="$work/java-kotlin.log"
  CONFORMANCE_PACK="$pack" java "${jvm_flags[@]}" -cp "$kotlin_cp" org.junit.platform.console.ConsoleLauncher \
    --disable-banner --disable-ansi-colors --details=summary \
    --select-class conformance.kotlinexample.ExampleConformanceTest >"$log" 2>&1
  status=$?
  found="$(sed -n 's/^\[ *\([0-9]*\) tests successful *\]$/\1/p' "$log")"
  if ((status == 0)) && [[ "${found:-0}" == 934 ]]; then
    pass "Kotlin example in-process (JUnit console launcher): 934 vectors passed (exit 0)"
  else
    fail "Kotlin example in-process: exit $status, ${found:-?} passed; expected exit 0 with 934 passed"
    show_log "$log"
  fi
  # The Kotlin example with its planted bug, in-process: the launcher's own XML report.
  local answers="$work/java-answers.jsonl" reports="$work/java-kotlin-bug"
  log="$work/java-kotlin-bug.log"
  JVM_EXAMPLE_BUG=java-whitespace CONFORMANCE_PACK="$pack" CONFORMANCE_ANSWERS="$answers" \
    java "${jvm_flags[@]}" -cp "$kotlin_cp" org.junit.platform.console.ConsoleLauncher \
    --disable-banner --disable-ansi-colors --details=summary \
    --select-class conformance.kotlinexample.ExampleConformanceTest --reports-dir "$reports" >"$log" 2>&1
  status=$?
  local expected runner
  expected="$(printf '%s\n' "${java_whitespace_ids[@]}" | sort)"
  runner="$(python3 Kits/junit_summary.py "$reports/TEST-junit-jupiter.xml" issues 2>>"$log")"
  same_failures "Kotlin example in-process (JUnit console launcher) with JVM_EXAMPLE_BUG=java-whitespace" \
    "$status" "$expected" "$runner" "$log"
  if [[ "$(tail -n 1 "$answers" 2>/dev/null)" == '{"end":true,"count":934}' ]]; then
    pass "Kotlin example recorded 934 answers and the trailer ($answers)"
  else
    fail "Kotlin example's answers: expected 934 answers and the trailer, last line: $(tail -n 1 "$answers" 2>&1 | head -c 200)"
  fi

  judge_agrees "java-whitespace" "$answers" "$expected" "$runner" "$work/java-bug.xml"
}

# swift_adapter_and_answers EXPECTED-IDS RUNNER-IDS: SwiftPort's adapter executable (the
# ConformanceAdapter library) through `conformance smoke` and `run --adapter`, green, then with
# SWIFTPORT_BUG=character-count failing exactly the expected vectors; the answers the in-process
# run recorded (CONFORMANCE_ANSWERS) complete with their trailer; `conformance judge` of them
# against `conformance pack`'s pack failing the same ids as Swift Testing's own report and as the
# adapter.
swift_adapter_and_answers() {
  local expected=$1 runner=$2 adapter="Examples/SwiftPort/.build/debug/swiftport-adapter"
  local -a expected_ids
  mapfile -t expected_ids <<<"$expected"
  conforms swift-adapter "exec $adapter"
  catches swift-adapter "SWIFTPORT_BUG=character-count exec $adapter" character-count "${expected_ids[@]}"
  explores swift "SWIFTPORT_BUG=character-count exec $adapter" "exec $adapter" leeep.user-id \
    "${expected_ids[@]#leeep.user-id }"
  local answers="$work/swift-answers.jsonl"
  if [[ "$(head -c 40 "$answers" 2>/dev/null)" == '{"format": "conformance-answers/1", "imp' \
    && "$(tail -n 1 "$answers" 2>/dev/null)" == '{"end": true, "count": 934}' ]]; then
    pass "Examples/SwiftPort recorded its 934 answers, header and trailer (CONFORMANCE_ANSWERS)"
  else
    fail "Examples/SwiftPort's answers: expected a header, 934 answers and the trailer; last line: $(tail -n 1 "$answers" 2>&1 | head -c 200)"
  fi
  judge_agrees "character-count" "$answers" "$expected" "$runner" "$work/swift-adapter-bug.xml"
}

# explores KIT COMMAND FIXED-COMMAND SUITE VECTOR-ID...: with the vectors that catch the planted
# bug removed from a copy of the corpus, run no longer catches it; `conformance explore` (seed 1,
# 5,000 cases: the same cases on every run; each kit's bug shows in the first few hundred) finds
# it, its files lint clean, its minimal cases as a vectors root fail the buggy example and pass
# the reference, and `explore --replay` passes the example without its bug (docs/explore.md).
explores() {
  local kit=$1 command=$2 fixed=$3 suite=$4 without="$work/$1-without" out="$work/$1-explore"
  local log="$work/$1-explore.log" status
  shift 4
  cp -r Vectors "$without" && rm -f "$without/manifest.json"
  if ! python3 - "$without" "$suite" "$@" >>"$log" 2>&1 <<'PY'
import json, pathlib, sys
root, suite, ids = pathlib.Path(sys.argv[1]), sys.argv[2], set(sys.argv[3:])
removed = set()
for path in root.rglob("*.json"):
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and data.get("suite") == suite and isinstance(data.get("tests"), list):
        kept = [t for t in data["tests"] if t.get("id") not in ids]
        if len(kept) != len(data["tests"]):
            removed |= {t.get("id") for t in data["tests"]} - {t.get("id") for t in kept}
            data["tests"] = kept
            path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
if ids - removed:
    sys.exit(f"no {suite} vector with the id " + ", ".join(sorted(ids - removed)))
PY
  then
    fail "$kit explore: the vectors that catch the bug could not be removed from a copy of the corpus"
    show_log "$log"
    return 1
  fi
  "$conformance" run --vectors "$without" --suite "$suite" --adapter "$command" --junit "$work/$1-without.xml" >>"$log" 2>&1
  status=$?
  if ((status != 0)); then
    fail "$kit explore: without the $# vectors that catch it, run should pass the buggy example (exit $status)"
    show_log "$log"
    return 1
  fi
  "$conformance" explore --adapter "$command" --suite "$suite" --vectors "$without" --cases 5000 --seed 1 \
    --out "$out" >>"$log" 2>&1
  status=$?
  if ((status == 1)) && [[ -n "$(ls "$out"/vectors/explored-*.json 2>/dev/null)" ]]; then
    pass "$kit explore: found the planted bug with the vectors that catch it removed ($#) (exit 1, $(grep -c '^FAIL' "$log") findings; $(sed -n 's/^\(5000 cases in [0-9.]* s\).*/\1/p' "$log"))"
  else
    fail "$kit explore: exit $status, expected 1 with a vector file in $out/vectors"
    show_log "$log"
    return 1
  fi
  quiet "$kit explore: its vector files lint clean" "$conformance" lint "$out/vectors"
  "$conformance" run --vectors "$out/vectors" --adapter "$command" --junit "$work/$1-explored.xml" >>"$log" 2>&1
  status=$?
  if ((status == 1)); then
    pass "$kit explore: the minimal cases fail the buggy example (exit 1)"
  else
    fail "$kit explore: the minimal cases against the buggy example: exit $status, expected 1"
    show_log "$log"
  fi
  quiet "$kit explore: the minimal cases pass the reference" \
    "$conformance" run --vectors "$out/vectors" --junit "$work/$1-explored-reference.xml"
  quiet "$kit explore: the minimal cases pass the example without its bug (explore --replay)" \
    "$conformance" explore --replay "$out" --adapter "$fixed"
}

need python3 "reading the JUnit reports" "apt-get install python3" || exit 1
if [[ -z "${CONFORMANCE:-}" ]]; then
  # The harness the adapters run under: the main job's release build (a no-op when it is current).
  quiet "conformance harness built ($conformance)" swift build -c release --product conformance || exit 1
fi

for kit in "${kits[@]}"; do
  start="$(date +%s.%N)"
  echo "== $kit kit"
  case $kit in
    python)
      if need python3 "python kit" "apt-get install python3"; then
        quiet "python kit tests (python3 -m unittest)" python3 -m unittest discover -s Kits/python -t Kits/python
        conforms python "exec python3 Kits/python/example_adapter.py"
        catches python "exec python3 Kits/python/example_adapter.py --bug trailing-newline" trailing-newline \
          "leeep.fid trailing-newline"
        explores python "exec python3 Kits/python/example_adapter.py --bug trailing-newline" \
          "exec python3 Kits/python/example_adapter.py" leeep.fid trailing-newline
        own_suite
        if ensure_pytest; then
          quiet "python kit pytest plugin tests (python3 -m pytest Kits/python/pytest_kit_tests)" \
            python3 -m pytest -p no:cacheprovider -q Kits/python/pytest_kit_tests
          python_in_process "leeep.fid trailing-newline"
        else
          fail "python kit: pytest is not installed and could not be installed (pip install pytest)"
        fi
      fi
      ;;
    node)
      if need node "node kit" "apt-get install nodejs"; then
        quiet "node kit tests (node --test)" node --test Kits/node/test/
        conforms node "exec node Kits/node/example-adapter.js"
        catches node "exec node Kits/node/example-adapter.js --bug regexp-s" regexp-s \
          "leeep.user-id not-whitespace.byte-order-mark" \
          "leeep.user-id not-whitespace.byte-order-mark.between-spaces" \
          "leeep.user-id whitespace.all" \
          "leeep.user-id whitespace.next-line" \
          "leeep.user-id whitespace.next-line.run"
        explores node "exec node Kits/node/example-adapter.js --bug regexp-s" "exec node Kits/node/example-adapter.js" \
          leeep.user-id not-whitespace.byte-order-mark not-whitespace.byte-order-mark.between-spaces \
          whitespace.all whitespace.next-line whitespace.next-line.run
        node_in_process \
          "leeep.user-id not-whitespace.byte-order-mark" \
          "leeep.user-id not-whitespace.byte-order-mark.between-spaces" \
          "leeep.user-id whitespace.all" \
          "leeep.user-id whitespace.next-line" \
          "leeep.user-id whitespace.next-line.run"
      fi
      ;;
    java)
      if need javac "java kit" "apt-get install default-jdk-headless" \
        && need java "java kit" "apt-get install default-jdk-headless"; then
        gson="${GSON_JAR:-/usr/share/java/gson.jar}"
        # Before the build, which compiles the in-process kit and its Kotlin example only when
        # JUnit 5 and kotlinc are there.
        install_debian "JUnit 5 console launcher and kotlinc" "junit5 kotlin" \
          "${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}" kotlinc \
          "${KOTLIN_STDLIB_JAR:-/usr/share/java/kotlin-stdlib.jar}"
        # Built outside the kit's folder (--out), as a team builds it into its own tree.
        jars="$work/java-kit"
        classpath="$jars/conformance-adapter.jar:$jars/example-adapter.jar:$gson"
        if quiet "java kit built (Kits/java/build.sh --out, warnings as errors)" \
          env JAVAC_WERROR=1 Kits/java/build.sh --out "$jars"; then
          if [[ -n "$(find Kits/java -newer "$work" -print -quit)" ]]; then
            fail "java kit built with --out wrote into Kits/java/build"
          else
            pass "java kit built with --out left Kits/java as it was"
          fi
          quiet "java kit tests" java "${jvm_flags[@]}" -cp "$jars/kit-tests.jar:$classpath" \
            conformance.kittest.ConformanceAdapterTest
          conforms java "exec java ${jvm_flags[*]} -cp $classpath conformance.example.ExampleAdapter"
          catches java "exec java ${jvm_flags[*]} -cp $classpath conformance.example.ExampleAdapter --bug java-whitespace" \
            java-whitespace \
            "${java_whitespace_ids[@]}"
          explores java "exec java ${jvm_flags[*]} -cp $classpath conformance.example.ExampleAdapter --bug java-whitespace" \
            "exec java ${jvm_flags[*]} -cp $classpath conformance.example.ExampleAdapter" \
            leeep.user-id "${java_whitespace_ids[@]#leeep.user-id }"
          java_in_process "$jars" "$gson"
        fi
      fi
      ;;
    swift)
      package=(--package-path Examples/SwiftPort)
      if quiet "Examples/SwiftPort built (swift build --build-tests)" swift build --build-tests "${package[@]}"; then
        # Issues are read from the XUnit report: Swift Testing's console output, redirected to
        # a file, was seen to drop lines now and then. XCTest writes no XUnit report on Linux:
        # its failures are read from its console lines (xctest_failures).
        log="$work/swift.log"
        swift test --skip-build "${package[@]}" --skip WrongOutcome --xunit-output "$work/swift.xml" >"$log" 2>&1
        status=$?
        counts="$(python3 Kits/junit_summary.py "$work/swift-swift-testing.xml" counts 2>>"$log")"
        read -r tests skipped failed errored <<<"${counts:-0 0 0 0}"
        if ((status == 0 && tests == 2 && skipped == 0 && failed == 0 && errored == 0)); then
          pass "Examples/SwiftPort swift test: the leeep.fid and leeep.user-id tests, one case per vector, passed (exit 0)"
        else
          fail "Examples/SwiftPort swift test: exit $status, $tests tests, $failed failed; expected exit 0 with 2 tests passed"
          show_log "$log"
        fi
        if ((status == 0)) && grep -q "Test Case 'UserIDXCTests.testUserIDVectors' passed" "$log"; then
          pass "Examples/SwiftPort XCTest: UserIDXCTests (XCTAssertConformance over every leeep.user-id vector) passed"
        else
          fail "Examples/SwiftPort XCTest: UserIDXCTests.testUserIDVectors did not pass (exit $status)"
          show_log "$log"
        fi
        log="$work/swift-bug.log"
        SWIFTPORT_BUG=character-count CONFORMANCE_ANSWERS="$work/swift-answers.jsonl" \
          swift test --skip-build "${package[@]}" --skip WrongOutcome \
          --xunit-output "$work/swift-bug.xml" >"$log" 2>&1
        status=$?
        character_count_ids="$(printf '%s\n' \
          "leeep.user-id length.256-2-byte" \
          "leeep.user-id length.256-3-byte-and-1-byte" \
          "leeep.user-id length.256-4-byte" \
          "leeep.user-id length.256-4-byte-and-1-byte" \
          "leeep.user-id length.256-4-byte-and-3-byte" \
          "leeep.user-id length.256-mixed-widths" \
          "leeep.user-id length.257-one-grapheme" \
          "leeep.user-id length.258-3-byte" \
          "leeep.user-id length.258-nfd" \
          "leeep.user-id order.256-no-break-spaces" \
          "leeep.user-id order.258-ideographic-spaces" | sort)"
        same_failures "Examples/SwiftPort swift test with SWIFTPORT_BUG=character-count" "$status" \
          "$character_count_ids" \
          "$(python3 Kits/junit_summary.py "$work/swift-bug-swift-testing.xml" issues 2>>"$log")" \
          "$log"
        same_failures "Examples/SwiftPort XCTest with SWIFTPORT_BUG=character-count" "$status" \
          "$character_count_ids" "$(xctest_failures "$log")" "$log"
        wrong_outcome_checks
        swift_adapter_and_answers "$character_count_ids" \
          "$(python3 Kits/junit_summary.py "$work/swift-bug-swift-testing.xml" issues 2>/dev/null)"
      fi
      ;;
  esac
  kit_done "$kit" "$start"
done

echo "kits checked: ${kits[*]}; time per kit: ${timings[*]}"
if ((problems)); then
  echo "kits: $problems checks FAILED"
  exit 1
fi
echo "kits: every check passed"

import ConformanceJSON
import ConformanceKit

/// Prints a run for a person: failures with their file, id, description, input, expected,
/// actual and the first difference; a progress line when stderr is a terminal; per-suite counts
/// and the closing `N passed, M failed` line.
///
/// Failures are printed when the run ends, at most ``failureLimit`` of them, taken in turn from
/// each suite (then load errors), so a capped list shows every failing suite rather than the
/// first failures of one file. Long values are cut with a `… N more bytes` marker
/// (``TextCap/console``); the reports have everything.
final class ConsoleReporter: RunObserver {
  let console: Console
  /// Failures printed in full; later ones are only counted (the JUnit report has them all).
  let failureLimit: Int
  /// The run's selection and roots, to name them when no test passes the filters.
  let selection: Selection
  let roots: [String]
  /// The implementation's name, to say which one implements none of the selected suites.
  var implementation = "the implementation"
  /// The subcommand its messages are from (`run`, `judge`).
  var command = "run"
  /// Whether an expectations file is in force: the table then counts expected failures in a
  /// column of their own.
  let showsExpectedFailures: Bool
  /// Problems kept for printing, per suite (at most ``failureLimit`` each), suites in the
  /// order their first problem came.
  private var kept: [String: [String]] = [:]
  private var groups: [String] = []
  private var fileCount = 0
  private var filesDone = 0
  private var testsDone = 0
  private var problems = 0
  private var progressShown = false
  /// Expected failures (listed, failed or errored, reported as skipped) per implementation (""
  /// in a run of one) and suite.
  private var expectedFailures: [String: [String: Int]] = [:]
  /// Flaky tests (`--reruns`: passed on a later try), at most ``failureLimit`` of them, and
  /// how many there were.
  private var flaky: [String] = []
  private var flakyCount = 0

  /// With `--compare` or `--history`: whether a test (implementation, suite, id) counted
  /// against the earlier run. Failures that did not are printed first, as new ones.
  var failedBefore: ((String, String, String) -> Bool)?
  /// The `since <run id>: …` line and what differs between the runs, once the run finished.
  var comparisonLines: () -> [String] = { [] }

  /// Lines naming the reports written, printed just before the closing line; called at the
  /// end of the run, after the report observers (which come first) have finished their files.
  let writtenReports: () -> [String]

  init(
    console: Console, failureLimit: Int, selection: Selection = Selection(), roots: [String] = [],
    showsExpectedFailures: Bool = false, writtenReports: @escaping () -> [String] = { [] }
  ) {
    self.selection = selection
    self.roots = roots
    self.console = console
    self.failureLimit = failureLimit
    self.showsExpectedFailures = showsExpectedFailures
    self.writtenReports = writtenReports
  }

  func runStarted(fileCount: Int) throws {
    self.fileCount = fileCount
  }

  func fileFinished(_ report: FileReport) throws {
    filesDone += 1
    let suite = report.suite ?? "?"
    let place = report.location.displayPath
    // `[name] ` before a result line in a run of several implementations.
    let tag = report.implementation.map { "[\(text($0))] " } ?? ""
    let owner = report.implementation ?? implementation
    // Compared with an earlier run, a suite's problems are kept in two groups, new and old.
    func group(_ id: String) -> String {
      guard let failedBefore else { return suite }
      return (failedBefore(owner, suite, id) ? "\u{1}old\u{0}" : "\u{1}new\u{0}") + suite
    }
    switch report.content {
    case .loadFailure(let failure):
      keep(console.painted("LOAD ERROR", "31") + " " + text(failure.description), group: "\u{0}load")
    case .results(let results):
      testsDone += results.count
      // Passes looked at where they are (`for result in` copied every whole result): only the
      // others, and flaky passes, are taken out.
      for index in results.indices {
        if case .passed = results[index].status, results[index].failedTries.isEmpty { continue }
        let result = results[index]
        switch result.status {
        case .passed:
          // Flaky: the plain passes were skipped above.
          flakyCount += 1
          if flaky.count < failureLimit {
            flaky.append(
              "\(console.painted("FLAKY", "33")) \(tag)\(text(suite)) \(text(result.id)) (\(text(place))): passed on try \(result.tryCount) of \(result.tryCount)\n"
                + result.failedTries.map { "  try \($0.number): \(text($0.message))" }.joined(separator: "\n"))
          }
          continue
        case .skipped:
          if result.expectedFailure != nil {
            expectedFailures[report.implementation ?? "", default: [:]][suite, default: 0] += 1
          }
        case .failed(let failure):
          let label =
            result.expectedFailure?.isUnexpectedPass == true
            ? console.painted("UNEXPECTED PASS", "35") : console.painted("FAIL", "31")
          // A long value (a 4,096-character token) is its length and a window around the
          // first difference, the same place in both.
          let shown = LongValue.pair(
            JSONSerializer.compact.string(from: failure.expected), JSONSerializer.compact.string(from: failure.actual))
          keep(
            "\(label) \(tag)\(text(suite)) \(text(result.id)) (\(text(place)))\n" + details(result)
              + """
                expected: \(text(shown.expected))
                actual:   \(text(shown.actual))
                differs:  \(text(failure.difference))
              """ + reasonLine(result) + logLines(result.log), group: group(result.id))
        case .errored(let message):
          keep(
            "\(console.painted("ERROR", "31")) \(tag)\(text(suite)) \(text(result.id)) (\(text(place)))\n"
              + details(result) + "  error:    \(block(message))" + logLines(result.log), group: group(result.id))
        }
      }
    }
    if console.errorIsTerminal {
      progressShown = true
      console.writeError("\r\u{1B}[K[\(filesDone)/\(fileCount) files] \(testsDone) tests, \(problems) problems")
    }
  }

  /// An unexpected pass's entry reason (the reports write it once per entry; the console shows it
  /// with the test, under the cap).
  private func reasonLine(_ result: TestResult) -> String {
    guard let match = result.expectedFailure, match.isUnexpectedPass else { return "" }
    return "\n  reason:   " + text(ExpectedFailures.reasonText(match.entry))
  }

  func runFinished(_ summary: RunSummary) throws {
    clearProgress()
    printProblems()
    printFlaky(summary)
    if let limit = summary.stoppedAtProblems {
      console.print("stopped at problem \(limit) (--max-failures \(limit)): the remaining tests were not run")
    }
    printTables(summary)
    printStaleAndAdapterProblems(summary)
    let totals = summary.totals
    var details: [String] = []
    if totals.loadErrors > 0 {
      details.append(Self.count(totals.loadErrors, "file failed", "files failed") + " to load")
    }
    if totals.errored > 0 { details.append(Self.count(totals.errored, "test", "tests") + " errored") }
    if !summary.staleExpectations.isEmpty {
      details.append(
        Self.count(summary.staleExpectations.count, "stale expected-failure entry", "stale expected-failure entries"))
    }
    if !summary.implementationProblems.isEmpty {
      details.append(Self.count(summary.implementationProblems.count, "adapter problem", "adapter problems"))
    }
    if !details.isEmpty { console.print(details.joined(separator: ", ")) }
    console.print(Self.filesLine(summary))
    for line in writtenReports() { console.print(text(line)) }
    for line in comparisonLines() { console.print(text(line)) }
    console.print(console.painted(closingLine(summary), summary.exitStatus == 0 ? "32" : "31"))
    if let reason = summary.nothingCheckedReason {
      console.printError("conformance \(command): " + text(reason))
    }
    if let reason = summary.unusedExcludesReason {
      console.printError("conformance \(command): " + text(reason))
    }
  }

  /// The problems kept, at most ``failureLimit``: suites first, in the order their first problem
  /// came, then load errors: taken in turn from each suite, every new failure (compared with an
  /// earlier run) before the old, and the files that did not load after all of them, never
  /// between two suites' failures.
  private func printProblems() {
    let items = groups.filter { $0 != "\u{0}load" }.flatMap { group in kept[group]!.map { (group, $0) } }
    let isNew = { (item: (String, String)) in item.0.hasPrefix("\u{1}new") }
    let shownNew = roundRobin(items.filter(isNew), limit: failureLimit) { $0.0 }
    var shown =
      shownNew + roundRobin(items.filter { !isNew($0) }, limit: failureLimit - shownNew.count) { $0.0 }
    shown += (kept["\u{0}load"] ?? []).prefix(failureLimit - shown.count).map { ("\u{0}load", $0) }
    var heading: String? = nil
    for item in shown {
      if failedBefore != nil, !item.0.hasPrefix("\u{0}") {
        let next = isNew(item) ? "new since the last run:" : "failing before too:"
        if next != heading { console.print(console.painted(next, "1")) }
        heading = next
      }
      console.print(item.1)
    }
    let hidden = problems - shown.count
    if hidden > 0 {
      console.print(
        "… and \(hidden) more problems not shown (see the JUnit report; --show-failures N shows more)")
    }
  }

  /// The flaky tests (`--reruns`), at most ``failureLimit`` of them.
  private func printFlaky(_ summary: RunSummary) {
    guard flakyCount > 0 else { return }
    console.print("")
    console.print(
      "\(flakyCount) flaky \(flakyCount == 1 ? "test" : "tests") (failed, then passed on a rerun; counted as passed\(summary.failsOnFlaky ? ", failing the run: --fail-on-flaky" : "")):"
    )
    for line in flaky { console.print(line) }
    if flakyCount > flaky.count {
      console.print("… and \(flakyCount - flaky.count) more flaky tests not shown (the JSON report lists them all)")
    }
  }

  /// The counts per suite; in a run of several implementations, a table per implementation.
  private func printTables(_ summary: RunSummary) {
    // Files whose suite could not be read (a stale manifest, a file that is not JSON) are a
    // row of their own, so the rows add up to the total row and the closing line.
    let suiteLoadErrors = summary.bySuite.values.reduce(0) { $0 + $1.loadErrors }
    var outsideSuites = Counts()
    outsideSuites.loadErrors = summary.totals.loadErrors - suiteLoadErrors
    if summary.implementations.isEmpty {
      printTable(summary.bySuite, expected: expectedFailures[""] ?? [:], outsideSuites: outsideSuites)
      return
    }
    // A table per implementation; files that failed to load belong to none of them.
    for implementation in summary.implementations {
      console.print("")
      let counts = summary.byImplementation[implementation] ?? Counts()
      console.print(
        "implementation \(text(implementation)): \(counts.passed) passed, \(counts.failed) failed"
          + (counts.errored > 0 ? ", " + Self.count(counts.errored, "error", "errors") : "")
          + (counts.skipped > 0 ? ", \(counts.skipped) skipped" : ""))
      printTable(
        summary.bySuiteByImplementation[implementation] ?? [:], expected: expectedFailures[implementation] ?? [:],
        blankLine: false)
    }
    if !summary.drift.isEmpty {
      console.print("")
      console.print(
        "\(summary.drift.count) tests on which the implementations disagree (the HTML and JSON reports list them)")
    }
  }

  /// Stale expectations entries, under the same cap as the failures (a million-entry list gone
  /// stale is not a million lines), and the adapters' problems.
  private func printStaleAndAdapterProblems(_ summary: RunSummary) {
    if !summary.staleExpectations.isEmpty { console.print("") }
    for stale in summary.staleExpectations.prefix(failureLimit) {
      console.print(console.painted("STALE", "33") + " \(text(stale.message))")
    }
    if summary.staleExpectations.count > failureLimit {
      console.print(
        "… and \(summary.staleExpectations.count - failureLimit) more stale entries not shown (see the JUnit report; --show-failures N shows more)"
      )
    }
    if !summary.implementationProblems.isEmpty { console.print("") }
    for problem in summary.implementationProblems {
      console.print(console.painted("ADAPTER", "31") + " \(text(problem))")
    }
  }

  /// The closing line counts what the table's total row counts, in its columns (errors: tests
  /// that errored and files that did not load), then the problems outside the table. A red run
  /// never says "0 failed": with no failure it names only its other problems ("3 passed, 4
  /// errors"), so no reader of "N passed, N failed" takes it for a pass.
  private func closingLine(_ summary: RunSummary) -> String {
    let totals = summary.totals
    let errors = totals.errored + totals.loadErrors
    let otherProblems = errors + summary.staleExpectations.count + summary.implementationProblems.count
    var closing = "\(totals.passed) passed\(totals.flaky > 0 ? " (\(totals.flaky) flaky)" : "")"
    if totals.failed > 0 || otherProblems == 0 { closing += ", \(totals.failed) failed" }
    if errors > 0 { closing += ", " + Self.count(errors, "error", "errors") }
    if !summary.staleExpectations.isEmpty {
      closing +=
        ", "
        + Self.count(summary.staleExpectations.count, "stale expected-failure entry", "stale expected-failure entries")
    }
    if !summary.implementationProblems.isEmpty {
      closing += ", " + Self.count(summary.implementationProblems.count, "adapter problem", "adapter problems")
    }
    let expected = expectedFailures.values.flatMap(\.values).reduce(0, +)
    if expected > 0 { closing += ", \(expected) expected \(expected == 1 ? "failure" : "failures")" }
    if totals.skipped - expected > 0 { closing += ", \(totals.skipped - expected) skipped" }
    if let interruption = summary.interruption { closing += "; \(interruption.message)" }
    // A run that checked nothing says so first: "0 passed, 0 failed" alone reads like a pass.
    if summary.nothingCheckedReason != nil { closing = "nothing checked: " + closing }
    return closing
  }

  /// Why a run that checked nothing exits 2 (``Selection/nothingSelectedMessage(roots:)``).
  static func nothingSelected(_ selection: Selection, roots: [String]) -> String {
    selection.nothingSelectedMessage(roots: roots)
  }

  /// `12 files in 0.034 s`, counting the files that ran a test (or failed to load), and how many
  /// were loaded when that is more.
  static func filesLine(_ summary: RunSummary) -> String {
    let time = formatSeconds(summary.nanoseconds)
    guard summary.filesRun != summary.files else { return "\(count(summary.files, "file", "files")) in \(time) s" }
    return "\(count(summary.filesRun, "file", "files")) run in \(time) s (of \(summary.files) loaded)"
  }

  /// `1 test`, `2 tests`.
  static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
    "\(value) \(value == 1 ? singular : plural)"
  }

  /// Suite names in the contract's order, others after them by name.
  static func ordered(_ suites: some Sequence<String>) -> [String] {
    suites.sorted { a, b in
      (Contract.suites.firstIndex(of: a) ?? Int.max, a) < (Contract.suites.firstIndex(of: b) ?? Int.max, b)
    }
  }

  /// The counts per suite; expected failures in a column of their own when an expectations file
  /// is in force (they are skipped tests in the reports).
  /// With more than one row, a `total` row sums them; load errors of files outside any suite
  /// are the `(no suite)` row.
  private func printTable(
    _ bySuite: [String: Counts], expected expectedBySuite: [String: Int], outsideSuites: Counts = Counts(),
    blankLine: Bool = true
  ) {
    var rows = Self.ordered(bySuite.keys).map { (text($0), bySuite[$0]!, expectedBySuite[$0] ?? 0) }
    if outsideSuites.loadErrors > 0 { rows.append(("(no suite)", outsideSuites, 0)) }
    guard !rows.isEmpty else { return }
    if rows.count > 1 {
      rows.append(("total", rows.reduce(Counts()) { $0 + $1.1 }, rows.reduce(0) { $0 + $1.2 }))
    }
    if blankLine { console.print("") }
    let width = max(5, rows.map(\.0.count).max() ?? 0)
    console.print(
      "suite".padding(toLength: width) + "  passed  failed  errors" + (showsExpectedFailures ? "  xfailed" : "")
        + "  skipped")
    for (name, counts, expected) in rows {
      console.print(
        name.padding(toLength: width) + "  " + column(counts.passed, 6) + "  " + column(counts.failed, 6) + "  "
          + column(counts.errored + counts.loadErrors, 6)
          + (showsExpectedFailures ? "  " + column(expected, 7) : "") + "  "
          + column(counts.skipped - (showsExpectedFailures ? expected : 0), 7))
    }
  }

  /// The last lines of what an adapter wrote on standard error during the test, indented.
  private func logLines(_ log: String?) -> String {
    guard let log, !log.isEmpty else { return "" }
    var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let shown = lines.suffix(20)
    let header = lines.count > shown.count ? "  stderr (last \(shown.count) of \(lines.count) lines):" : "  stderr:"
    return "\n" + ([header] + shown.map { ConsoleText.continuation + text($0) }).joined(separator: "\n")
  }

  /// The description and input lines of a failing test.
  private func details(_ result: TestResult) -> String {
    var text = ""
    if let description = result.description, !description.isEmpty {
      text += "  description: \(self.text(description))\n"
    }
    if let input = result.input {
      text += "  input:    \(self.text(LongValue.shown(JSONSerializer.compact.string(from: input))))\n"
    }
    return text
  }

  private func keep(_ text: String, group: String) {
    problems += 1
    if kept[group] == nil {
      kept[group] = []
      groups.append(group)
    }
    if kept[group]!.count < failureLimit { kept[group]!.append(text) }
  }

  private func clearProgress() {
    if progressShown {
      console.writeError("\r\u{1B}[K")
      progressShown = false
    }
  }

  private func render(_ value: JSONValue) -> String {
    text(JSONSerializer.compact.string(from: value))
  }

  /// Untrusted text on one line: cut to the console's cap, every control character escaped
  /// (``ConsoleText``).
  private func text(_ value: String) -> String { ConsoleText.escape(TextCap.cut(value, limit: TextCap.console)) }

  /// A message that may hold several lines, cut to the console's cap (``ConsoleText/escapeLines(_:)``).
  private func block(_ message: String) -> String {
    ConsoleText.escapeLines(TextCap.cut(message, limit: TextCap.console))
  }

  private func column(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}

/// Seconds with exactly three decimals from nanoseconds, without locale or floating point.
public func formatSeconds(_ nanoseconds: UInt64) -> String {
  let milliseconds = (nanoseconds + 500_000) / 1_000_000
  let fraction = String(milliseconds % 1000)
  return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

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
  /// Expected failures (listed, failed or errored, reported as skipped) per suite.
  private var expectedFailures: [String: Int] = [:]

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
    switch report.content {
    case .loadFailure(let failure):
      keep(console.painted("LOAD ERROR", "31") + " " + cut(failure.description), group: "\u{0}load")
    case .results(let results):
      testsDone += results.count
      for result in results {
        switch result.status {
        case .passed:
          continue
        case .skipped:
          if result.expectedFailure != nil { expectedFailures[suite, default: 0] += 1 }
        case .failed(let failure):
          let label =
            result.expectedFailure?.isUnexpectedPass == true
            ? console.painted("UNEXPECTED PASS", "35") : console.painted("FAIL", "31")
          keep(
            "\(label) \(suite) \(result.id) (\(place))\n" + details(result)
              + """
                expected: \(render(failure.expected))
                actual:   \(render(failure.actual))
                differs:  \(cut(failure.difference))
              """, group: suite)
        case .errored(let message):
          keep(
            "\(console.painted("ERROR", "31")) \(suite) \(result.id) (\(place))\n" + details(result)
              + "  error:    \(cut(message))", group: suite)
        }
      }
    }
    if console.errorIsTerminal {
      progressShown = true
      console.writeError("\r\u{1B}[K[\(filesDone)/\(fileCount) files] \(testsDone) tests, \(problems) problems")
    }
  }

  func runFinished(_ summary: RunSummary) throws {
    clearProgress()
    // Suites first, in the order their first problem came, then load errors.
    let order = groups.filter { $0 != "\u{0}load" } + groups.filter { $0 == "\u{0}load" }
    let items = order.flatMap { group in kept[group]!.map { (group, $0) } }
    let shown = roundRobin(items, limit: failureLimit) { $0.0 }
    for item in shown { console.print(item.1) }
    let hidden = problems - shown.count
    if hidden > 0 {
      console.print(
        "… and \(hidden) more problems not shown (see the JUnit report; --show-failures N shows more)")
    }
    if let limit = summary.stoppedAtProblems {
      console.print("stopped at problem \(limit) (--max-failures \(limit)): the remaining tests were not run")
    }
    let suites = summary.bySuite.keys.sorted { a, b in
      (Contract.suites.firstIndex(of: a) ?? Int.max, a) < (Contract.suites.firstIndex(of: b) ?? Int.max, b)
    }
    if !suites.isEmpty {
      console.print("")
      let width = max(5, suites.map(\.count).max() ?? 0)
      console.print(
        "suite".padding(toLength: width) + "  passed  failed  errors" + (showsExpectedFailures ? "  xfailed" : "")
          + "  skipped")
      for suite in suites {
        let counts = summary.bySuite[suite]!
        let expected = expectedFailures[suite] ?? 0
        console.print(
          suite.padding(toLength: width) + "  " + column(counts.passed, 6) + "  " + column(counts.failed, 6) + "  "
            + column(counts.errored + counts.loadErrors, 6)
            + (showsExpectedFailures ? "  " + column(expected, 7) : "") + "  "
            + column(counts.skipped - (showsExpectedFailures ? expected : 0), 7))
      }
    }
    if !summary.staleExpectations.isEmpty { console.print("") }
    for stale in summary.staleExpectations { console.print(console.painted("STALE", "33") + " \(stale.message)") }
    let totals = summary.totals
    var details: [String] = []
    if totals.loadErrors > 0 { details.append("\(totals.loadErrors) files failed to load") }
    if totals.errored > 0 { details.append("\(totals.errored) tests errored") }
    let stale = summary.staleExpectations.count
    if stale > 0 { details.append("\(stale) stale expected-failure entries") }
    if !details.isEmpty { console.print(details.joined(separator: ", ")) }
    console.print("\(summary.files) files in \(formatSeconds(summary.nanoseconds)) s")
    for line in writtenReports() { console.print(line) }
    // The closing line counts every problem as failed, so it never says "0 failed" on a red run.
    var closing = "\(totals.passed) passed, \(totals.failed + totals.errored + totals.loadErrors + stale) failed"
    let expected = expectedFailures.values.reduce(0, +)
    if expected > 0 { closing += ", \(expected) expected \(expected == 1 ? "failure" : "failures")" }
    if totals.skipped - expected > 0 { closing += ", \(totals.skipped - expected) skipped" }
    console.print(console.painted(closing, summary.exitStatus == 0 ? "32" : "31"))
    if summary.nothingSelected {
      console.printError("conformance run: " + Self.nothingSelected(selection, roots: roots))
    }
    if summary.nothingCheckable {
      console.printError(
        "conformance run: \(implementation) implements none of the selected tests' suites "
          + "(\(suites.filter { summary.bySuite[$0]!.tests > 0 }.joined(separator: ", "))): "
          + "every test was skipped, nothing was checked")
    }
  }

  /// Why a run that checked nothing exits 2: the filters that matched no test, with a close
  /// standard tag for a misspelt one.
  static func nothingSelected(_ selection: Selection, roots: [String]) -> String {
    guard selection.hasFilters else {
      return "no test found under \(roots.joined(separator: ", ")): nothing was checked"
    }
    var message = "no test matches the selection \(selection.filterArguments): nothing was checked"
    let tags = selection.tags.map { ("--tag", $0) } + selection.excludedTags.map { ("--exclude-tag", $0) }
    for (option, tag) in tags where !Contract.standardTags.contains(tag) {
      if let close = Contract.standardTags.first(where: { editDistance($0, tag) <= 2 }) {
        message += " (did you mean \(option) \(close)?)"
        break
      }
    }
    return message
  }

  /// The description and input lines of a failing test.
  private func details(_ result: TestResult) -> String {
    var text = ""
    if let description = result.description, !description.isEmpty { text += "  description: \(cut(description))\n" }
    if let input = result.input { text += "  input:    \(render(input))\n" }
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
    cut(JSONSerializer.compact.string(from: value))
  }

  private func cut(_ text: String) -> String { TextCap.cut(text, limit: TextCap.console) }

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

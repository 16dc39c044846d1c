import ConformanceJSON
import ConformanceKit

/// Prints a run for a person: each failure with its file, id, expected, actual and the first
/// difference; a progress line when stderr is a terminal; per-suite counts and the closing
/// `N passed, M failed` line.
final class ConsoleReporter: RunObserver {
  let console: Console
  /// Failures printed in full; later ones are only counted (the JUnit report has them all).
  let failureLimit: Int
  private var printedFailures = 0
  private var hiddenFailures = 0
  private var fileCount = 0
  private var filesDone = 0
  private var testsDone = 0
  private var problems = 0
  private var progressShown = false

  /// Lines naming the reports written, printed just before the closing line; called at the
  /// end of the run, after the report observers (which come first) have finished their files.
  let writtenReports: () -> [String]

  init(console: Console, failureLimit: Int, writtenReports: @escaping () -> [String] = { [] }) {
    self.console = console
    self.failureLimit = failureLimit
    self.writtenReports = writtenReports
  }

  func runStarted(fileCount: Int) throws {
    self.fileCount = fileCount
  }

  func fileFinished(_ report: FileReport) throws {
    filesDone += 1
    switch report.content {
    case .loadFailure(let failure):
      problems += 1
      show("LOAD ERROR \(ConsoleText.escape(failure.description))")
    case .results(let results):
      testsDone += results.count
      for result in results {
        switch result.status {
        case .passed, .skipped:
          continue
        case .failed(let failure):
          problems += 1
          show(
            """
            FAIL \(text(report.suite ?? "?")) \(text(result.id)) (\(text(report.location.displayPath)))
              expected: \(text(render(failure.expected)))
              actual:   \(text(render(failure.actual)))
              differs:  \(text(failure.difference))
            """)
        case .errored(let message):
          problems += 1
          show(
            "ERROR \(text(report.suite ?? "?")) \(text(result.id)) (\(text(report.location.displayPath)))\n  \(text(message))"
          )
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
    if hiddenFailures > 0 {
      console.print(
        "… and \(hiddenFailures) more problems not shown (see the JUnit report; --show-failures N shows more)")
    }
    let suites = summary.bySuite.keys.sorted { a, b in
      (Contract.suites.firstIndex(of: a) ?? Int.max, a) < (Contract.suites.firstIndex(of: b) ?? Int.max, b)
    }
    if !suites.isEmpty {
      console.print("")
      let width = max(5, suites.map(\.count).max() ?? 0)
      console.print("suite".padding(toLength: width) + "  passed  failed  errors  skipped")
      for suite in suites {
        let counts = summary.bySuite[suite]!
        console.print(
          text(suite).padding(toLength: width) + "  " + column(counts.passed, 6) + "  " + column(counts.failed, 6)
            + "  " + column(counts.errored + counts.loadErrors, 6) + "  " + column(counts.skipped, 7))
      }
    }
    if !summary.staleExpectations.isEmpty { console.print("") }
    for stale in summary.staleExpectations { console.print("STALE \(text(stale.message))") }
    let totals = summary.totals
    var details: [String] = []
    if totals.loadErrors > 0 { details.append("\(totals.loadErrors) files failed to load") }
    if totals.errored > 0 { details.append("\(totals.errored) tests errored") }
    let stale = summary.staleExpectations.count
    if stale > 0 { details.append("\(stale) stale expected-failure entries") }
    if !details.isEmpty { console.print(details.joined(separator: ", ")) }
    console.print("\(summary.files) files in \(formatSeconds(summary.nanoseconds)) s")
    for line in writtenReports() { console.print(text(line)) }
    // The closing line counts every problem as failed, so it never says "0 failed" on a red run.
    var closing = "\(totals.passed) passed, \(totals.failed + totals.errored + totals.loadErrors + stale) failed"
    if totals.skipped > 0 { closing += ", \(totals.skipped) skipped" }
    if let interruption = summary.interruption { closing += "; \(interruption.message)" }
    console.print(closing)
  }

  private func show(_ text: String) {
    guard printedFailures < failureLimit else {
      hiddenFailures += 1
      return
    }
    printedFailures += 1
    clearProgress()
    console.print(text)
  }

  private func clearProgress() {
    if progressShown {
      console.writeError("\r\u{1B}[K")
      progressShown = false
    }
  }

  /// Untrusted text as printed (``ConsoleText``).
  private func text(_ untrusted: String) -> String { ConsoleText.escape(untrusted) }

  private func render(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: value)
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

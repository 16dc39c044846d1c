import ConformanceJSON
import ConformanceKit
import ConformanceXML

/// The tries of a rerun test (`--reruns`) in a JUnit testcase, as Maven Surefire writes them
/// (its `surefire-test-report-3.0.xsd`), which Jenkins' JUnit plugin and other readers know:
///
/// - a flaky test (passed on a later try) passes and holds a `<flakyFailure>` or `<flakyError>`
///   for each try that failed or errored;
/// - a test that failed every try keeps its `<failure>` or `<error>` (the first try) and holds a
///   `<rerunFailure>` or `<rerunError>` for each rerun.
///
/// Each element has `message` (the difference or the error) and `type` (`mismatch`,
/// `implementation-error`) attributes, the wrong answer as text in a `<stackTrace>` child (the
/// schema requires one) and what the adapter logged during the try in `<system-err>`. The
/// schema fixes the order: failure, rerunFailure, flakyFailure, skipped, error, rerunError,
/// flakyError, system-out, system-err.
///
/// The strict flavour (junit-10, Jenkins' xunit plugin) has none of these elements and refuses
/// a report with them, so there each try is described in the testcase's `<system-out>` instead.
struct JUnitTries {
  let result: TestResult
  let strict: Bool
  /// The test's final answer passed (flaky; also an expected failure that passed on a rerun):
  /// its tries are `flaky…`, else `rerun…`.
  let flaky: Bool

  init(_ result: TestResult, strict: Bool) {
    self.result = result
    self.strict = strict
    switch result.status {
    case .passed: flaky = true
    case .failed: flaky = result.expectedFailure?.isUnexpectedPass == true
    case .errored, .skipped: flaky = false
    }
  }

  private var failures: [FailedTry] { result.failedTries.filter(\.isFailure) }
  private var errors: [FailedTry] { result.failedTries.filter { !$0.isFailure } }

  /// What goes before the testcase's outcome element: the `<rerunFailure>`s of a test whose
  /// first try errored (or was then listed as an expected failure), as the schema orders them.
  func writeBeforeOutcome(to writer: XMLWriter) throws(XMLWriterError) {
    guard !strict, !flaky else { return }
    if case .failed = result.status { return }
    for attempt in failures { try write(attempt, element: "rerunFailure", to: writer) }
  }

  /// What goes after the outcome element, before the testcase's `<system-err>`.
  func writeAfterOutcome(to writer: XMLWriter) throws(XMLWriterError) {
    if strict {
      try writer.startElement("system-out")
      try writer.text(strictText())
      try writer.endElement()
      return
    }
    if flaky {
      for attempt in failures { try write(attempt, element: "flakyFailure", to: writer) }
      for attempt in errors { try write(attempt, element: "flakyError", to: writer) }
      return
    }
    if case .failed = result.status {
      for attempt in failures { try write(attempt, element: "rerunFailure", to: writer) }
    }
    for attempt in errors { try write(attempt, element: "rerunError", to: writer) }
  }

  private func write(_ attempt: FailedTry, element: String, to writer: XMLWriter) throws(XMLWriterError) {
    try writer.startElement(element)
    try writer.attribute("message", TextCap.cut(attempt.message, limit: TextCap.message))
    try writer.attribute("type", attempt.isFailure ? "mismatch" : "implementation-error")
    try writer.startElement("stackTrace")
    try writer.text(answerText(attempt))
    try writer.endElement()
    if let log = attempt.log, !log.isEmpty {
      try writer.startElement("system-err")
      try writer.text(log)
      try writer.endElement()
    }
    try writer.endElement()
  }

  /// The try as the testcase's failure text shows a mismatch or an error: the test's
  /// description and input, the expected outcome, then the answer and the difference, or the
  /// error.
  private func answerText(_ attempt: FailedTry) -> String {
    var text = "try \(attempt.number) of \(result.tryCount)\n" + JUnitReportWriter.describing(result)
    text += "expected: \(JUnitReportWriter.quoted(result.expected.json))\n"
    switch attempt.status {
    case .failed(let failure):
      text += "actual: \(JUnitReportWriter.quoted(failure.actual))\n"
      text += "difference: \(TextCap.cut(failure.difference, limit: TextCap.quotedValue))\n"
    case .errored(let message), .skipped(let message):
      text += "error: \(TextCap.cut(message, limit: TextCap.quotedValue))\n"
    case .passed:
      break
    }
    return text
  }

  /// Strict flavour: every failed try in one text, one line per value.
  private func strictText() -> String {
    let verdict =
      flaky ? "passed on try \(result.tryCount) of \(result.tryCount) (flaky)" : "failed all \(result.tryCount) tries"
    var lines = ["--reruns: \(verdict)"]
    for attempt in result.failedTries {
      var line = "try \(attempt.number): \(attempt.isFailure ? "mismatch" : "error"): "
      line += TextCap.cut(attempt.message, limit: TextCap.message)
      if case .failed(let failure) = attempt.status {
        line += "; actual: " + TextCap.cut(JSONSerializer.compact.string(from: failure.actual), limit: TextCap.message)
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

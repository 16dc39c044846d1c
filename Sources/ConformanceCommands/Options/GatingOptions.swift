import ConformanceKit
import ConformanceReports

/// What a run is judged against besides the vectors, and when it stops: `--expectations`,
/// `--compare`, `--history`, `--fail-on new-failures` and `--max-failures` (docs/expectations.md,
/// docs/reports.md). Shared by `run` and `judge`.
struct GatingOptions: Equatable {
  /// `--expectations FILE`: the expected failures.
  var expectations: String? = nil
  /// `--compare PREVIOUS.json`: an earlier run's JSON report.
  var compare: String? = nil
  /// `--history DIR`.
  var historyFolder: String? = nil
  /// `--fail-on new-failures`: exit 0 when every failure is an old one.
  var failOnNewFailures = false
  /// `--max-failures N`: stop at the Nth problem.
  var maxFailures: Int? = nil

  init() {}

  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    if let text = arguments.value(ArgumentSpec.Option.maxFailures.name) {
      guard let limit = Int(text), limit >= 1 else {
        throw UsageError("--max-failures needs a whole number of at least 1, got '\(text)'", command: command)
      }
      maxFailures = limit
    }
    expectations = arguments.value(ArgumentSpec.Option.expectations.name)
    compare = arguments.value(ArgumentSpec.Option.compare.name)
    historyFolder = arguments.value(ArgumentSpec.Option.history.name)
    if let rule = arguments.value(ArgumentSpec.Option.failOn.name) {
      guard rule == "new-failures" else {
        throw UsageError("--fail-on takes new-failures, got '\(rule)'", command: command)
      }
      guard compare != nil || historyFolder != nil else {
        throw UsageError(
          "--fail-on new-failures needs an earlier run to compare with: give --compare PREVIOUS.json or --history DIR",
          command: command)
      }
      failOnNewFailures = true
    }
  }

  /// `DIR/history.json` of `--history DIR`.
  var historyPath: String? { historyFolder.map(RunHistory.path(folder:)) }
}

extension ArgumentSpec.Option {
  static let maxFailures = ArgumentSpec.Option(
    name: "max-failures", valueName: "N",
    help: "Stop at the Nth problem (failed or errored test, file not loaded); later tests are not run.",
    repeatable: false)
  static let expectations = ArgumentSpec.Option(
    name: "expectations", valueName: "FILE",
    help: "Expected failures: listed tests that fail are skipped; a listed pass or a stale entry fails.",
    repeatable: false)
  static let compare = ArgumentSpec.Option(
    name: "compare", valueName: "PREVIOUS.json",
    help:
      "Compare with the JSON report (--report-json) of an earlier run: new failures, fixed, still failing, new and removed tests (docs/reports.md).",
    repeatable: false)
  static let failOn = ArgumentSpec.Option(
    name: "fail-on", valueName: "new-failures",
    help:
      "With --compare or --history: exit 0 when every failure is an old one (failed in the earlier run too), 1 when one is new.",
    repeatable: false)
  static let history = ArgumentSpec.Option(
    name: "history", valueName: "DIR",
    help:
      "Keep the last 50 runs' summaries in DIR/history.json: the HTML report draws the trend, and without --compare this run is compared with the last one.",
    repeatable: false)
}

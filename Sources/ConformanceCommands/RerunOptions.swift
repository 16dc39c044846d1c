import ConformanceKit

/// `--reruns N` and `--fail-on-flaky` of `conformance run`, checked together with `--adapter`.
struct RerunOptions {
  /// How many more times a failing or erroring test is asked (0: never).
  var count = 0
  var failOnFlaky = false

  /// The most reruns a test gets: enough for any flaky adapter, and a bound on how long a
  /// broken one can keep a run going.
  static let limit = 10

  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    failOnFlaky = arguments.flag("fail-on-flaky")
    if let text = arguments.value("reruns") {
      guard let value = Int(text), value >= 0, value <= Self.limit else {
        throw UsageError("--reruns needs a whole number from 0 to \(Self.limit), got '\(text)'", command: command)
      }
      count = value
    }
    if count > 0 && arguments.all("adapter").isEmpty {
      throw UsageError(
        "--reruns needs --adapter: the reference parsers are deterministic, so asking them again gives the same answer; reruns are for an implementation behind an adapter whose answers may vary (timers, a mocked network, a warming JVM)",
        command: command)
    }
    if failOnFlaky && count == 0 {
      throw UsageError(
        "--fail-on-flaky needs --reruns N: without reruns no test can pass on a later try", command: command)
    }
  }
}

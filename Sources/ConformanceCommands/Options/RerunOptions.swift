import ConformanceKit

/// `--reruns N` and `--fail-on-flaky` of `conformance run`, checked together with `--adapter`.
struct RerunOptions: Equatable {
  /// How many more times a failing or erroring test is asked (0: never).
  var count = 0
  var failOnFlaky = false

  /// The most reruns a test gets: enough for any flaky adapter, and a bound on how long a
  /// broken one can keep a run going.
  static let limit = 10

  init(count: Int = 0, failOnFlaky: Bool = false) {
    self.count = count
    self.failOnFlaky = failOnFlaky
  }

  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    failOnFlaky = arguments.flag(ArgumentSpec.Flag.failOnFlaky.name)
    if let text = arguments.value(ArgumentSpec.Option.reruns.name) {
      guard let value = Int(text), value >= 0, value <= Self.limit else {
        throw UsageError("--reruns needs a whole number from 0 to \(Self.limit), got '\(text)'", command: command)
      }
      count = value
    }
    if count > 0 && arguments.all(ArgumentSpec.Option.adapter.name).isEmpty {
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

extension ArgumentSpec.Option {
  static let reruns = ArgumentSpec.Option(
    name: "reruns", valueName: "N",
    help:
      "With --adapter: ask a failing or erroring test again, up to N more times; one that then passes is flaky and counts as passed.",
    repeatable: false)
}

extension ArgumentSpec.Flag {
  static let failOnFlaky = ArgumentSpec.Flag(
    name: "fail-on-flaky", help: "With --reruns: a flaky test (passed only on a rerun) fails the run (exit 1).")
}

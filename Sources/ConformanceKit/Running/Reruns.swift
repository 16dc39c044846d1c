import ConformanceLowLevel

/// One try of a test that did not meet its expectation (`--reruns`), other than the try its
/// ``TestResult/status`` reports.
public struct FailedTry: Sendable {
  /// How the try went wrong: a mismatch (`failed`) or no answer (`errored`).
  public var status: TestResult.Status
  /// What the implementation answered, when it answered.
  public var actual: Outcome?
  /// Wall time of the try's evaluation.
  public var nanoseconds: UInt64
  /// What the implementation logged during the try (an adapter's standard error).
  public var log: String?
  /// 1 for the first try, 2 for the first rerun, …
  public var number: Int

  public init(status: TestResult.Status, actual: Outcome?, nanoseconds: UInt64, log: String?, number: Int) {
    self.status = status
    self.actual = actual
    self.nanoseconds = nanoseconds
    self.log = log
    self.number = number
  }

  /// `true` for a mismatch, `false` for an error.
  public var isFailure: Bool {
    if case .failed = status { return true }
    return false
  }

  /// The first difference (mismatch) or the error.
  public var message: String {
    switch status {
    case .failed(let failure): failure.difference
    case .errored(let message), .skipped(let message): message
    case .passed: ""
    }
  }
}

extension TestResult {
  /// Passed on a rerun after failing or erroring first.
  public var isFlaky: Bool {
    guard case .passed = status else { return false }
    return !failedTries.isEmpty
  }

  /// How many times the test was asked (1 without reruns).
  public var tryCount: Int { failedTries.count + 1 }
}

extension Runner {
  /// Asks a failed or errored test again, up to ``reruns`` more times, each as a fresh request
  /// (an adapter with several instances may answer on another). The first try that passes ends
  /// it: the test passed, and the tries before it are its ``TestResult/failedTries`` (it is
  /// flaky). When every try fails, the result keeps the first try's status and answer (the one a
  /// report without reruns would show) and the reruns are its failed tries.
  func rerun(_ result: inout TestResult, test: VectorTest, suite: String, against implementation: any Implementation) {
    switch result.status {
    case .failed, .errored: break
    case .passed, .skipped: return
    }
    var tries = [
      FailedTry(
        status: result.status, actual: result.actual, nanoseconds: result.nanoseconds, log: result.log, number: 1)
    ]
    for number in 2...(reruns + 1) {
      let started = monotonicNanoseconds()
      let evaluation = implementation.evaluation(suite: suite, test: test)
      let (status, actual) = Runner.judge(evaluation, against: test.expectation, implementation: implementation.name)
      let elapsed = monotonicNanoseconds() - started
      if case .passed = status {
        result.status = .passed
        result.actual = actual
        result.nanoseconds = elapsed
        result.log = evaluation.log
        result.failedTries = tries
        return
      }
      tries.append(FailedTry(status: status, actual: actual, nanoseconds: elapsed, log: evaluation.log, number: number))
    }
    result.failedTries = Array(tries.dropFirst())
  }
}

import ConformanceJSON
import ConformanceKit

extension RunReportData {
  /// One try of a rerun test (`--reruns`), as the reports list it.
  public struct Try: Sendable {
    /// 1 for the first try.
    public var number: Int
    /// `passed`, `failed` or `errored`.
    public var outcome: String
    /// The answer in the vector format's `expect` shape; `nil` when the implementation could
    /// not answer.
    public var actual: JSONValue?
    /// The first difference (failed) or the error (errored).
    public var message: String?
  }

  /// A test that passed on a rerun after failing or erroring first.
  public struct FlakyTest: Sendable {
    public var location: VectorFileLocation
    public var suite: String
    public var id: String
    public var description: String?
    public var tags: [String]
    public var input: JSONValue?
    public var expected: JSONValue
    /// Whose test it is, in a run of several implementations.
    public var implementation: String?
    /// Every try in order; the last one passed.
    public var tries: [Try]
  }

  /// Every try of a result asked more than once, in order (empty for one asked once): the
  /// failed tries, then the pass, for a flaky test; the first try, then the reruns, for one that
  /// failed every try.
  static func tries(of result: TestResult) -> [Try] {
    guard !result.failedTries.isEmpty else { return [] }
    func record(_ status: TestResult.Status, actual: Outcome?, number: Int) -> Try {
      switch status {
      case .passed: Try(number: number, outcome: "passed", actual: actual?.json, message: nil)
      case .failed(let failure):
        Try(number: number, outcome: "failed", actual: failure.actual, message: failure.difference)
      case .errored(let message): Try(number: number, outcome: "errored", actual: nil, message: message)
      case .skipped(let reason): Try(number: number, outcome: "skipped", actual: nil, message: reason)
      }
    }
    let others = result.failedTries.map { record($0.status, actual: $0.actual, number: $0.number) }
    if result.isFlaky || result.expectedFailure?.isUnexpectedPass == true {
      return others + [record(.passed, actual: result.actual, number: result.tryCount)]
    }
    let first = result.expectedFailure?.originalStatus ?? result.status
    return [record(first, actual: result.actual, number: 1)] + others
  }
}

extension JSONRunReport {
  /// The tries of a rerun test: `try`, `outcome`, `actual`, and `difference` or `error`.
  static func tries(_ tries: [RunReportData.Try]) -> JSONValue {
    .array(
      tries.map { attempt in
        var object: JSONObject = ["try": number(attempt.number), "outcome": .string(attempt.outcome)]
        if let actual = attempt.actual { object["actual"] = actual }
        if let message = attempt.message {
          object[attempt.outcome == "failed" ? "difference" : "error"] = .string(message)
        }
        return .object(object)
      })
  }

  /// A flaky test, placed as a failure is.
  static func flaky(_ test: RunReportData.FlakyTest) -> JSONValue {
    var object: JSONObject = [:]
    if let implementation = test.implementation { object["implementation"] = .string(implementation) }
    for member in location(test.location).members { object[member.key] = member.value }
    object["suite"] = .string(test.suite)
    object["id"] = .string(test.id)
    if let description = test.description { object["description"] = .string(description) }
    object["tags"] = .array(test.tags.map(JSONValue.string))
    if let input = test.input { object["input"] = input }
    object["expected"] = test.expected
    object["tries"] = tries(test.tries)
    return .object(object)
  }
}

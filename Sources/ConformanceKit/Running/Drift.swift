import ConformanceJSON

/// A test on which implementations disagree with each other: what each answered, beside the
/// input and the expected outcome. Found per file in a run of several implementations.
public struct Drift: Sendable {
  /// One implementation's answer.
  public struct Answer: Sendable {
    public var implementation: String
    /// The outcome, when it answered.
    public var outcome: Outcome?
    /// Why it could not answer, when it did not.
    public var error: String?
    /// Whether the answer meets the expectation.
    public var meetsExpectation: Bool
    /// The first difference from the expected outcome (`nil` when it meets it, or errored).
    public var difference: String?
  }

  public var location: VectorFileLocation
  public var suite: String
  public var id: String
  public var description: String?
  public var tags: [String]
  public var input: JSONValue
  public var context: JSONObject
  public var expected: Expectation
  /// In the run's implementation order; implementations without the suite are left out.
  public var answers: [Answer]

  /// The tests of one file on which the implementations that ran them (not skipped) did not all
  /// answer alike: outcomes compared as the contract compares them, and every "could not
  /// answer" counted as one same answer. Uses the results before expected failures are applied.
  static func disagreements(
    in file: VectorFile, location: VectorFileLocation, tests: [VectorTest], reports: [FileReport]
  ) -> [Drift] {
    let resultLists: [(String, [TestResult])] = reports.map { report in
      guard case .results(let results) = report.content else { return (report.implementation ?? "", []) }
      return (report.implementation ?? "", results)
    }
    var found: [Drift] = []
    for (position, test) in tests.enumerated() {
      var answers: [Answer] = []
      for (name, results) in resultLists where position < results.count {
        let result = results[position]
        switch result.status {
        case .skipped:
          continue
        case .errored(let message):
          answers.append(
            Answer(implementation: name, outcome: nil, error: message, meetsExpectation: false, difference: nil))
        case .passed, .failed:
          guard let outcome = result.actual else { continue }
          let difference = Comparison.difference(expected: test.expectation, actual: outcome)
          answers.append(
            Answer(
              implementation: name, outcome: outcome, error: nil, meetsExpectation: difference == nil,
              difference: difference))
        }
      }
      guard answers.count > 1 else { continue }
      let first = answers[0]
      let agree = answers.dropFirst().allSatisfy { answer in
        switch (first.outcome, answer.outcome) {
        case (nil, nil): true
        case (let a?, let b?): a == b
        default: false
        }
      }
      guard !agree else { continue }
      found.append(
        Drift(
          location: location, suite: file.suite, id: test.id, description: test.description, tags: test.tags,
          input: test.input, context: test.context, expected: test.expectation, answers: answers))
    }
    return found
  }
}

import ConformanceJSON

/// The seam between the runner and whatever is being checked: the built-in reference parsers,
/// or an adapter that forwards each input to another process or language.
public protocol Implementation: Sendable {
  /// Shown in reports (`reference`, or an adapter's own name).
  var name: String { get }

  /// Whether the implementation has the suite; tests of other suites are reported as skipped.
  func supports(suite: String) -> Bool

  /// Evaluates one input with its merged context. A thrown error means the implementation could
  /// not answer (for example a context it cannot use); the runner reports it as a test error.
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome

  /// ``evaluate(suite:input:context:)`` with what the implementation logged meanwhile. The
  /// runner calls this one; the default calls `evaluate` and logs nothing.
  func evaluation(suite: String, input: JSONValue, context: JSONObject) -> Evaluation

  /// ``evaluation(suite:input:context:)`` for one test, which the runner calls: an
  /// implementation that answers by test (recorded answers, `conformance judge`) looks its id
  /// up; the default evaluates the input and context.
  func evaluation(suite: String, test: VectorTest) -> Evaluation

  /// How many tests the runner may evaluate at once: `nil` for as many as there are cores (an
  /// implementation in this process), a number for that many evaluating threads (the instances
  /// of an adapter, which mostly wait).
  var concurrency: Int? { get }

  /// Called once when the run is over: ends what the implementation started and returns the
  /// problems noticed only then (each fails the run), such as an answer nobody asked for.
  func finish() -> [String]

  /// Why a test of a suite it does not support is skipped, in words for the report.
  func unsupportedReason(suite: String) -> String
}

extension Implementation {
  public func evaluation(suite: String, input: JSONValue, context: JSONObject) -> Evaluation {
    do {
      return Evaluation(result: .success(try evaluate(suite: suite, input: input, context: context)))
    } catch {
      return Evaluation(result: .failure(EvaluationError(description: "\(error)")))
    }
  }

  public func evaluation(suite: String, test: VectorTest) -> Evaluation {
    evaluation(suite: suite, input: test.input, context: test.context)
  }

  public var concurrency: Int? { nil }

  public func finish() -> [String] { [] }

  public func unsupportedReason(suite: String) -> String { "\(name) does not implement suite \(suite)" }
}

/// What an implementation made of one input: its outcome or why it could not answer, and what
/// it wrote to its log meanwhile (an adapter's standard error).
public struct Evaluation: Sendable {
  public var result: Result<Outcome, EvaluationError>
  public var log: String?
  /// Set when the implementation left the test out on purpose (a recorded `{"skip": why}`):
  /// the test is skipped with this reason, never passed; ``result`` is then not looked at.
  public var skipReason: String?

  public init(result: Result<Outcome, EvaluationError>, log: String? = nil) {
    self.result = result
    self.log = log
  }

  /// The test is skipped, for `reason`.
  public static func skipped(_ reason: String) -> Evaluation {
    var evaluation = Evaluation(result: .failure(EvaluationError(description: reason)))
    evaluation.skipReason = reason
    return evaluation
  }
}

/// Why an implementation could not answer, in words for the test's error.
public struct EvaluationError: Error, Sendable, CustomStringConvertible {
  public var description: String
  /// The test's whole error message (`not answered`), not words to follow
  /// `NAME could not evaluate the input: `.
  public var standsAlone = false

  public init(description: String, standsAlone: Bool = false) {
    self.description = description
    self.standsAlone = standsAlone
  }
}

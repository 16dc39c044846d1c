import ConformanceJSON
import ConformanceKit
import Testing

/// Checks one outcome of your implementation against a vector, as `conformance run` compares
/// (outputs as JSON values, error codes and fields byte for byte), and records a Swift Testing
/// issue that shows the vector's id and file, the input, expected, actual and the difference.
///
/// Only inside a Swift Testing test: called anywhere else (an `XCTestCase`, whose test never
/// sees a Swift Testing issue), it stops the process with ``ConformanceFailure/outsideSwiftTesting``
/// rather than let the check pass without checking. XCTest tests call `XCTAssertConformance`
/// from the `ConformanceXCTest` library.
public func expectConformance(
  _ vector: ConformanceVector, _ actual: Outcome, sourceLocation: SourceLocation = #_sourceLocation
) {
  refuseOutsideSwiftTesting(sourceLocation)
  if let problem = ConformanceAnswers.shared.record(vector, answer: actual) {
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
  }
  if let message = ConformanceFailure.message(vector, actual: actual) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// Evaluates a vector with `evaluate` and checks its outcome; an error thrown by `evaluate` is
/// recorded as the implementation being unable to answer, with the vector's id.
public func expectConformance(
  _ vector: ConformanceVector, sourceLocation: SourceLocation = #_sourceLocation,
  evaluate: (_ input: JSONValue, _ context: JSONObject) throws -> Outcome
) {
  refuseOutsideSwiftTesting(sourceLocation)
  let actual: Outcome
  do {
    actual = try evaluate(vector.input, vector.context)
  } catch {
    if let problem = ConformanceAnswers.shared.record(vector, thrown: error) {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
    Issue.record(
      Comment(rawValue: ConformanceFailure.message(vector, thrown: error)), sourceLocation: sourceLocation)
    return
  }
  expectConformance(vector, actual, sourceLocation: sourceLocation)
}

/// Stops the process when no Swift Testing test is running: `Issue.record` outside one is
/// dropped under XCTest, so the check would pass whatever the outcome.
private func refuseOutsideSwiftTesting(_ sourceLocation: SourceLocation) {
  guard Test.current == nil else { return }
  fatalError("\(sourceLocation.fileID):\(sourceLocation.line): \(ConformanceFailure.outsideSwiftTesting)")
}

/// The words of a failed check, the same as `conformance run` prints.
public enum ConformanceFailure {
  /// Why ``expectConformance(_:_:sourceLocation:)`` refuses to run outside a Swift Testing test,
  /// and what to call instead.
  public static let outsideSwiftTesting =
    "expectConformance was called outside a Swift Testing test (from XCTest?), where its issues "
    + "are never seen and every vector would pass: in an XCTestCase, import ConformanceXCTest and "
    + "call XCTAssertConformance(vector, outcome); in Swift Testing, call it from a @Test function"

  /// `nil` when `actual` meets the vector's expectation, otherwise:
  ///
  /// ```
  /// FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
  ///   description: a trailing newline never matches the end of the pattern
  ///   input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
  ///   expected: {"result": "reject", "error": "invalid_fid"}
  ///   actual:   {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0\n"}
  ///   differs:  result: expected reject, got accept
  /// ```
  public static func message(_ vector: ConformanceVector, actual: Outcome) -> String? {
    guard let difference = Comparison.difference(expected: vector.expectation, actual: actual) else {
      return nil
    }
    return heading(vector) + """

        expected: \(render(vector.expectation.json))
        actual:   \(render(actual.json))
        differs:  \(difference)
      """
  }

  /// The words for an implementation that threw instead of answering.
  public static func message(_ vector: ConformanceVector, thrown error: any Error) -> String {
    heading(vector) + """

        expected: \(render(vector.expectation.json))
        could not evaluate the input: \(error)
      """
  }

  private static func heading(_ vector: ConformanceVector) -> String {
    var text = "FAIL \(vector.suite) \(vector.vectorID) (\(vector.file))"
    if let summary = vector.summary { text += "\n  description: \(summary)" }
    text += "\n  input:    \(render(vector.input))"
    if !vector.context.isEmpty { text += "\n  context:  \(render(.object(vector.context)))" }
    return text
  }

  private static func render(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: value)
  }
}

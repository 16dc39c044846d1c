import ConformanceTesting
import Testing
import XCTest

/// Checks one outcome of your implementation against a vector from an `XCTestCase`, as
/// `expectConformance` does in Swift Testing: on a mismatch the XCTest fails (`XCTFail`) with
/// the same message (the vector's id and file, input, expected, actual and the difference).
/// Called inside a Swift Testing test instead, it records a Swift Testing issue, so the check
/// fails the test wherever it runs.
// swift-format-ignore: AlwaysUseLowerCamelCase
// (named as XCTest's own assertions are, where an XCTest user looks for it)
public func XCTAssertConformance(
  _ vector: ConformanceVector, _ actual: Outcome, file: StaticString = #filePath, line: UInt = #line
) {
  if let problem = ConformanceAnswers.shared.record(vector, answer: actual) {
    fail(problem, file: file, line: line)
  }
  if let message = ConformanceFailure.message(vector, actual: actual) {
    fail(message, file: file, line: line)
  }
}

/// Evaluates a vector with `evaluate` and checks its outcome from an `XCTestCase`; an error
/// thrown by `evaluate` fails the test as the implementation being unable to answer.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertConformance(
  _ vector: ConformanceVector, file: StaticString = #filePath, line: UInt = #line,
  evaluate: (_ input: JSONValue, _ context: JSONObject) throws -> Outcome
) {
  let actual: Outcome
  do {
    actual = try evaluate(vector.input, vector.context)
  } catch {
    if let problem = ConformanceAnswers.shared.record(vector, thrown: error) {
      fail(problem, file: file, line: line)
    }
    fail(ConformanceFailure.message(vector, thrown: error), file: file, line: line)
    return
  }
  XCTAssertConformance(vector, actual, file: file, line: line)
}

private func fail(_ message: String, file: StaticString, line: UInt) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
  } else {
    XCTFail(message, file: file, line: line)
  }
}

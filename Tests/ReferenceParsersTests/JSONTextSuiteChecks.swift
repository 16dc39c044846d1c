import ConformanceJSON
import ConformanceKit
import Testing

@testable import ReferenceParsers

/// Checks for a suite whose tests write inputs and outputs as JSON text, with no context.
protocol JSONTextSuiteChecks {
  associatedtype Suite: ReferenceSuite
  var suite: Suite { get }
}

extension JSONTextSuiteChecks {
  func parse(_ text: String) -> JSONValue {
    do { return try JSONParser().parse(text) } catch { fatalError("bad JSON in a test: \(error) in \(text)") }
  }

  func evaluate(_ input: String) throws -> Outcome {
    try suite.evaluate(parse(input), context: JSONObject())
  }

  func expectReject(
    _ input: String, _ error: String, _ field: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try evaluate(input) == .reject(error: error, field: field), "\(input)", sourceLocation: sourceLocation)
  }

  func expectAccept(_ input: String, _ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try evaluate(input) == .accept(output: parse(output)), "\(input)", sourceLocation: sourceLocation)
  }
}

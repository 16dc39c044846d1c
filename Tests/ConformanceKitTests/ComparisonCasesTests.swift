import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

/// The comparison rules as data (`Kits/comparison-cases.json`, docs/answers.md): the harness's own
/// comparison gives every case's verdict and, for a failure, exactly its words. Every kit runs
/// the same file against its own comparison.
@Suite struct ComparisonCasesTests {
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var expect: JSONObject
    var answer: JSONObject
    var verdict: String
    var difference: String?
    var description: String { name }
  }

  static func cases() throws -> [Case] {
    let text = try String(contentsOfFile: packageRoot() + "/Kits/comparison-cases.json", encoding: .utf8)
    let file = try #require(try JSONParser().parse(Array(text.utf8)).objectValue)
    #expect(file["format"] == "conformance-comparison-cases/1")
    return try #require(file["cases"]?.arrayValue).map { value in
      let object = try #require(value.objectValue)
      return Case(
        name: try #require(object["name"]?.stringValue), expect: try #require(object["expect"]?.objectValue),
        answer: try #require(object["answer"]?.objectValue), verdict: try #require(object["verdict"]?.stringValue),
        difference: object["difference"]?.stringValue)
    }
  }

  static func expectation(_ object: JSONObject) throws -> ConformanceKit.Expectation {
    switch object["result"]?.stringValue {
    case "accept": return .accept(output: object["output"])
    case "reject": return .reject(error: object["error"]?.stringValue, field: object["field"]?.stringValue)
    default: throw CocoaError(.coderInvalidValue)
    }
  }

  /// `nil` for an answer that could not answer (`{"error": …}`).
  static func outcome(_ object: JSONObject) throws -> Outcome? {
    switch object["result"]?.stringValue {
    case "accept": return .accept(output: try #require(object["output"]))
    case "reject":
      return .reject(error: try #require(object["error"]?.stringValue), field: object["field"]?.stringValue)
    default: return nil
    }
  }

  @Test(arguments: try cases())
  func theHarnessGivesEveryCasesVerdictAndWords(_ testCase: Case) throws {
    guard let outcome = try Self.outcome(testCase.answer) else {
      #expect(testCase.verdict == "error")
      #expect(testCase.answer["error"]?.stringValue != nil)
      return
    }
    let difference = Comparison.difference(expected: try Self.expectation(testCase.expect), actual: outcome)
    #expect((difference == nil ? "pass" : "fail") == testCase.verdict)
    #expect(difference == testCase.difference)
  }

  @Test func theCasesCoverEachRuleAndHaveUniqueNames() throws {
    let names = try Self.cases().map(\.name)
    #expect(Set(names).count == names.count)
    for prefix in ["decimal.", "object.", "array.", "string.", "reject.", "result.", "error."] {
      #expect(names.contains { $0.hasPrefix(prefix) }, "\(prefix)")
    }
  }
}
